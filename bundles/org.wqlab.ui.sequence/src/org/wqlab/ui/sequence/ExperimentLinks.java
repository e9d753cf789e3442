package org.wqlab.ui.sequence;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.console.IHyperlink;
import org.eclipse.ui.console.IPatternMatchListener;
import org.eclipse.ui.console.PatternMatchEvent;
import org.eclipse.ui.console.TextConsole;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;

/** Makes the path in the run's last line, {@code experiment: /path/to/folder}, a link that opens the experiment. */
final class ExperimentLinks implements IPatternMatchListener {

    static final String PREFIX = "experiment: ";

    private TextConsole console;

    private ExperimentLinks() {
    }

    /** Once per console (the run console is reused by later runs). */
    static void attach(TextConsole console) {
        console.addPatternMatchListener(new ExperimentLinks());
    }

    @Override
    public String getPattern() {
        return "^" + PREFIX + "/[^\\r\\n]*$";
    }

    @Override
    public int getCompilerFlags() {
        // the console matches over a run of lines, not line by line
        return java.util.regex.Pattern.MULTILINE;
    }

    @Override
    public String getLineQualifier() {
        return PREFIX;
    }

    @Override
    public void connect(TextConsole c) {
        console = c;
    }

    @Override
    public void disconnect() {
        console = null;
    }

    @Override
    public void matchFound(PatternMatchEvent event) {
        TextConsole c = console;
        if (c == null) {
            return;
        }
        try {
            int offset = event.getOffset() + PREFIX.length();
            int length = event.getLength() - PREFIX.length();
            Path dir = Path.of(c.getDocument().get(offset, length).strip());
            c.addHyperlink(new Open(dir), offset, length);
        } catch (BadLocationException | RuntimeException e) {
            // not a path: the line stays plain text
        }
    }

    private record Open(Path dir) implements IHyperlink {
        @Override
        public void linkActivated() {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (window == null || !Files.isDirectory(dir)) {
                return;
            }
            IWorkbenchPage page = window.getActivePage();
            try {
                page.openEditor(new ExperimentEditorInput(dir, dir.getFileName().toString()), ExperimentIds.EDITOR);
            } catch (PartInitException e) {
                // the editor reports its own load errors; a part that cannot start leaves the console as it is
            }
        }

        @Override
        public void linkEntered() {
        }

        @Override
        public void linkExited() {
        }
    }
}
