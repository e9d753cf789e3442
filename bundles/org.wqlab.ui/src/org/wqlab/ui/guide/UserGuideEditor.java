package org.wqlab.ui.guide;

import java.io.IOException;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Composite;
import org.wqlab.ui.ReadOnlyPage;

/** Help > wqlab User Guide: the guide, read-only, with headings, bold and code styled. */
public final class UserGuideEditor extends ReadOnlyPage {

    public static final String ID = "org.wqlab.ui.userGuide";

    private StyledText text;
    private Font heading;
    private Font subheading;

    @Override
    protected void createPage(Composite parent) {
        text = new StyledText(parent, SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL);
        text.setMargins(16, 12, 16, 12);
        text.setData("org.wqlab.widget", "userGuide.text");
        heading = derived(text.getFont(), 1.5f);
        subheading = derived(text.getFont(), 1.2f);
        try {
            show(MarkdownStyler.style(UserGuide.text()));
        } catch (IOException e) {
            text.setText(e.getMessage());
        }
    }

    private void show(MarkdownStyler.Styled styled) {
        text.setText(styled.text());
        for (MarkdownStyler.Span span : styled.spans()) {
            StyleRange r = new StyleRange();
            r.start = span.start();
            r.length = span.length();
            switch (span.kind()) {
                case HEADING -> r.font = heading;
                case SUBHEADING -> r.font = subheading;
                case BOLD -> r.fontStyle = SWT.BOLD;
                case CODE -> r.font = JFaceResources.getTextFont();
                case LINK -> r.foreground = text.getDisplay().getSystemColor(SWT.COLOR_LINK_FOREGROUND);
                case PICTURE -> r.fontStyle = SWT.ITALIC;
            }
            text.setStyleRange(r);
        }
    }

    private static Font derived(Font base, float scale) {
        FontData[] data = base.getFontData();
        for (FontData d : data) {
            d.setHeight(Math.round(d.getHeight() * scale));
            d.setStyle(SWT.BOLD);
        }
        return new Font(base.getDevice(), data);
    }

    @Override
    public void setFocus() {
        text.setFocus();
    }

    @Override
    public void dispose() {
        if (heading != null) {
            heading.dispose();
            subheading.dispose();
        }
        super.dispose();
    }
}
