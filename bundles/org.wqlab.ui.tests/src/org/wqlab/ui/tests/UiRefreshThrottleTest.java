package org.wqlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.refresh.UiRefreshThrottle;
import org.wqlab.ui.testing.UiWait;

class UiRefreshThrottleTest {

    @Test
    void manyRequestsFromAnotherThreadGiveAtMostOneRefreshPerTickAndEndWithTheNewestState() throws Exception {
        Display display = PlatformUI.getWorkbench().getDisplay();
        AtomicLong produced = new AtomicLong();
        AtomicLong lastSeen = new AtomicLong(-1);
        AtomicInteger refreshes = new AtomicInteger();
        UiRefreshThrottle throttle = new UiRefreshThrottle(display, () -> {
            assertTrue(display.getThread() == Thread.currentThread(), "refresh off the UI thread");
            refreshes.incrementAndGet();
            lastSeen.set(produced.get());
        });
        int requests = 200_000;
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= requests; i++) {
                produced.set(i);
                throttle.requestRefresh();
            }
        }, "producer");

        long start = System.nanoTime();
        producer.start();
        UiWait.until(display, () -> !producer.isAlive() && lastSeen.get() == requests, Duration.ofSeconds(60),
                "the refresh to show the newest value");
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        throttle.dispose();

        assertEquals(requests, lastSeen.get());
        int maxRefreshes = (int) (elapsedMillis / UiRefreshThrottle.DEFAULT_TICK_MILLIS) + 2;
        assertTrue(refreshes.get() >= 1 && refreshes.get() <= maxRefreshes,
                refreshes.get() + " refreshes in " + elapsedMillis + " ms (at most " + maxRefreshes + " allowed)");
    }
}
