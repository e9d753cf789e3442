package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.commands.Command;
import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.IContributionManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerActivation;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardKindProvider;

/**
 * The board kinds' actions as commands of the Boards view (defined in its category when a kind brings them, so that
 * Quick Access, key bindings and the handler service know them like the view's own; gone with the kind), shown as
 * buttons on its toolbar and items of its context menu after the view's own. The toolbar item carries the action's
 * id as widget data (see {@link WidgetIds#KEY}).
 */
final class KindActionItems {
    private static final String GROUP = "org.wqlab.ui.boards.kindActions";

    private record Shown(BoardAction action, IHandlerActivation handler, List<IContributionItem> items) {
    }

    private final IWorkbench workbench;
    private final ToolBarManager toolBar;
    private final MenuManager contextMenu;
    private final Map<String, Shown> shown = new LinkedHashMap<>();

    KindActionItems(IWorkbench workbench, ToolBarManager toolBar, MenuManager contextMenu) {
        this.workbench = workbench;
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
        dispose();
        ICommandService commands = workbench.getService(ICommandService.class);
        IHandlerService handlers = workbench.getService(IHandlerService.class);
        for (BoardAction action : now.values()) {
            Command command = commands.getCommand(action.id());
            if (!command.isDefined()) {
                command.define(action.label(), action.description(), commands.getCategory(BoardCommand.CATEGORY));
            }
            IHandlerActivation handler = handlers.activateHandler(action.id(), new KindActionHandler(action));
            List<IContributionItem> items = List.of(item(action), item(action));
            toolBar.appendToGroup(GROUP, items.get(0));
            contextMenu.appendToGroup(GROUP, items.get(1));
            shown.put(action.id(), new Shown(action, handler, items));
        }
        toolBar.update(true);
        contextMenu.update(true);
        if (toolBar.getControl() != null) {
            for (ToolItem tool : toolBar.getControl().getItems()) {
                if (tool.getData() instanceof IContributionItem ci && shown.containsKey(ci.getId())) {
                    tool.setData(WidgetIds.KEY, ci.getId());
                }
            }
        }
    }

    private CommandContributionItem item(BoardAction action) {
        CommandContributionItemParameter p = new CommandContributionItemParameter(workbench, action.id(), action.id(),
                CommandContributionItem.STYLE_PUSH);
        p.label = action.label();
        p.tooltip = action.description();
        return new CommandContributionItem(p);
    }

    /** Removes the items and the commands' handlers and definitions (the view closes, or the kinds changed). */
    void dispose() {
        ICommandService commands = workbench.getService(ICommandService.class);
        IHandlerService handlers = workbench.getService(IHandlerService.class);
        for (Shown s : shown.values()) {
            remove(toolBar, s.items().get(0));
            remove(contextMenu, s.items().get(1));
            handlers.deactivateHandler(s.handler());
            s.handler().getHandler().dispose();
            commands.getCommand(s.action().id()).undefine();
        }
        shown.clear();
    }

    private static void remove(IContributionManager manager, IContributionItem item) {
        manager.remove(item);
        item.dispose();
    }
}
