package org.wqlab.ui.plot;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Live Plot's commands (org.eclipse.ui.commands in plugin.xml); the buttons above the plot are their
 * contributions to {@link #TOOLBAR}, each item's id the widget id tests look for.
 */
public enum LivePlotCommand {
    PAUSE("pause", PlotWidgetIds.PAUSE),
    FOLLOW("follow", PlotWidgetIds.FOLLOW),
    SHOW_ALL("showAll", PlotWidgetIds.SHOW_ALL),
    LOG_Y("logY", PlotWidgetIds.LOG_Y),
    MARK("mark", PlotWidgetIds.MARK);

    /** The category the commands are listed under in Quick Access and Preferences > Keys. */
    public static final String CATEGORY = "org.wqlab.ui.plot.commands";
    public static final String TOOLBAR = "toolbar:org.wqlab.ui.liveplot.toolbar";

    private final String name;
    private final String itemId;

    LivePlotCommand(String name, String itemId) {
        this.name = name;
        this.itemId = itemId;
    }

    public String id() {
        return "org.wqlab.ui.plot." + name;
    }

    /** The id of its toolbar item (also its data under {@link PlotWidgetIds#KEY}). */
    public String itemId() {
        return itemId;
    }

    static Optional<LivePlotCommand> named(String data) {
        return Arrays.stream(values()).filter(c -> c.name.equals(data)).findFirst();
    }
}
