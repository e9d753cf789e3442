package org.wqlab.ui.plot;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;

/**
 * Window > New Live Plot: another Live Plot view (a secondary id), showing a board that no open plot shows, the newest
 * such; when every board is shown, or none has run yet, the newest run's.
 */
public final class NewLivePlotHandler extends AbstractHandler {
    public static final String VIEW_ID = "org.wqlab.ui.liveplot";

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        Set<String> ids = new HashSet<>();
        Set<String> shown = new HashSet<>();
        for (IViewReference ref : page.getViewReferences()) {
            if (VIEW_ID.equals(ref.getId())) {
                ids.add(ref.getSecondaryId() == null ? "" : ref.getSecondaryId());
                LivePlotPart plot = plot(ref.getView(false));
                if (plot != null && plot.view().session() != null) {
                    WorkbenchServices.get(LiveSessions.class).boardOf(plot.view().session()).ifPresent(shown::add);
                }
            }
        }
        int n = 2;
        while (ids.contains(Integer.toString(n))) {
            n++;
        }
        try {
            LivePlotPart plot = plot(page.showView(VIEW_ID, Integer.toString(n), IWorkbenchPage.VIEW_ACTIVATE));
            List<String> boards = WorkbenchServices.get(LiveSessions.class).boards();
            String unshown = null;
            for (String b : boards) {
                if (!shown.contains(b)) {
                    unshown = b; // the last one: the newest to have run
                }
            }
            if (plot != null) {
                plot.show(unshown);
            }
            return plot;
        } catch (PartInitException e) {
            throw new ExecutionException("could not open another Live Plot: " + e.getMessage(), e);
        }
    }

    /** The e4 part behind a Live Plot view, if it is one. */
    static LivePlotPart plot(IViewPart view) {
        if (view == null) {
            return null;
        }
        MPart part = view.getSite().getService(MPart.class);
        return part != null && part.getObject() instanceof LivePlotPart p ? p : null;
    }
}
