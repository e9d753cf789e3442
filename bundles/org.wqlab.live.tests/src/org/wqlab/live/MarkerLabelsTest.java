package org.wqlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;

class MarkerLabelsTest {
    private static final double LABEL_WIDTH = 80;

    @Test
    void aBurstOfStepsNeverHidesTheDisconnectAndNoTwoLabelsOverlap() {
        List<LiveEvent> events = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            events.add(new LiveEvent(1_000_000L + i * 2_000, EventKind.MARK, "step " + i));
        }
        LiveEvent pull = new LiveEvent(1_011_000L, EventKind.USB_DISCONNECT, "USB disconnect 2-1");
        events.add(6, pull);
        // 1 px per ms of board time: the steps 2 px apart
        List<MarkerLabels.Placed> placed = MarkerLabels.place(events, e -> (e.timeUs() - 1_000_000L) / 1000.0,
                label -> LABEL_WIDTH, 1000);

        assertEquals(pull, placed.get(0).event(), "the disconnect is placed first");
        assertEquals(0, placed.get(0).row());
        assertEquals(MarkerLabels.ROWS, placed.size(), "one label a row fits in the burst: " + placed);
        for (int i = 0; i < placed.size(); i++) {
            for (int j = i + 1; j < placed.size(); j++) {
                MarkerLabels.Placed a = placed.get(i);
                MarkerLabels.Placed b = placed.get(j);
                assertTrue(a.row() != b.row() || a.x() + LABEL_WIDTH <= b.x() || b.x() + LABEL_WIDTH <= a.x(),
                        a + " overlaps " + b);
            }
        }
    }

    @Test
    void aLabelAtTheRightEdgeGoesLeftOfItsLine() {
        LiveEvent late = new LiveEvent(0, EventKind.MODULE_STOP, "latency_mon unload");
        List<MarkerLabels.Placed> placed = MarkerLabels.place(List.of(late), e -> 990, label -> LABEL_WIDTH, 1000);
        assertEquals(990 - 3 - LABEL_WIDTH, placed.get(0).x());
    }
}
