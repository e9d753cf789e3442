package org.wqlab.ui.internal;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;
import org.eclipse.ui.actions.ContributionItemFactory;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;

/** The menus users know from the Eclipse IDE: File, Edit, Window, Help. */
final class WqlabActionBarAdvisor extends ActionBarAdvisor {

    WqlabActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        IWorkbenchWindow window = getActionBarConfigurer().getWindowConfigurer().getWindow();
        menuBar.add(fileMenu(window));
        menuBar.add(editMenu(window));
        menuBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(windowMenu(window));
        menuBar.add(helpMenu(window));
    }

    private MenuManager fileMenu(IWorkbenchWindow window) {
        MenuManager menu = new MenuManager("&File", IWorkbenchActionConstants.M_FILE);
        menu.add(new GroupMarker(IWorkbenchActionConstants.FILE_START));
        menu.add(new GroupMarker(IWorkbenchActionConstants.NEW_EXT));
        menu.add(keep(ActionFactory.SAVE.create(window)));
        menu.add(keep(ActionFactory.SAVE_ALL.create(window)));
        menu.add(new Separator());
        menu.add(keep(ActionFactory.IMPORT.create(window)));
        menu.add(keep(ActionFactory.EXPORT.create(window)));
        menu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menu.add(new Separator());
        menu.add(keep(ActionFactory.QUIT.create(window)));
        menu.add(new GroupMarker(IWorkbenchActionConstants.FILE_END));
        return menu;
    }

    private MenuManager editMenu(IWorkbenchWindow window) {
        MenuManager menu = new MenuManager("&Edit", IWorkbenchActionConstants.M_EDIT);
        menu.add(new GroupMarker(IWorkbenchActionConstants.EDIT_START));
        menu.add(keep(ActionFactory.UNDO.create(window)));
        menu.add(keep(ActionFactory.REDO.create(window)));
        menu.add(new Separator());
        menu.add(keep(ActionFactory.CUT.create(window)));
        menu.add(keep(ActionFactory.COPY.create(window)));
        menu.add(keep(ActionFactory.PASTE.create(window)));
        menu.add(keep(ActionFactory.DELETE.create(window)));
        menu.add(keep(ActionFactory.SELECT_ALL.create(window)));
        menu.add(new GroupMarker(IWorkbenchActionConstants.EDIT_END));
        menu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        return menu;
    }

    /** The Window menu's group for contributed view openers: {@code menu:window?after=views}. */
    public static final String WINDOW_VIEWS = "views";

    private MenuManager windowMenu(IWorkbenchWindow window) {
        MenuManager menu = new MenuManager("&Window", IWorkbenchActionConstants.M_WINDOW);
        MenuManager showView = new MenuManager("Show &View");
        showView.add(ContributionItemFactory.VIEWS_SHORTLIST.create(window));
        menu.add(showView);
        // views' own openers (New Live Plot) go beside Show View
        menu.add(new GroupMarker(WINDOW_VIEWS));
        menu.add(keep(ActionFactory.RESET_PERSPECTIVE.create(window)));
        menu.add(new Separator());
        menu.add(keep(ActionFactory.PREFERENCES.create(window)));
        menu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        return menu;
    }

    private MenuManager helpMenu(IWorkbenchWindow window) {
        MenuManager menu = new MenuManager("&Help", IWorkbenchActionConstants.M_HELP);
        menu.add(new GroupMarker(IWorkbenchActionConstants.HELP_START));
        menu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menu.add(keep(ActionFactory.ABOUT.create(window)));
        menu.add(new GroupMarker(IWorkbenchActionConstants.HELP_END));
        return menu;
    }

    /** Registers the action so the advisor disposes it with the window, and returns it for the menu. */
    private IWorkbenchAction keep(IWorkbenchAction action) {
        register(action);
        return action;
    }
}
