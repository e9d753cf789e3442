package org.wqlab.sequence.run;

import java.io.IOException;
import java.util.Map;

/**
 * Brings remote execution for one kind of board (by the kind's id in the boards file, e.g. "lava"), as an OSGi
 * service: a run on a board of that kind goes through it (see {@link RemoteExecutions}).
 */
public interface RemoteExecutionProvider {

    /** The board kind's id whose boards it runs. */
    String kind();

    /**
     * The execution for one board, from its name and its kind's settings (as the board's entry keeps them).
     *
     * @throws IOException naming what is missing (a server not configured, its token not stored)
     */
    RemoteExecution of(String boardName, Map<String, String> settings) throws IOException;
}
