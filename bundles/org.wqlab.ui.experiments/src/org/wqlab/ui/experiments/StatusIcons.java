package org.wqlab.ui.experiments;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.ImageRegistry;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.swt.graphics.Image;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.analysis.experiments.ExperimentSummary;

/** The experiment icon with a status dot: green completed, orange interrupted, red failed, unreadable or damaged. */
public final class StatusIcons {
    private static final String BUNDLE = "org.wqlab.ui.experiments";

    private StatusIcons() {
    }

    public static Image of(ExperimentSummary s) {
        return of(s.loaded() && !s.damaged() ? s.status() : ExperimentStatus.FAILED);
    }

    public static Image of(ExperimentStatus status) {
        String name = switch (status == null ? ExperimentStatus.FAILED : status) {
            case RUNNING, COMPLETED -> "completed16";
            case INTERRUPTED, CANCELLED -> "interrupted16";
            case FAILED -> "failed16";
        };
        return image(name);
    }

    public static Image image(String name) {
        ImageRegistry registry = JFaceResources.getImageRegistry();
        String key = BUNDLE + "/" + name;
        Image image = registry.get(key);
        if (image == null) {
            ImageDescriptor d = ResourceLocator.imageDescriptorFromBundle(BUNDLE, "icons/" + name + ".png")
                    .orElse(ImageDescriptor.getMissingImageDescriptor());
            registry.put(key, d);
            image = registry.get(key);
        }
        return image;
    }
}
