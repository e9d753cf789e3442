package org.wqlab.ui.kmod;

import java.io.IOException;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.wqlab.kmod.LoadRequest;

/**
 * How latency-mon is built and where it goes on the board, kept in the workspace's preferences (instance scope), so
 * the Kernel Module view and the preference page show the same values and they survive restarts.
 */
public final class KmodBuildPreferences {
    public static final String KERNEL_BUILD_DIR = "kernelBuildDir";
    public static final String ARCH = "arch";
    public static final String CROSS_COMPILE = "crossCompile";
    public static final String REMOTE_DIR = "remoteDir";

    private static final String QUALIFIER = "org.wqlab.ui.kmod";
    private static ScopedPreferenceStore store;

    private KmodBuildPreferences() {
    }

    public static synchronized IPreferenceStore store() {
        if (store == null) {
            store = new ScopedPreferenceStore(InstanceScope.INSTANCE, QUALIFIER);
            store.setDefault(KERNEL_BUILD_DIR, "");
            store.setDefault(ARCH, "arm64");
            store.setDefault(CROSS_COMPILE, "aarch64-linux-gnu-");
            store.setDefault(REMOTE_DIR, LoadRequest.DEFAULT_REMOTE_DIR);
        }
        return store;
    }

    /** Stores a value typed in the view; saved at once, so a crash loses nothing. */
    static void remember(String key, String value) {
        IPreferenceStore preferences = store();
        if (!value.equals(preferences.getString(key))) {
            preferences.setValue(key, value);
            try {
                ((ScopedPreferenceStore) preferences).save();
            } catch (IOException e) {
                ILog.of(KmodBuildPreferences.class)
                        .warn("Could not save the kernel module build preferences: " + e.getMessage());
            }
        }
    }
}
