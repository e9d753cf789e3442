package org.wqlab.sequence.preflight;

import java.util.List;

import org.wqlab.target.TransportException;

/** {@code /dev/kmsg} readable: the run streams it and writes its step marks into it. */
final class KernelLogNeed implements PreflightCheck {

    static final String KMSG = "/dev/kmsg";

    @Override
    public List<PreflightItem> check(PreflightContext c) throws TransportException {
        String what = KMSG + " readable";
        return List.of(c.test("-r", KMSG) ? PreflightItem.present("kmsg", what, "")
                : PreflightItem.missing("kmsg", what, "test -r " + KMSG + " failed",
                        "the kernel log is read with dmesg instead: no step marks on the kernel clock", false));
    }
}
