package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.vboard.VirtualBoardKind;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

/**
 * The registry and a real QEMU virtual board (the one releng/virtual-board/build.sh made; skipped without it unless
 * {@code wqlab.vboard.required=true}): connecting boots it and logs in with no host key question, closing the
 * registry stops the VM it booted; a VM started outside (as by {@code wqlab vboard start}) is used as it is and left
 * running.
 */
class VirtualBoardLifecycleTest {

    @TempDir
    Path dir;

    @Test
    void aVmTheRegistryBootedStopsWithItAndOneStartedOutsideIsLeftRunning() throws Exception {
        VirtualBoard vm = VirtualBoard.atDefaultLocation();
        if (!vm.isBuilt(VboardArch.X86_64)) {
            String why = "the x86_64 virtual board is not built in " + vm.home();
            if (Boolean.getBoolean("wqlab.vboard.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        Optional<RunningBoard> before = vm.running();
        if (before.isPresent()) {
            fail("a virtual board already runs (pid " + before.get().pid() + "): stop it with 'wqlab vboard stop'");
        }
        String release = vm.image(VboardArch.X86_64).kernelRelease();
        Path knownHosts = dir.resolve("config/known_hosts");
        try {
            long booted;
            try (BoardRegistry registry = open(knownHosts)) {
                List<String> progress = new ArrayList<>();
                registry.addListener(() -> progress.add(registry.status(VirtualBoardHost.BOARD_NAME).label()));
                BoardFacts facts = registry.connect(VirtualBoardHost.BOARD_NAME, HostKeyPrompt.REFUSE);
                assertTrue(facts.uname().contains(release), facts.uname());
                assertEquals(2, facts.cpuCount());
                assertTrue(progress.contains("starting") && progress.contains("connected"), progress.toString());
                RunningBoard running = vm.running().orElseThrow();
                booted = running.pid();
                VirtualBoardHost.State.Running state = assertInstanceOf(VirtualBoardHost.State.Running.class,
                        VirtualBoardKind.hostOf(registry).state());
                assertTrue(state.startedHere());
                String trusted = Files.readString(knownHosts, StandardCharsets.UTF_8);
                assertTrue(trusted.contains("[127.0.0.1]:" + running.sshPort() + " ssh-ed25519 ")
                        && trusted.strip().endsWith("wqlab-virtual-board"), trusted);
            }
            assertFalse(ProcessHandle.of(booted).map(ProcessHandle::isAlive).orElse(false),
                    "QEMU (pid " + booted + ") outlived the registry that booted it");
            assertTrue(vm.running().isEmpty());

            RunningBoard outside = vm.start(VboardArch.X86_64, VirtualBoard.StartOptions.DEFAULT, line -> {
            });
            try (BoardRegistry registry = open(knownHosts)) {
                VirtualBoardHost.State.Running state = assertInstanceOf(VirtualBoardHost.State.Running.class,
                        VirtualBoardKind.hostOf(registry).state());
                assertFalse(state.startedHere());
                registry.connect(VirtualBoardHost.BOARD_NAME, HostKeyPrompt.REFUSE);
                assertEquals(outside.pid(), vm.running().orElseThrow().pid(), "a second VM was booted");
            }
            assertTrue(ProcessHandle.of(outside.pid()).map(ProcessHandle::isAlive).orElse(false),
                    "the registry stopped a VM it had not booted");
        } finally {
            vm.stop(line -> {
            });
        }
    }

    private BoardRegistry open(Path knownHosts) throws Exception {
        BoardRegistryTest.MemorySecrets secrets = new BoardRegistryTest.MemorySecrets();
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        return BoardRegistry.open(new BoardStore(dir.resolve("ws/boards.json")), () -> connector, () -> secrets,
                new BuiltInSimulator(dir.resolve("sim-state"), knownHosts),
                new VirtualBoardHost(VirtualBoard.atDefaultLocation(), knownHosts));
    }
}
