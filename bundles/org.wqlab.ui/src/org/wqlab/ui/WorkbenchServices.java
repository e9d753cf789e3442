package org.wqlab.ui;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * The workbench's one instance of a wqlab service (a DS component: the board registry, the experiments catalog, the
 * live sessions), for code that is not an e4 part and so cannot have it injected: jobs, label providers, 3.x handlers.
 */
public final class WorkbenchServices {

    private WorkbenchServices() {
    }

    /** @throws IllegalStateException naming the service when no installed bundle provides it */
    public static <T> T get(Class<T> type) {
        BundleContext context = FrameworkUtil.getBundle(WorkbenchServices.class).getBundleContext();
        ServiceReference<T> ref = context == null ? null : context.getServiceReference(type);
        T service = ref == null ? null : context.getService(ref);
        if (service == null) {
            throw new IllegalStateException("no " + type.getName() + " service (is "
                    + FrameworkUtil.getBundle(type).getSymbolicName() + " installed and started?)");
        }
        return service;
    }
}
