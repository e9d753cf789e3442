package org.wqlab.ui.lava;

import java.util.Optional;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.wqlab.lava.LavaServer;
import org.wqlab.ui.boards.WidgetIds;

/**
 * Add LAVA Server: name, URL, user, API token (kept in secure storage), and the job template of a device type (the
 * lab's deploy and boot actions) with where its devices hold latency-mon. Checks the fields as they are typed; the
 * server itself is asked in a Job after OK.
 */
final class AddLavaServerDialog extends TitleAreaDialog {

    static final String SHELL = "lava.dialog";
    static final String NAME = "lava.dialog.name";
    static final String URL = "lava.dialog.url";
    static final String USER = "lava.dialog.user";
    static final String TOKEN = "lava.dialog.token";
    static final String DEVICE_TYPE = "lava.dialog.deviceType";
    static final String TEMPLATE = "lava.dialog.template";
    static final String MODULE = "lava.dialog.module";

    private Text name;
    private Text url;
    private Text user;
    private Text token;
    private Text deviceType;
    private Text template;
    private Text module;
    private LavaServer server;
    private char[] tokenValue = new char[0];
    private boolean typed;

    AddLavaServerDialog(Shell parent) {
        super(parent);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Add LAVA Server");
        shell.setData(WidgetIds.KEY, SHELL);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        setTitle("Add a LAVA server");
        setMessage("Its device types become boards: Run on one submits the sequence as a LAVA job and follows it.");
        Composite area = (Composite) super.createDialogArea(parent);
        Composite form = new Composite(area, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(form);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(form);
        name = field(form, "Name:", NAME, "lab", "what wqlab calls the server (lava:TYPE@NAME)");
        url = field(form, "URL:", URL, "http://127.0.0.1:8000", "the server's web address");
        user = field(form, "User:", USER, "", "the LAVA user the token belongs to");
        token = new Text(labelled(form, "API token:"), SWT.BORDER | SWT.PASSWORD);
        place(token, TOKEN, "kept in secure storage, never in a workspace file");
        deviceType = field(form, "Device type:", DEVICE_TYPE, "qemu", "the device type of the job template");
        template = new Text(labelled(form, "Job template:"), SWT.BORDER);
        template.setData(WidgetIds.KEY, TEMPLATE);
        template.setToolTipText("a YAML job with the lab's deploy and boot actions for that device type");
        GridDataFactory.fillDefaults().grab(true, false).hint(360, SWT.DEFAULT).applyTo(template);
        Button browse = new Button(form, SWT.PUSH);
        browse.setText("Browse...");
        browse.addListener(SWT.Selection, e -> {
            FileDialog files = new FileDialog(getShell(), SWT.OPEN);
            files.setFilterExtensions(new String[] { "*.yaml;*.yml", "*" });
            String chosen = files.open();
            if (chosen != null) {
                template.setText(chosen);
            }
        });
        module = field(form, "latency-mon on the devices:", MODULE, LavaServer.DEFAULT_MODULE,
                "where the lab's images hold the module");
        for (Text t : new Text[] { name, url, user, token, deviceType, template, module }) {
            t.addListener(SWT.Modify, e -> {
                typed = true;
                check();
            });
        }
        return area;
    }

    private Composite labelled(Composite form, String label) {
        new Label(form, SWT.NONE).setText(label);
        return form;
    }

    private Text field(Composite form, String label, String id, String initial, String help) {
        Text t = new Text(labelled(form, label), SWT.BORDER);
        t.setText(initial);
        place(t, id, help);
        return t;
    }

    private static void place(Text t, String id, String help) {
        t.setData(WidgetIds.KEY, id);
        t.setToolTipText(help);
        t.setMessage(help);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).hint(420, SWT.DEFAULT).applyTo(t);
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        getButton(IDialogConstants.OK_ID).setText("Add");
        check();
    }

    private LavaServerInput.Result read() {
        return new LavaServerInput(name.getText(), url.getText(), user.getText(), token.getTextChars(),
                deviceType.getText(), template.getText(), module.getText()).read();
    }

    private void check() {
        if (getButton(IDialogConstants.OK_ID) == null) {
            return;
        }
        LavaServerInput.Result r = read();
        // what is still missing is said once the user has typed: a new dialog opens with its message, not an error
        setErrorMessage(r.problem().isEmpty() || !typed ? null : r.problem());
        getButton(IDialogConstants.OK_ID).setEnabled(r.server().isPresent());
    }

    @Override
    protected void okPressed() {
        LavaServerInput.Result r = read();
        if (r.server().isEmpty()) {
            setErrorMessage(r.problem());
            return;
        }
        server = r.server().get();
        tokenValue = token.getTextChars();
        super.okPressed();
    }

    /** The server added, once Add was pressed. */
    Optional<LavaServer> server() {
        return Optional.ofNullable(server);
    }

    /** The token typed (Add pressed); the caller clears it once it is stored. */
    char[] token() {
        return tokenValue;
    }

    @Override
    protected boolean isResizable() {
        return true;
    }
}
