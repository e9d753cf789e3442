package org.wqlab.sequence.run;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/** The remote execution providers registered as OSGi services, looked up by board kind. */
public final class RemoteExecutions {

    private RemoteExecutions() {
    }

    /** The provider for boards of {@code kind}, when an installed bundle registers one (the highest ranked wins). */
    public static Optional<RemoteExecutionProvider> forKind(String kind) {
        return installed().stream().filter(p -> p.kind().equals(kind)).findFirst();
    }

    /** Every registered provider, highest ranked first; none outside an OSGi framework. */
    public static List<RemoteExecutionProvider> installed() {
        Bundle bundle;
        try {
            bundle = FrameworkUtil.getBundle(RemoteExecutions.class);
        } catch (NoClassDefFoundError noOsgi) {
            return List.of();
        }
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        if (context == null) {
            return List.of();
        }
        try {
            Collection<ServiceReference<RemoteExecutionProvider>> refs = context
                    .getServiceReferences(RemoteExecutionProvider.class, null);
            return refs.stream().sorted(java.util.Collections.reverseOrder()).map(context::getService)
                    .filter(java.util.Objects::nonNull).toList();
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e); // no filter is given
        }
    }
}
