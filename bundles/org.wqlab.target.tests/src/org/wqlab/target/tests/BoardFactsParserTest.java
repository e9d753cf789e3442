package org.wqlab.target.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.BoardFacts.HzSource;
import org.wqlab.target.facts.BoardFactsParser;
import org.wqlab.target.facts.UsbStorageDevice;

class BoardFactsParserTest {

    private String load(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/testdata/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void rcarWithConfigGzAndUsbStick() throws IOException {
        BoardFacts facts = BoardFactsParser.parse(load("facts-rcar.txt"));
        assertTrue(facts.uname().startsWith("Linux h3ulcb 5.10.41"));
        assertEquals(8, facts.cpuCount());
        assertEquals(16.66, facts.bogoMips(), 1e-9);
        assertEquals(250, facts.hz());
        assertEquals(HzSource.PROC_CONFIG_GZ, facts.hzSource());
        assertEquals(3884164, facts.memTotalKb());
        assertTrue(facts.kernelCommandLine().endsWith("workqueue.cpu_intensive_thresh_us=20000"));
        assertEquals(OptionalLong.of(20000), facts.cpuIntensiveThresholdUs());
        assertEquals(List.of(new UsbStorageDevice("2-1", "0781:5583", "Ultra Fit", List.of("sda", "sdb")),
                new UsbStorageDevice("1-1.2", "152d:0578", "JMS578", List.of())), facts.usbStorage());
    }

    @Test
    void busyboxWithoutConfigEstimatesHzAndHasNoThreshold() throws IOException {
        BoardFacts facts = BoardFactsParser.parse(load("facts-busybox.txt"));
        assertEquals(2, facts.cpuCount(), "nproc missing: counted processor lines");
        assertEquals(5999.98, facts.bogoMips(), 1e-9);
        assertEquals(300, facts.hz(), "301 jiffies in 1.003 s");
        assertEquals(HzSource.ESTIMATED, facts.hzSource());
        assertEquals(OptionalLong.empty(), facts.cpuIntensiveThresholdUs());
        assertEquals(List.of(), facts.usbStorage());
    }

    @Test
    void emptyOutputGivesNeutralFacts() {
        BoardFacts facts = BoardFactsParser.parse("");
        assertEquals(0, facts.hz());
        assertEquals(HzSource.UNKNOWN, facts.hzSource());
        assertEquals(0, facts.cpuCount());
    }
}
