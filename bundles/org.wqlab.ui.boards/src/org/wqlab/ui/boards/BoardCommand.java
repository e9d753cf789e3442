package org.wqlab.ui.boards;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Boards view's own commands (org.eclipse.ui.commands in plugin.xml): each id is the command's and its toolbar and
 * context menu items'; {@link BoardCommands#canRun} says when each can run. A board kind's actions (Build VM...) come
 * from the kind, see BoardKindProvider#actions.
 */
public enum BoardCommand {
    ADD(WidgetIds.ADD),
    EDIT(WidgetIds.EDIT),
    DUPLICATE(WidgetIds.DUPLICATE),
    REMOVE(WidgetIds.REMOVE),
    CONNECT(WidgetIds.CONNECT),
    DISCONNECT(WidgetIds.DISCONNECT);

    /** The category the commands are listed under in Quick Access and Preferences > Keys. */
    public static final String CATEGORY = "org.wqlab.ui.boards.commands";
    /** Where plugin.xml contributes them: the view's own toolbar and the tree's context menu. */
    public static final String TOOLBAR = "toolbar:org.wqlab.ui.boards.toolbar";
    public static final String CONTEXT_MENU = "popup:org.wqlab.ui.boards.context";

    private final String id;

    BoardCommand(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The command of a handler declaration's data ({@code class="...BoardCommandHandler:connect"}). */
    static Optional<BoardCommand> named(String data) {
        return Arrays.stream(values()).filter(c -> c.id.equals(BoardsPart.VIEW_ID + "." + data)).findFirst();
    }
}
