package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardRuns;
import org.wqlab.boards.BoardStore;

/** A board runs one sequence at a time; boards run at once; listeners hear of each claim and release. */
class BoardRunsTest {
    @TempDir
    java.nio.file.Path dir;

    /** A registry of no board kinds: runs are claimed by name, whatever the boards. */
    private BoardRegistry registry() throws Exception {
        return BoardRegistry.open(new BoardStore(dir.resolve("boards.json")), () -> {
            throw new IllegalStateException("no connections here");
        }, () -> null, List::of);
    }

    @Test
    void aBoardRunsOneSequenceAtATimeAndOthersRunBesideIt() throws Exception {
        try (BoardRegistry registry = registry()) {
            AtomicInteger told = new AtomicInteger();
            registry.addListener(told::incrementAndGet);
            BoardRuns runs = registry.runs();
            assertEquals(Optional.empty(), runs.claim("A", "default"));
            assertEquals(Optional.empty(), runs.claim("B", "soak"), "another board runs beside A");
            assertEquals(Optional.of(new BoardRuns.Run("A", "default")), runs.claim("A", "soak"),
                    "A is busy: the claim names the run that holds it");
            assertEquals(List.of(new BoardRuns.Run("A", "default"), new BoardRuns.Run("B", "soak")), runs.all());
            runs.release("A");
            runs.release("A");
            assertEquals(Optional.empty(), runs.running("A"));
            assertEquals(3, told.get(), "two claims and one release told (a refused claim and a second release not)");
            assertEquals(Optional.empty(), runs.claim("A", "soak"), "free again");
        }
    }

    @Test
    void ofManyClaimsAtOnceOneWins() throws Exception {
        try (BoardRegistry registry = registry()) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Callable<Boolean>> claims = java.util.stream.IntStream.range(0, 64)
                        .mapToObj(i -> (Callable<Boolean>) () -> registry.runs().claim("A", "run " + i).isEmpty())
                        .toList();
                int won = 0;
                for (Future<Boolean> f : pool.invokeAll(claims)) {
                    won += f.get() ? 1 : 0;
                }
                assertEquals(1, won);
            } finally {
                pool.shutdown();
            }
        }
    }
}
