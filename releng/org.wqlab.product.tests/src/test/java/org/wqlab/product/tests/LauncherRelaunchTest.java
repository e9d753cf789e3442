package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File > Switch Workspace through the launcher script: the workbench exits with 24 and writes its new command line
 * (eclipse.exitdata) to the file the script named; the script starts it again on the new workspace. A stand-in
 * {@code java} plays the workbench, so the script's own logic is what is tested.
 */
class LauncherRelaunchTest {

    @TempDir
    Path tmp;

    @Test
    void exitCode24RestartsTheWorkbenchOnTheWorkspaceOfTheExitData() throws Exception {
        List<List<String>> starts = launch("-data", tmp.resolve("first ws").toString(), "-clean");
        assertEquals(2, starts.size(), "one relaunch: " + starts);
        List<String> first = starts.get(0);
        List<String> second = starts.get(1);
        assertTrue(first.contains(tmp.resolve("first ws").toString()), first::toString);
        assertEquals(second.indexOf("-data") + 1, second.indexOf(tmp.resolve("second ws").toString()),
                second::toString);
        assertEquals(1, second.stream().filter("-data"::equals).count(), second::toString);
        assertTrue(second.contains("-clean"), "the other arguments are kept: " + second);
        assertTrue(!second.contains(tmp.resolve("first ws").toString()), second::toString);
    }

    @Test
    void aWorkspaceIsAddedWhenTheFirstStartHadNone() throws Exception {
        List<List<String>> starts = launch();
        assertEquals(2, starts.size(), starts::toString);
        List<String> second = starts.get(1);
        assertEquals(tmp.resolve("second ws").toString(), second.get(second.indexOf("-data") + 1));
    }

    /** Runs the launcher script with a stand-in java that asks for one relaunch; returns each start's arguments. */
    private List<List<String>> launch(String... args) throws Exception {
        Path product = Files.createDirectories(tmp.resolve("product"));
        Path script = product.resolve("wqlab");
        Files.copy(Path.of(System.getProperty("wqlab.repo.root"), "features/org.wqlab.launcher.feature/rootfiles/wqlab"),
                script);
        Files.createDirectories(product.resolve("plugins"));
        Files.writeString(product.resolve("plugins/org.eclipse.equinox.launcher_1.7.0.jar"), "");
        Path log = tmp.resolve("starts.log");
        Path java = Files.createDirectories(tmp.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                case "$*" in *-XshowSettings:properties*) echo "    java.specification.version = 21"; exit 0;; esac
                printf '%s\\n' '--- start' "$@" >> 'LOG'
                for a in "$@"; do case "$a" in -Dwqlab.exitdata.file=*) f=${a#-Dwqlab.exitdata.file=};; esac; done
                if [ "$(grep -c -- '^--- start$' 'LOG')" -eq 1 ]; then
                    printf -- '-os\\nlinux\\n-data\\nSECOND\\n-consoleLog\\n' > "$f"
                    exit 24
                fi
                exit 0
                """.replace("LOG", log.toString()).replace("SECOND", tmp.resolve("second ws").toString()),
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> command = new ArrayList<>(List.of("sh", script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out.txt").toFile());
        pb.environment().put("WQLAB_JAVA_HOME", tmp.resolve("jdk").toString());
        pb.environment().put("DISPLAY", ":99");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not finish");
        assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("out.txt")));
        List<List<String>> starts = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.equals("--- start")) {
                starts.add(new ArrayList<>());
            } else {
                starts.get(starts.size() - 1).add(line);
            }
        }
        return starts;
    }
}
