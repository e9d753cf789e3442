package org.wqlab.ui.sequence;

/** Ids of the sequence run commands (plugin.xml declares them, binds Ctrl+F11 and puts them in the Run menu). */
public final class RunCommands {
    public static final String RUN = "org.wqlab.ui.sequence.runSequence";
    public static final String RUN_ON = "org.wqlab.ui.sequence.runSequenceOn";
    public static final String CANCEL = "org.wqlab.ui.sequence.cancelRun";
    /** Runs the sequence file its {@link #RUN_FILE_PATH} parameter names (the run history's items). */
    public static final String RUN_FILE = "org.wqlab.ui.sequence.runFile";
    public static final String RUN_FILE_PATH = RUN_FILE + ".path";
    /** The main toolbar's Run button (a drop-down with the last sequences run and Run on...). */
    public static final String RUN_DROP_DOWN = "org.wqlab.ui.sequence.runDropDown";

    private RunCommands() {
    }
}
