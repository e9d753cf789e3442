package org.wqlab.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;

class ExperimentChangesTest {

    @TempDir
    Path tmp;

    private ExperimentFolder recorded(Workspace ws, String name) throws Exception {
        ExperimentFolder f = ws.create(name, Instant.parse("2026-11-29T20:25:03Z"));
        f.writeMetadata(ExperimentMetadata.of(f.id(), name, Instant.parse("2026-11-29T20:25:03Z"),
                ExperimentStatus.COMPLETED).withNotes("first notes"));
        Files.writeString(f.kernelLog(), "[    1.000000] latency_mon: stop\n", StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void renameChangesTheNameOnlyAndKeepsTheFolderAndLog() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        ExperimentFolder f = recorded(ws, "default config");
        ExperimentChanges.rename(f, "  tailored config  ");
        ExperimentMetadata m = f.readMetadata();
        assertEquals("tailored config", m.name());
        assertEquals(f.id(), m.id());
        assertEquals("first notes", m.notes());
        assertEquals(List.of(f), ws.experiments());
        assertEquals("[    1.000000] latency_mon: stop\n", Files.readString(f.kernelLog(), StandardCharsets.UTF_8));
    }

    @Test
    void aBlankNameIsRefusedNamingTheFieldAndTheFile() throws Exception {
        ExperimentFolder f = recorded(new Workspace(tmp.resolve("ws")), "kept");
        InputException e = assertThrows(InputException.class, () -> ExperimentChanges.rename(f, "   "));
        assertTrue(e.getMessage().contains("name"), e.getMessage());
        assertEquals(f.metadataFile(), e.file());
        assertEquals("kept", f.readMetadata().name());
    }

    @Test
    void notesAreStoredInTheExperimentFolder() throws Exception {
        ExperimentFolder f = recorded(new Workspace(tmp.resolve("ws")), "n");
        ExperimentChanges.writeNotes(f, "stick: SanDisk 32 GB\nHZ=250");
        assertEquals("stick: SanDisk 32 GB\nHZ=250", new ExperimentFolder(f.dir()).readMetadata().notes());
        assertTrue(Files.readString(f.metadataFile(), StandardCharsets.UTF_8).contains("SanDisk"));
    }

    @Test
    void deleteRemovesTheWholeExperimentAndLeavesTheOthers() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        ExperimentFolder gone = recorded(ws, "a");
        ExperimentFolder kept = recorded(ws, "b");
        Files.writeString(gone.dir().resolve("run.json"), "{}");
        ExperimentChanges.delete(gone);
        assertFalse(Files.exists(gone.dir()));
        assertEquals(List.of(kept), ws.experiments());
    }

    @Test
    void deleteRefusesAFolderThatIsNotAnExperiment() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(other.resolve("Main.java"), "class Main {}");
        var e = assertThrows(java.io.IOException.class, () -> ExperimentChanges.delete(new ExperimentFolder(other)));
        assertTrue(e.getMessage().contains("not an experiment folder"), e.getMessage());
        assertTrue(Files.exists(other.resolve("Main.java")));
    }
}
