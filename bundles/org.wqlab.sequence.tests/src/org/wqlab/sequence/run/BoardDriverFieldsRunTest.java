package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.usb.UsbDriverIds;

/**
 * A step's "board" driver is known only when the run starts: its own field check runs then, before the driver acts.
 */
class BoardDriverFieldsRunTest {

    @Test
    void theBoardsDriverChecksTheStepsFieldsBeforeItActs(@TempDir Path dir) throws Exception {
        Sequence s = SequenceJson.parse("board-driver.wqseq", """
                {"format": "wqseq", "name": "board driver", "steps": [
                  {"type": "connect"},
                  {"type": "usb-disconnect", "name": "pull", "hub": "2"}]}
                """);
        try (SimRig rig = new SimRig(dir, 20)) {
            BoardAccess uhubctlBoard = new BoardAccess(rig.access.connector(), rig.access.speed(),
                    UsbDriverIds.UHUBCTL, rig.access.prompt());
            RunResult r = new SequenceRunner().run("board-driver.wqseq", s, Map.of(), uhubctlBoard,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
            assertTrue(r.summary().startsWith("step 2 (pull): field 'port': the uhubctl driver needs the hub's port"),
                    r.summary());
            assertTrue(rig.board.driver().call(() -> rig.board.kernel().usb().present()),
                    "the stick was taken although the step could not name the port");
        }
    }
}
