package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wqlab.core.model.InputException;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

class LogImportersTest {

    @TempDir
    Path tmp;

    private Path copyResource(String name) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, KlogParserTest.resource(name));
        return p;
    }

    @Test
    void theBuiltInFormatsAreServicesAskedInOrder() {
        assertEquals(List.of("kmsg", "journal", "serial", "dmesg", "kernel-text"),
                LogImporters.installed().all().stream().map(LogImporter::id).toList());
    }

    @ParameterizedTest
    @CsvSource({ "dmesg-plain.log, dmesg", "dmesg-T.log, dmesg", "dmesg-r-caller.log, dmesg",
            "mixed-noise.log, dmesg", "latency-mon-lines.txt, dmesg", "journal-short.log, journal",
            "journal-short-iso.log, journal", "journal-short-monotonic.log, journal", "kmsg.log, kmsg",
            "serial-capture.log, serial", "printk-time0.log, kernel-text" })
    void eachFormatIsRecognisedByContent(String file, String importer) throws Exception {
        Path log = copyResource(file);
        Path renamed = Files.move(log, tmp.resolve("capture.bin"));
        assertEquals(importer, LogImporters.installed().readerOf(renamed, LogHead.of(renamed)).id(),
                "decided by content, whatever the name");
    }

    @Test
    void aBinaryFileIsRefusedNamingTheFileAndTheFormatsTried() throws Exception {
        Path junk = tmp.resolve("firmware.bin");
        byte[] garbage = new byte[16 * 1024];
        new Random(11).nextBytes(garbage);
        Files.write(junk, garbage);
        InputException e = assertThrows(InputException.class,
                () -> LogImporters.installed().readerOf(junk, LogHead.of(junk)));
        assertEquals(junk, e.file());
        assertTrue(e.line() >= 1, e.getMessage());
        assertTrue(e.getMessage().contains("binary data, not a kernel log text; formats tried: /dev/kmsg records"
                + " (kmsg), journalctl -k text (journal), serial console capture (serial)"), e.getMessage());
        assertTrue(e.getMessage().endsWith("kernel messages without timestamps (kernel-text)"), e.getMessage());
    }

    @Test
    void aFixedSetWithoutTheTextFallbackRefusesTextNoneReads() throws Exception {
        Path text = Files.writeString(tmp.resolve("notes.txt"), "just words\n");
        LogImporters onlyKmsg = LogImporters.of(LogImporters.installed().byId("kmsg").stream().toList());
        InputException e = assertThrows(InputException.class, () -> onlyKmsg.readerOf(text, LogHead.of(text)));
        assertEquals(text + ": a format no installed importer reads; formats tried: /dev/kmsg records (kmsg)",
                e.getMessage());
    }
}
