package org.wqlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;

import org.eclipse.core.runtime.IProduct;
import org.eclipse.core.runtime.Platform;
import org.junit.jupiter.api.Test;

/** The product defined by org.wqlab.app: id, application, and branding images that really load. */
class ProductBrandingTest {

    @Test
    void productIsWqlabRunningTheWorkbenchApplication() {
        IProduct product = Platform.getProduct();
        assertNotNull(product, "no product is running");
        assertEquals("org.wqlab.app.product", product.getId());
        assertEquals("org.wqlab.ui.application", product.getApplication());
        assertEquals("wqlab", product.getName());
        assertEquals("org.wqlab.app", product.getDefiningBundle().getSymbolicName());
    }

    @Test
    void everyWindowImageOfTheProductIsAPng() throws Exception {
        IProduct product = Platform.getProduct();
        String[] images = product.getProperty("windowImages").split(",");
        assertEquals(4, images.length);
        for (String path : images) {
            URL url = product.getDefiningBundle().getEntry(path);
            assertNotNull(url, "missing window image " + path);
            try (InputStream in = url.openStream()) {
                byte[] header = in.readNBytes(8);
                assertTrue(header.length == 8 && header[1] == 'P' && header[2] == 'N' && header[3] == 'G',
                        path + " is not a PNG");
            }
        }
    }

    @Test
    void aboutShowsTheVersionAndBuildIdOfThisBuild() throws Exception {
        IProduct product = Platform.getProduct();
        assertTrue(product.getProperty("aboutText").contains("Version: {0}\nBuild id: {1}"),
                product.getProperty("aboutText"));
        URL url = product.getDefiningBundle().getEntry("about.mappings");
        assertNotNull(url, "about.mappings fills {0} and {1}");
        java.util.Properties mappings = new java.util.Properties();
        try (InputStream in = url.openStream()) {
            mappings.load(in);
        }
        org.osgi.framework.Version version = product.getDefiningBundle().getVersion();
        assertEquals(version.getMajor() + "." + version.getMinor() + "." + version.getMicro(),
                mappings.getProperty("0"));
        assertEquals(version.getQualifier(), mappings.getProperty("1"), "the build id is the bundle's qualifier");
        assertTrue(mappings.getProperty("1").matches("\\d{12}"), "a build timestamp: " + mappings.getProperty("1"));
    }
}
