package org.wqlab.ui.experiments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.run.BoardAccess;
import org.wqlab.sequence.run.RunMonitor;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sequence.run.SequenceRunner;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;

/**
 * The default sequence on the built-in simulated board, reached over real SSH on 127.0.0.1 (as {@code wqlab run}
 * does), recording into a workspace folder.
 */
final class SimulatedRun {
    /** Every CPU reports every run in the default sequence: 80 kernel-log lines per board second keep it at 10x. */
    static final double SPEED = 10;

    private SimulatedRun() {
    }

    static RunResult run(Workspace workspace, Map<String, String> variables) throws Exception {
        return run(workspace, variables, board -> {
        });
    }

    /** {@code onStart} sees the board before the run begins (e.g. to keep its ground truth). */
    static RunResult run(Workspace workspace, Map<String, String> variables, Consumer<Board> onStart)
            throws Exception {
        Path state = Files.createTempDirectory("wqlab-experiments-test-sim");
        try (Board board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), SPEED);
                SimSshServer server = SimSshServer.start(board, state, 0, List.of())) {
            onStart.accept(board);
            SimSshServer.Login login = server.login();
            SshEnvironment env = new SshEnvironment(state.resolve("no-ssh-config"), List.of(),
                    state.resolve("known_hosts"), List.of(), null);
            JschBoardConnector connector = new JschBoardConnector(env,
                    InMemorySecretStore.withPassword(login.password()));
            BoardProfile target = new BoardProfile("Simulated default", login.host(), login.port(), login.user(),
                    AuthMethod.PASSWORD, null, null, HostKeyPolicy.ASK, null, null);
            BoardAccess access = new BoardAccess(() -> connector.connect(target,
                    key -> key.fingerprint().equals(login.hostKeyFingerprint())), SPEED, UsbDriverIds.SIM_PULL,
                    (message, countdown) -> false);
            return new SequenceRunner().run("default sequence", SequenceJson.defaultSequence(), variables, access,
                    workspace, RunMonitor.NONE);
        }
    }
}
