package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.e4.ui.di.Focus;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.e4.ui.services.EContextService;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardListener;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.menus.IMenuService;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.wqlab.ui.WqlabContext;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * The Boards view (an e4 POJO part): board profiles in a tree with host and status, their probed facts below them,
 * commands (see {@link BoardCommand}) to add, edit, duplicate, remove, connect and disconnect, and the actions the
 * boards' kinds add (the QEMU virtual board's Build VM and Stop VM). Status changes arrive from any thread and reach
 * the tree through a {@link UiRefreshThrottle}; the selected board goes to the Properties view.
 */
public final class BoardsPart implements IAdaptable {
    private static final String BUNDLE = "org.wqlab.ui.boards";
    static final String VIEW_ID = "org.wqlab.ui.boards";

    @Inject
    private ESelectionService selectionService;

    private BoardRegistry registry;
    private TreeViewer viewer;
    private boolean siteBound;
    private UiRefreshThrottle throttle;
    private LocalResourceManager resources;
    private final Map<String, Image> images = new HashMap<>();
    private final Map<String, String> lastStatus = new HashMap<>();
    private IMenuService menus;
    private ToolBarManager toolBar;
    private MenuManager contextMenu;
    private BoardCommands commands;
    private KindActionItems kindActions;
    private final BoardListener listener = () -> {
        UiRefreshThrottle t = throttle;
        if (t != null) {
            t.requestRefresh();
        }
    };

    @PostConstruct
    public void createControls(Composite parent, EContextService contexts, Boards boards) {
        contexts.activateContext(WqlabContext.ID);
        resources = new LocalResourceManager(JFaceResources.getResources(), parent);
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(parent);

        ToolBarManager toolBar = new ToolBarManager(SWT.FLAT | SWT.RIGHT);
        toolBar.createControl(parent);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(toolBar.getControl());

        Label error = new Label(parent, SWT.WRAP);
        error.setData(WidgetIds.KEY, WidgetIds.ERROR);
        GridDataFactory.fillDefaults().grab(true, false).exclude(true).applyTo(error);
        error.setVisible(false);

        viewer = new TreeViewer(parent, SWT.MULTI | SWT.FULL_SELECTION | SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL);
        Tree tree = viewer.getTree();
        tree.setData(WidgetIds.KEY, WidgetIds.TREE);
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tree);
        ColumnViewerToolTipSupport.enableFor(viewer);
        // a board's status and a fact's value share the second column: in the perspective's narrow left column the
        // name and what matters about it stay visible; the host is to the right
        try {
            registry = boards.registry();
        } catch (BoardStoreException | RuntimeException e) {
            error.setText("The boards cannot be shown: " + e.getMessage()
                    + "\nFix the file (or move it away) and reopen the view; wqlab does not overwrite it.");
            ((org.eclipse.swt.layout.GridData) error.getLayoutData()).exclude = false;
            error.setVisible(true);
            parent.layout(true);
            return;
        }

        BoardColumns columns = new BoardColumns(registry, this::image);
        column("Name", 200, columns.name());
        column("Status / Value", 240, columns.status());
        column("Host", 320, columns.host());
        viewer.setContentProvider(columns.content());
        commands = new BoardCommands(registry, this::selectedBoards, this::shell, this::select,
                listener::boardsChanged);

        // the buttons and menu items are the commands plugin.xml contributes (see BoardCommand), then the actions
        // of the installed board kinds
        menus = PlatformUI.getWorkbench().getService(IMenuService.class);
        menus.populateContributionManager(toolBar, BoardCommand.TOOLBAR);
        contextMenu = new MenuManager();
        menus.populateContributionManager(contextMenu, BoardCommand.CONTEXT_MENU);
        kindActions = new KindActionItems(PlatformUI.getWorkbench(), toolBar, contextMenu);
        kindActions.show(registry.kinds());
        toolBar.update(true);
        for (ToolItem item : toolBar.getControl().getItems()) {
            if (item.getData() instanceof IContributionItem ci && ci.getId() != null) {
                item.setData(WidgetIds.KEY, ci.getId());
            }
        }
        this.toolBar = toolBar;
        tree.setMenu(contextMenu.createContextMenu(tree));
        viewer.addSelectionChangedListener(e -> selectionChanged());
        viewer.addDoubleClickListener(e -> {
            List<String> selected = selectedBoards();
            if (selected.size() == 1 && canRun(BoardCommand.EDIT)) {
                run(BoardCommand.EDIT);
            }
        });
        ShownBoardsView.shown(this);

        throttle = new UiRefreshThrottle(parent.getDisplay(), this::refresh);
        registry.addListener(listener);
        viewer.setInput(registry);
        refresh();
        parent.getDisplay().asyncExec(this::bindSiteSelectionProvider);
        lookAtKinds();
    }

    @Focus
    public void setFocus() {
        if (viewer != null && !viewer.getControl().isDisposed()) {
            viewer.getControl().setFocus();
            ShownBoardsView.shown(this);
            bindSiteSelectionProvider();
            lookAtKinds(); // 'wqlab vboard start|stop' in a shell may have changed the virtual board's VM
        }
    }

    /** Has the board kinds look again at what their boards run on, in a Job (file checks: not on the UI thread). */
    private void lookAtKinds() {
        if (registry == null) {
            return;
        }
        Job look = Job.create("Looking at the boards' VMs and simulators", monitor -> {
            registry.refreshKinds();
        });
        look.setSystem(true);
        look.schedule();
    }

    /**
     * The Properties view (a 3.x view) follows the selection (and post-selection) of the active part's site; the
     * e4view's wrapper part has a site once the view is shown, so the tree becomes its selection provider then.
     */
    private void bindSiteSelectionProvider() {
        if (siteBound || viewer == null || viewer.getControl().isDisposed() || !PlatformUI.isWorkbenchRunning()) {
            return;
        }
        for (IWorkbenchWindow window : PlatformUI.getWorkbench().getWorkbenchWindows()) {
            for (IWorkbenchPage page : window.getPages()) {
                IViewPart view = page.findView(VIEW_ID);
                if (view != null && view.getSite() != null) {
                    view.getSite().setSelectionProvider(viewer);
                    siteBound = true;
                    return;
                }
            }
        }
    }

    /** The Properties view asks the Boards view for its page: one that shows whole property names. */
    @Override
    public <T> T getAdapter(Class<T> type) {
        return type == IPropertySheetPage.class ? type.cast(new WholeNamesPropertySheetPage()) : null;
    }

    @PreDestroy
    public void dispose() {
        ShownBoardsView.closed(this);
        if (kindActions != null) {
            kindActions.dispose();
        }
        if (menus != null) {
            menus.releaseContributions(toolBar);
            menus.releaseContributions(contextMenu);
        }
        if (registry != null) {
            registry.removeListener(listener);
        }
        if (throttle != null) {
            throttle.dispose();
        }
    }

    /** For tests: the registry this view shows. */
    public BoardRegistry registry() {
        return registry;
    }

    private void refresh() {
        if (viewer.getControl().isDisposed()) {
            return;
        }
        kindActions.show(registry.kinds()); // a kind installed since brings its actions
        viewer.refresh(true);
        for (BoardEntry e : registry.entries()) {
            String status = registry.status(e.name()).label();
            String before = lastStatus.put(e.name(), status);
            if ("connected".equals(status) && !status.equals(before)) {
                viewer.setExpandedState(new BoardRow(e.name()), true);
            }
        }
        selectionChanged();
    }

    private void selectionChanged() {
        ShownBoardsView.changed();
        showEnablement();
        if (selectionService != null) {
            // a fresh selection object, so the Properties view re-reads the status and facts
            IStructuredSelection s = viewer.getStructuredSelection();
            selectionService.setSelection(s.isEmpty() ? StructuredSelection.EMPTY : new StructuredSelection(s.toList()));
        }
    }

    /**
     * Enables the buttons as their handlers are now. The e4 workbench re-asks the handlers of such items only when
     * told, and then 100 ms later; the buttons follow at once, as a JFace action's did.
     */
    private void showEnablement() {
        for (IContributionItem item : toolBar.getItems()) {
            if (item instanceof HandledContributionItem h) {
                Arrays.stream(BoardCommand.values()).filter(c -> c.id().equals(item.getId())).findFirst()
                        .ifPresent(c -> {
                            h.getModel().setEnabled(canRun(c));
                            h.update();
                        });
            }
        }
    }

    private List<String> selectedBoards() {
        Set<String> names = new HashSet<>();
        List<String> ordered = new ArrayList<>();
        for (Object o : viewer.getStructuredSelection().toList()) {
            String name = o instanceof BoardRow r ? r.name() : o instanceof FactRow f ? f.boardName() : null;
            if (name != null && names.add(name)) {
                ordered.add(name);
            }
        }
        return ordered;
    }

    private Shell shell() {
        return viewer.getControl().getShell();
    }

    /** Selects a board (one just added or copied: the throttled refresh comes later, so the row is added first). */
    private void select(String name) {
        refresh();
        viewer.setSelection(new StructuredSelection(new BoardRow(name)), true);
    }

    private void column(String title, int width, ColumnLabelProvider labels) {
        TreeViewerColumn c = new TreeViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.getColumn().setResizable(true);
        c.setLabelProvider(labels);
    }

    private Image image(String path) {
        return images.computeIfAbsent(path, p -> {
            ImageDescriptor d = ResourceLocator.imageDescriptorFromBundle(BUNDLE, p).orElse(null);
            return d == null ? null : resources.create(d);
        });
    }

    /** Whether {@code command} can act on the selected boards now; what its handler's enablement says. */
    boolean canRun(BoardCommand command) {
        return commands != null && !viewer.getControl().isDisposed() && commands.canRun(command);
    }

    /** Runs {@code command} on the selected boards (its handler checked {@link #canRun} first). */
    void run(BoardCommand command) {
        commands.run(command);
    }

    /** Whether a board kind's action can run on one of the selected boards now. */
    boolean canRun(BoardAction action) {
        return commands != null && !viewer.getControl().isDisposed() && commands.canRun(action);
    }

    /** Runs a board kind's action on the selected boards it can run on. */
    void run(BoardAction action) {
        commands.run(action);
    }
}
