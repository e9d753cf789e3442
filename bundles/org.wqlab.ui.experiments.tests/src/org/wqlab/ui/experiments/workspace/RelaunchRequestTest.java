package org.wqlab.ui.experiments.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class RelaunchRequestTest {

    @Test
    void replacesTheWorkspaceOfTheCommandLineAndKeepsTheOtherArguments() {
        String data = RelaunchRequest.exitData(Path.of("/home/me/campaign 2"), null,
                "-os\nlinux\n-data\n/home/me/wqlab-workspace\n-consoleLog\n", null);
        assertEquals("-os\nlinux\n-data\n/home/me/campaign 2\n-consoleLog\n", data);
    }

    @Test
    void addsTheWorkspaceWhenTheCommandLineHadNone() {
        String data = RelaunchRequest.exitData(Path.of("/w2"), "/usr/lib/jvm/java-21/bin/java", "-consoleLog\n",
                "-Xmx2g\n");
        assertEquals("/usr/lib/jvm/java-21/bin/java\n-data\n/w2\n-consoleLog\n-vmargs\n-Xmx2g\n", data);
    }

    @Test
    void vmArgumentsOfTheCommandsAreReplacedByTheLaunchersOwn() {
        String data = RelaunchRequest.exitData(Path.of("/w3"), null, "-data\n/w1\n-vmargs\n-Xmx1g\n", "-Xmx2g");
        assertEquals("-data\n/w3\n-vmargs\n-Xmx2g\n", data);
    }
}
