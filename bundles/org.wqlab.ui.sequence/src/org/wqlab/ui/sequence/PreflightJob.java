package org.wqlab.ui.sequence;

import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.preflight.Preflight;
import org.wqlab.sequence.preflight.PreflightReport;
import org.wqlab.sequence.run.RemoteExecutions;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.TransportException;

/**
 * The sequence editor's Check: the run's preflight on a board, off the UI thread, nothing loaded or changed; the
 * lines (or why there are none) go to {@code show} on the UI thread.
 */
final class PreflightJob extends Job {

    private final Sequence sequence;
    private final String source;
    private final String board;
    private final BoardRegistry registry;
    private final Display display;
    private final Consumer<String> show;

    PreflightJob(Sequence sequence, String source, String board, BoardRegistry registry, Display display,
            Consumer<String> show) {
        super("Checking what '" + sequence.name() + "' needs on " + board);
        this.sequence = sequence;
        this.source = source;
        this.board = board;
        this.registry = registry;
        this.display = display;
        this.show = show;
        setUser(false);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        String text;
        try {
            text = "Check on " + board + ":\n" + check();
        } catch (TransportException e) {
            text = "Check on " + board + ": cannot connect: " + e.getMessage();
        } catch (SequenceException e) {
            text = "Check: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            text = "Check on " + board + ": interrupted";
        } catch (RuntimeException e) {
            text = "Check on " + board + ": " + e;
        }
        String shown = text;
        if (!display.isDisposed()) {
            display.asyncExec(() -> show.accept(shown));
        }
        return Status.OK_STATUS;
    }

    private String check() throws TransportException, SequenceException, InterruptedException {
        BoardEntry entry = registry.entry(board)
                .orElseThrow(() -> new IllegalArgumentException("no board named '" + board + "'"));
        if (RemoteExecutions.forKind(entry.kind().id()).isPresent()) {
            return "no preflight: this board runs sequences itself";
        }
        try (BoardConnection c = registry.openConnection(board, HostKeyPrompt.REFUSE)) {
            PreflightReport report = Preflight.check(c, source, sequence, Map.of(), registry.usbDriverOf(board),
                    Duration.ofSeconds(30));
            String verdict = report.stops() ? "a run would stop: " + report.stopReason()
                    : report.lacking().isEmpty() ? "ready: nothing missing"
                            : "ready, lacking " + report.lacking().size() + " item(s): the run records without them";
            long ok = report.items().stream().filter(i -> i.present()).count();
            StringBuilder text = new StringBuilder();
            report.items().stream().filter(i -> !i.present()).forEach(i -> text.append(i.line()).append('\n'));
            return text.append(ok).append(" of ").append(report.items().size()).append(" items ok\n").append(verdict)
                    .toString();
        }
    }
}
