package org.wqlab.boards;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;

/**
 * One kind of board: what it starts before a connect and stops after, how it connects, its default USB disconnect
 * driver, its board-time speed, and which {@code --board} forms it claims. The registry looks a board's provider up
 * by {@link #kind()}; nothing outside a provider branches on the kind. Besides the kinds the registry is opened with,
 * any provider registered as an OSGi service (a DS component, see OSGI-INF) is used.
 */
public interface BoardKindProvider {

    /** The kind as stored in the boards file. */
    BoardKind kind();

    /** What a user calls this kind ("QEMU virtual board"). */
    String displayName();

    /** The USB disconnect driver a sequence's "board" driver means on such a board when none is set for it. */
    String defaultUsbDriver();

    /** How the board dialog names the default USB disconnect driver ("manual prompt (default)"). */
    default String defaultUsbDriverLabel() {
        return defaultUsbDriver() + " (default)";
    }

    /** Whether the user may set another USB disconnect driver for such a board. */
    default boolean usbDriverSelectable() {
        return true;
    }

    /** Whether the user edits the SSH profile (host, port, user, key...), or the kind fills it in at start. */
    default boolean profileEditable() {
        return true;
    }

    /** What the board dialog says about such a board, empty for its general message. */
    default Optional<String> dialogMessage() {
        return Optional.empty();
    }

    /** What the Boards view's Host column says of such a board (no I/O: the last known state). */
    default String hostText(BoardEntry entry) {
        BoardProfile p = entry.profile();
        String user = p.user().isEmpty() ? "" : p.user() + "@";
        return user + p.host() + (p.port() == 0 ? "" : ":" + p.port())
                + (p.jumpHost() == null ? "" : " via " + p.jumpHost());
    }

    /** What the Boards view's Status column says of such a board while disconnected, when more than that. */
    default Optional<String> disconnectedText(BoardEntry entry) {
        return Optional.empty();
    }

    /** Whether users add boards of this kind with the Boards view's Add (a kind that brings its own board does not). */
    default boolean userAddable() {
        return false;
    }

    /**
     * Whether a board of this kind is the one wqlab uses when the user chose none (the built-in simulated board: the
     * First Steps' Connect, a run with no board selected).
     */
    default boolean fallbackBoard() {
        return false;
    }

    /** The settings this kind adds to the board dialog, in order. */
    default List<BoardField> fields() {
        return List.of();
    }

    /** The board's values of {@link #fields()}, by field id. */
    default Map<String, String> fieldValues(BoardEntry entry) {
        return Map.of();
    }

    /**
     * The board with these values of {@link #fields()} (ids as keys; absent ones unchanged).
     *
     * @throws IllegalArgumentException naming the field ("field irqCpu: ...") when a value is not allowed
     */
    default BoardEntry withFieldValues(BoardEntry entry, Map<String, String> values) {
        return entry;
    }

    /** The commands this kind adds to the Boards view. */
    default List<BoardAction> actions() {
        return List.of();
    }

    /** The rows this kind adds to a board's Properties; no I/O (the last known state). */
    default List<BoardProperty> properties(BoardEntry entry) {
        return List.of();
    }

    /**
     * Looks again at what boards of this kind run on (a VM's files and process), for the state the view shows. May
     * do file I/O: called off the UI thread.
     */
    default void refresh(List<BoardEntry> boards) {
    }

    /** Board time per wall time of such a board. */
    default double speed(BoardEntry entry) {
        return 1.0;
    }

    /** Asks boards of this kind that start after it to run at this board-time speed; ignored by most kinds. */
    default void setSpeed(double boardTimePerWallTime) {
    }

    /** The boards of this kind a new registry starts with (written to a new boards file). */
    default List<BoardEntry> initialBoards() {
        return List.of();
    }

    /**
     * Starts what the board needs (a simulator, a VM) unless it runs, and gives the profile to connect with. Blocks.
     *
     * @throws IOException with a message saying what could not be started
     */
    default BoardProfile start(BoardEntry entry, Context context) throws IOException, InterruptedException {
        return entry.profile();
    }

    /** Connects to the started board; by default over the SSH transport. */
    default BoardConnection connect(BoardEntry entry, BoardProfile started, HostKeyPrompt prompt, Context context)
            throws TransportException {
        return context.ssh().connect(started, prompt);
    }

    /** The latency-mon file wqlab has for such a board, if any (the user builds or chooses one otherwise). */
    default Optional<Path> offeredModule(BoardEntry entry) throws IOException {
        return Optional.empty();
    }

    /**
     * The board a {@code --board} argument means when this kind claims that form, else empty. The saved boards of the
     * registry are given so that a kind can claim one of them.
     *
     * @throws IllegalArgumentException when the form is this kind's but malformed, naming what is wrong
     */
    default Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        return Optional.empty();
    }

    /**
     * The board a {@code --board} argument that neither a saved board nor any kind's {@link #resolve} claimed means,
     * else empty: asked of every kind after all of them declined (the SSH kind takes a bare host name).
     */
    default Optional<BoardEntry> resolveUnclaimed(String boardArg) {
        return Optional.empty();
    }

    /** Stops what {@link #start} started (the registry closes). */
    default void close() {
    }

    /** What the registry gives a provider while it starts and connects a board. */
    interface Context {
        /** The SSH transport (the OSGi service). */
        BoardConnector ssh();

        SecretStore secrets();

        /** Shows a start's progress as the board's status ("starting: ..."). */
        void progress(String line);

        /** Whether the user cancelled the connect. */
        boolean cancelled();
    }
}
