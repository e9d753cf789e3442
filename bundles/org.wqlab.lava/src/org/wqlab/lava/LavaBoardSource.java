package org.wqlab.lava;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardSource;

/**
 * The device types of every configured LAVA server as boards (an OSGi service): one board per device type, with the
 * type's devices (state, health, worker) and the jobs running on them as the server said when asked. A server that
 * does not answer lists nothing and the error names it.
 */
public final class LavaBoardSource implements BoardSource {

    @Override
    public String id() {
        return "lava";
    }

    @Override
    public String displayName() {
        return "LAVA servers";
    }

    @Override
    public List<BoardEntry> boards() throws IOException {
        LavaServers installed = LavaServices.servers();
        List<LavaServer> servers = installed.all();
        List<BoardEntry> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (LavaServer server : servers) {
            try {
                out.addAll(boardsOf(installed.client(server), servers.size() > 1));
            } catch (LavaException e) {
                problems.add(e.getMessage());
            }
        }
        if (out.isEmpty() && !problems.isEmpty()) {
            throw new LavaException(String.join("; ", problems));
        }
        return out;
    }

    private static List<BoardEntry> boardsOf(LavaClient client, boolean nameServer) throws LavaException {
        LavaServer server = client.server();
        List<LavaClient.Device> devices = client.devices();
        List<LavaClient.Job> running = client.jobs(null, 20).stream().filter(j -> !j.finished()).toList();
        List<BoardEntry> out = new ArrayList<>();
        for (LavaClient.DeviceType type : client.deviceTypes()) {
            List<LavaClient.Device> ofType = devices.stream().filter(d -> d.deviceType().equals(type.name())).toList();
            if (ofType.isEmpty()) {
                continue; // a type the lab has no device of cannot run anything
            }
            Map<String, String> listing = new LinkedHashMap<>();
            listing.put(LavaBoards.DEVICES, String.join("\n", ofType.stream()
                    .map(d -> d.hostname() + ": " + d.state() + ", " + d.health()).toList()));
            listing.put(LavaBoards.JOBS, String.join("\n", running.stream()
                    .filter(j -> j.deviceType().equals(type.name()))
                    .map(j -> "job " + j.id() + " " + j.state() + (j.device().isEmpty() ? "" : " on " + j.device())
                            + (j.description().isEmpty() ? "" : ": " + j.description()))
                    .toList()));
            out.add(LavaBoards.entry(LavaBoards.name(type.name(), server.name(), nameServer), server, type.name(),
                    null, listing));
        }
        return out;
    }
}
