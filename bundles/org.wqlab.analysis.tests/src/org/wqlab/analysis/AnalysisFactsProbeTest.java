package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The USB interrupt's CPU: /proc/interrupts counts since boot, so on the QEMU virtual board (q35 puts the xHCI
 * interrupt on CPU 1 until the guest's init steers it to CPU 0) the busiest column is the wrong answer; an affinity
 * that names one CPU is the right one. Read on the virtual board right after boot: smp_affinity_list 0,
 * effective_affinity_list 1, counts 0 and 82; after a 200 MiB read 611 and 83.
 */
class AnalysisFactsProbeTest {

    private static final String INTERRUPTS = """
                       CPU0       CPU1
              0:         41          0   IO-APIC   2-edge      timer
              8:          0          0   IO-APIC   8-edge      rtc0
             24:        120       4815   PCI-MSI 1572864-edge      xhci_hcd
             25:       2210       1877   PCI-MSI 32768-edge      virtio0-input.0
            NMI:          0          0   Non-maskable interrupts
            """;

    @Test
    void theBusiestColumnUnlessAnAffinityNamesOneCpu() {
        Map<String, String> facts = AnalysisFactsProbe.parse("bogomips\t: 5188.03\n", INTERRUPTS);
        assertEquals("24", facts.get(AnalysisFactsProbe.USB_IRQ));
        assertEquals("xhci_hcd", facts.get(AnalysisFactsProbe.USB_IRQ_NAME));
        assertEquals("1", facts.get(AnalysisFactsProbe.USB_IRQ_CPU), "counts since boot: mostly CPU 1");
        assertEquals("5188.03", facts.get(AnalysisFactsProbe.BOGOMIPS));

        AnalysisFactsProbe.steered(facts, "0-1\n", "0-1\n");
        assertEquals("1", facts.get(AnalysisFactsProbe.USB_IRQ_CPU), "ranges say nothing about which CPU");
        facts.put(AnalysisFactsProbe.USB_IRQ_CPU, "0");
        AnalysisFactsProbe.steered(facts, "0-1\n", "1\n");
        assertEquals("1", facts.get(AnalysisFactsProbe.USB_IRQ_CPU), "the kernel's choice within the default range");
        AnalysisFactsProbe.steered(facts, "0\n", "1\n");
        assertEquals("0", facts.get(AnalysisFactsProbe.USB_IRQ_CPU), "steered to CPU 0, moved at its next interrupt");
        facts.put(AnalysisFactsProbe.USB_IRQ_CPU, "1");
        AnalysisFactsProbe.steered(facts, "", "0\n");
        assertEquals("0", facts.get(AnalysisFactsProbe.USB_IRQ_CPU), "no smp_affinity_list: the effective one");
    }
}
