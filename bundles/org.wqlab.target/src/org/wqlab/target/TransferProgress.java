package org.wqlab.target;

/** Upload progress; return false to cancel the transfer. */
@FunctionalInterface
public interface TransferProgress {

    TransferProgress NONE = (done, total) -> true;

    boolean transferred(long bytesDone, long bytesTotal);
}
