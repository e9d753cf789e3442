package org.wqlab.ui.boards.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Shell;

/** PNG screenshots of what the test saw, taken from the screen with SWT itself (as in org.wqlab.ui.tests). */
final class Screenshots {
    private Screenshots() {
    }

    static Path directory() throws IOException {
        Path dir = Path.of(System.getProperty("wqlab.screenshot.dir", "target/screenshots"));
        Files.createDirectories(dir);
        return dir;
    }

    static ImageData capture(Shell shell, Path file) {
        Rectangle bounds = shell.getBounds();
        Image image = new Image(shell.getDisplay(), bounds.width, bounds.height);
        GC gc = new GC(shell.getDisplay());
        try {
            gc.copyArea(image, bounds.x, bounds.y);
        } finally {
            gc.dispose();
        }
        try {
            ImageData data = image.getImageData();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { data };
            loader.save(file.toString(), SWT.IMAGE_PNG);
            return data;
        } finally {
            image.dispose();
        }
    }
}
