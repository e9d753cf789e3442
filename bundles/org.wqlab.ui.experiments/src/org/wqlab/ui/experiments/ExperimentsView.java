package org.wqlab.ui.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.e4.ui.workbench.Selector;
import org.eclipse.e4.ui.workbench.UIEvents;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerCell;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.part.ViewPart;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * Every experiment of the open wqlab projects: name, date, board, kernel, configuration, worst delay and status;
 * sort by any column, filter by text, open, compare, rename, delete, notes and export. The list follows the
 * {@link ExperimentCatalog}, which re-scans when a run writes its folder.
 */
public final class ExperimentsView extends ViewPart {

    private TableViewer viewer;
    private Text filter;
    private UiRefreshThrottle throttle;
    private final Runnable onCatalogChange = () -> throttle.requestRefresh();
    private static final int RUNNING_REDRAW_MS = 500;
    private ExperimentColumn sortColumn = ExperimentColumn.DATE;
    private boolean descending = true;
    private ExperimentActions actions;

    @Override
    public void createPartControl(Composite parent) {
        org.wqlab.ui.WqlabContext.activateIn(getSite());
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(parent);
        filter = new Text(parent, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        filter.setMessage("Filter experiments (name, board, kernel, config, status, notes)");
        filter.setData(ExperimentIds.KEY, ExperimentIds.FILTER);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(filter);

        viewer = new TableViewer(parent, SWT.MULTI | SWT.FULL_SELECTION | SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setData(ExperimentIds.KEY, ExperimentIds.TABLE);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(table);
        for (ExperimentColumn c : ExperimentColumn.values()) {
            column(c);
        }
        cellToolTips(table);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setComparator(new ViewerComparator() {
            @Override
            public int compare(Viewer v, Object a, Object b) {
                int r = sortColumn.order().compare((ExperimentSummary) a, (ExperimentSummary) b);
                return descending ? -r : r;
            }
        });
        viewer.addFilter(new ViewerFilter() {
            @Override
            public boolean select(Viewer v, Object parentElement, Object element) {
                return matches((ExperimentSummary) element, filter.getText());
            }
        });
        filter.addModifyListener(e -> viewer.refresh());
        markSort();

        getSite().setSelectionProvider(viewer);
        actions = new ExperimentActions(getSite(), this::selection);
        viewer.addDoubleClickListener(e -> {
            if (actions.canRun(ExperimentCommand.OPEN)) {
                actions.run(ExperimentCommand.OPEN);
            }
        });
        viewer.addSelectionChangedListener(e -> commandsMayHaveChanged());
        contextMenu();
        editMenuHandlers();

        throttle = new UiRefreshThrottle(parent.getDisplay(), this::showCatalog);
        ExperimentCatalog catalog = WorkbenchServices.get(ExperimentCatalog.class);
        catalog.addListener(onCatalogChange);
        ensureDefaultProject();
        showCatalog();
        redrawRunningRows();
    }

    /** While a listed run goes on, its worst delay so far is redrawn twice a second (from memory, no I/O). */
    private void redrawRunningRows() {
        viewer.getControl().getDisplay().timerExec(RUNNING_REDRAW_MS, () -> {
            if (viewer.getControl().isDisposed()) {
                return;
            }
            if (viewer.getInput() instanceof List<?> rows) {
                Object[] running = rows.stream().filter(r -> r instanceof ExperimentSummary s
                        && s.status() == org.wqlab.core.model.ExperimentStatus.RUNNING).toArray();
                if (running.length > 0) {
                    viewer.update(running, null);
                }
            }
            redrawRunningRows();
        });
    }

    /** The experiments table (for tests and for the other parts of this bundle). */
    public TableViewer viewer() {
        return viewer;
    }

    public List<ExperimentSummary> selection() {
        List<ExperimentSummary> out = new ArrayList<>();
        for (Object o : viewer.getStructuredSelection().toList()) {
            out.add((ExperimentSummary) o);
        }
        return out;
    }

    /** Sets the filter text as if typed (the table filters at once). */
    public void setFilterText(String text) {
        filter.setText(text);
    }

    public void select(List<ExperimentSummary> experiments) {
        viewer.setSelection(new StructuredSelection(experiments), true);
    }

    /** What the cell under the pointer explains; the table's native tooltip (no tooltip shell of its own). */
    static String cellToolTip(ExperimentSummary s, ExperimentColumn c) {
        return switch (c) {
            case LIMITS -> LimitsText.toolTip(s);
            case BASELINE -> s.baseline() == null ? "Its board has no baseline: select a run of the board and"
                    + " choose Set as Baseline of Its Board" : s.baseline().explanation();
            default -> toolTip(s);
        };
    }

    private void cellToolTips(Table table) {
        table.addListener(SWT.MouseMove, e -> {
            ViewerCell cell = viewer.getCell(new Point(e.x, e.y));
            String tip = cell == null || !(cell.getElement() instanceof ExperimentSummary s) ? null
                    : cellToolTip(s, (ExperimentColumn) table.getColumn(cell.getColumnIndex()).getData());
            if (!java.util.Objects.equals(tip, table.getToolTipText())) {
                table.setToolTipText(tip);
            }
        });
    }

    /** Why it could not be read, why it is damaged, else its notes, else its folder. */
    static String toolTip(ExperimentSummary s) {
        if (!s.loaded()) {
            return s.problem();
        }
        if (s.damaged()) {
            return s.damage();
        }
        return s.notes().isEmpty() ? s.dir().toString() : s.notes();
    }

    /** Case-insensitive match of every word of the filter against any column or the notes. */
    static boolean matches(ExperimentSummary s, String filterText) {
        String f = filterText == null ? "" : filterText.strip().toLowerCase(Locale.ROOT);
        if (f.isEmpty()) {
            return true;
        }
        StringBuilder all = new StringBuilder(s.notes()).append(' ').append(s.id());
        for (ExperimentColumn c : ExperimentColumn.values()) {
            all.append(' ').append(c.text(s));
        }
        String haystack = all.toString().toLowerCase(Locale.ROOT);
        for (String word : f.split("\\s+")) {
            if (!haystack.contains(word)) {
                return false;
            }
        }
        return true;
    }

    private void column(ExperimentColumn c) {
        Table table = viewer.getTable();
        TableViewerColumn vc = new TableViewerColumn(viewer, SWT.LEFT);
        TableColumn tc = vc.getColumn();
        tc.setText(c.header());
        tc.setWidth(c.width());
        tc.setMoveable(true);
        tc.setData(c);
        if (c == ExperimentColumn.WORST) {
            tc.setAlignment(SWT.RIGHT);
        }
        vc.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return c.text((ExperimentSummary) element);
            }

            @Override
            public Image getImage(Object element) {
                return c == ExperimentColumn.NAME ? StatusIcons.of((ExperimentSummary) element) : null;
            }

            @Override
            public Color getForeground(Object element) {
                ExperimentSummary s = (ExperimentSummary) element;
                return switch (c) {
                    case LIMITS -> OutcomeColors.of(table.getDisplay(), LimitsText.status(s));
                    case BASELINE -> s.baseline() != null && s.baseline().regressed()
                            ? OutcomeColors.of(table.getDisplay(), org.wqlab.limits.Outcome.Status.FAIL) : null;
                    default -> null;
                };
            }
        });
        tc.addListener(SWT.Selection, e -> {
            if (sortColumn == c) {
                descending = !descending;
            } else {
                sortColumn = c;
                descending = c == ExperimentColumn.DATE || c == ExperimentColumn.WORST;
            }
            markSort();
            viewer.refresh();
        });
    }

    private void markSort() {
        Table table = viewer.getTable();
        for (TableColumn tc : table.getColumns()) {
            if (tc.getData() == sortColumn) {
                table.setSortColumn(tc);
            }
        }
        table.setSortDirection(descending ? SWT.DOWN : SWT.UP);
    }

    /** The commands and where they appear: org.eclipse.ui.menus in plugin.xml (popup and toolbar of this view). */
    private void contextMenu() {
        MenuManager menu = new MenuManager();
        menu.setRemoveAllWhenShown(true);
        menu.addMenuListener(m -> m.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS)));
        viewer.getTable().setMenu(menu.createContextMenu(viewer.getTable()));
        getSite().registerContextMenu(menu, viewer);
    }

    /** Edit > Delete and Edit > Rename (and their keys) act on the selected experiments while this view is active. */
    private void editMenuHandlers() {
        IHandlerService handlers = getSite().getService(IHandlerService.class);
        handlers.activateHandler(IWorkbenchCommandConstants.EDIT_DELETE,
                new ExperimentCommandHandler(ExperimentCommand.DELETE));
        handlers.activateHandler(IWorkbenchCommandConstants.FILE_RENAME,
                new ExperimentCommandHandler(ExperimentCommand.RENAME));
    }

    /** The e4 workbench re-asks the handlers of this view's toolbar items only when told. */
    private void commandsMayHaveChanged() {
        IEventBroker events = getSite().getService(IEventBroker.class);
        if (events != null) {
            Selector ours = e -> e.getElementId() != null && e.getElementId().startsWith(ExperimentIds.VIEW + ".");
            events.send(UIEvents.REQUEST_ENABLEMENT_UPDATE_TOPIC, ours);
        }
    }

    /** What the view's commands do (their handlers find the view and call it). */
    ExperimentActions actions() {
        return actions;
    }

    private void showCatalog() {
        if (viewer == null || viewer.getControl().isDisposed()) {
            return;
        }
        IStructuredSelection selected = viewer.getStructuredSelection();
        List<String> ids = new ArrayList<>();
        for (Object o : selected.toList()) {
            ids.add(((ExperimentSummary) o).dir().toString());
        }
        List<ExperimentSummary> all = WorkbenchServices.get(ExperimentCatalog.class).experiments();
        viewer.setInput(all);
        List<ExperimentSummary> again = all.stream().filter(s -> ids.contains(s.dir().toString())).toList();
        if (!again.isEmpty()) {
            viewer.setSelection(new StructuredSelection(again));
        }
        setContentDescription(all.isEmpty() ? "No experiments yet: run a sequence, or link an experiments folder."
                : all.size() + " experiment" + (all.size() == 1 ? "" : "s"));
        commandsMayHaveChanged();
    }

    private static void ensureDefaultProject() {
        if (!ExperimentProjects.projects().isEmpty()) {
            return;
        }
        WorkspaceJob job = new WorkspaceJob("Creating the wqlab experiments project") {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                ExperimentProjects.defaultProject(monitor);
                return Status.OK_STATUS;
            }
        };
        job.setRule(org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot());
        job.schedule();
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }

    @Override
    public void dispose() {
        WorkbenchServices.get(ExperimentCatalog.class).removeListener(onCatalogChange);
        if (throttle != null) {
            throttle.dispose();
        }
        super.dispose();
    }
}
