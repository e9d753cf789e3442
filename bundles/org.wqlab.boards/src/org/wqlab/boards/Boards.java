package org.wqlab.boards;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.Platform;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;
import org.wqlab.services.InstalledServices;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.SecretStore;

/**
 * The workbench's board registry, an OSGi service (a DS component, see OSGI-INF; parts get it by injection):
 * boards file in the workspace ({@code <workspace>/.metadata/.plugins/org.wqlab.boards/boards.json}), the SSH
 * transport and secret store from the OSGi service registry, and every board kind and board source as OSGi services
 * ({@link InstalledBoardKinds}, {@link BoardSource}): the built-in three kinds are DS components of this bundle
 * (OSGI-INF: the simulated board with its state in wqlab's configuration folder, the QEMU virtual board in its cache,
 * the SSH board), any other bundle may add more.
 * The registry opens on first use, so that a bad boards file is reported to whoever asks, naming the file and field.
 */
public final class Boards {

    public static final String FILE_NAME = "boards.json";
    private static final long SERVICE_WAIT_MS = 10_000;

    private BundleContext context;
    private BoardRegistry registry;
    private ServiceTracker<BoardConnector, BoardConnector> connectors;
    private ServiceTracker<SecretStore, SecretStore> secretStores;
    private InstalledBoardKinds kinds;
    private InstalledServices<BoardSource> sources;

    /**
     * The component registered in this framework, for code that is neither an e4 part nor a DS component (the
     * command line).
     *
     * @throws IllegalStateException when the service is not registered
     */
    public static Boards service() {
        BundleContext context = FrameworkUtil.getBundle(Boards.class).getBundleContext();
        ServiceReference<Boards> ref = context == null ? null : context.getServiceReference(Boards.class);
        Boards boards = ref == null ? null : context.getService(ref);
        if (boards == null) {
            throw new IllegalStateException("no board registry service (is org.wqlab.boards started?)");
        }
        return boards;
    }

    /** The component's activation. */
    public synchronized void activate(BundleContext bundleContext) {
        this.context = bundleContext;
    }

    /**
     * The registry, opened on first use.
     *
     * @throws BoardStoreException naming the file and field when the boards file cannot be read
     */
    public synchronized BoardRegistry registry() throws BoardStoreException {
        if (registry == null) {
            if (context == null) {
                throw new IllegalStateException("the board registry service is not active");
            }
            Path file = Platform.getStateLocation(context.getBundle()).toFile().toPath().resolve(FILE_NAME);
            connectors = new ServiceTracker<>(context, BoardConnector.class, null);
            connectors.open();
            secretStores = new ServiceTracker<>(context, SecretStore.class, null);
            secretStores.open();
            kinds = InstalledBoardKinds.open(context, this::kindsChanged);
            try {
                registry = BoardRegistry.open(new BoardStore(file), () -> service(connectors, "SSH transport"),
                        () -> service(secretStores, "secret store"), kinds);
            } catch (BoardStoreException | RuntimeException e) {
                closeTrackers();
                throw e;
            }
            sources = new InstalledServices<>(context, BoardSource.class, this::kindsChanged);
            registry.useSources(sources);
        }
        return registry;
    }

    /**
     * Installs a board kind as an OSGi service until the returned handle is closed (a kind a run brings for itself,
     * such as {@code wqlab run}'s own simulated board); the registry finds it like any installed kind.
     */
    public AutoCloseable install(BoardKindProvider kind) {
        BundleContext bundleContext;
        synchronized (this) {
            if (context == null) {
                throw new IllegalStateException("the board registry service is not active");
            }
            bundleContext = context;
        }
        ServiceRegistration<BoardKindProvider> registration = bundleContext.registerService(BoardKindProvider.class,
                kind, null);
        return registration::unregister;
    }

    /** A kind installed or gone: the registry's listeners (the Boards view) show its boards and actions. */
    private void kindsChanged() {
        BoardRegistry open;
        synchronized (this) {
            open = registry;
        }
        if (open != null) {
            open.refreshKinds();
        }
    }

    /** Closes connections and the simulator; a later {@link #registry()} opens it again (the end of a CLI run). */
    public synchronized void close() {
        if (registry != null) {
            registry.close();
            registry = null;
        }
        closeTrackers();
    }

    /** The component's deactivation (bundle stop). */
    public synchronized void deactivate() {
        close();
        context = null;
    }

    private void closeTrackers() {
        if (connectors != null) {
            connectors.close();
            secretStores.close();
            kinds.close();
            kinds = null;
            if (sources != null) {
                sources.close();
                sources = null;
            }
            connectors = null;
            secretStores = null;
        }
    }

    private static <T> T service(ServiceTracker<T, T> tracker, String what) {
        try {
            T service = tracker.waitForService(TimeUnit.MILLISECONDS.toMillis(SERVICE_WAIT_MS));
            if (service == null) {
                throw new IllegalStateException("no " + what + " service (is org.wqlab.target.ssh installed?)");
            }
            return service;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the " + what + " service", e);
        }
    }
}
