package org.wqlab.boards;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.vboard.QemuUsbDriver;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * The boards the user keeps: profiles saved in the boards file (no secrets), a status per board, open connections,
 * and the built-in simulated board. Thread-safe; listeners are told of every change on the calling thread.
 */
public final class BoardRegistry implements AutoCloseable {

    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);

    private final BoardStore store;
    private final Supplier<BoardConnector> connector;
    private final Supplier<SecretStore> secrets;
    private final BuiltInSimulator simulator;
    private final VirtualBoardHost virtualBoard;
    private final List<BoardEntry> entries = new ArrayList<>();
    private final Map<String, BoardStatus> statuses = new ConcurrentHashMap<>();
    private final Map<String, BoardConnection> connections = new ConcurrentHashMap<>();
    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
    private final List<BoardListener> listeners = new CopyOnWriteArrayList<>();

    private BoardRegistry(BoardStore store, Supplier<BoardConnector> connector, Supplier<SecretStore> secrets,
            BuiltInSimulator simulator, VirtualBoardHost virtualBoard) {
        this.store = store;
        this.connector = connector;
        this.secrets = secrets;
        this.simulator = simulator;
        this.virtualBoard = virtualBoard;
    }

    /**
     * Loads the boards file; when it does not exist yet, the registry starts with the built-in simulated board and the
     * QEMU virtual board and writes the file (a file from before the virtual board gets it once). A bad file is
     * reported (path and field) and left untouched.
     *
     * @param connector gives the SSH transport (the OSGi service); throws IllegalStateException when there is none
     */
    public static BoardRegistry open(BoardStore store, Supplier<BoardConnector> connector,
            Supplier<SecretStore> secrets, BuiltInSimulator simulator, VirtualBoardHost virtualBoard)
            throws BoardStoreException {
        BoardRegistry registry = new BoardRegistry(store, connector, secrets, simulator, virtualBoard);
        Optional<BoardStore.Contents> loaded = store.load();
        BoardEntry vboard = new BoardEntry(VirtualBoardHost.profile(), BoardKind.VIRTUAL_BOARD, Optional.empty(), "");
        if (loaded.isPresent()) {
            registry.entries.addAll(loaded.get().boards());
            boolean hasVirtual = registry.entries.stream().anyMatch(BoardEntry::virtualBoard);
            if (loaded.get().version() < 2 && !hasVirtual && registry.indexOfOrMinus(vboard.name()) < 0) {
                int afterSimulator = 1 + registry.entries.stream().map(BoardEntry::builtInSimulator).toList()
                        .indexOf(true);
                registry.entries.add(Math.min(afterSimulator, registry.entries.size()), vboard);
                store.save(registry.entries);
            }
        } else {
            registry.entries.add(new BoardEntry(BuiltInSimulator.profile(), BoardKind.BUILT_IN_SIMULATOR,
                    Optional.empty(), ""));
            registry.entries.add(vboard);
            store.save(registry.entries);
        }
        registry.lookAtVirtualBoard();
        return registry;
    }

    public Path file() {
        return store.file();
    }

    public synchronized List<BoardEntry> entries() {
        return List.copyOf(entries);
    }

    public synchronized Optional<BoardEntry> entry(String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public BoardStatus status(String name) {
        return statuses.getOrDefault(name, BoardStatus.DISCONNECTED);
    }

    public void addListener(BoardListener listener) {
        listeners.add(listener);
    }

    public void removeListener(BoardListener listener) {
        listeners.remove(listener);
    }

    /** @throws IllegalArgumentException naming the field when the name is taken */
    public void add(BoardProfile profile) throws BoardStoreException {
        synchronized (this) {
            requireFreeName(profile.name(), null);
            entries.add(BoardEntry.of(profile));
            saveOrUndo(() -> entries.remove(entries.size() - 1));
        }
        fire();
    }

    /**
     * Replaces a board's profile (a rename keeps its place in the list); its facts are kept, and a rename moves its
     * stored password and passphrase to the new name.
     */
    public void update(String name, BoardProfile profile) throws BoardStoreException {
        synchronized (this) {
            int i = indexOf(name);
            requireFreeName(profile.name(), name);
            BoardEntry old = entries.get(i);
            entries.set(i, old.withProfile(profile));
            saveOrUndo(() -> entries.set(i, old));
            if (!name.equals(profile.name())) {
                BoardStatus status = statuses.remove(name);
                if (status != null) {
                    statuses.put(profile.name(), status);
                }
                BoardConnection c = connections.remove(name);
                if (c != null) {
                    connections.put(profile.name(), c);
                }
                moveSecrets(name, profile.name());
            }
        }
        fire();
    }

    /** Sets the USB disconnect driver a sequence's "board" driver means on this board (empty: the default). */
    public void setUsbDriver(String name, String driver) throws BoardStoreException {
        change(name, e -> e.withUsbDriver(driver));
        fire();
    }

    /**
     * Sets the QEMU virtual board's architecture and the CPU its xHCI interrupt is steered to (at its next boot).
     *
     * @throws IllegalArgumentException naming the field when the CPU is not one of the board's
     */
    public void setVirtualBoard(String name, VboardArch arch, int irqCpu) throws BoardStoreException {
        int cpus = VirtualBoard.StartOptions.DEFAULT.cpus();
        if (irqCpu < 0 || irqCpu >= cpus) {
            throw new IllegalArgumentException("field irqCpu: the virtual board has CPUs 0.." + (cpus - 1) + ", not "
                    + irqCpu);
        }
        change(name, e -> e.withVirtualBoard(arch, irqCpu));
        if (isVirtualBoard(name) && !(virtualBoard.state() instanceof VirtualBoardHost.State.Running)) {
            virtualBoard.refresh(arch);
        }
        fire();
    }

    /**
     * The USB disconnect driver a sequence's "board" driver means on this board: the one set for it, else its kind's
     * own (the simulated board's pull, the virtual board's QMP device_del), else the manual prompt.
     */
    public String usbDriverOf(String name) {
        BoardEntry e = entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name + "'"));
        if (!e.usbDriver().isEmpty()) {
            return e.usbDriver();
        }
        return switch (e.kind()) {
            case BUILT_IN_SIMULATOR -> UsbDriverIds.SIM_PULL;
            case VIRTUAL_BOARD -> QemuUsbDriver.ID;
            case SSH -> UsbDriverIds.MANUAL;
        };
    }

    /** The QEMU virtual board's VM (to show its state, or stop it). */
    public VirtualBoardHost virtualBoard() {
        return virtualBoard;
    }

    /** Whether the named board is the QEMU virtual board (false for a name the registry does not hold). */
    public boolean isVirtualBoard(String name) {
        return entry(name).map(BoardEntry::virtualBoard).orElse(false);
    }

    /** Looks at the VM again (file checks) and tells the listeners. */
    public void refreshVirtualBoard() {
        lookAtVirtualBoard();
        fire();
    }

    private void lookAtVirtualBoard() {
        entries().stream().filter(BoardEntry::virtualBoard).findFirst().ifPresent(e -> virtualBoard.refresh(e.arch()));
    }

    /** Disconnects the virtual board and stops its VM. @return false when no VM was running */
    public boolean stopVirtualBoard(String name, Consumer<String> progress)
            throws InterruptedException {
        disconnect(name);
        try {
            return virtualBoard.stop(progress);
        } finally {
            fire();
        }
    }

    /** Board time per wall time of a board: the built-in simulator's speed, 1 for any other board. */
    public double speedOf(String name) {
        return entry(name).filter(BoardEntry::builtInSimulator).map(e -> simulator.speed()).orElse(1.0);
    }

    /**
     * The latency-mon file the board can load, when wqlab has one for it: the simulated board's own module, the
     * virtual board's build for its kernel; empty for other boards (their module is built or chosen by the user).
     */
    public Optional<Path> offeredModule(String name) throws IOException {
        Optional<BoardEntry> entry = entry(name);
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        if (entry.get().builtInSimulator()) {
            return Optional.of(simulator.installedModuleCopy());
        }
        return entry.get().virtualBoard() ? virtualBoard().builtModule() : Optional.empty();
    }

    /** The built-in simulated board (to set its speed, or see whether it runs). */
    public BuiltInSimulator simulator() {
        return simulator;
    }

    /**
     * A new connection to a board that this registry does not keep (the caller owns and closes it), starting the
     * built-in simulator first when it is that board: for a sequence run, which reconnects after a drop.
     */
    public BoardConnection openConnection(String name, HostKeyPrompt prompt) throws TransportException {
        BoardEntry entry = entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name + "'"));
        BoardProfile profile = entry.profile();
        if (entry.builtInSimulator()) {
            try {
                profile = startSimulator(profile);
            } catch (IOException | SecretStore.SecretStoreException e) {
                throw new TransportException.RemoteIo(name, "cannot start the built-in simulated board: "
                        + e.getMessage(), e);
            }
        } else if (entry.virtualBoard()) {
            try {
                profile = startVirtualBoard(entry);
            } catch (IOException | VboardException e) {
                throw new TransportException.RemoteIo(name, "cannot start the QEMU virtual board: " + e.getMessage(),
                        e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TransportException.RemoteIo(name, "interrupted while the QEMU virtual board booted", e);
            }
        }
        return connector.get().connect(profile, prompt);
    }

    /** Adds a copy named "NAME (copy)", "NAME (copy 2)", ...; the copy of the built-in board is a plain board. */
    public BoardEntry duplicate(String name) throws BoardStoreException {
        BoardEntry copy;
        synchronized (this) {
            BoardEntry original = entries.get(indexOf(name));
            String candidate = name + " (copy)";
            for (int n = 2; indexOfOrMinus(candidate) >= 0; n++) {
                candidate = name + " (copy " + n + ")";
            }
            BoardProfile p = original.profile();
            copy = BoardEntry.of(new BoardProfile(candidate, p.host(), p.port(), p.user(), p.auth(), p.keyFile(),
                    p.jumpHost(), p.hostKeyPolicy(), p.connectTimeout(), p.keepAliveInterval()));
            entries.add(indexOf(name) + 1, copy);
            BoardEntry added = copy;
            saveOrUndo(() -> entries.remove(added));
        }
        fire();
        return copy;
    }

    /** Disconnects and removes a board. */
    public void remove(String name) throws BoardStoreException {
        disconnect(name);
        synchronized (this) {
            int i = indexOf(name);
            BoardEntry old = entries.remove(i);
            saveOrUndo(() -> entries.add(i, old));
            statuses.remove(name);
        }
        fire();
    }

    /**
     * Connects (starting the built-in simulator first when it is that board), probes the board's facts and keeps them
     * with the profile. Blocks; run it off the UI thread. A failure sets status "error" with the message and is thrown.
     */
    public BoardFacts connect(String name, HostKeyPrompt prompt) throws TransportException, IOException {
        BoardEntry entry = entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name + "'"));
        if (connections.containsKey(name)) {
            return entry.facts().orElse(null);
        }
        cancelled.remove(name);
        setStatus(name, BoardStatus.CONNECTING);
        BoardConnection connection = null;
        try {
            BoardProfile profile = entry.profile();
            if (entry.builtInSimulator()) {
                profile = startSimulator(profile);
            } else if (entry.virtualBoard()) {
                profile = startVirtualBoard(entry);
                setStatus(name, BoardStatus.CONNECTING);
            }
            if (cancelled.contains(name)) {
                throw new Cancelled(name);
            }
            connection = connector.get().connect(profile, prompt);
            if (cancelled.contains(name)) {
                throw new Cancelled(name);
            }
            connections.put(name, connection);
            BoardFacts facts = FactsProbing.probe(connection, PROBE_TIMEOUT);
            if (cancelled.contains(name)) {
                throw new Cancelled(name);
            }
            keepFacts(name, facts);
            setStatus(name, BoardStatus.CONNECTED);
            return facts;
        } catch (Cancelled | InterruptedException e) {
            closeQuietly(name, connection);
            setStatus(name, BoardStatus.DISCONNECTED);
            throw new java.io.InterruptedIOException("connecting to board '" + name + "' was cancelled");
        } catch (TransportException | IOException | RuntimeException e) {
            closeQuietly(name, connection);
            if (cancelled.contains(name)) {
                setStatus(name, BoardStatus.DISCONNECTED);
                throw new java.io.InterruptedIOException("connecting to board '" + name + "' was cancelled");
            }
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            setStatus(name, new BoardStatus.Failed(message.startsWith("board '") ? message
                    : "board '" + name + "': " + message));
            throw e;
        } catch (SecretStore.SecretStoreException | VboardException e) {
            closeQuietly(name, connection);
            setStatus(name, new BoardStatus.Failed("board '" + name + "': " + e.getMessage()));
            throw new IOException(e.getMessage(), e);
        }
    }

    private void moveSecrets(String from, String to) throws BoardStoreException {
        try {
            SecretStore store = secrets.get();
            for (SecretKind kind : SecretKind.values()) {
                Optional<char[]> secret = store.get(from, kind);
                if (secret.isPresent()) {
                    try {
                        store.put(to, kind, secret.get());
                    } finally {
                        java.util.Arrays.fill(secret.get(), '\0');
                    }
                    store.remove(from, kind);
                }
            }
        } catch (SecretStore.SecretStoreException e) {
            throw new BoardStoreException("board '" + from + "' is now '" + to + "', but its stored secrets could not"
                    + " be moved (enter them again in Edit): " + e.getMessage(), e);
        }
    }

    /** Keeps a board's password or passphrase in the secret store (never in the boards file). */
    public void putSecret(String name, SecretKind kind, char[] secret) throws SecretStore.SecretStoreException {
        secrets.get().put(name, kind, secret);
    }

    /** Stops a connect in progress: it ends as "disconnected". */
    public void cancelConnect(String name) {
        cancelled.add(name);
        BoardConnection c = connections.remove(name);
        if (c != null) {
            c.close();
        }
    }

    public void disconnect(String name) {
        BoardConnection c = connections.remove(name);
        if (c != null) {
            c.close();
        }
        if (statuses.containsKey(name)) {
            setStatus(name, BoardStatus.DISCONNECTED);
        }
    }

    /** The open connection to a board, for features that run commands on it. */
    public Optional<BoardConnection> connection(String name) {
        return Optional.ofNullable(connections.get(name)).filter(BoardConnection::isOpen);
    }

    @Override
    public void close() {
        for (String name : List.copyOf(connections.keySet())) {
            disconnect(name);
        }
        simulator.close();
        virtualBoard.close();
    }

    /** Boots the virtual board unless it runs (status "starting" with the boot's progress), for its SSH profile. */
    private BoardProfile startVirtualBoard(BoardEntry entry) throws VboardException, InterruptedException,
            IOException {
        String name = entry.name();
        BoardStatus before = status(name);
        try {
            setStatus(name, new BoardStatus.Starting("booting the " + entry.arch().id() + " VM"));
            return virtualBoard.start(entry.profile(), entry.arch(), entry.irqCpu(), line -> setStatus(name,
                    new BoardStatus.Starting(line)), () -> cancelled.contains(name));
        } finally {
            if (status(name) instanceof BoardStatus.Starting) {
                setStatus(name, before);
            }
        }
    }

    private BoardProfile startSimulator(BoardProfile profile) throws IOException, SecretStore.SecretStoreException {
        SimSshServer.Login login = simulator.start();
        char[] password = login.password().toCharArray();
        try {
            secrets.get().put(profile.name(), SecretKind.PASSWORD, password);
        } finally {
            java.util.Arrays.fill(password, '\0');
        }
        return new BoardProfile(profile.name(), login.host(), login.port(), login.user(), profile.auth(), null, null,
                profile.hostKeyPolicy(), profile.connectTimeout(), profile.keepAliveInterval());
    }

    private void keepFacts(String name, BoardFacts facts) {
        synchronized (this) {
            int i = indexOfOrMinus(name);
            if (i < 0) {
                return;
            }
            BoardEntry old = entries.get(i);
            entries.set(i, old.withFacts(facts));
            try {
                store.save(entries);
            } catch (BoardStoreException e) {
                // the facts stay in memory; the next successful save writes them
            }
        }
        fire();
    }

    private void closeQuietly(String name, BoardConnection connection) {
        connections.remove(name, connection);
        if (connection != null) {
            connection.close();
        }
    }

    private void setStatus(String name, BoardStatus status) {
        statuses.put(name, status);
        fire();
    }

    private void fire() {
        for (BoardListener l : listeners) {
            l.boardsChanged();
        }
    }

    /** Replaces one board's entry and saves; the old one comes back when saving fails. */
    private synchronized void change(String name, UnaryOperator<BoardEntry> edit) throws BoardStoreException {
        int i = indexOf(name);
        BoardEntry old = entries.get(i);
        entries.set(i, edit.apply(old));
        saveOrUndo(() -> entries.set(i, old));
    }

    private void saveOrUndo(Runnable undo) throws BoardStoreException {
        try {
            store.save(entries);
        } catch (BoardStoreException e) {
            undo.run();
            throw e;
        }
    }

    private void requireFreeName(String name, String except) {
        if (!name.equals(except) && indexOfOrMinus(name) >= 0) {
            throw new IllegalArgumentException("field name: a board named '" + name + "' already exists");
        }
    }

    private int indexOf(String name) {
        int i = indexOfOrMinus(name);
        if (i < 0) {
            throw new IllegalArgumentException("no board named '" + name + "'");
        }
        return i;
    }

    private int indexOfOrMinus(String name) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static final class Cancelled extends Exception {
        private static final long serialVersionUID = 1L;

        Cancelled(String name) {
            super(name);
        }
    }
}
