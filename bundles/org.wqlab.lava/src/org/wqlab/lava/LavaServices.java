package org.wqlab.lava;

import java.util.Optional;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.wqlab.target.SecretStore;

/** The LAVA servers of the user's configuration, their tokens in the secret store the framework provides. */
final class LavaServices {

    private LavaServices() {
    }

    static LavaServers servers() throws LavaException {
        return LavaServers.atDefaultLocation(secretStore().orElseThrow(() -> new LavaException(
                "no secret store is installed to keep LAVA API tokens in (org.wqlab.target.ssh)")));
    }

    private static Optional<SecretStore> secretStore() {
        Bundle bundle = FrameworkUtil.getBundle(LavaServices.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        if (context == null) {
            return Optional.empty();
        }
        ServiceReference<SecretStore> ref = context.getServiceReference(SecretStore.class);
        return ref == null ? Optional.empty() : Optional.ofNullable(context.getService(ref));
    }
}
