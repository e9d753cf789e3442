package org.wqlab.ui.experiments;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Experiments view's commands (org.eclipse.ui.commands in plugin.xml; the view's toolbar and context menu are
 * their contributions). {@link ExperimentActions#canRun} says when each can run.
 */
public enum ExperimentCommand {
    OPEN("open"),
    COMPARE("compare"),
    RENAME("rename"),
    NOTES("notes"),
    DELETE("delete"),
    SET_BASELINE("setBaseline"),
    CLEAR_BASELINE("clearBaseline"),
    EXPORT_CSV("exportCsv"),
    EXPORT_SVG("exportSvg"),
    EXPORT_HTML("exportHtml"),
    EXPORT_TEXT("exportText"),
    REFRESH("refresh");

    /** The category the commands are listed under in Quick Access and Preferences > Keys. */
    public static final String CATEGORY = "org.wqlab.ui.experiments.commands";

    private final String name;

    ExperimentCommand(String name) {
        this.name = name;
    }

    public String id() {
        return ExperimentIds.VIEW + "." + name;
    }

    /** The command of a handler declaration's data ({@code class="...ExperimentCommandHandler:open"}). */
    static Optional<ExperimentCommand> named(String data) {
        return Arrays.stream(values()).filter(c -> c.name.equals(data)).findFirst();
    }
}
