package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.GIB;
import static org.wqlab.sim.kernel.Scenario.SEC;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The irq tracepoints the model emits, in the kernel's text format, agree with the ground truth handler by handler. */
class InterruptTraceTest {

    private static final Pattern LINE = Pattern.compile(
            "^\\s*(.+)-(\\d+) +\\[(\\d{3})\\] \\.{5} +(\\d+)\\.(\\d{6}): (irq_handler_entry|irq_handler_exit|softirq_entry"
                    + "|softirq_exit): (.*)$");

    @Test
    void hardAndSoftInterruptsOnTheirCpuMatchTheGroundTruth() {
        Scenario s = new Scenario("rcar-h3-default");
        List<String> pipe = new ArrayList<>();
        Tracer.Instance inst = s.kernel.trace().open("wqlab", pipe::add);
        Tracer.IRQ_EVENTS.forEach(e -> inst.enable(e, true));
        s.originalMonitorOn(0).run(SEC);
        s.dd(GIB);
        s.kernel.usb().disconnectAtHub();
        s.run(4 * SEC);

        Map<String, Long> traced = new HashMap<>();
        Map<Integer, Long> open = new HashMap<>();
        Map<Integer, Long> openSoft = new HashMap<>();
        boolean hubEventInterrupted = false;
        for (String l : pipe) {
            Matcher m = LINE.matcher(l);
            assertTrue(m.matches(), l);
            int cpu = Integer.parseInt(m.group(3));
            long us = Long.parseLong(m.group(4)) * 1_000_000 + Long.parseLong(m.group(5));
            String body = m.group(7);
            switch (m.group(6)) {
                case "irq_handler_entry" -> {
                    assertTrue(body.matches("irq=\\d+ name=\\S+"), body);
                    open.put(cpu, us);
                    hubEventInterrupted |= m.group(1).strip().startsWith("kworker/0:") && cpu == 0;
                }
                case "irq_handler_exit" -> {
                    assertTrue(body.matches("irq=\\d+ ret=handled"), body);
                    traced.merge("hardirq", us - open.remove(cpu), Long::sum);
                }
                case "softirq_entry" -> {
                    assertTrue(body.matches("vec=\\d+ \\[action=[A-Z_]+\\]"), body);
                    openSoft.put(cpu, us);
                }
                default -> traced.merge("softirq", us - openSoft.remove(cpu), Long::sum);
            }
        }
        assertTrue(hubEventInterrupted, "the tick interrupts the worker that runs hub_event on CPU 0");
        List<InterruptRecord> truth = s.kernel.groundTruth().interrupts();
        assertTrue(truth.stream().anyMatch(r -> r.name().equals(Interrupts.USB_NAME) && r.cpu() == 0));
        assertTrue(truth.stream().anyMatch(r -> r.name().equals("TASKLET")), "the hub's URB completes in a tasklet");
        assertTrue(truth.stream().anyMatch(r -> r.name().equals("BLOCK")), "the copy's completions");
        for (String kind : List.of(InterruptRecord.HARDIRQ, InterruptRecord.SOFTIRQ)) {
            long truthUs = truth.stream().filter(r -> r.kind().equals(kind))
                    .mapToLong(r -> (r.endNs() - r.startNs()) / 1000).sum();
            assertTrue(truthUs > 1000, kind + ": " + truthUs);
            assertEquals(truthUs, traced.get(kind), kind);
        }
    }
}
