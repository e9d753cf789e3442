package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.OpenDefaultSequenceHandler;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.testing.UiWait;

/**
 * A sequence file in the Experiments project written by another program (or by File > Open Default Sequence's copy)
 * between two opens: the editor opened afterwards saves without asking about a file "changed on the file system".
 */
class SaveAfterOutsideWriteTest {

    @Test
    void aFileRewrittenOutsideTheWorkspaceSavesWithoutAConflict() throws Exception {
        EditorHarness ui = new EditorHarness();
        Path file = ExperimentsLocation.root().resolve("sequences").resolve("outside-write.wqseq");
        Files.createDirectories(file.getParent());
        String original = SequenceJson.defaultSequence().text();
        Files.writeString(file, original, StandardCharsets.UTF_8);
        SequenceEditor first = (SequenceEditor) OpenDefaultSequenceHandler.openFile(ui.page, file);
        IFile[] known = ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(file.toUri());
        assertEquals(1, known.length, "the file lies in the Experiments project: " + file);
        assertTrue(known[0].exists(), "and the workspace knows it once opened");
        ui.page.closeEditor(first, false);

        // rewritten by another program, later than the workspace last saw it
        String rewritten = original.replace("\"name\": \"", "\"name\": \"rewritten ");
        Files.writeString(file, rewritten, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertFalse(known[0].isSynchronized(0), "the workspace has not seen the rewrite yet");

        SequenceEditor editor = (SequenceEditor) OpenDefaultSequenceHandler.openFile(ui.page, file);
        assertEquals(rewritten, editor.document().get(), "the editor shows the file as it is on disk");
        editor.document().set(rewritten.replace("rewritten ", "saved "));
        // a dialog asking about the conflict would be closed unanswered by the watch, and the editor stay dirty
        UiWait.watched(ui.display, "the save", () -> editor.doSave(new NullProgressMonitor()));
        assertFalse(editor.isDirty(), "saved without a question");
        assertTrue(Files.readString(file, StandardCharsets.UTF_8).contains("\"name\": \"saved "),
                Files.readString(file, StandardCharsets.UTF_8));
        ui.page.closeEditor(editor, false);
        Files.delete(file);
    }
}
