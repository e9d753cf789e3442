package org.wqlab.ui.sequence;

/** Data keys on the sequence editor's widgets, so UI tests find real widgets without SWTBot. */
public final class WidgetIds {
    /** The key passed to {@code Widget.setData(String, Object)} (the same key as the Boards view's). */
    public static final String KEY = "org.wqlab.widget";

    public static final String TREE = "sequence.tree";
    public static final String NAME = "sequence.name";
    public static final String TRACE = "sequence.trace";
    public static final String VARIABLES = "sequence.variables";
    public static final String VARIABLE_ADD = "sequence.variables.add";
    public static final String VARIABLE_REMOVE = "sequence.variables.remove";
    public static final String ADD_TYPE = "sequence.addType";
    public static final String ADD = "sequence.add";
    public static final String ADD_INSIDE = "sequence.addInside";
    public static final String REMOVE = "sequence.remove";
    public static final String UP = "sequence.up";
    public static final String DOWN = "sequence.down";
    public static final String DUPLICATE = "sequence.duplicate";
    public static final String PROBLEMS = "sequence.problems";
    public static final String BOARD = "sequence.board";
    public static final String RUN_STATUS = "sequence.runStatus";
    /** Field controls of the selected step: {@code sequence.field.<name>} ({@code name}, {@code label}, ...). */
    public static final String FIELD_PREFIX = "sequence.field.";
    public static final String DRIVER_NOTE = "sequence.driverNote";
    /** Toolbar actions in the form header; their tool items carry these ids. */
    public static final String RUN = "org.wqlab.ui.sequence.run";
    public static final String CANCEL = "org.wqlab.ui.sequence.cancel";
    /** The Steps page's Check (the run's preflight on the board) and the label showing its findings. */
    public static final String CHECK = "sequence.check";
    public static final String PREFLIGHT = "sequence.preflight";
    public static final String PROMPT_SHELL = "sequence.manualPrompt";
    public static final String PROMPT_CONFIRM = "sequence.manualPrompt.confirm";

    private WidgetIds() {
    }

    public static String field(String name) {
        return FIELD_PREFIX + name;
    }
}
