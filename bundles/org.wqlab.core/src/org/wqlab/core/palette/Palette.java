package org.wqlab.core.palette;

import java.util.List;

import org.wqlab.core.model.EventKind;

/**
 * The colours of the live plot, the experiment and compare editors and the reports, named by what they show. UI
 * bundles turn them into SWT colours ({@code org.wqlab.ui.plot.SwtColours}), the report into CSS hex
 * ({@link Rgb#hex()}), so a delay series, the threshold or a verdict looks the same everywhere.
 */
public final class Palette {
    /**
     * One colour per CPU (live plot) or per experiment (editors, compare, reports), in order; the Okabe-Ito set,
     * told apart with most colour-vision deficiencies. Black is last: the Live Plot's "reports" series (reports
     * without a CPU, index -1) takes it, where the pale yellow would hardly show on white.
     */
    public static final List<Rgb> SERIES = List.of(Rgb.of(0x0072b2), Rgb.of(0xd55e00), Rgb.of(0x009e73),
            Rgb.of(0xcc79a7), Rgb.of(0xe69f00), Rgb.of(0x56b4e9), Rgb.of(0xf0e442), Rgb.of(0x000000));

    /** The dashed line at the stall threshold. */
    public static final Rgb THRESHOLD = Rgb.of(0xb00020);

    /** The shaded span of a stall the analysis attributed to a work item. */
    public static final Rgb STALL_SHADE = new Rgb(255, 160, 40);
    /** The part of an attributed stall past the threshold, and a late work item's band in the timeline. */
    public static final Rgb STALL_LATE = new Rgb(220, 60, 20);
    /** The background of a work item's late part in the timeline. */
    public static final Rgb STALL_LATE_LIGHT = new Rgb(255, 214, 214);

    /** A verdict that finds no stall. */
    public static final Rgb VERDICT_NORMAL = Rgb.of(0x2e7d32);
    /** A verdict that finds a stall. */
    public static final Rgb VERDICT_STALLED = Rgb.of(0xc62828);

    /** Event markers: the USB disconnect (the run's t = 0), the reconnect, module load or unload, a sequence's mark. */
    public static final Rgb USB_DISCONNECT = new Rgb(255, 0, 0);
    public static final Rgb USB_CONNECT = new Rgb(0, 128, 0);
    /** A root hub going away with its host controller (not a device pull). */
    public static final Rgb USB_ROOT_HUB = new Rgb(160, 90, 0);
    /** A new boot in a log that holds several. */
    public static final Rgb BOOT = new Rgb(0, 0, 0);
    public static final Rgb MODULE_EVENT = new Rgb(128, 128, 128);
    public static final Rgb MARK = new Rgb(255, 0, 255);
    /** The kernel's own workqueue warnings (a CPU hog, a lockup). */
    public static final Rgb WORKQUEUE_WARNING = new Rgb(128, 0, 128);
    /** The time cursor the experiment editor's plot, events and log share. */
    public static final Rgb CURSOR = Rgb.of(0x1565c0);

    private Palette() {
    }

    /** The colour of an event's marker line on a delay chart. */
    public static Rgb marker(EventKind kind) {
        return switch (kind) {
            case USB_DISCONNECT -> USB_DISCONNECT;
            case USB_CONNECT -> USB_CONNECT;
            case MODULE_START, MODULE_STOP -> MODULE_EVENT;
            case WORKQUEUE_HOG, WORKQUEUE_LOCKUP -> WORKQUEUE_WARNING;
            case MARK -> MARK;
            case USB_ROOT_HUB_DISCONNECT -> USB_ROOT_HUB;
            case BOOT -> BOOT;
        };
    }

    /** The series colour for index {@code i} (a CPU or an experiment), repeating after {@link #SERIES}' size. */
    public static Rgb series(int i) {
        return SERIES.get(Math.floorMod(i, SERIES.size()));
    }
}
