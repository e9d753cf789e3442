package org.wqlab.kmod;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.elf.ModuleInfo;

/** Where the sources come from and the local build with make. */
class BuildTest {

    @TempDir
    Path dir;

    private static Path repoKmod() {
        String root = System.getProperty("wqlab.repo.root");
        assumeTrue(root != null && Files.isRegularFile(Path.of(root, "kmod", "latency-mon.c")),
                "wqlab.repo.root is not set (the Tycho build sets it)");
        return Path.of(root, "kmod");
    }

    @Test
    void theSourcesAreFoundAndCopiedUnchanged() throws Exception {
        Path kmod = repoKmod();
        KmodSources sources = KmodSources.locate();
        Path copy = sources.copyTo(dir.resolve("work"));
        for (String f : KmodSources.FILES) {
            assertArrayEquals(Files.readAllBytes(kmod.resolve(f)), Files.readAllBytes(copy.resolve(f)), f);
        }
    }

    @Test
    void aMissingKernelBuildDirIsAClearErrorBeforeMakeRuns() throws Exception {
        KmodSources sources = new KmodSources(repoKmod());
        LocalBuild build = LocalBuild.cross(sources, dir.resolve("no-such-tree"), "arm64", "aarch64-linux-gnu-");
        KmodException e = assertThrows(KmodException.class,
                () -> build.build(dir.resolve("work"), Duration.ofMinutes(5), line -> { }));
        assertTrue(e.getMessage().contains("no-such-tree") && e.getMessage().contains("does not exist"),
                e.getMessage());
        assertEquals(List.of("make", "-C", ".", "KDIR=" + dir.resolve("no-such-tree").toAbsolutePath(), "ARCH=arm64",
                "CROSS_COMPILE=aarch64-linux-gnu-"), build.command());
    }

    /** A real build against Debian's amd64 headers, where ci-build.sh installed them; same vermagic as CI's. */
    @Test
    void buildsAgainstTheInstalledAmd64HeadersWithCisVermagic() throws Exception {
        Path headers = Path.of("/usr/src/linux-headers-6.1.0-57-amd64");
        assumeTrue(Files.isDirectory(headers) && Files.isExecutable(Path.of("/usr/bin/make")),
                "Debian's amd64 headers are not installed here");
        KmodSources sources = new KmodSources(repoKmod());
        List<String> log = new ArrayList<>();
        Path ko = LocalBuild.nativeBuild(sources, headers).build(dir.resolve("work"), Duration.ofMinutes(10), log::add);
        ModuleInfo info = ModuleManager.inspect(ko);
        assertEquals(BuiltModules.vermagic("latency-mon-amd64.ko"), info.vermagic().orElseThrow());
        assertEquals("latency_mon", info.name().orElseThrow());
        assertTrue(log.stream().noneMatch(l -> l.contains("warning:") || l.contains("error:")), log.toString());
    }
}
