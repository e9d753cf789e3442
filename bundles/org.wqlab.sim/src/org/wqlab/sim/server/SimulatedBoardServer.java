package org.wqlab.sim.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;

/**
 * A simulated board running in real time and reached over SSH on 127.0.0.1 (a free port): the one way wqlab starts
 * one, for the workbench's built-in board, {@code wqlab run --board sim} and {@code wqlab sim}. Closing it stops the server, then
 * the board.
 */
public final class SimulatedBoardServer implements AutoCloseable {

    private final Board board;
    private final SimSshServer ssh;

    private SimulatedBoardServer(Board board, SimSshServer ssh) {
        this.board = board;
        this.ssh = ssh;
    }

    /**
     * Starts the board at {@code speed} board time per wall time, then its SSH server.
     *
     * @param stateDir the server's state (host key, generated password, uploaded files)
     * @param beforeClients runs on the started board before any client can connect (to record its ground truth)
     */
    public static SimulatedBoardServer start(SimulatedBoardProfile profile, double speed, Path stateDir,
            Consumer<Board> beforeClients) throws IOException {
        return start(profile, speed, stateDir, 0, List.of(), beforeClients);
    }

    /**
     * @param port 0 for a free one
     * @param publicKeyFiles OpenSSH {@code .pub} files whose keys may log in besides the generated password
     */
    public static SimulatedBoardServer start(SimulatedBoardProfile profile, double speed, Path stateDir, int port,
            Collection<Path> publicKeyFiles, Consumer<Board> beforeClients) throws IOException {
        Board board = Board.realTime(profile, speed);
        try {
            beforeClients.accept(board);
            return new SimulatedBoardServer(board, SimSshServer.start(board, stateDir, port, publicKeyFiles));
        } catch (IOException | RuntimeException e) {
            board.close();
            throw e;
        }
    }

    public static SimulatedBoardServer start(SimulatedBoardProfile profile, double speed, Path stateDir)
            throws IOException {
        return start(profile, speed, stateDir, board -> {
        });
    }

    public SimSshServer.Login login() {
        return ssh.login();
    }

    /** The server's public host key as a known_hosts line holds it: {@code type base64}. */
    public String publicHostKey() {
        return ssh.publicHostKey();
    }

    @Override
    public void close() {
        try {
            ssh.close();
        } catch (IOException e) {
            // the board stops anyway
        }
        board.close();
    }
}
