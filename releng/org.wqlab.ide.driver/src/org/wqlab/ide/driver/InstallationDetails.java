package org.wqlab.ide.driver;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.handlers.IHandlerService;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * Help > About > Installation Details, opened through its command: the rows of its first tab (Installed Software,
 * p2's list of what was installed: name, version, id), read once they are loaded, with a screenshot; then closed.
 */
final class InstallationDetails {
    private static final String COMMAND = "org.eclipse.ui.help.installationDialog";
    private static final Duration LOADED = Duration.ofSeconds(60);

    private final Display display;
    private final Path dir;
    private final List<String> rows = new ArrayList<>();

    InstallationDetails(Display display, Path dir) {
        this.display = display;
        this.dir = dir;
    }

    /** The dialog is modal: it is read from its own event loop, then closed, and the command returns. */
    List<String> rows(IHandlerService handlers) throws Exception {
        Shell main = display.getActiveShell();
        display.asyncExec(() -> {
            Shell dialog = UiWait.until(display, () -> display.getActiveShell() != main ? display.getActiveShell()
                    : null, LOADED, "the Installation Details dialog");
            try {
                dialog.setSize(1200, 700);
                dialog.layout(true, true);
                Tree tree = UiWait.until(display, () -> firstTree(dialog), LOADED, "its Installed Software list");
                UiWait.until(display, () -> tree.getItemCount() > 0 && Arrays.stream(tree.getItems())
                        .noneMatch(i -> i.getText(0).startsWith("Pending")), LOADED, "the installed software to load");
                for (TreeItem item : tree.getItems()) {
                    rows.add(dialog.getText() + ": " + item.getText(0) + ";" + item.getText(1) + ";" + item.getText(2));
                }
                Screenshots.capture(dialog, dir.resolve("installation-details.png"));
            } finally {
                dialog.close();
            }
        });
        handlers.executeCommand(COMMAND, null);
        return rows;
    }

    private static Tree firstTree(Composite parent) {
        for (Control child : parent.getChildren()) {
            if (child instanceof Tree tree && tree.isVisible()) {
                return tree;
            }
            if (child instanceof Composite c) {
                Tree found = firstTree(c);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
