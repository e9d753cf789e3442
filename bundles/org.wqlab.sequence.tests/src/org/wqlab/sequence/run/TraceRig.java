package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.wqlab.analysis.capture.TracingState;
import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.kernel.WorkRecord;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.TransportException;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;

/** The simulated board of a chosen profile over real SSH on 127.0.0.1, for the trace and verdict tests. */
final class TraceRig implements AutoCloseable {

    final Board board;
    final SimSshServer server;
    final BoardAccess access;
    private final Path truthFile;
    private final java.io.Writer truth;

    TraceRig(Path dir, SimulatedBoardProfile profile, double speed) throws IOException {
        board = Board.realTime(profile, speed);
        truthFile = dir.resolve("truth.jsonl");
        truth = java.nio.file.Files.newBufferedWriter(truthFile);
        board.driver().run(() -> board.kernel().groundTruth().writeTo(truth));
        server = SimSshServer.start(board, dir.resolve("state"), 0, List.of());
        SimSshServer.Login login = server.login();
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), dir.resolve("known_hosts"),
                List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, InMemorySecretStore.withPassword(login.password()));
        org.wqlab.target.BoardProfile target = new org.wqlab.target.BoardProfile("sim", "127.0.0.1", login.port(),
                login.user(), AuthMethod.PASSWORD, null, null, HostKeyPolicy.ASK, null, null);
        access = new BoardAccess(() -> connector.connect(target,
                key -> key.fingerprint().equals(login.hostKeyFingerprint())), speed, UsbDriverIds.SIM_PULL,
                (message, countdown) -> false);
    }

    /** The board's tracing state, read over SSH as any board's would be. */
    TracingState tracingState() throws TransportException {
        try (BoardConnection c = access.connector().connect()) {
            return TracingState.read(c, Duration.ofSeconds(20));
        }
    }

    /** Every monitor report the simulator printed (its ground truth). */
    List<org.wqlab.sim.kernel.MonitorReport> monitorReports() throws IOException {
        com.google.gson.Gson gson = new com.google.gson.Gson();
        return java.nio.file.Files.readAllLines(truthFile).stream()
                .map(l -> com.google.gson.JsonParser.parseString(l).getAsJsonObject())
                .filter(o -> o.get("type").getAsString().equals("monitor"))
                .map(o -> gson.fromJson(o, org.wqlab.sim.kernel.MonitorReport.class)).toList();
    }

    /** What the simulator executed (its ground-truth file, flushed per record): its hub_event work items. */
    List<WorkRecord> hubEvents() throws IOException {
        com.google.gson.Gson gson = new com.google.gson.Gson();
        return java.nio.file.Files.readAllLines(truthFile).stream()
                .map(l -> com.google.gson.JsonParser.parseString(l).getAsJsonObject())
                .filter(o -> o.get("type").getAsString().equals("work")
                        && o.get("function").getAsString().equals("hub_event"))
                .map(o -> gson.fromJson(o, WorkRecord.class)).toList();
    }

    long cpuIntensiveThreshUs() {
        return board.driver().call(() -> board.kernel().workqueues().cpuIntensiveThreshUs());
    }

    @Override
    public void close() throws IOException {
        server.close();
        board.close();
        truth.close();
    }
}
