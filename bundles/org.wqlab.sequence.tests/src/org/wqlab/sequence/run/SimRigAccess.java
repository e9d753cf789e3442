package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.TransportException;

/** {@link SimRig} for tests in other packages. */
public final class SimRigAccess implements AutoCloseable {

    private final SimRig rig;

    private SimRigAccess(SimRig rig) {
        this.rig = rig;
    }

    public static SimRigAccess start(Path dir) throws IOException {
        return new SimRigAccess(new SimRig(dir, 20));
    }

    public BoardConnection connect() throws TransportException {
        return rig.access.connector().connect();
    }

    public boolean stickPresent() {
        return rig.board.driver().call(() -> rig.board.kernel().usb().present());
    }

    public boolean stickMounted() {
        return rig.board.driver().call(() -> rig.board.kernel().usb().mounted());
    }

    public long stickCachedPages() {
        return rig.board.driver().call(() -> rig.board.kernel().usb().cachedPages());
    }

    @Override
    public void close() throws IOException {
        rig.close();
    }
}
