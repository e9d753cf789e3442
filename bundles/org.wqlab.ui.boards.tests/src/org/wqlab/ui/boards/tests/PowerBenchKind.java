package org.wqlab.ui.boards.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardProperty;
import org.wqlab.boards.BoardStatus;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;

/**
 * A board kind only this test bundle knows: a bench board on a switched power outlet. Users add it in the Boards
 * view's dialog (its outlet is a setting of its own); its Power Cycle action and its Outlet property come from here;
 * it starts a simulated board of its own on loopback and connects to it itself (host key checked against the one the
 * board reports).
 */
final class PowerBenchKind implements BoardKindProvider {
    static final BoardKind KIND = new BoardKind("test-power-bench");
    static final String DISPLAY_NAME = "power-switched bench board (test)";
    static final String OUTLET = "outlet";
    static final String CYCLE = "org.wqlab.ui.boards.tests.powerCycle";

    private final Path stateDir;
    private final List<String> cycled = new ArrayList<>();
    private int starts;
    private int connects;
    private Board board;
    private SimSshServer server;

    PowerBenchKind(Path stateDir) {
        this.stateDir = stateDir;
    }

    synchronized List<String> cycled() {
        return List.copyOf(cycled);
    }

    synchronized int starts() {
        return starts;
    }

    synchronized int connects() {
        return connects;
    }

    @Override
    public BoardKind kind() {
        return KIND;
    }

    @Override
    public String displayName() {
        return DISPLAY_NAME;
    }

    @Override
    public String defaultUsbDriver() {
        return "sim-pull";
    }

    @Override
    public boolean userAddable() {
        return true;
    }

    @Override
    public boolean profileEditable() {
        return false;
    }

    @Override
    public String hostText(BoardEntry entry) {
        return "bench outlet " + outlet(entry);
    }

    @Override
    public List<BoardField> fields() {
        return List.of(new BoardField(OUTLET, "&Outlet:", "The power switch's outlet the board hangs on",
                IntStream.rangeClosed(1, 4).mapToObj(i -> new BoardField.Choice(Integer.toString(i), "outlet " + i))
                        .toList()));
    }

    @Override
    public Map<String, String> fieldValues(BoardEntry entry) {
        return Map.of(OUTLET, outlet(entry));
    }

    @Override
    public BoardEntry withFieldValues(BoardEntry entry, Map<String, String> values) {
        String outlet = values.getOrDefault(OUTLET, outlet(entry));
        if (!outlet.matches("[1-4]")) {
            throw new IllegalArgumentException("field outlet: the switch has outlets 1..4, not " + outlet);
        }
        Map<String, String> settings = new HashMap<>(entry.settings());
        settings.put(OUTLET, outlet);
        return entry.withSettings(settings);
    }

    private static String outlet(BoardEntry entry) {
        return entry.settings().getOrDefault(OUTLET, "1");
    }

    @Override
    public List<BoardAction> actions() {
        return List.of(new BoardAction() {
            @Override
            public String id() {
                return CYCLE;
            }

            @Override
            public String label() {
                return "Power Cycle";
            }

            @Override
            public String description() {
                return "Switch the board's outlet off and on";
            }

            @Override
            public boolean enabled(BoardEntry entry, BoardStatus status) {
                return status instanceof BoardStatus.Disconnected;
            }

            @Override
            public void run(BoardEntry entry, Context context) {
                context.progress("switching outlet " + outlet(entry));
                synchronized (PowerBenchKind.this) {
                    cycled.add(entry.name() + " on outlet " + outlet(entry));
                }
            }
        });
    }

    @Override
    public List<BoardProperty> properties(BoardEntry entry) {
        return List.of(new BoardProperty("Outlet", "outlet " + outlet(entry)));
    }

    @Override
    public synchronized BoardProfile start(BoardEntry entry, Context context) throws IOException {
        if (server == null) {
            context.progress("powering outlet " + outlet(entry));
            board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), 1);
            server = SimSshServer.start(board, stateDir, 0, List.of());
        }
        starts++;
        SimSshServer.Login login = server.login();
        char[] password = login.password().toCharArray();
        try {
            context.secrets().put(entry.name(), SecretKind.PASSWORD, password);
        } catch (SecretStore.SecretStoreException e) {
            throw new IOException(e.getMessage(), e);
        }
        return new BoardProfile(entry.name(), login.host(), login.port(), login.user(), AuthMethod.PASSWORD, null,
                null, HostKeyPolicy.ASK, null, null);
    }

    @Override
    public BoardConnection connect(BoardEntry entry, BoardProfile started, HostKeyPrompt prompt, Context context)
            throws TransportException {
        String fingerprint;
        synchronized (this) {
            connects++;
            fingerprint = server.login().hostKeyFingerprint();
        }
        return context.ssh().connect(started, key -> key.fingerprint().equals(fingerprint));
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                // stopping anyway
            }
            board.close();
            server = null;
        }
    }
}
