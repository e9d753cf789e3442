package org.wqlab.ui.experiments.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A request to restart the workbench on another workspace, in the form Eclipse launchers understand: exit code
 * 24 ({@code eclipse.exitcode}) and the new command line in {@code eclipse.exitdata}, one argument per line. The
 * native Eclipse launcher reads the exit data from shared memory; wqlab's launcher script is a shell script, so
 * the exit data is also written to the file the script names in {@value #EXIT_DATA_FILE_PROPERTY}.
 */
public final class RelaunchRequest {
    public static final String EXIT_CODE_PROPERTY = "eclipse.exitcode";
    public static final String EXIT_DATA_PROPERTY = "eclipse.exitdata";
    public static final String EXIT_DATA_FILE_PROPERTY = "wqlab.exitdata.file";
    public static final int EXIT_RELAUNCH = 24;

    private RelaunchRequest() {
    }

    /**
     * The exit data that relaunches on {@code workspace}: the launcher's own vm and vm arguments when known, then
     * the command's arguments with {@code -data} replaced (or added).
     */
    public static String exitData(Path workspace, String vm, String commands, String vmArgs) {
        StringBuilder b = new StringBuilder();
        if (vm != null && !vm.isBlank()) {
            b.append(vm).append('\n');
        }
        List<String> args = new ArrayList<>();
        if (commands != null) {
            for (String line : commands.split("\n")) {
                if (!line.isEmpty()) {
                    args.add(line);
                }
            }
        }
        int data = args.indexOf("-data");
        if (data >= 0 && data + 1 < args.size()) {
            args.set(data + 1, workspace.toString());
        } else {
            args.removeIf("-data"::equals);
            args.add(0, "-data");
            args.add(1, workspace.toString());
        }
        int vmargs = args.indexOf("-vmargs");
        List<String> beforeVmArgs = vmargs >= 0 ? args.subList(0, vmargs) : args;
        for (String a : beforeVmArgs) {
            b.append(a).append('\n');
        }
        if (vmArgs != null && !vmArgs.isBlank()) {
            b.append("-vmargs\n").append(vmArgs.endsWith("\n") ? vmArgs : vmArgs + "\n");
        }
        return b.toString();
    }

    /** Records the request in the system properties (and the launcher script's file); the caller then restarts. */
    public static String publish(Path workspace) throws IOException {
        String data = exitData(workspace, System.getProperty("eclipse.vm"), System.getProperty("eclipse.commands"),
                System.getProperty("eclipse.vmargs"));
        System.setProperty(EXIT_CODE_PROPERTY, Integer.toString(EXIT_RELAUNCH));
        System.setProperty(EXIT_DATA_PROPERTY, data);
        String file = System.getProperty(EXIT_DATA_FILE_PROPERTY);
        if (file != null && !file.isBlank()) {
            Files.writeString(Path.of(file), data, StandardCharsets.UTF_8);
        }
        return data;
    }
}
