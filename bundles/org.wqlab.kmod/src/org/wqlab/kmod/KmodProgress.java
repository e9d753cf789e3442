package org.wqlab.kmod;

import org.wqlab.target.TransferProgress;

/** Reports the steps of a long operation (a UI Job's monitor, a CLI's log); upload progress as bytes. */
public interface KmodProgress extends TransferProgress {

    KmodProgress NONE = step -> {
    };

    void step(String description);

    /** @return false to cancel the upload */
    @Override
    default boolean transferred(long bytesDone, long bytesTotal) {
        return true;
    }
}
