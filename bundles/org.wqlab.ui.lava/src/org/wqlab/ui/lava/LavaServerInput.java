package org.wqlab.ui.lava;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.wqlab.lava.LavaServer;

/** What the Add LAVA Server dialog holds, read into a server (or the first field that is wrong, named). */
record LavaServerInput(String name, String url, String user, char[] token, String deviceType, String template,
        String module) {

    /** The server, or why not (the field's label first). */
    Result read() {
        if (token.length == 0) {
            return Result.problem("API token: empty (LAVA's web interface: your user menu, API Tokens)");
        }
        if (!deviceType.isBlank() && template.isBlank()) {
            return Result.problem("Job template: give the YAML file with the lab's deploy and boot actions for "
                    + deviceType.strip());
        }
        if (!template.isBlank() && deviceType.isBlank()) {
            return Result.problem("Device type: name the device type the job template is for");
        }
        if (!template.isBlank() && !Files.isRegularFile(Path.of(template.strip()))) {
            return Result.problem("Job template: no such file " + template.strip());
        }
        try {
            Map<String, Path> templates = deviceType.isBlank() ? Map.of()
                    : Map.of(deviceType.strip(), Path.of(template.strip()).toAbsolutePath());
            return new Result(Optional.of(new LavaServer(name.strip(), URI.create(url.strip()), user.strip(),
                    module.strip(), templates)), "");
        } catch (IllegalArgumentException e) {
            return Result.problem(e.getMessage());
        }
    }

    record Result(Optional<LavaServer> server, String problem) {
        static Result problem(String why) {
            return new Result(Optional.empty(), why);
        }
    }
}
