package org.wqlab.ui.plot;

import java.util.function.Consumer;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;

import org.eclipse.e4.ui.services.EContextService;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WqlabContext;

/** The Live Plot view (an e4 POJO part): shows the current {@link LiveSessions live session}. */
public final class LivePlotPart {

    private LivePlotView view;
    private Consumer<LiveSession> onPublish;
    private LiveSessions sessions;

    /** @param sessions the workbench's live sessions (the OSGi service of org.wqlab.live) */
    @PostConstruct
    public void createControls(Composite parent, EContextService contexts, LiveSessions sessions) {
        this.sessions = sessions;
        contexts.activateContext(WqlabContext.ID);
        view = new LivePlotView(parent);
        Display display = parent.getDisplay();
        onPublish = session -> display.asyncExec(() -> {
            if (!view.isDisposed()) {
                view.setSession(session);
            }
        });
        sessions.addListener(onPublish);
        sessions.current().ifPresent(view::setSession);
    }

    @PreDestroy
    public void dispose() {
        sessions.removeListener(onPublish);
    }
}
