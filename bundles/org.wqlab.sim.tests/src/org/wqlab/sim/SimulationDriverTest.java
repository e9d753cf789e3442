package org.wqlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.kernel.LatencyMonitor;
import org.wqlab.sim.kernel.UsbStick;
import org.wqlab.sim.shell.Shell;

class SimulationDriverTest {

    private static final long SEC = 1_000_000_000L;

    @Test
    void virtualTimeIsDeterministic() {
        List<String> first = runProcedure();
        List<String> second = runProcedure();
        assertEquals(first, second);
        assertTrue(first.stream().anyMatch(l -> l.contains("DELAY: ")));
    }

    private static List<String> runProcedure() {
        Board b = Board.virtual(Profiles.builtIn("rcar-h3-default"));
        Shell s = new Shell(b);
        s.run("taskset -c 0 modprobe latency-mon; sleep 1.5; dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=700");
        s.run("wqlab-board usb pull 2-1; sleep 3");
        return s.run("dmesg").out().lines().toList();
    }

    @Test
    void realTimeDriverRunsActionsOnTheModelThreadAndLetsBoardTimePass() {
        Board b = Board.realTime(Profiles.builtIn("rcar-h3-default"), 1000);
        try {
            SimulationDriver d = b.driver();
            Thread caller = Thread.currentThread();
            Thread model = d.call(Thread::currentThread);
            assertFalse(caller == model);
            assertSame(model, d.call(Thread::currentThread));
            long start = d.call(() -> b.kernel().nowNs());
            d.sleep(2 * SEC);
            assertTrue(d.call(() -> b.kernel().nowNs()) - start >= 2 * SEC);
            UsbStick.ReadResult[] r = new UsbStick.ReadResult[1];
            d.run(() -> b.kernel().usb().read(35_000_000, x -> r[0] = x));
            assertTrue(d.await(() -> r[0] != null, 60 * SEC));
            assertEquals(SEC, d.call(() -> r[0].durationNs()), 1_000);
            LatencyMonitor.Params original = LatencyMonitor.Params.originalModule();
            d.run(() -> b.kernel().loadLatencyMonitor(original, 0));
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> d.run(() -> b.kernel().loadLatencyMonitor(original, 0)));
            assertEquals("latency_mon is already loaded", e.getMessage());
            assertTrue(d.call(() -> b.kernel().nowNs()) > start, "the clock survives a failing action");
        } finally {
            b.close();
        }
        assertThrows(IllegalArgumentException.class, () -> new RealTimeDriver(new EventLoop(), 0));
    }

    @Test
    void umountWhileReadingIsBusy() {
        Board b = Board.realTime(Profiles.builtIn("rcar-h3-default"), 1);
        try {
            b.driver().run(() -> b.kernel().usb().read(1L << 30, r -> { }));
            Shell s = new Shell(b);
            Shell.Result r = s.run("umount /run/media/sda1");
            assertEquals(32, r.status());
            assertEquals("umount: /run/media/sda1: target is busy.\n", r.err());
        } finally {
            b.close();
        }
    }
}
