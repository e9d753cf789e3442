package org.wqlab.boards;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.SecretStore;
import org.wqlab.target.WqlabConfigDir;
import org.wqlab.vboard.VirtualBoard;

/**
 * The workbench's one board registry: boards file in the workspace
 * ({@code <workspace>/.metadata/.plugins/org.wqlab.boards/boards.json}), the SSH transport and secret store from the
 * OSGi service registry, the built-in simulator's state in wqlab's configuration folder (outside the workspace), the
 * QEMU virtual board in its cache ({@code ${WQLAB_CACHE:-~/.cache/wqlab}/vboard}, where build.sh writes), and the
 * board kinds other bundles provide as OSGi services ({@link InstalledBoardKinds}).
 */
public final class Boards {

    public static final String FILE_NAME = "boards.json";
    private static final long SERVICE_WAIT_MS = 10_000;

    private static BoardRegistry registry;
    private static ServiceTracker<BoardConnector, BoardConnector> connectors;
    private static ServiceTracker<SecretStore, SecretStore> secretStores;
    private static InstalledBoardKinds kinds;

    private Boards() {
    }

    /** Opens the registry on first use. */
    public static synchronized BoardRegistry registry() throws BoardStoreException {
        if (registry == null) {
            Bundle bundle = FrameworkUtil.getBundle(Boards.class);
            Path file = Platform.getStateLocation(bundle).toFile().toPath().resolve(FILE_NAME);
            BundleContext context = bundle.getBundleContext();
            connectors = new ServiceTracker<>(context, BoardConnector.class, null);
            connectors.open();
            secretStores = new ServiceTracker<>(context, SecretStore.class, null);
            secretStores.open();
            kinds = InstalledBoardKinds.open(context);
            BuiltInSimulator simulator = new BuiltInSimulator(WqlabConfigDir.get().resolve("built-in-simulator"),
                    WqlabConfigDir.knownHosts());
            VirtualBoardHost virtualBoard = new VirtualBoardHost(VirtualBoard.atDefaultLocation(),
                    WqlabConfigDir.knownHosts());
            registry = BoardRegistry.open(new BoardStore(file), () -> service(connectors, "SSH transport"),
                    () -> service(secretStores, "secret store"), simulator, virtualBoard,
                    kinds);
        }
        return registry;
    }

    /** Closes connections and the simulator (bundle stop). */
    public static synchronized void shutdown() {
        if (registry != null) {
            registry.close();
            registry = null;
        }
        if (connectors != null) {
            connectors.close();
            secretStores.close();
            kinds.close();
            kinds = null;
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
