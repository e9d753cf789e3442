package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.e4.ui.di.Focus;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
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
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardListener;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;
import org.wqlab.boards.VirtualBoardHost;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.menus.IMenuService;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.ui.WqlabContext;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * The Boards view (an e4 POJO part): board profiles in a tree with host and status, their probed facts below them,
 * commands (see {@link BoardCommand}) to add, edit, duplicate, remove, connect and disconnect, and to build and stop the QEMU virtual board's VM
 * (connecting it boots the VM). Status changes arrive from any thread and reach
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
        column("Name", 200, new NameColumn());
        column("Status / Value", 240, new StatusColumn());
        column("Host", 320, new HostColumn());
        viewer.setContentProvider(new Content());

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

        // the buttons and menu items are the commands plugin.xml contributes (see BoardCommand)
        menus = PlatformUI.getWorkbench().getService(IMenuService.class);
        menus.populateContributionManager(toolBar, BoardCommand.TOOLBAR);
        toolBar.update(true);
        for (ToolItem item : toolBar.getControl().getItems()) {
            if (item.getData() instanceof IContributionItem ci && ci.getId() != null) {
                item.setData(WidgetIds.KEY, ci.getId());
            }
        }
        this.toolBar = toolBar;
        contextMenu = new MenuManager();
        menus.populateContributionManager(contextMenu, BoardCommand.CONTEXT_MENU);
        tree.setMenu(contextMenu.createContextMenu(tree));
        viewer.addSelectionChangedListener(e -> selectionChanged());
        viewer.addDoubleClickListener(e -> {
            List<String> selected = selectedBoards();
            if (selected.size() == 1) {
                edit(selected);
            }
        });
        ShownBoardsView.shown(this);

        throttle = new UiRefreshThrottle(parent.getDisplay(), this::refresh);
        registry.addListener(listener);
        viewer.setInput(registry);
        refresh();
        parent.getDisplay().asyncExec(this::bindSiteSelectionProvider);
        lookAtVirtualBoard();
    }

    @Focus
    public void setFocus() {
        if (viewer != null && !viewer.getControl().isDisposed()) {
            viewer.getControl().setFocus();
            ShownBoardsView.shown(this);
            bindSiteSelectionProvider();
            lookAtVirtualBoard(); // 'wqlab vboard start|stop' in a shell may have changed it
        }
    }

    /** Looks at the virtual board's VM again in a Job (file and process checks: not on the UI thread). */
    private void lookAtVirtualBoard() {
        if (registry == null) {
            return;
        }
        Job look = Job.create("Looking at the QEMU virtual board", monitor -> {
            registry.refreshVirtualBoard();
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

    private Set<String> names() {
        Set<String> names = new HashSet<>();
        registry.entries().forEach(e -> names.add(e.name()));
        return names;
    }

    private void add(List<String> ignored) {
        new BoardDialog(shell(), null, registry.kind(BoardKind.SSH).orElseThrow(), names(), result -> {
            BoardProfile profile = result.profile();
            try {
                registry.add(profile);
                registry.setUsbDriver(profile.name(), result.usbDriver());
                storeSecret(profile, result.secret());
            } catch (BoardStoreException | SecretStore.SecretStoreException | IllegalArgumentException e) {
                return e.getMessage();
            }
            refresh(); // the throttled refresh comes later: the new row must be in the tree to be selected
            viewer.setSelection(new StructuredSelection(new BoardRow(profile.name())), true);
            return null;
        }).open();
    }

    private void edit(List<String> selected) {
        String name = selected.get(0);
        BoardEntry entry = registry.entry(name).orElse(null);
        if (entry == null) {
            return;
        }
        Optional<BoardKindProvider> kind = registry.kind(entry.kind());
        if (kind.isEmpty()) {
            MessageDialog.openError(shell(), "Edit Board", registry.unavailable(entry).orElseThrow());
            return;
        }
        new BoardDialog(shell(), entry, kind.get(), names(), result -> {
            BoardProfile profile = result.profile();
            try {
                registry.update(name, profile);
                registry.setUsbDriver(profile.name(), result.usbDriver());
                if (entry.virtualBoard()) {
                    registry.setVirtualBoard(profile.name(), result.arch(), result.irqCpu());
                }
                storeSecret(profile, result.secret());
            } catch (BoardStoreException | SecretStore.SecretStoreException | IllegalArgumentException e) {
                return e.getMessage();
            }
            return null;
        }).open();
    }

    private void storeSecret(BoardProfile profile, char[] secret) throws SecretStore.SecretStoreException {
        if (secret != null) {
            SecretKind kind = profile.auth() == AuthMethod.PUBLIC_KEY ? SecretKind.KEY_PASSPHRASE : SecretKind.PASSWORD;
            registry.putSecret(profile.name(), kind, secret);
        }
    }

    private void duplicate(List<String> selected) {
        try {
            BoardEntry copy = registry.duplicate(selected.get(0));
            refresh();
            viewer.setSelection(new StructuredSelection(new BoardRow(copy.name())), true);
        } catch (BoardStoreException e) {
            MessageDialog.openError(shell(), "Duplicate board", e.getMessage());
        }
    }

    private void remove(List<String> selected) {
        String what = selected.size() == 1 ? "board '" + selected.get(0) + "'" : selected.size() + " boards";
        if (!MessageDialog.openConfirm(shell(), "Remove boards", "Remove " + what
                + "? Open connections are closed. Stored passwords stay in secure storage.")) {
            return;
        }
        for (String name : selected) {
            try {
                registry.remove(name);
            } catch (BoardStoreException | IllegalArgumentException e) {
                MessageDialog.openError(shell(), "Remove board", e.getMessage());
                return;
            }
        }
    }

    private void connect(List<String> selected) {
        for (String name : selected) {
            if (!(registry.status(name) instanceof BoardStatus.Connected)
                    && !(registry.status(name) instanceof BoardStatus.Connecting)) {
                new ConnectJob(registry, name, viewer.getControl().getDisplay()).schedule();
            }
        }
    }

    private void disconnect(List<String> selected) {
        for (String name : selected) {
            cancelConnect(name);
            new DisconnectJob(registry, name).schedule();
        }
    }

    /** A connect (or the virtual board's boot) still running for the board ends too. */
    private static void cancelConnect(String name) {
        for (Job job : Job.getJobManager().find(ConnectJob.FAMILY)) {
            if (job instanceof ConnectJob c && c.board().equals(name)) {
                c.cancel();
            }
        }
    }

    private void buildVirtualBoard(List<String> selected) {
        registry.entry(selected.get(0)).filter(BoardEntry::virtualBoard)
                .ifPresent(e -> {
                    Job build = new BuildVirtualBoardJob(registry, e.arch());
                    build.addJobChangeListener(new JobChangeAdapter() {
                        @Override
                        public void done(IJobChangeEvent event) {
                            listener.boardsChanged(); // Build VM is enabled again once the Job is over
                        }
                    });
                    build.schedule();
                });
        selectionChanged(); // Build VM stays disabled while the build runs
    }

    private void stopVirtualBoard(List<String> selected) {
        for (String name : selected) {
            if (registry.isVirtualBoard(name)) {
                cancelConnect(name);
                new StopVirtualBoardJob(registry, name).schedule();
            }
        }
    }

    private boolean vmRunning() {
        return registry.virtualBoard().state() instanceof VirtualBoardHost.State.Running;
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

    static String statusText(BoardStatus status) {
        if (status instanceof BoardStatus.Starting s) {
            return "starting: " + s.detail();
        }
        return status instanceof BoardStatus.Failed f ? "error: " + f.message() : status.label();
    }

    private final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return registry.entries().stream().map(e -> new BoardRow(e.name())).toArray();
        }

        @Override
        public Object[] getChildren(Object parent) {
            if (parent instanceof BoardRow row) {
                return registry.entry(row.name()).flatMap(BoardEntry::facts)
                        .map(f -> FactRows.of(row.name(), f).toArray()).orElse(new Object[0]);
            }
            return new Object[0];
        }

        @Override
        public Object getParent(Object element) {
            return element instanceof FactRow f ? new BoardRow(f.boardName()) : null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return element instanceof BoardRow row
                    && registry.entry(row.name()).map(e -> e.facts().isPresent()).orElse(false);
        }
    }

    private final class NameColumn extends ColumnLabelProvider {
        @Override
        public String getText(Object element) {
            return element instanceof BoardRow r ? r.name() : element instanceof FactRow f ? f.label() : "";
        }

        @Override
        public Image getImage(Object element) {
            return element instanceof BoardRow ? image("icons/board16.png") : null;
        }
    }

    private final class HostColumn extends ColumnLabelProvider {
        @Override
        public String getText(Object element) {
            if (element instanceof BoardRow r) {
                return registry.entry(r.name()).map(e -> registry.kind(e.kind()).map(k -> k.hostText(e))
                        .orElse(e.profile().host())).orElse("");
            }
            return "";
        }

    }

    private final class StatusColumn extends ColumnLabelProvider {
        @Override
        public String getText(Object element) {
            if (element instanceof FactRow f) {
                return f.value();
            }
            if (!(element instanceof BoardRow r)) {
                return "";
            }
            Optional<String> unavailable = registry.entry(r.name()).flatMap(registry::unavailable);
            if (unavailable.isPresent()) {
                return "unavailable: " + unavailable.get();
            }
            BoardStatus status = registry.status(r.name());
            if (status instanceof BoardStatus.Disconnected) {
                Optional<String> more = registry.entry(r.name())
                        .flatMap(e -> registry.kind(e.kind()).flatMap(k -> k.disconnectedText(e)));
                if (more.isPresent()) {
                    return more.get();
                }
            }
            return statusText(status);
        }

        @Override
        public Image getImage(Object element) {
            return element instanceof BoardRow r
                    ? image("icons/status-" + registry.status(r.name()).label() + "16.png") : null;
        }

        @Override
        public String getToolTipText(Object element) {
            if (element instanceof FactRow f) {
                return f.label() + ": " + f.value();
            }
            if (!(element instanceof BoardRow r)) {
                return null;
            }
            String status = statusText(registry.status(r.name()));
            // a kind with a state of its own (the virtual board's VM) says it beside the connection's
            return registry.entry(r.name()).flatMap(e -> registry.kind(e.kind())
                    .filter(k -> k.disconnectedText(e).isPresent()).map(k -> status + "; " + k.hostText(e)))
                    .orElse(status);
        }
    }

    /** Whether {@code command} can act on the selected boards now; what its handler's enablement says. */
    boolean canRun(BoardCommand command) {
        if (registry == null || viewer.getControl().isDisposed()) {
            return false;
        }
        List<String> selected = selectedBoards();
        return switch (command) {
            case ADD -> true;
            case EDIT, DUPLICATE -> selected.size() == 1;
            case REMOVE -> !selected.isEmpty();
            case CONNECT -> selected.stream().anyMatch(n -> registry.status(n) instanceof BoardStatus.Disconnected
                    || registry.status(n) instanceof BoardStatus.Failed);
            case DISCONNECT -> selected.stream().anyMatch(n -> registry.status(n) instanceof BoardStatus.Connected
                    || registry.status(n) instanceof BoardStatus.Connecting
                    || registry.status(n) instanceof BoardStatus.Starting);
            case BUILD_VM -> selected.size() == 1 && registry.isVirtualBoard(selected.get(0)) && !vmRunning()
                    && !(registry.status(selected.get(0)) instanceof BoardStatus.Starting)
                    && Job.getJobManager().find(BuildVirtualBoardJob.FAMILY).length == 0;
            case STOP_VM -> selected.stream().anyMatch(registry::isVirtualBoard)
                    && (vmRunning() || selected.stream().anyMatch(n -> registry.isVirtualBoard(n)
                            && registry.status(n) instanceof BoardStatus.Starting));
        };
    }

    /** Runs {@code command} on the selected boards (its handler checked {@link #canRun} first). */
    void run(BoardCommand command) {
        List<String> selected = selectedBoards();
        switch (command) {
            case ADD -> add(selected);
            case EDIT -> edit(selected);
            case DUPLICATE -> duplicate(selected);
            case REMOVE -> remove(selected);
            case CONNECT -> connect(selected);
            case DISCONNECT -> disconnect(selected);
            case BUILD_VM -> buildVirtualBoard(selected);
            case STOP_VM -> stopVirtualBoard(selected);
        }
    }
}
