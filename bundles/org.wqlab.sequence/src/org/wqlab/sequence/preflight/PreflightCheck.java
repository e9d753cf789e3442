package org.wqlab.sequence.preflight;

import java.util.List;

import org.wqlab.target.TransportException;

/** One area of what a run needs (the kernel log, tracing, the module, the USB driver, the sequence's needs). */
interface PreflightCheck {

    List<PreflightItem> check(PreflightContext context) throws TransportException, InterruptedException;
}
