package org.wqlab.ide.driver;

import java.nio.file.Path;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.PlatformUI;

/**
 * Started by the IDE after its window opens: with {@code -Dwqlab.ide.scenario=DIR} it walks wqlab's parts in the
 * IDE on the UI thread ({@link Scenario}), writes what it found to {@code DIR/report.properties} and closes the IDE;
 * without the property it does nothing.
 */
public final class ScenarioStartup implements IStartup {
    public static final String PROPERTY = "wqlab.ide.scenario";

    @Override
    public void earlyStartup() {
        String dir = System.getProperty(PROPERTY);
        if (dir == null) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> new Scenario(Path.of(dir), display).runAndClose());
    }
}
