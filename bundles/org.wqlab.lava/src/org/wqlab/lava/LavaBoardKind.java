package org.wqlab.lava;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardProperty;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.TransportException;

/**
 * The LAVA device type as a kind of board (an OSGi service): a run on it becomes a LAVA job (see
 * {@link LavaRemoteExecutions}); it claims the {@code lava:TYPE[/DEVICE][@SERVER]} forms of {@code --board}; the
 * Boards view shows its server, devices and jobs. wqlab has no shell on a lab's devices, so it does not connect.
 */
public final class LavaBoardKind implements BoardKindProvider {

    @Override
    public BoardKind kind() {
        return LavaBoards.KIND;
    }

    @Override
    public String displayName() {
        return "LAVA device type";
    }

    @Override
    public String defaultUsbDriver() {
        return LavaUsbDriver.ID;
    }

    @Override
    public String defaultUsbDriverLabel() {
        return "the device's user commands usb_disconnect / usb_reconnect";
    }

    @Override
    public boolean usbDriverSelectable() {
        return false;
    }

    @Override
    public boolean profileEditable() {
        return false;
    }

    @Override
    public String hostText(BoardEntry entry) {
        String devices = entry.settings().getOrDefault(LavaBoards.DEVICES, "");
        List<String> lines = LavaBoards.lines(devices);
        return "LAVA " + entry.settings().getOrDefault(LavaBoards.SERVER, "?") + " ("
                + entry.profile().host() + ":" + entry.profile().port() + "), device type "
                + entry.settings().getOrDefault(LavaBoards.DEVICE_TYPE, "?")
                + (lines.isEmpty() ? "" : ": " + String.join("; ", lines));
    }

    @Override
    public Optional<String> disconnectedText(BoardEntry entry) {
        return Optional.of("runs sequences as LAVA jobs");
    }

    @Override
    public List<BoardProperty> properties(BoardEntry entry) {
        List<BoardProperty> rows = new ArrayList<>();
        rows.add(new BoardProperty("LAVA server", entry.settings().getOrDefault(LavaBoards.SERVER, "")));
        rows.add(new BoardProperty("Device type", entry.settings().getOrDefault(LavaBoards.DEVICE_TYPE, "")));
        for (String d : LavaBoards.lines(entry.settings().get(LavaBoards.DEVICES))) {
            rows.add(new BoardProperty("Device", d));
        }
        for (String j : LavaBoards.lines(entry.settings().get(LavaBoards.JOBS))) {
            rows.add(new BoardProperty("Job", j));
        }
        return rows;
    }

    @Override
    public BoardConnection connect(BoardEntry entry, BoardProfile started, HostKeyPrompt prompt, Context context)
            throws TransportException {
        throw new TransportException.RemoteIo(entry.name(), "a LAVA device type runs sequences as LAVA jobs, and"
                + " wqlab has no shell on the lab's devices: run a sequence on it (Run, or wqlab run --board "
                + entry.name() + ")", null);
    }

    @Override
    public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        Optional<LavaBoards.Form> form = LavaBoards.parse(boardArg);
        if (form.isEmpty()) {
            return Optional.empty();
        }
        try {
            LavaServer server = LavaServices.servers().choose(form.get().server());
            return Optional.of(LavaBoards.entry(boardArg, server, form.get().deviceType(), form.get().device(),
                    java.util.Map.of()));
        } catch (LavaException e) {
            // the run then says which server is missing: the entry names the one asked for
            LavaServer unknown = new LavaServer(form.get().server() == null ? "unconfigured"
                    : form.get().server(), java.net.URI.create("http://127.0.0.1"), "-", null);
            return Optional.of(LavaBoards.entry(boardArg, unknown, form.get().deviceType(), form.get().device(),
                    java.util.Map.of(LavaBoards.PROBLEM, e.getMessage())));
        }
    }
}
