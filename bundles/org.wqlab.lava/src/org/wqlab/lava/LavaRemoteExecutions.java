package org.wqlab.lava;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.wqlab.sequence.run.RemoteExecution;
import org.wqlab.sequence.run.RemoteExecutionProvider;

/** Runs on boards of the LAVA kind as LAVA jobs (an OSGi service): the server, its token and the type's template. */
public final class LavaRemoteExecutions implements RemoteExecutionProvider {

    @Override
    public String kind() {
        return LavaBoards.KIND.id();
    }

    @Override
    public RemoteExecution of(String boardName, Map<String, String> settings) throws IOException {
        String problem = settings.get(LavaBoards.PROBLEM);
        if (problem != null) {
            throw new LavaException("board '" + boardName + "': " + problem);
        }
        LavaServers servers = LavaServices.servers();
        LavaServer server = servers.choose(settings.get(LavaBoards.SERVER));
        String type = settings.get(LavaBoards.DEVICE_TYPE);
        LavaClient client = servers.client(server);
        // the server answers, takes the token and has the device type: before anything is recorded
        LavaExecution.check(client, type, settings.get(LavaBoards.DEVICE));
        Path template = server.template(type).orElseThrow(() -> new LavaException(server + " has no job template"
                + " for device type '" + type + "' (set one: wqlab lava server add " + server.name()
                + " --url ... --user ... --template " + type + "=FILE)"));
        String text;
        try {
            text = Files.readString(template, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LavaException("cannot read the job template " + template + " of device type '" + type + "': "
                    + e.getMessage(), e);
        }
        return new LavaExecution(client, type, settings.get(LavaBoards.DEVICE), text, template.toString(),
                new JobWriter.DeviceSetup(server.modulePath(), JobWriter.DISCONNECT_COMMAND,
                        JobWriter.RECONNECT_COMMAND));
    }
}
