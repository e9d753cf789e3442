package org.wqlab.klog.importer;

import java.io.IOException;

/** Where an importer writes the kernel log it makes: the experiment's {@code kernel.log} and the parser at once. */
@FunctionalInterface
public interface KernelLogOutput {

    void write(byte[] bytes, int off, int len) throws IOException;
}
