package org.wqlab.ui.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Shell;

/** For UI tests of every wqlab UI bundle (not shipped in the product). PNG screenshots of what a UI test saw, taken from the screen with SWT itself. */
public final class Screenshots {
    private Screenshots() {
    }

    public static Path directory() throws IOException {
        Path dir = Path.of(System.getProperty("wqlab.screenshot.dir", "target/screenshots"));
        Files.createDirectories(dir);
        return dir;
    }

    /** Saves the shell as it is on screen; returns the image data so a test can check what was drawn. */
    public static ImageData capture(Shell shell, Path file) {
        UiWait.settle(shell.getDisplay());
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

    /** Number of distinct pixel values, sampled on a grid: a blank or unpainted window has very few. */
    public static int distinctColours(ImageData data) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < data.height; y += 4) {
            for (int x = 0; x < data.width; x += 4) {
                colours.add(data.getPixel(x, y));
            }
        }
        return colours.size();
    }
}
