package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.e4.ui.model.application.ui.MUIElement;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.model.application.ui.basic.MPartStack;
import org.eclipse.e4.ui.model.application.ui.basic.MWindow;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Scrollable;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPartReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wqlab.ui.testing.UiWait;

/**
 * Every control of every wqlab part of the default perspective, at the default window size and at 1280x800, lies
 * inside its part's visible area, or inside something that scrolls to it; the editor area is the largest region.
 */
class DefaultLayoutTest {

    @ParameterizedTest
    @CsvSource({ "1440, 900", "1280, 800" })
    void nothingIsClippedWithoutAWayToScrollToIt(int width, int height) throws Exception {
        EditorHarness ui = new EditorHarness();
        ui.shell.setMaximized(false);
        ui.page.resetPerspective();
        ui.shell.setBounds(0, 0, width, height);
        UiWait.settle(ui.display);
        ui.shell.layout(true, true);
        UiWait.settle(ui.display);
        List<String> clipped = new ArrayList<>();
        List<IWorkbenchPartReference> parts = new ArrayList<>(List.of(ui.page.getViewReferences()));
        parts.addAll(List.of(ui.page.getEditorReferences()));
        for (IWorkbenchPartReference ref : parts) {
            if (ref.getId().startsWith("org.wqlab") && ref.getPart(false) != null
                    && ui.page.isPartVisible(ref.getPart(false))) {
                Control root = partControl(ref);
                if (root != null) {
                    walk(ref, root, visible(root), clipped);
                }
            }
        }
        ui.capture("layout-" + width + "x" + height + ".png", data -> true);
        String largest = largerThanTheEditorArea(ui);
        ui.shell.setMaximized(true);
        UiWait.settle(ui.display);
        assertTrue(clipped.isEmpty(), width + "x" + height + ": clipped without a scrollbar:\n"
                + String.join("\n", clipped));
        assertTrue(largest.isEmpty(), width + "x" + height + ": larger than the editor area: " + largest);
    }

    /** The view stacks of the window that take more room than the editor area, with their sizes ("" if none). */
    private static String largerThanTheEditorArea(EditorHarness ui) {
        MWindow window = ui.window.getService(MWindow.class);
        EModelService models = ui.window.getService(EModelService.class);
        MUIElement area = models.find(IPageLayout.ID_EDITOR_AREA, window);
        Point editors = area != null && area.getWidget() instanceof Control c ? c.getSize() : new Point(0, 0);
        if (editors.x * editors.y == 0) {
            return "no editor area shown";
        }
        List<String> larger = new ArrayList<>();
        for (MPartStack stack : models.findElements(window, null, MPartStack.class, null)) {
            if (stack.isToBeRendered() && stack.isVisible() && stack.getWidget() instanceof Control c
                    && c.isVisible() && !isInside(c, (Control) area.getWidget())) {
                Point size = c.getSize();
                if (size.x * size.y > editors.x * editors.y) {
                    String part = stack.getSelectedElement() == null ? stack.getElementId()
                            : stack.getSelectedElement().getElementId();
                    larger.add(part + " " + size.x + "x" + size.y);
                }
            }
        }
        return larger.isEmpty() ? "" : String.join(", ", larger) + " (editor area " + editors.x + "x" + editors.y + ")";
    }

    private static boolean isInside(Control c, Control ancestor) {
        for (Control p = c; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The part's own composite: the widget of its model element. */
    private static Control partControl(IWorkbenchPartReference ref) {
        var part = ref.getPart(false);
        MPart model = part == null ? null : part.getSite().getService(MPart.class);
        return model != null && model.getWidget() instanceof Control c ? c : null;
    }

    /** The area of {@code c} on the display that is not cut off by any ancestor up to the part. */
    private static Rectangle visible(Control c) {
        // from the parent: on GTK a tree's or search field's own origin is its client area (below the header)
        Point p = c.getParent() == null ? c.toDisplay(0, 0) : c.getParent().toDisplay(c.getLocation());
        Point size = c.getSize();
        return new Rectangle(p.x, p.y, size.x, size.y);
    }

    private static void walk(IWorkbenchPartReference ref, Control c, Rectangle area, List<String> clipped) {
        if (!c.isVisible()) {
            return;
        }
        Rectangle own = visible(c);
        if (own.width > 0 && own.height > 0 && !contains(area, own)) {
            clipped.add(ref.getPartName() + ": " + describe(c) + " at " + own + " outside " + area);
            return;
        }
        if (c instanceof ScrolledComposite sc && sc.getContent() != null) {
            scrollsToAll(ref, sc, clipped);
            return;
        }
        if (scrolls(c)) {
            return;
        }
        if (c instanceof Composite comp) {
            Rectangle inner = own.intersection(area);
            for (Control child : comp.getChildren()) {
                walk(ref, child, inner, clipped);
            }
        }
    }

    /** A scrolled composite shows a scrollbar wherever its content needs more room than it has. */
    private static void scrollsToAll(IWorkbenchPartReference ref, ScrolledComposite sc, List<String> clipped) {
        Control content = sc.getContent();
        Rectangle client = sc.getClientArea();
        Point needed = content.computeSize(SWT.DEFAULT, SWT.DEFAULT);
        boolean scrollsSideways = sc.getHorizontalBar() != null && sc.getHorizontalBar().getVisible();
        if (!scrollsSideways) {
            // the content is laid out at the width shown (wrapped text takes fewer lines when wider): its height
            // there is what must fit or scroll
            needed = new Point(needed.x, content.computeSize(client.width, SWT.DEFAULT).y);
        }
        if (needed.x > client.width + 1 && (sc.getHorizontalBar() == null || !sc.getHorizontalBar().getVisible())) {
            clipped.add(ref.getPartName() + ": content needs " + needed.x + " px wide, shows " + client.width
                    + " px and no horizontal scrollbar");
        }
        if (needed.y > client.height + 1 && (sc.getVerticalBar() == null || !sc.getVerticalBar().getVisible())) {
            clipped.add(ref.getPartName() + ": content needs " + needed.y + " px high, shows " + client.height
                    + " px and no vertical scrollbar");
        }
        Rectangle whole = visible(content);
        if (content instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                walk(ref, child, whole, clipped);
            }
        }
    }

    private static boolean scrolls(Control c) {
        return c instanceof ScrolledComposite
                || (c instanceof Scrollable s && (s.getStyle() & (SWT.V_SCROLL | SWT.H_SCROLL)) != 0
                        && !(c instanceof org.eclipse.swt.widgets.Text t && (t.getStyle() & SWT.SINGLE) != 0));
    }

    private static boolean contains(Rectangle outer, Rectangle inner) {
        // one pixel of slack: borders and GTK's rounding
        return inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1
                && inner.y + inner.height <= outer.y + outer.height + 1;
    }

    private static String describe(Control c) {
        Object id = c.getData("org.wqlab.widget");
        String text = c instanceof org.eclipse.swt.widgets.Label l ? l.getText()
                : c instanceof org.eclipse.swt.widgets.Button b ? b.getText() : "";
        return c.getClass().getSimpleName() + (id != null ? " " + id : "") + (text.isEmpty() ? "" : " '" + text + "'");
    }
}
