package org.wqlab.ui.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Shell;

/**
 * The window shown the moment the application starts, until the workbench window is open: the product's name,
 * version and what start-up is doing. (The Equinox launcher's own splash needs its native part, which is not on
 * Maven Central.)
 */
public final class StartupSplash {

    /** What the last splash showed, for the UI tests: each status line, and whether it was closed. */
    public record Record(List<String> statuses, boolean closed) {
    }

    private static volatile Record last = new Record(List.of(), false);

    private final Shell shell;
    private final Label status;
    private final Image icon;
    private final Font title;
    private final List<String> statuses = new CopyOnWriteArrayList<>();

    StartupSplash(Display display) {
        shell = new Shell(display, SWT.NO_TRIM | SWT.ON_TOP);
        shell.setText("wqlab");
        GridLayoutFactory.swtDefaults().numColumns(2).margins(24, 20).spacing(16, 8).applyTo(shell);
        icon = loadIcon(display);
        Label image = new Label(shell, SWT.NONE);
        image.setImage(icon);
        GridDataFactory.fillDefaults().span(1, 2).applyTo(image);
        Label name = new Label(shell, SWT.NONE);
        title = bold(name.getFont(), 1.8f);
        name.setFont(title);
        name.setText("wqlab");
        Label what = new Label(shell, SWT.NONE);
        what.setText("workqueue latency lab, version " + version());
        ProgressBar progress = new ProgressBar(shell, SWT.INDETERMINATE | SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(380, SWT.DEFAULT).applyTo(progress);
        status = new Label(shell, SWT.NONE);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(status);
        status("Starting");
        shell.pack();
        Rectangle screen = display.getPrimaryMonitor().getBounds();
        Rectangle size = shell.getBounds();
        shell.setLocation(screen.x + (screen.width - size.width) / 2, screen.y + (screen.height - size.height) / 2);
        shell.open();
        while (display.readAndDispatch()) {
            // paint it before start-up goes on
        }
    }

    /** Shows what start-up does now. Call on the UI thread. */
    void status(String text) {
        statuses.add(text);
        last = new Record(List.copyOf(statuses), false);
        if (!shell.isDisposed()) {
            status.setText(text + "...");
            shell.update();
        }
    }

    void close() {
        if (!shell.isDisposed()) {
            shell.dispose();
        }
        if (icon != null) {
            icon.dispose();
        }
        title.dispose();
        last = new Record(List.copyOf(statuses), true);
    }

    public static Record last() {
        return last;
    }

    private static String version() {
        var bundle = Platform.getBundle("org.wqlab.ui");
        return bundle == null ? "?" : bundle.getVersion().toString();
    }

    private static Image loadIcon(Display display) {
        try (InputStream in = StartupSplash.class.getResourceAsStream("/icons/wqlab16.png")) {
            if (in == null) {
                return null;
            }
            Image small = new Image(display, in);
            Image large = new Image(display, small.getImageData().scaledTo(64, 64));
            small.dispose();
            return large;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Font bold(Font base, float scale) {
        FontData[] data = base.getFontData();
        for (FontData d : data) {
            d.setHeight(Math.round(d.getHeight() * scale));
            d.setStyle(SWT.BOLD);
        }
        return new Font(base.getDevice(), data);
    }
}
