package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.gson.Gson;

class StepRecordJsonTest {

    private static final List<StepRecord> STEPS = List.of(
            new StepRecord(1, "load", "load-module", StepRecord.OK, "", "2026-01-02T03:04:05Z", 12, 3400),
            new StepRecord(2, "cut <usb>", "usb-disconnect", StepRecord.FAILED, "hub \"1-1\" gone",
                    "2026-01-02T03:04:06Z", 7, -1));

    @Test
    void runFileRecordsEveryFieldInItsOrder() {
        assertEquals("[{\"number\":1,\"label\":\"load\",\"type\":\"load-module\",\"outcome\":\"ok\",\"detail\":\"\","
                + "\"started\":\"2026-01-02T03:04:05Z\",\"durationMs\":12,\"kernelUs\":3400},"
                + "{\"number\":2,\"label\":\"cut \\u003cusb\\u003e\",\"type\":\"usb-disconnect\",\"outcome\":\"failed\","
                + "\"detail\":\"hub \\\"1-1\\\" gone\",\"started\":\"2026-01-02T03:04:06Z\",\"durationMs\":7,"
                + "\"kernelUs\":-1}]", new Gson().toJson(StepRecordJson.full(STEPS)));
    }

    @Test
    void summaryHasNumberLabelOutcomeDurationAndDetail() {
        assertEquals("[{\"number\":1,\"label\":\"load\",\"outcome\":\"ok\",\"durationMs\":12,\"detail\":\"\"},"
                + "{\"number\":2,\"label\":\"cut \\u003cusb\\u003e\",\"outcome\":\"failed\",\"durationMs\":7,"
                + "\"detail\":\"hub \\\"1-1\\\" gone\"}]", new Gson().toJson(StepRecordJson.summary(STEPS)));
    }
}
