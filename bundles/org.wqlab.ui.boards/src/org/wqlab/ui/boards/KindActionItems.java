package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.IContributionManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.swt.widgets.ToolItem;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardKindProvider;

/**
 * The board kinds' actions as buttons on the Boards view's toolbar and items of its context menu, after the view's
 * own commands; each enabled while it can run on a selected board. The toolbar item carries the action's id as
 * widget data (see {@link WidgetIds#KEY}).
 */
final class KindActionItems {
    private static final String GROUP = "org.wqlab.ui.boards.kindActions";

    private final BoardCommands commands;
    private final ToolBarManager toolBar;
    private final MenuManager contextMenu;
    private final Map<String, Action> shown = new LinkedHashMap<>();
    private final Map<String, BoardAction> actions = new LinkedHashMap<>();

    KindActionItems(BoardCommands commands, ToolBarManager toolBar, MenuManager contextMenu) {
        this.commands = commands;
        this.toolBar = toolBar;
        this.contextMenu = contextMenu;
        toolBar.add(new GroupMarker(GROUP));
        contextMenu.add(new GroupMarker(GROUP));
    }

    /** Shows the actions of these kinds, in their order; nothing changes when they are the ones shown. */
    void show(List<BoardKindProvider> kinds) {
        Map<String, BoardAction> now = new LinkedHashMap<>();
        kinds.forEach(k -> k.actions().forEach(a -> now.putIfAbsent(a.id(), a)));
        if (List.copyOf(now.keySet()).equals(new ArrayList<>(shown.keySet()))) {
            return;
        }
        for (String id : shown.keySet()) {
            toolBar.remove(id);
            contextMenu.remove(id);
        }
        shown.clear();
        actions.clear();
        actions.putAll(now);
        for (BoardAction action : now.values()) {
            Action item = new Action(action.label()) {
                @Override
                public void run() {
                    if (commands.canRun(action)) {
                        commands.run(action);
                    }
                }
            };
            item.setId(action.id());
            item.setToolTipText(action.description());
            shown.put(action.id(), item);
            add(toolBar, item);
            add(contextMenu, item);
        }
        toolBar.update(true);
        if (toolBar.getControl() != null) {
            for (ToolItem tool : toolBar.getControl().getItems()) {
                if (tool.getData() instanceof IContributionItem ci
                        && shown.containsKey(ci.getId())) {
                    tool.setData(WidgetIds.KEY, ci.getId());
                }
            }
        }
        showEnablement();
    }

    private static void add(IContributionManager manager, Action item) {
        manager.appendToGroup(GROUP, item);
    }

    /** Enables each action as it can run on the selection now. */
    void showEnablement() {
        actions.forEach((id, action) -> shown.get(id).setEnabled(commands.canRun(action)));
    }
}
