package org.wqlab.boards.ssh;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.target.BoardProfile;
import org.wqlab.usb.UsbDriverIds;

/** A board reached over SSH with its profile as the user typed it; claims {@code user@host[:port]}. */
public final class SshBoardKind implements BoardKindProvider {

    /** A bare host name or [IPv6 address], with an optional port. */
    private static final Pattern HOST_PORT = Pattern
            .compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9][A-Za-z0-9.-]*)(:[0-9]+)?");

    @Override
    public BoardKind kind() {
        return BoardKind.SSH;
    }

    @Override
    public String displayName() {
        return "board over SSH";
    }

    @Override
    public String defaultUsbDriver() {
        return UsbDriverIds.MANUAL;
    }

    @Override
    public String defaultUsbDriverLabel() {
        return "manual prompt (default)";
    }

    @Override
    public boolean userAddable() {
        return true;
    }

    /**
     * Claims {@code user@host[:port]}; a bare host name may be a saved board's name, so it is not claimed here. A user
     * part with ':' or '/' is no login name (they separate /etc/passwd's fields and paths), so another kind's form
     * ({@code lava:TYPE@SERVER}) is left to it.
     */
    @Override
    public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        int at = boardArg.lastIndexOf('@');
        if (at < 0 || boardArg.substring(0, at).contains(":") || boardArg.substring(0, at).contains("/")) {
            return Optional.empty();
        }
        return Optional.of(BoardEntry.of(profileOf(boardArg)));
    }

    /** Takes a bare {@code host[:port]} no saved board and no other kind claimed as a host name. */
    @Override
    public Optional<BoardEntry> resolveUnclaimed(String boardArg) {
        return HOST_PORT.matcher(boardArg).matches() ? Optional.of(BoardEntry.of(profileOf(boardArg)))
                : Optional.empty();
    }

    /**
     * The profile {@code [user@]host[:port]} means, named by the form itself.
     *
     * @throws IllegalArgumentException naming what is wrong (a bad port, no host)
     */
    public static BoardProfile profileOf(String boardArg) {
        int at = boardArg.lastIndexOf('@');
        String user = at < 0 ? "" : boardArg.substring(0, at);
        String hostPort = boardArg.substring(at + 1);
        int port = 0;
        String host = hostPort;
        int colon = hostPort.lastIndexOf(':');
        if (colon > 0 && !hostPort.startsWith("[")) {
            try {
                port = Integer.parseInt(hostPort.substring(colon + 1));
                host = hostPort.substring(0, colon);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad port '" + hostPort.substring(colon + 1) + "'", e);
            }
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException("expected user@host[:port]");
        }
        return BoardProfile.of(boardArg, host, port, user);
    }
}
