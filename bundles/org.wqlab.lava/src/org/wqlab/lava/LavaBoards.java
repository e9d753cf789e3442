package org.wqlab.lava;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;

/**
 * A LAVA device type as a wqlab board: named {@code lava:TYPE} ({@code lava:TYPE@SERVER} when several servers are
 * configured, {@code lava:TYPE/DEVICE} for one device), its server, type and device in the entry's settings, and what
 * the server last said of its devices and jobs for the Boards view.
 */
final class LavaBoards {

    static final BoardKind KIND = new BoardKind("lava");
    static final String SERVER = "lava.server";
    static final String DEVICE_TYPE = "lava.deviceType";
    static final String DEVICE = "lava.device";
    /** "qemu-01: Idle, Good" lines of the listing, for the Boards view. */
    static final String DEVICES = "lava.devices";
    static final String JOBS = "lava.jobs";
    /** Why the board's server cannot be used (not configured), said when a run starts on it. */
    static final String PROBLEM = "lava.problem";

    private static final Pattern FORM = Pattern.compile(
            "lava:([A-Za-z0-9][A-Za-z0-9._-]*)(?:/([A-Za-z0-9][A-Za-z0-9._-]*))?(?:@([A-Za-z0-9][A-Za-z0-9._-]*))?");

    /** What a {@code --board} argument of the LAVA form says. */
    record Form(String deviceType, String device, String server) {
    }

    private LavaBoards() {
    }

    static Optional<Form> parse(String boardArg) {
        Matcher m = FORM.matcher(boardArg);
        return m.matches() ? Optional.of(new Form(m.group(1), m.group(2), m.group(3))) : Optional.empty();
    }

    /** The board of a device type (or one device) of a server. */
    static BoardEntry entry(String name, LavaServer server, String deviceType, String device,
            Map<String, String> listing) {
        URI url = server.url();
        int port = url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        BoardProfile profile = new BoardProfile(name, url.getHost(), port, server.user(), AuthMethod.AUTO, null, null,
                HostKeyPolicy.REFUSE_UNKNOWN, null, null);
        Map<String, String> settings = new LinkedHashMap<>(listing);
        settings.put(SERVER, server.name());
        settings.put(DEVICE_TYPE, deviceType);
        if (device != null) {
            settings.put(DEVICE, device);
        }
        return new BoardEntry(profile, KIND, Optional.empty(), LavaUsbDriver.ID, null, 0, settings);
    }

    /** The board's name: {@code lava:TYPE}, with {@code @SERVER} when the server must be named. */
    static String name(String deviceType, String server, boolean nameServer) {
        return "lava:" + deviceType + (nameServer ? "@" + server : "");
    }

    static List<String> lines(String joined) {
        return joined == null || joined.isEmpty() ? List.of() : List.of(joined.split("\n"));
    }
}
