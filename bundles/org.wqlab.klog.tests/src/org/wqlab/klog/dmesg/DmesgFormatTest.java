package org.wqlab.klog.dmesg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

class DmesgFormatTest {

    @Test
    void aRecordReadsAsDmesgPrintsIt() {
        DmesgLine l = DmesgFormat.format("2,21,290337837,-;DELAY: 1929");
        assertEquals("[  290.337837] DELAY: 1929", l.text());
        assertEquals(KernelLevel.CRIT, l.level());
        assertEquals(DmesgLine.Kind.RECORD, l.kind());
        assertEquals("[    0.000000] Booting Linux", DmesgFormat.format("6,0,0,-;Booting Linux").text());
        assertEquals("[123456.000001] x", DmesgFormat.format("4,9,123456000001,-;x").text());
        assertEquals("[    1.500000] ", DmesgFormat.format("6,3,1500000,c;").text(), "an empty continued record");
    }

    @Test
    void theLevelIsTheLowThreeBitsOfThePrefix() {
        assertEquals(KernelLevel.INFO, DmesgFormat.format("6,1,1,-;a").level());
        assertEquals(KernelLevel.WARNING, DmesgFormat.format("12,1,1,-;user facility, warning").level());
        assertEquals(KernelLevel.ERR, DmesgFormat.format("3,1,1,-;a").level());
    }

    @Test
    void dictionaryContinuationLinesAndOtherFormatsStayAsTheyAre() {
        DmesgLine dict = DmesgFormat.format(" SUBSYSTEM=usb");
        assertEquals(" SUBSYSTEM=usb", dict.text());
        assertEquals(DmesgLine.Kind.CONTINUATION, dict.kind());
        assertNull(dict.level());
        for (String other : List.of("[  290.337837] DELAY: 1929", "<2>[ 1.0] x", "Dec 02 01:00:00 h kernel: x",
                "no;record", "a,b,c,d;x", "6,1;too few fields", "-1,1,1,-;negative", "")) {
            DmesgLine l = DmesgFormat.format(other);
            assertEquals(other, l.text());
            assertEquals(DmesgLine.Kind.OTHER, l.kind(), other);
        }
    }

    @Test
    void kernelEscapesOfPrintableBytesAreDecodedControlBytesStay() {
        assertEquals("[    0.000001] caf\u00e9 \\ ok", DmesgFormat.format("6,1,1,-;caf\\xc3\\xa9 \\x5c ok").text());
        assertEquals("[    0.000001] tab\\x09here\\x0a", DmesgFormat.format("6,1,1,-;tab\\x09here\\x0a").text());
        assertEquals("[    0.000001] \\xg1 \\x", DmesgFormat.format("6,1,1,-;\\xg1 \\x").text(), "not escapes");
    }

    @Test
    void wqlabsEscapedRecordsReadAsWritten() {
        // the runner wrote 'wqlab: mark a\x0aDELAY: 9' (its own escape); the kernel escaped the backslash
        DmesgLine l = DmesgFormat.format("12,40,5000000,-;wqlab: mark a\\x5cx0aDELAY: 9");
        assertEquals("[    5.000000] wqlab: mark a\\x0aDELAY: 9", l.text());
        assertEquals(1, l.text().lines().count(), "still one line");
    }

    @Test
    void allLinesKeepTheirNumbers() {
        List<DmesgLine> lines = DmesgFormat.formatAll("6,1,1000000,-;usb 2-1: USB disconnect, device number 2\n"
                + " SUBSYSTEM=usb\n" + " DEVICE=c189:129\n" + "2,2,2000000,-;DELAY: 1929\n");
        assertEquals(4, lines.size());
        assertEquals("[    1.000000] usb 2-1: USB disconnect, device number 2\n SUBSYSTEM=usb\n DEVICE=c189:129\n"
                + "[    2.000000] DELAY: 1929\n", DmesgFormat.text(lines));
    }
}
