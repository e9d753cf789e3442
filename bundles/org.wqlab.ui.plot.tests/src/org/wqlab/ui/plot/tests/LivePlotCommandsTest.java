package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.commands.Command;
import org.eclipse.e4.ui.model.application.ui.menu.MHandledItem;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.plot.LivePlotCommand;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.testing.QuickAccess;
import org.wqlab.ui.testing.UiWait;

/**
 * The Live Plot's buttons are commands, under Xvfb in the real workbench: its toolbar holds their contributions (Pause
 * and Log Y as toggles), Quick Access finds them, and a command run through the handler service changes the plot's
 * state and the toggle button alike, as a click on the button does (LivePlotSimulatedRunTest clicks Log Y during a
 * run and checks the axis).
 */
class LivePlotCommandsTest {
    private static final Duration UI = Duration.ofSeconds(10);

    @Test
    void theLivePlotsButtonsAreCommands() throws Exception {
        PlotHarness ui = new PlotHarness();
        LivePlotView view = ui.view;
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        ICommandService commands = window.getService(ICommandService.class);
        for (LivePlotCommand c : LivePlotCommand.values()) {
            Command command = commands.getCommand(c.id());
            assertTrue(command.isDefined() && command.isHandled(), c.id() + " is a defined, handled command");
            assertEquals(LivePlotCommand.CATEGORY, command.getCategory().getId(), c.id() + "'s category");
            assertFalse(command.getDescription() == null || command.getDescription().isBlank(), c.id());
        }

        ToolItem logY = PlotHarness.toolItem(ui.shell, PlotWidgetIds.LOG_Y);
        assertNotNull(logY, "the Log Y button");
        List<String> ids = new ArrayList<>();
        for (ToolItem item : logY.getParent().getItems()) {
            ids.add(commandId(item));
        }
        assertEquals(Arrays.stream(LivePlotCommand.values()).map(LivePlotCommand::id).toList(), ids,
                "the buttons are the commands' contributions");
        assertEquals("Log Y", logY.getText());
        assertTrue((logY.getStyle() & SWT.CHECK) != 0, "Log Y is a toggle");
        ToolItem pause = PlotHarness.toolItem(ui.shell, PlotWidgetIds.PAUSE);
        assertTrue((pause.getStyle() & SWT.CHECK) != 0, "Pause is a toggle");
        assertEquals(view.session() != null, commands.getCommand(LivePlotCommand.MARK.id()).isEnabled(),
                "Mark is enabled exactly when there is a live session");

        boolean logBefore = view.isLogY();
        execute(window, LivePlotCommand.LOG_Y.id());
        assertEquals(!logBefore, view.isLogY(), "Log Y through the handler service switched the axis");
        UiWait.until(ui.display, () -> logY.getSelection() == !logBefore, UI, "the Log Y button to show it");
        execute(window, LivePlotCommand.LOG_Y.id());
        assertEquals(logBefore, view.isLogY());
        UiWait.until(ui.display, () -> logY.getSelection() == logBefore, UI, "the Log Y button to show it again");

        assertFalse(view.isPaused());
        pause.setSelection(true);
        pause.notifyListeners(SWT.Selection, new Event());
        assertTrue(view.isPaused(), "a click on Pause pauses the plot");
        execute(window, LivePlotCommand.PAUSE.id());
        assertFalse(view.isPaused(), "Pause again through the handler service");
        UiWait.until(ui.display, () -> !pause.getSelection(), UI, "the Pause button to be released");

        Runnable ctrl3 = () -> execute(window, "org.eclipse.ui.window.quickAccess");
        QuickAccess.proposals(ui.display, ui.shell, ctrl3, "Log Y in Live Plot", "Log Y in Live Plot");
        QuickAccess.proposals(ui.display, ui.shell, ctrl3, "Show All in Live Plot", "Show All in Live Plot");
    }

    private static void execute(IWorkbenchWindow window, String commandId) {
        try {
            window.getService(IHandlerService.class).executeCommand(commandId, null);
        } catch (Exception e) {
            throw new AssertionError("executing " + commandId + ": " + e, e);
        }
    }

    private static String commandId(ToolItem item) {
        Object data = item.getData();
        if (data instanceof CommandContributionItem c) {
            return c.getCommand().getId();
        }
        if (data instanceof HandledContributionItem h && h.getModel() instanceof MHandledItem m) {
            return m.getCommand().getElementId();
        }
        throw new AssertionError("'" + item.getText() + "' is not a command contribution but " + data);
    }
}
