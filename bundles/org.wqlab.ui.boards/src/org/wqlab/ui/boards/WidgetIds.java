package org.wqlab.ui.boards;

/** Data keys on the Boards view's widgets, so UI tests find real widgets without SWTBot. */
public final class WidgetIds {
    /** The key passed to {@code Widget.setData(String, Object)}; the value is one of the ids below. */
    public static final String KEY = "org.wqlab.widget";

    public static final String TREE = "boards.tree";
    public static final String ERROR = "boards.error";
    public static final String DIALOG_SHELL = "board.dialog";
    public static final String DIALOG_NAME = "board.dialog.name";
    public static final String DIALOG_HOST = "board.dialog.host";
    public static final String DIALOG_PORT = "board.dialog.port";
    public static final String DIALOG_USER = "board.dialog.user";
    public static final String DIALOG_AUTH = "board.dialog.auth";
    public static final String DIALOG_KEY_FILE = "board.dialog.keyFile";
    public static final String DIALOG_PASSWORD = "board.dialog.password";
    public static final String DIALOG_JUMP = "board.dialog.jumpHost";
    public static final String DIALOG_HOST_KEY_POLICY = "board.dialog.hostKeyPolicy";
    public static final String DIALOG_USB_DRIVER = "board.dialog.usbDriver";
    /** A setting a board kind adds (BoardKindProvider#fields): this prefix and the field id. */
    public static final String DIALOG_FIELD_PREFIX = "board.dialog.";
    public static final String DIALOG_KIND = "board.dialog.kind";
    public static final String DIALOG_ARCH = DIALOG_FIELD_PREFIX + "arch";
    public static final String DIALOG_IRQ_CPU = DIALOG_FIELD_PREFIX + "irqCpu";
    public static final String DIALOG_OK = "board.dialog.ok";
    public static final String HOST_KEY_SHELL = "board.hostkey";

    /** Action ids; the toolbar's items carry them as data under {@link #KEY}. */
    public static final String ADD = "org.wqlab.ui.boards.add";
    public static final String EDIT = "org.wqlab.ui.boards.edit";
    public static final String DUPLICATE = "org.wqlab.ui.boards.duplicate";
    public static final String REMOVE = "org.wqlab.ui.boards.remove";
    public static final String CONNECT = "org.wqlab.ui.boards.connect";
    public static final String DISCONNECT = "org.wqlab.ui.boards.disconnect";
    /** The QEMU virtual board kind's actions (BoardKindProvider#actions); their items carry the action id. */
    public static final String BUILD_VM = "org.wqlab.boards.vboard.build";
    public static final String STOP_VM = "org.wqlab.boards.vboard.stop";

    private WidgetIds() {
    }
}
