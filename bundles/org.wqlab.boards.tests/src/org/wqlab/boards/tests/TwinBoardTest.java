package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.simulator.ProfiledSimulatorBoardKind;
import org.wqlab.sim.Profiles;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.vboard.VirtualBoard;

/**
 * A calibrated twin (a profile file in the twins folder, as {@code wqlab predict --save-twin} writes it) is offered by
 * the simulated board's dialog beside the built-in kernels, and a board saved with it runs that profile over SSH.
 */
class TwinBoardTest {

    @TempDir
    Path dir;

    private final BoardRegistryTest.MemorySecrets secrets = new BoardRegistryTest.MemorySecrets();

    /** The default profile as a twin of another kernel and cost, with the calibration object the simulator ignores. */
    private Path twinFile() throws Exception {
        String json;
        try (InputStream in = Profiles.class.getResourceAsStream("/profiles/rcar-h3-default.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        json = json.replace("5.4.72-yocto-standard", "6.1.99-twin").replace("\"invalidateNsPerPage\": 7665",
                "\"invalidateNsPerPage\": 4321").replace("\"name\": \"rcar-h3-default\"", "\"name\": \"twin-h3\"")
                .replaceFirst("\\}\\s*$", ", \"calibration\": {\"kind\": \"simulated twin\"}}");
        Path twins = dir.resolve("config/twins");
        Files.createDirectories(twins);
        Files.writeString(twins.resolve("not-a-profile.json"), "{}");
        return Files.writeString(twins.resolve("h3-twin.json"), json);
    }

    @Test
    void aTwinFileIsAKernelProfileOfASimulatedBoard() throws Exception {
        Path twin = twinFile();
        Path knownHosts = dir.resolve("config/known_hosts");
        ProfiledSimulatorBoardKind kind = new ProfiledSimulatorBoardKind(dir.resolve("config/simulators"), knownHosts);
        List<BoardField.Choice> choices = kind.fields().get(0).choices();
        assertEquals(Profiles.BUILT_IN.size() + 1, choices.size(), choices::toString);
        BoardField.Choice offered = choices.get(choices.size() - 1);
        assertEquals(twin.toString(), offered.value());
        assertEquals("twin h3-twin.json (twin-h3, 6.1.99-twin)", offered.label());

        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        try (BoardRegistry registry = BoardRegistry.open(new BoardStore(dir.resolve("boards.json")), () -> connector,
                () -> secrets, new BuiltInSimulator(dir.resolve("sim-state"), knownHosts),
                new VirtualBoardHost(new VirtualBoard(dir.resolve("cache/vboard")), knownHosts), () -> List.of(kind))) {
            registry.add(new BoardEntry(BoardProfile.of("twin", "127.0.0.1", 0, ""), ProfiledSimulatorBoardKind.KIND,
                    Optional.empty(), ""));
            registry.setFieldValues("twin", Map.of("profile", offered.value()));
            assertEquals("127.0.0.1 (simulated, " + twin + ")", kind.hostText(registry.entry("twin").orElseThrow()));
            try (BoardConnection c = registry.openConnection("twin", key -> {
                throw new AssertionError("asked about " + key);
            })) {
                ExecResult r = c.run(Command.script("uname -r"), Duration.ofSeconds(30));
                assertEquals("6.1.99-twin", r.stdoutText().strip(), r.toString());
            }
        }
        assertTrue(Files.readString(dir.resolve("boards.json")).contains(twin.toString().replace("\\", "\\\\")));
    }
}
