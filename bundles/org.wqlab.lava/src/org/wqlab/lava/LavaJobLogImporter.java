package org.wqlab.lava;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.wqlab.core.model.InputException;
import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;

/**
 * A LAVA job log (the YAML records LAVA's log endpoint and web page give) as an OSGi log importer: the kernel log a
 * wqlab job streamed ({@code /dev/kmsg} records after wqlab's marker) when the job has it, else the kernel lines the
 * device printed on its console ({@code [    8.806329] usb 2-1: USB disconnect ...}), so that any LAVA job of a
 * farm's history becomes an experiment.
 */
public final class LavaJobLogImporter implements LogImporter {

    private static final Pattern FIRST = Pattern.compile("- \\{\"dt\": \"\\d{4}-\\d\\d-\\d\\dT[0-9:.]+\", \"lvl\": .*");
    private static final Pattern CONSOLE_KERNEL_LINE = Pattern.compile("\\[\\s*\\d+\\.\\d+\\] .*");

    @Override
    public String id() {
        return "lava-job";
    }

    @Override
    public String name() {
        return "LAVA job log (YAML records)";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        List<String> lines = head.lines();
        return lines.stream().filter(l -> !l.isBlank()).findFirst().map(l -> FIRST.matcher(l).matches())
                .orElse(false);
    }

    @Override
    public String importInto(Path file, KernelLogOutput out) throws IOException, InputException {
        long streamed = copy(file, out, true);
        if (streamed > 0) {
            return "LAVA job log: " + streamed + " kernel records streamed by the job";
        }
        long console = copy(file, out, false);
        return "LAVA job log: " + console + " kernel lines from the device's console (the job streamed no"
                + " /dev/kmsg records)";
    }

    /** Writes the job's marked kernel records ({@code streamed}), or its console kernel lines; @return how many */
    private static long copy(Path file, KernelLogOutput out, boolean streamed) throws IOException, InputException {
        long count = 0;
        long index = 0;
        ConsoleEcho echo = new ConsoleEcho();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                index++;
                if (line.isBlank()) {
                    continue;
                }
                LogRecord record;
                try {
                    record = JobLog.parse(line + "\n", index - 1).records().get(0);
                } catch (LavaException e) {
                    throw new InputException(file, index, e.getMessage());
                }
                echo.see(record);
                String text = streamed ? record.kmsgRecord().map(echo::strip).orElse(null)
                        : record.fromDevice() && record.msg() instanceof String s
                                && CONSOLE_KERNEL_LINE.matcher(s).matches() ? s : null;
                if (text != null) {
                    byte[] b = (text + "\n").getBytes(StandardCharsets.UTF_8);
                    out.write(b, 0, b.length);
                    count++;
                }
            }
        }
        return count;
    }
}
