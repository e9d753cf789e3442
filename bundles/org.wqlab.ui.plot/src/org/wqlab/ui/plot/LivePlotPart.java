package org.wqlab.ui.plot;

import java.util.function.Consumer;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;

import org.eclipse.e4.ui.di.Focus;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.services.EContextService;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WqlabContext;

/**
 * The Live Plot view (an e4 POJO part, several instances allowed): shows one board's {@link LiveSessions live
 * session}, the board chosen in its Board combo, or the newest run's; its title names the board shown. The choice is
 * kept with the part, so a restarted workbench shows the same boards.
 */
public final class LivePlotPart {
    private static final String TITLE = "Live Plot";
    private static final String BOARD_STATE = "board";

    private LivePlotView view;
    private Consumer<LiveSession> onPublish;
    private LiveSessions sessions;
    private MPart part;
    /** The board this plot shows; null: the newest run's. */
    private String board;

    /** @param sessions the workbench's live sessions (the OSGi service of org.wqlab.live) */
    @PostConstruct
    public void createControls(Composite parent, EContextService contexts, LiveSessions sessions, MPart part) {
        this.sessions = sessions;
        this.part = part;
        board = part.getPersistedState().get(BOARD_STATE);
        contexts.activateContext(WqlabContext.ID);
        view = new LivePlotView(parent);
        view.onBoardChosen(this::show);
        Display display = parent.getDisplay();
        onPublish = session -> display.asyncExec(() -> {
            if (!view.isDisposed()) {
                follow();
            }
        });
        sessions.addListener(onPublish);
        follow();
    }

    /** Shows {@code chosen}'s live session from now on (null: the newest run's). Call on the UI thread. */
    public void show(String chosen) {
        board = chosen;
        if (chosen == null) {
            part.getPersistedState().remove(BOARD_STATE);
        } else {
            part.getPersistedState().put(BOARD_STATE, chosen);
        }
        follow();
    }

    /** The board chosen (null: the newest run's). */
    public String board() {
        return board;
    }

    public LivePlotView view() {
        return view;
    }

    private void follow() {
        LiveSession wanted = board == null ? sessions.current().orElse(null) : sessions.of(board).orElse(null);
        view.setBoards(sessions.boards(), board);
        if (wanted != view.session()) {
            view.setSession(wanted);
        }
        String shown = board != null ? board : wanted == null ? null : sessions.boardOf(wanted).orElse(null);
        part.setLabel(shown == null ? TITLE : TITLE + ": " + shown);
        part.setTooltip(board == null ? "Live Plot of the newest run" + (shown == null ? "" : " (" + shown + ")")
                : "Live Plot of " + board);
    }

    @Focus
    public void focus() {
        // the plot the Live Plot commands act on is the one used last
        ShownLivePlot.shown(view);
        view.control().setFocus();
    }

    @PreDestroy
    public void dispose() {
        sessions.removeListener(onPublish);
    }
}
