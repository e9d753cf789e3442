package org.wqlab.sequence.preflight;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.sequence.Variables;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.TransportException;

/**
 * What a run of a sequence needs, checked on the board over its connection before anything is loaded: the kernel log,
 * tracing, the module, the USB driver's tools and what the sequence declares ({@code "needs"}). The runner runs it
 * first and stops on a missing item that makes the run meaningless; {@code wqlab check} and the sequence editor's
 * Check run it alone.
 */
public final class Preflight {

    private static final List<PreflightCheck> CHECKS = List.of(new SequenceNeeds(), new UsbToolNeed(),
            new ModuleNeed(), new KernelLogNeed(), new TracingNeed());

    private Preflight() {
    }

    /**
     * @param boardUsbDriver the board's own disconnect driver (what a step's {@code "driver": "board"} means), or
     *                       null for none
     */
    public static PreflightReport check(BoardConnection connection, Sequence sequence, Variables variables,
            String boardUsbDriver, Duration timeout) throws TransportException, InterruptedException {
        PreflightContext context = new PreflightContext(connection, sequence, variables, boardUsbDriver, timeout);
        List<PreflightItem> items = new ArrayList<>();
        for (PreflightCheck check : CHECKS) {
            items.addAll(check.check(context));
        }
        return new PreflightReport(items);
    }

    /** The same, validating the sequence with its overrides first (as a run does). */
    public static PreflightReport check(BoardConnection connection, String source, Sequence sequence,
            Map<String, String> overrides, String boardUsbDriver, Duration timeout)
            throws SequenceException, TransportException, InterruptedException {
        Variables variables = SequenceValidator.validate(source, sequence, overrides);
        return check(connection, sequence, variables, boardUsbDriver, timeout);
    }
}
