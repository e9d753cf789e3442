package org.wqlab.boards;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.wqlab.boards.simulator.SimulatorBoardKind;
import org.wqlab.boards.ssh.SshBoardKind;
import org.wqlab.boards.vboard.VirtualBoardKind;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;
import org.wqlab.target.facts.BoardFacts;

/**
 * The boards the user keeps: profiles saved in the boards file (no secrets), a status per board, open connections,
 * and the built-in simulated board. Thread-safe; listeners are told of every change on the calling thread.
 */
public final class BoardRegistry implements AutoCloseable {

    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);

    private final BoardStore store;
    private final Supplier<BoardConnector> connector;
    private final Supplier<SecretStore> secrets;
    private final Supplier<List<BoardKindProvider>> kinds;
    private final List<BoardKindProvider> ownKinds;
    private final Set<BoardKindProvider> startedKinds = ConcurrentHashMap.newKeySet();
    private volatile Supplier<List<BoardSource>> sources = List::of;
    private volatile List<SourcedBoard> sourced = List.of();
    private final List<BoardEntry> entries = new ArrayList<>();
    private final Map<String, BoardStatus> statuses = new ConcurrentHashMap<>();
    private final Map<String, BoardConnection> connections = new ConcurrentHashMap<>();
    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
    private final List<BoardListener> listeners = new CopyOnWriteArrayList<>();
    private final BoardRuns runs = new BoardRuns(this::fire);

    private BoardRegistry(BoardStore store, Supplier<BoardConnector> connector, Supplier<SecretStore> secrets,
            Supplier<List<BoardKindProvider>> kinds, List<BoardKindProvider> ownKinds) {
        this.store = store;
        this.connector = connector;
        this.secrets = secrets;
        this.kinds = kinds;
        this.ownKinds = ownKinds;
    }

    /**
     * Loads the boards file; when it does not exist yet, the registry starts with the boards its kinds bring (the
     * built-in simulated board and the QEMU virtual board) and writes the file (a file from before the virtual board
     * gets it once). A bad file is reported (path and field) and left untouched.
     *
     * @param connector gives the SSH transport (the OSGi service); throws IllegalStateException when there is none
     * @param kinds every board kind it can connect, in order: the OSGi services (the built-in three are DS
     *        components of this bundle), asked at each use so that a kind installed later is found
     */
    public static BoardRegistry open(BoardStore store, Supplier<BoardConnector> connector,
            Supplier<SecretStore> secrets, Supplier<List<BoardKindProvider>> kinds) throws BoardStoreException {
        return load(new BoardRegistry(store, connector, secrets, kinds, List.of()));
    }

    /**
     * A registry of its own built-in three kinds (the simulated board on this simulator, the QEMU virtual board on
     * this host, the SSH board), stopped when it closes, then the ones {@code installedKinds} gives.
     */
    public static BoardRegistry open(BoardStore store, Supplier<BoardConnector> connector,
            Supplier<SecretStore> secrets, BuiltInSimulator simulator, VirtualBoardHost virtualBoard,
            Supplier<List<BoardKindProvider>> installedKinds) throws BoardStoreException {
        List<BoardKindProvider> builtIn = List.of(new SimulatorBoardKind(simulator), new VirtualBoardKind(virtualBoard),
                new SshBoardKind());
        Supplier<List<BoardKindProvider>> all = () -> {
            List<BoardKindProvider> list = new ArrayList<>(builtIn);
            for (BoardKindProvider k : installedKinds.get()) {
                if (list.stream().noneMatch(a -> a.kind().equals(k.kind()))) {
                    list.add(k);
                }
            }
            return list;
        };
        return load(new BoardRegistry(store, connector, secrets, all, builtIn));
    }

    /** As above, with no kinds besides the built-in three. */
    public static BoardRegistry open(BoardStore store, Supplier<BoardConnector> connector,
            Supplier<SecretStore> secrets, BuiltInSimulator simulator, VirtualBoardHost virtualBoard)
            throws BoardStoreException {
        return open(store, connector, secrets, simulator, virtualBoard, List::of);
    }

    private static BoardRegistry load(BoardRegistry registry) throws BoardStoreException {
        Optional<BoardStore.Contents> loaded = registry.store.load();
        BoardEntry vboard = VirtualBoardKind.initialBoard();
        if (loaded.isPresent()) {
            registry.entries.addAll(loaded.get().boards());
            boolean hasVirtual = registry.entries.stream().anyMatch(e -> e.kind().equals(vboard.kind()));
            if (loaded.get().version() < 2 && !hasVirtual && registry.indexOfOrMinus(vboard.name()) < 0) {
                int afterSimulator = 1 + registry.entries.stream()
                        .map(e -> e.kind().equals(BoardKind.BUILT_IN_SIMULATOR)).toList().indexOf(true);
                registry.entries.add(Math.min(afterSimulator, registry.entries.size()), vboard);
                registry.save();
            }
        } else {
            registry.kinds().forEach(k -> registry.entries.addAll(k.initialBoards()));
            registry.save();
        }
        registry.kinds().forEach(registry::refresh);
        return registry;
    }

    public Path file() {
        return store.file();
    }

    /**
     * Lists the boards these sources know besides the saved ones (see {@link BoardSource}); they are asked when the
     * registry looks again ({@link #refreshKinds}).
     */
    public void useSources(Supplier<List<BoardSource>> boardSources) {
        this.sources = boardSources;
    }

    /** The boards the sources listed when last asked, after the saved ones in the Boards view; not saved. */
    public List<SourcedBoard> sourcedBoards() {
        return sourced;
    }

    /** Whether the board is one the user saved (one a source lists is changed only by its source). */
    public synchronized boolean isSaved(String name) {
        return indexOfOrMinus(name) >= 0;
    }

    /** The saved boards, in the user's order. */
    public synchronized List<BoardEntry> entries() {
        return List.copyOf(entries);
    }

    /** A saved board, else one a source lists, by name. */
    public synchronized Optional<BoardEntry> entry(String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst()
                .or(() -> sourced.stream().map(SourcedBoard::entry).filter(e -> e.name().equals(name)).findFirst());
    }

    public BoardStatus status(String name) {
        return statuses.getOrDefault(name, BoardStatus.DISCONNECTED);
    }

    /** The runs going on, one per board at most; a claim or release tells the listeners. */
    public BoardRuns runs() {
        return runs;
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
     * Adds a board of any kind (one a {@link BoardKindProvider#resolve} gave, say), saved like the others.
     *
     * @throws IllegalArgumentException naming the field when the name is taken
     */
    public void add(BoardEntry entry) throws BoardStoreException {
        synchronized (this) {
            requireFreeName(entry.name(), null);
            entries.add(entry);
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
     * Sets the values of the settings the board's kind adds (see BoardKindProvider#fields), saved with the board.
     *
     * @throws IllegalArgumentException naming the field when a value is not allowed
     */
    public void setFieldValues(String name, Map<String, String> values) throws BoardStoreException {
        BoardKindProvider kind = kindOf(entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '"
                + name + "'")));
        change(name, e -> kind.withFieldValues(e, values));
        refresh(kind);
        fire();
    }

    /**
     * The USB disconnect driver a sequence's "board" driver means on this board: the one set for it, else its kind's
     * own (the simulated board's pull, the virtual board's QMP device_del), else the manual prompt.
     */
    public String usbDriverOf(String name) {
        return usbDriverOf(entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name
                + "'")));
    }

    /** As {@link #usbDriverOf(String)}, for a board saved or not. */
    public String usbDriverOf(BoardEntry e) {
        if (!e.usbDriver().isEmpty()) {
            return e.usbDriver();
        }
        return kindOf(e).defaultUsbDriver();
    }

    /** Every board kind this registry can connect: the built-in three, then the installed ones. */
    public List<BoardKindProvider> kinds() {
        return kinds.get();
    }

    /** The provider of a kind, empty when no installed bundle provides it. */
    public Optional<BoardKindProvider> kind(BoardKind kind) {
        return kinds().stream().filter(k -> k.kind().equals(kind)).findFirst();
    }

    /** @throws IllegalStateException saying which kind is missing when its provider is not installed */
    public BoardKindProvider kindOf(BoardEntry entry) {
        return kind(entry.kind()).orElseThrow(() -> new IllegalStateException(unavailable(entry).orElseThrow()));
    }

    /** Why the board cannot be used, naming its kind, when no installed bundle provides that kind. */
    public Optional<String> unavailable(BoardEntry entry) {
        if (kind(entry.kind()).isPresent()) {
            return Optional.empty();
        }
        String install = store.providerOf(entry.kind())
                .map(b -> "install bundle " + b + ", which provided it when the board was saved")
                .orElse("install the bundle with that kind's BoardKindProvider service");
        return Optional.of("board '" + entry.name() + "' is of kind '" + entry.kind().id() + "', which no installed"
                + " bundle provides (" + install + ")");
    }

    /**
     * The board a {@code --board} argument means: a saved board of that name, else the first kind that claims the
     * form ({@code sim}, {@code vboard}, {@code user@host[:port]}, ...). Empty when none does.
     *
     * @throws IllegalArgumentException when a kind claims the form but it is malformed
     */
    public Optional<BoardEntry> resolve(String boardArg) {
        Optional<BoardEntry> saved = entry(boardArg);
        if (saved.isEmpty()) {
            refreshSources(); // a board a source listed since it was last asked
            saved = entry(boardArg);
        }
        if (saved.isPresent()) {
            return saved;
        }
        List<BoardEntry> all = entries();
        List<BoardKindProvider> kinds = kinds();
        for (BoardKindProvider k : kinds) {
            Optional<BoardEntry> claimed = k.resolve(boardArg, all);
            if (claimed.isPresent()) {
                return claimed;
            }
        }
        for (BoardKindProvider k : kinds) {
            Optional<BoardEntry> taken = k.resolveUnclaimed(boardArg);
            if (taken.isPresent()) {
                return taken;
            }
        }
        return Optional.empty();
    }

    /** Has every kind look again at what its boards run on (see BoardKindProvider#refresh), then tells listeners. */
    public void refreshKinds() {
        kinds().forEach(this::refresh);
        refreshSources();
        fire();
    }

    /** Asks every source for its boards; a source that cannot be read lists none, a name already taken is left out. */
    private void refreshSources() {
        List<SourcedBoard> now = new ArrayList<>();
        Set<String> names = new HashSet<>(entries().stream().map(BoardEntry::name).toList());
        for (BoardSource source : sources.get()) {
            try {
                for (BoardEntry e : source.boards()) {
                    if (names.add(e.name())) {
                        now.add(new SourcedBoard(source.id(), source.displayName(), e));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // listed again when it answers
            }
        }
        sourced = List.copyOf(now);
    }

    private void refresh(BoardKindProvider kind) {
        kind.refresh(entries().stream().filter(e -> e.kind().equals(kind.kind())).toList());
    }

    /**
     * The board wqlab uses when the user chose none: the first whose kind says so (the built-in simulated board, which
     * the user may have renamed).
     */
    public Optional<String> fallbackBoard() {
        return entries().stream().filter(e -> kind(e.kind()).map(BoardKindProvider::fallbackBoard).orElse(false))
                .map(BoardEntry::name).findFirst();
    }

    /** The commands the board's kind adds (none when its kind is not installed). */
    public List<BoardAction> actionsOf(String name) {
        return entry(name).flatMap(e -> kind(e.kind())).map(BoardKindProvider::actions).orElse(List.of());
    }

    /**
     * Runs one of the board's kind's actions (ending the board's connection first when the action says so); then the
     * kinds look again at their boards and listeners are told. Blocks.
     *
     * @throws IOException with the action's message when it fails
     */
    public void runAction(String name, BoardAction action, BoardAction.Context context)
            throws IOException, InterruptedException {
        BoardEntry entry = entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name
                + "'"));
        if (action.endsConnection()) {
            cancelConnect(name);
            disconnect(name);
        }
        try {
            action.run(entry, context);
        } finally {
            refreshKinds();
        }
    }

    /** Board time per wall time of a board, as its kind says (the built-in simulator's speed; 1 for most). */
    public double speedOf(String name) {
        return entry(name).map(this::speedOf).orElse(1.0);
    }

    /** As {@link #speedOf(String)}, for a board saved or not. */
    public double speedOf(BoardEntry entry) {
        return kind(entry.kind()).map(k -> k.speed(entry)).orElse(1.0);
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
        Optional<BoardKindProvider> kind = kind(entry.get().kind());
        return kind.isEmpty() ? Optional.empty() : kind.get().offeredModule(entry.get());
    }

    /**
     * A new connection to a board that this registry does not keep (the caller owns and closes it), starting the
     * built-in simulator first when it is that board: for a sequence run, which reconnects after a drop.
     */
    public BoardConnection openConnection(String name, HostKeyPrompt prompt) throws TransportException {
        return openConnection(entry(name).orElseThrow(() -> new IllegalArgumentException("no board named '" + name
                + "'")), prompt);
    }

    /** As {@link #openConnection(String, HostKeyPrompt)}, for a board saved or not (one {@link #resolve} gave). */
    public BoardConnection openConnection(BoardEntry entry, HostKeyPrompt prompt) throws TransportException {
        String name = entry.name();
        BoardKindProvider kind;
        try {
            kind = kindOf(entry);
        } catch (IllegalStateException e) {
            throw new TransportException.RemoteIo(name, e.getMessage(), null);
        }
        BoardProfile profile;
        try {
            profile = start(kind, entry);
        } catch (IOException e) {
            throw new TransportException.RemoteIo(name, "cannot start the " + kind.displayName() + ": "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransportException.RemoteIo(name, "interrupted while the " + kind.displayName() + " started",
                    e);
        }
        return kind.connect(entry, profile, prompt, context(name));
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
            BoardKindProvider kind = kindOf(entry);
            BoardProfile profile = start(kind, entry);
            if (cancelled.contains(name)) {
                throw new Cancelled(name);
            }
            connection = kind.connect(entry, profile, prompt, context(name));
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
        // what the kinds started for this registry's boards (a simulator, a VM booted here) stops with it
        Set<BoardKindProvider> stop = new LinkedHashSet<>(ownKinds);
        stop.addAll(startedKinds);
        startedKinds.clear();
        stop.forEach(BoardKindProvider::close);
    }

    /** Starts what the board's kind needs (status "starting" with its progress), for the profile to connect with. */
    private BoardProfile start(BoardKindProvider kind, BoardEntry entry) throws IOException, InterruptedException {
        String name = entry.name();
        BoardStatus before = status(name);
        startedKinds.add(kind);
        try {
            return kind.start(entry, context(name));
        } finally {
            if (status(name) instanceof BoardStatus.Starting) {
                setStatus(name, before);
            }
        }
    }

    private BoardKindProvider.Context context(String name) {
        return new BoardKindProvider.Context() {
            @Override
            public BoardConnector ssh() {
                return connector.get();
            }

            @Override
            public SecretStore secrets() {
                return secrets.get();
            }

            @Override
            public void progress(String line) {
                setStatus(name, new BoardStatus.Starting(line));
            }

            @Override
            public boolean cancelled() {
                return cancelled.contains(name);
            }
        };
    }

    private void keepFacts(String name, BoardFacts facts) {
        synchronized (this) {
            int i = indexOfOrMinus(name);
            if (i >= 0) {
                entries.set(i, entries.get(i).withFacts(facts));
                try {
                    save();
                } catch (BoardStoreException e) {
                    // the facts stay in memory; the next successful save writes them
                }
            } else {
                // a listed board's facts last as long as its listing: its source owns the board
                sourced = sourced.stream().map(b -> b.entry().name().equals(name)
                        ? new SourcedBoard(b.sourceId(), b.sourceName(), b.entry().withFacts(facts))
                        : b).toList();
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
            save();
        } catch (BoardStoreException e) {
            undo.run();
            throw e;
        }
    }

    /** Saves the boards, with which bundle provides the kind of each (for the file to name it when it is gone). */
    private synchronized void save() throws BoardStoreException {
        recordProviders();
        store.save(entries);
    }

    private void recordProviders() {
        Set<BoardKind> saved = new HashSet<>(entries.stream().map(BoardEntry::kind).toList());
        for (BoardKindProvider k : kinds()) {
            if (!saved.contains(k.kind())) {
                continue; // a kind no saved board has (one a run brings for itself) is not worth naming
            }
            Bundle bundle = FrameworkUtil.getBundle(k.getClass());
            if (bundle != null) {
                store.provider(k.kind(), bundle.getSymbolicName());
            }
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
            Optional<SourcedBoard> listed = sourced.stream().filter(b -> b.entry().name().equals(name)).findFirst();
            if (listed.isPresent()) {
                throw new IllegalArgumentException("board '" + name + "' is listed by " + listed.get().sourceName()
                        + "; only that source changes it");
            }
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
