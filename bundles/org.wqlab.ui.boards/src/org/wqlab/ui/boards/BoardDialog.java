package org.wqlab.ui.boards;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/**
 * Adds or edits a board profile. Every field is checked as it is typed; the message names the field and OK stays
 * disabled until all are valid. Not modal-blocking: {@code onOk} gets the profile and the password typed (or null),
 * and returns null when it was saved or an error message to show (the dialog then stays open).
 */
final class BoardDialog extends TitleAreaDialog {

    private final BoardEntry initialEntry;
    private final BoardProfile initial;
    private final List<BoardKindProvider> kinds;
    private BoardKindProvider kind;
    /** A kind wqlab starts (the built-in simulated board, the QEMU virtual board): only some fields change. */
    private boolean builtIn;
    private final Set<String> takenNames;
    private final String initialUsbDriver;
    private final Function<Result, String> onOk;
    private static final String GENERAL_MESSAGE = "How wqlab reaches the board over SSH. Passwords go to secure"
            + " storage, never into the profile.";

    /**
     * What the dialog gives back: the profile, a new password or passphrase (or null), the USB driver id, the board's
     * kind and the values of the settings that kind adds (see BoardKindProvider#fields).
     */
    record Result(BoardProfile profile, char[] secret, String usbDriver, BoardKindProvider kind,
            Map<String, String> fieldValues) {
    }

    private Text name;
    private Text host;
    private Text port;
    private Text user;
    private Combo auth;
    private Text keyFile;
    private Text password;
    private Text jumpHost;
    private Combo hostKeyPolicy;
    private Combo kindChoice;
    private Combo usbDriver;
    private Button browse;
    private Composite form;
    /** The controls that depend on the kind: the USB driver's and the kind's own settings, recreated on a change. */
    private final List<Control> kindControls = new ArrayList<>();
    private final Map<BoardField, Combo> fieldCombos = new LinkedHashMap<>();
    private final List<String> usbDriverIds = new ArrayList<>();
    /** An empty new form shows no error until the user types. */
    private boolean touched;

    /**
     * @param entry the board to edit, or null to add one
     * @param kinds the board's kind when editing; the kinds users may add (the first preselected) when adding
     * @param onOk applies the result; returns an error message, or null when done
     */
    BoardDialog(Shell parent, BoardEntry entry, List<BoardKindProvider> kinds, Set<String> takenNames,
            Function<Result, String> onOk) {
        super(parent);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("no board kind to add or edit");
        }
        this.initialEntry = entry;
        this.initial = entry == null ? null : entry.profile();
        this.initialUsbDriver = entry == null ? "" : entry.usbDriver();
        this.kinds = List.copyOf(kinds);
        this.kind = kinds.get(0);
        this.builtIn = !kind.profileEditable();
        this.takenNames = takenNames;
        this.onOk = onOk;
        setBlockOnOpen(false);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(initial == null ? "Add Board" : "Edit Board");
        shell.setData(WidgetIds.KEY, WidgetIds.DIALOG_SHELL);
    }

    @Override
    protected boolean isResizable() {
        return true;
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(initial == null ? "Add a board" : "Edit board '" + initial.name() + "'");
        setMessage(GENERAL_MESSAGE);
        Composite c = new Composite(area, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(c);
        GridLayoutFactory.swtDefaults().numColumns(3).margins(10, 10).applyTo(c);
        form = c;

        if (kinds.size() > 1) {
            new Label(c, SWT.NONE).setText("Kin&d:");
            kindChoice = new Combo(c, SWT.READ_ONLY);
            kindChoice.setData(WidgetIds.KEY, WidgetIds.DIALOG_KIND);
            kinds.forEach(k -> kindChoice.add(k.displayName()));
            kindChoice.select(0);
            GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(kindChoice);
            kindChoice.addListener(SWT.Selection, e -> kindChanged());
        }
        name = text(c, "&Name:", WidgetIds.DIALOG_NAME, SWT.BORDER);
        host = text(c, "&Host or ~/.ssh/config alias:", WidgetIds.DIALOG_HOST, SWT.BORDER);
        port = text(c, "&Port (empty: from config, else 22):", WidgetIds.DIALOG_PORT, SWT.BORDER);
        user = text(c, "&User (empty: from config):", WidgetIds.DIALOG_USER, SWT.BORDER);

        new Label(c, SWT.NONE).setText("&Authentication:");
        auth = new Combo(c, SWT.READ_ONLY);
        auth.setItems(Arrays.stream(AuthMethod.values()).map(ProfileWords::of).toArray(String[]::new));
        auth.setData(WidgetIds.KEY, WidgetIds.DIALOG_AUTH);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(auth);

        new Label(c, SWT.NONE).setText("&Key file:");
        keyFile = new Text(c, SWT.BORDER);
        keyFile.setData(WidgetIds.KEY, WidgetIds.DIALOG_KEY_FILE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(keyFile);
        browse = new Button(c, SWT.PUSH);
        browse.setText("&Browse...");
        browse.addListener(SWT.Selection, e -> {
            FileDialog fd = new FileDialog(getShell(), SWT.OPEN);
            fd.setFilterPath(Path.of(System.getProperty("user.home"), ".ssh").toString());
            String chosen = fd.open();
            if (chosen != null) {
                keyFile.setText(chosen);
            }
        });

        password = text(c, "Pass&word / passphrase:", WidgetIds.DIALOG_PASSWORD, SWT.BORDER | SWT.PASSWORD);
        password.setMessage(initial == null ? "optional" : "empty: keep the stored one");
        jumpHost = text(c, "&Jump host ([user@]host[:port]):", WidgetIds.DIALOG_JUMP, SWT.BORDER);

        new Label(c, SWT.NONE).setText("Unknown host &keys:");
        hostKeyPolicy = new Combo(c, SWT.READ_ONLY);
        hostKeyPolicy.setItems(ProfileWords.of(HostKeyPolicy.ASK), ProfileWords.of(HostKeyPolicy.REFUSE_UNKNOWN),
                ProfileWords.of(HostKeyPolicy.ACCEPT_NEW));
        hostKeyPolicy.setData(WidgetIds.KEY, WidgetIds.DIALOG_HOST_KEY_POLICY);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(hostKeyPolicy);

        createKindControls(initialEntry == null ? Map.of() : kind.fieldValues(initialEntry));

        BoardProfile p = initial;
        name.setText(p == null ? "" : p.name());
        host.setText(p == null ? "" : p.host());
        port.setText(p == null || p.port() == 0 ? "" : Integer.toString(p.port()));
        user.setText(p == null ? "" : p.user());
        auth.select((p == null ? AuthMethod.AUTO : p.auth()).ordinal());
        keyFile.setText(p == null || p.keyFile() == null ? "" : p.keyFile().toString());
        jumpHost.setText(p == null || p.jumpHost() == null ? "" : p.jumpHost());
        HostKeyPolicy policy = p == null ? HostKeyPolicy.ASK : p.hostKeyPolicy();
        hostKeyPolicy.select(switch (policy) {
            case ASK -> 0;
            case REFUSE_UNKNOWN -> 1;
            case ACCEPT_NEW -> 2;
        });
        showKind();
        for (Control t : new Control[] { name, host, port, user, keyFile, jumpHost }) {
            t.addListener(SWT.Modify, e -> {
                touched = true;
                validate();
            });
        }
        auth.addListener(SWT.Selection, e -> validate());
        touched = initial != null;
        return area;
    }

    /**
     * The kind's part of the form, at its end: the USB disconnect driver (the kind's default first) and the settings
     * the kind adds, each a choice.
     */
    private void createKindControls(Map<String, String> values) {
        Composite c = form;
        Label usbLabel = new Label(c, SWT.NONE);
        usbLabel.setText("USB &disconnect:");
        usbDriver = new Combo(c, SWT.READ_ONLY);
        usbDriver.setData(WidgetIds.KEY, WidgetIds.DIALOG_USB_DRIVER);
        usbDriverIds.clear();
        usbDriverIds.add("");
        usbDriver.add(kind.defaultUsbDriverLabel());
        for (UsbDisconnectDriver d : UsbDrivers.installed().all()) {
            if (d.id().equals(UsbDriverIds.MANUAL) && kind.defaultUsbDriver().equals(UsbDriverIds.MANUAL)) {
                continue;
            }
            usbDriverIds.add(d.id());
            usbDriver.add(d.id() + (d.reproducesStall() ? "" : " (control run: does not reproduce the stall)"));
        }
        usbDriver.select(Math.max(0, usbDriverIds.indexOf(initialUsbDriver)));
        usbDriver.setToolTipText("What a sequence's 'board' USB driver does on this board");
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(usbDriver);
        kindControls.add(usbLabel);
        kindControls.add(usbDriver);

        fieldCombos.clear();
        for (BoardField field : kind.fields()) {
            Label label = new Label(c, SWT.NONE);
            label.setText(field.label());
            Combo combo = new Combo(c, SWT.READ_ONLY);
            combo.setData(WidgetIds.KEY, WidgetIds.DIALOG_FIELD_PREFIX + field.id());
            field.choices().forEach(choice -> combo.add(choice.label()));
            combo.select(field.indexOf(values.getOrDefault(field.id(), field.choices().get(0).value())));
            combo.setToolTipText(field.help());
            GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(combo);
            fieldCombos.put(field, combo);
            kindControls.add(label);
            kindControls.add(combo);
        }
    }

    /** Another kind chosen (Add): its USB drivers and settings replace the last one's, its fixed fields disable. */
    private void kindChanged() {
        kind = kinds.get(Math.max(0, kindChoice.getSelectionIndex()));
        builtIn = !kind.profileEditable();
        kindControls.forEach(Control::dispose);
        kindControls.clear();
        createKindControls(Map.of());
        showKind();
        form.layout(true, true);
        getShell().setSize(getShell().computeSize(getShell().getSize().x, SWT.DEFAULT));
        validate();
    }

    /** Enables what the user may change on such a board, and says what the kind says about it. */
    private void showKind() {
        for (Control fixed : new Control[] { host, port, user, auth, keyFile, browse, password, jumpHost,
                hostKeyPolicy }) {
            fixed.setEnabled(!builtIn);
        }
        usbDriver.setEnabled(!builtIn || kind.usbDriverSelectable());
        setMessage(kind.dialogMessage().orElse(GENERAL_MESSAGE));
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        getButton(IDialogConstants.OK_ID).setData(WidgetIds.KEY, WidgetIds.DIALOG_OK);
        validate();
    }

    private Text text(Composite c, String label, String id, int style) {
        new Label(c, SWT.NONE).setText(label);
        Text t = new Text(c, style);
        t.setData(WidgetIds.KEY, id);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).hint(320, SWT.DEFAULT).applyTo(t);
        return t;
    }

    /** @return the profile, or null when a field is invalid (the message names it) */
    private BoardProfile validate() {
        String error = problem();
        setErrorMessage(touched ? error : null);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(error == null);
        }
        return error == null ? profile() : null;
    }

    private String problem() {
        String n = name.getText().strip();
        if (n.isEmpty()) {
            return "Name: must not be empty";
        }
        if (!n.equals(initial == null ? null : initial.name()) && takenNames.contains(n)) {
            return "Name: a board named '" + n + "' already exists";
        }
        if (builtIn) {
            return null;
        }
        String h = host.getText().strip();
        if (h.isEmpty()) {
            return "Host: must not be empty";
        }
        if (h.chars().anyMatch(ch -> Character.isWhitespace(ch) || ch == '@')) {
            return "Host: no spaces or '@' (put the user name into the User field)";
        }
        String p = port.getText().strip();
        if (!p.isEmpty()) {
            int value;
            try {
                value = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                return "Port: must be a number from 1 to 65535, was '" + p + "'";
            }
            if (value < 1 || value > 65535) {
                return "Port: must be from 1 to 65535, was " + value;
            }
        }
        if (user.getText().strip().chars().anyMatch(Character::isWhitespace)) {
            return "User: must not contain spaces";
        }
        String k = keyFile.getText().strip();
        if (!k.isEmpty() && !Files.isRegularFile(Path.of(k))) {
            return "Key file: no such file: " + k;
        }
        if (selectedAuth() == AuthMethod.PUBLIC_KEY && k.isEmpty()) {
            return "Key file: public-key login needs a key file";
        }
        if (jumpHost.getText().strip().chars().anyMatch(Character::isWhitespace)) {
            return "Jump host: must not contain spaces";
        }
        return null;
    }

    private AuthMethod selectedAuth() {
        return AuthMethod.values()[Math.max(0, auth.getSelectionIndex())];
    }

    private BoardProfile profile() {
        String n = name.getText().strip();
        if (builtIn) {
            // a kind that fills the profile in at start: what it was, or a placeholder it replaces
            BoardProfile p = initial != null ? initial : BoardProfile.of(n, "127.0.0.1", 0, "");
            return new BoardProfile(n, p.host(), p.port(), p.user(), p.auth(), p.keyFile(), p.jumpHost(),
                    p.hostKeyPolicy(), p.connectTimeout(), p.keepAliveInterval());
        }
        String p = port.getText().strip();
        String k = keyFile.getText().strip();
        HostKeyPolicy policy = switch (hostKeyPolicy.getSelectionIndex()) {
            case 1 -> HostKeyPolicy.REFUSE_UNKNOWN;
            case 2 -> HostKeyPolicy.ACCEPT_NEW;
            default -> HostKeyPolicy.ASK;
        };
        return new BoardProfile(n, host.getText().strip(), p.isEmpty() ? 0 : Integer.parseInt(p),
                user.getText().strip(), selectedAuth(), k.isEmpty() ? null : Path.of(k), jumpHost.getText().strip(),
                policy, initial == null ? null : initial.connectTimeout(),
                initial == null ? null : initial.keepAliveInterval());
    }

    @Override
    protected void okPressed() {
        BoardProfile profile = validate();
        if (profile == null) {
            return;
        }
        char[] secret = builtIn || password.getText().isEmpty() ? null : password.getText().toCharArray();
        String error;
        try {
            Map<String, String> values = new LinkedHashMap<>();
            fieldCombos.forEach((field, combo) -> values.put(field.id(),
                    field.choices().get(Math.max(0, combo.getSelectionIndex())).value()));
            error = onOk.apply(new Result(profile, secret,
                    usbDriverIds.get(Math.max(0, usbDriver.getSelectionIndex())), kind, values));
        } finally {
            if (secret != null) {
                Arrays.fill(secret, '\0');
            }
        }
        if (error != null) {
            setErrorMessage(error);
            return;
        }
        password.setText("");
        super.okPressed();
    }
}
