package org.wqlab.lava;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.wqlab.limits.Limit;
import org.wqlab.limits.LimitName;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.Variables;
import org.wqlab.sequence.run.KmsgLine;
import org.wqlab.target.ShellQuote;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Turns a sequence into a LAVA job: the lab's template (its deploy and boot actions, timeouts, context, tags) and
 * after them the sequence's board-side steps as test actions with inline test definitions, its USB disconnect and
 * reconnect as {@code command} actions naming the device's user commands, and the worst delay after the disconnect
 * (and the sequence's limit on it) as {@code lava-test-case} results with a measurement in ms.
 *
 * <p>On the device the first test action lowers the console log level, so that printk stops writing to the serial
 * console, and streams {@code /dev/kmsg} from user space into the job log, where wqlab reads the kernel lines. Each
 * step writes wqlab's step line into the kernel log first, as the runner does on an SSH board; after a failed step
 * the rest are skipped.
 */
public final class JobWriter {

    /** The test case name of the worst delay after the (first) USB disconnect, a measurement in ms. */
    public static final String WORST_CASE = "worst-delay-after-disconnect";
    /**
     * The sequence variable saying when the job prints the kernel log: {@value #STREAM} (default: streamed from user
     * space while the job runs, so that wqlab follows it live) or {@value #AFTER} (printed once the steps are done:
     * nothing extra runs on the device during the measurement, and nothing is drawn live).
     */
    public static final String KERNEL_LOG_VAR = "lava.kernel.log";
    public static final String STREAM = "stream";
    public static final String AFTER = "after";
    /** A step's test case: {@code step-N}. */
    public static final String STEP_CASE_PREFIX = "step-";
    /** What a device of the lab calls its USB user commands, unless the sequence names others. */
    public static final String DISCONNECT_COMMAND = "usb_disconnect";
    public static final String RECONNECT_COMMAND = "usb_reconnect";
    private static final String STOPPED = "/tmp/wqlab-stopped";
    /** What a run step without a timeout counts towards its test action's timeout (it may still take longer). */
    private static final double RUN_BUDGET_S = 120;
    /** An action of the template without a timeout of its own, towards the job's timeout. */
    private static final long TEMPLATE_ACTION_S = 600;
    private static final Set<String> LAVA_DRIVERS = Set.of("board", LavaUsbDriver.ID);

    /** Where latency-mon is on the device and which user commands pull and plug its stick. */
    public record DeviceSetup(String modulePath, String disconnectCommand, String reconnectCommand) {
    }

    private JobWriter() {
    }

    /**
     * The job for {@code sequence} on {@code deviceType}.
     *
     * @param template     the lab's job template (YAML text)
     * @param templateName what to call it in errors (its file)
     * @throws JobException naming the template's field or the sequence's step that cannot become a job
     */
    public static String write(Sequence sequence, Variables variables, String deviceType, String template,
            String templateName, DeviceSetup device) throws JobException {
        Map<String, Object> job = template(template, templateName);
        job.put("device_type", deviceType);
        job.put("job_name", "wqlab: " + sequence.name());
        @SuppressWarnings("unchecked")
        List<Object> actions = (List<Object>) job.get("actions");
        List<JobStep> steps = steps(sequence, variables, device);
        long templateSeconds = actions.stream().mapToLong(JobWriter::timeoutSeconds).sum();
        String when = variables.values().getOrDefault(KERNEL_LOG_VAR, STREAM);
        if (!when.equals(STREAM) && !when.equals(AFTER)) {
            throw new JobException("variable " + KERNEL_LOG_VAR + ": '" + when + "' is not " + STREAM + " or "
                    + AFTER);
        }
        List<Object> added = actions(sequence, steps, when.equals(STREAM));
        long addedSeconds = added.stream().mapToLong(JobWriter::timeoutSeconds).sum();
        actions.addAll(added);
        extendJobTimeout(job, templateSeconds + addedSeconds + 300);
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(120);
        options.setSplitLines(false);
        return "# written by wqlab from the sequence '" + sequence.name().replace('\n', ' ') + "' and the template "
                + templateName + "\n" + new Yaml(options).dump(job);
    }

    /** An action's {@code timeout} in seconds, {@value #TEMPLATE_ACTION_S} when it has none. */
    private static long timeoutSeconds(Object action) {
        if (action instanceof Map<?, ?> a && a.size() == 1 && a.values().iterator().next() instanceof Map<?, ?> body
                && body.get("timeout") instanceof Map<?, ?> t) {
            return seconds(t).orElse(TEMPLATE_ACTION_S);
        }
        return action instanceof Map<?, ?> a && a.containsKey("command") ? 60 : TEMPLATE_ACTION_S;
    }

    private static java.util.OptionalLong seconds(Map<?, ?> timeout) {
        long s = 0;
        boolean any = false;
        for (var unit : Map.of("days", 86400L, "hours", 3600L, "minutes", 60L, "seconds", 1L).entrySet()) {
            if (timeout.get(unit.getKey()) instanceof Number n) {
                s += n.longValue() * unit.getValue();
                any = true;
            }
        }
        return any ? java.util.OptionalLong.of(s) : java.util.OptionalLong.empty();
    }

    /** LAVA refuses a job whose action outlasts it: the job's timeout covers the template's and the sequence's. */
    @SuppressWarnings("unchecked")
    private static void extendJobTimeout(Map<String, Object> job, long neededSeconds) {
        Map<String, Object> timeouts = job.get("timeouts") instanceof Map<?, ?> t
                ? new LinkedHashMap<>((Map<String, Object>) t) : new LinkedHashMap<>();
        long current = timeouts.get("job") instanceof Map<?, ?> j ? seconds(j).orElse(0) : 0;
        if (current < neededSeconds) {
            timeouts.put("job", Map.of("minutes", (neededSeconds + 59) / 60));
        }
        job.put("timeouts", timeouts);
    }

    /** The sequence's steps as the job runs them, numbered as the runner numbers them. */
    public static List<JobStep> steps(Sequence sequence, Variables variables, DeviceSetup device)
            throws JobException {
        List<JobStep> out = new ArrayList<>();
        flatten(sequence.steps(), variables, device, "", out);
        return out;
    }

    private static Map<String, Object> template(String text, String name) throws JobException {
        Object doc;
        try {
            doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (YAMLException e) {
            throw new JobException(name + ": not YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (!(doc instanceof Map<?, ?> map)) {
            throw new JobException(name + ": a job template is a YAML mapping (device_type, timeouts, actions, ...)");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> job = new LinkedHashMap<>((Map<String, Object>) map);
        Object actions = job.get("actions");
        if (!(actions instanceof List<?> list) || list.isEmpty()) {
            throw new JobException(name + ": field 'actions' must list the lab's deploy and boot actions");
        }
        boolean boots = list.stream().anyMatch(a -> a instanceof Map<?, ?> m && m.containsKey("boot"));
        if (!boots) {
            throw new JobException(name + ": field 'actions' has no boot action: the template says how the lab"
                    + " deploys and boots the device; wqlab adds the sequence's test actions after it");
        }
        if (list.stream().anyMatch(a -> a instanceof Map<?, ?> m && m.containsKey("test"))) {
            throw new JobException(name + ": field 'actions' already has a test action; a template holds the"
                    + " lab's deploy and boot actions only, wqlab adds the sequence's tests");
        }
        job.put("actions", new ArrayList<>(list));
        return job;
    }

    private static void flatten(List<Step> steps, Variables variables, DeviceSetup device, String suffix,
            List<JobStep> out) throws JobException {
        for (Step step : steps) {
            ResolvedStep r = new ResolvedStep(step, variables);
            int number = out.size() + 1;
            String label = step.label() + suffix;
            try {
                if (step.type() == StepType.REPEAT) {
                    out.add(new JobStep(number, label, step.type().id(), step.name(), "", "", 0));
                    int times = r.integer("times", 1);
                    for (int i = 1; i <= times; i++) {
                        flatten(step.steps(), variables, device, suffix + " [" + i + "/" + times + "]", out);
                    }
                    continue;
                }
                out.add(step(number, label, r, device));
            } catch (ResolvedStep.StepProblem e) {
                throw new JobException(label + ": " + e.getMessage());
            }
        }
    }

    private static JobStep step(int number, String label, ResolvedStep r, DeviceSetup device) throws JobException {
        String type = r.type().id();
        String name = r.step().name();
        return switch (r.type()) {
            case CONNECT -> new JobStep(number, label, type, name, "", "", 0);
            case LOAD_MODULE -> new JobStep(number, label, type, name, loadModule(r, device), "", 60);
            case UNLOAD_MODULE -> new JobStep(number, label, type, name, "rmmod " + ShellQuote.quote(
                    r.moduleName().replace('-', '_')), "", 60);
            case RUN -> new JobStep(number, label, type, name, run(r), "", r.seconds("timeout", RUN_BUDGET_S));
            case SLEEP -> new JobStep(number, label, type, name, "sleep " + seconds(r.seconds("seconds", 0)), "",
                    r.seconds("seconds", 0));
            case MARK -> new JobStep(number, label, type, name, "echo " + ShellQuote.quote(KmsgLine.of("mark "
                    + r.text("label"))) + " > /dev/kmsg", "", 10);
            case WAIT_LOG -> new JobStep(number, label, type, name, waitLog(number, r), "", r.seconds("timeout", 60));
            case USB_DISCONNECT -> new JobStep(number, label, type, name, "", userCommand(number, label, r,
                    device.disconnectCommand()), 0);
            case USB_RECONNECT -> new JobStep(number, label, type, name, "", userCommand(number, label, r,
                    device.reconnectCommand()), 0);
            case REPEAT -> throw new IllegalStateException("repeat is flattened");
        };
    }

    private static String loadModule(ResolvedStep r, DeviceSetup device) {
        StringBuilder sb = new StringBuilder("insmod ").append(ShellQuote.quote(device.modulePath()));
        r.params().forEach((k, v) -> sb.append(' ').append(ShellQuote.quote(k + "=" + v)));
        return sb.toString();
    }

    private static String run(ResolvedStep r) {
        StringBuilder sb = new StringBuilder();
        double timeout = r.seconds("timeout", 600);
        sb.append("timeout ").append((long) Math.ceil(timeout));
        for (String word : r.command()) {
            sb.append(' ').append(ShellQuote.quote(word));
        }
        int expect = r.optionalInteger("expectExit", 0).orElse(-1);
        if (expect >= 0) {
            // the step fails unless the command exits with the expected status (as on an SSH board)
            sb.append("; test $? -eq ").append(expect);
        }
        return sb.toString();
    }

    /**
     * Waits for a kernel line after the previous step's line in the log (what that step caused counts, as on an SSH
     * board: a short stall's report can come before this step starts); fails after the timeout.
     */
    private static String waitLog(int number, ResolvedStep r) {
        String pattern = r.pattern("pattern").pattern();
        String after = number <= 1 ? "dmesg | grep -Eq " + ShellQuote.quote(pattern)
                : "dmesg | awk -v m=" + ShellQuote.quote(KmsgLine.of("step " + (number - 1) + " "))
                        + " 'f; index($0, m) { f = 1 }' | grep -Eq " + ShellQuote.quote(pattern);
        return "timeout " + (long) Math.ceil(r.seconds("timeout", 60)) + " sh -c "
                + ShellQuote.quote("until " + after + "; do sleep 0.2; done");
    }

    private static String userCommand(int number, String label, ResolvedStep r, String command) throws JobException {
        String driver = r.text("driver", "board");
        if (!LAVA_DRIVERS.contains(driver)) {
            throw new JobException(label + ": USB driver '" + driver
                    + "' runs on the board over SSH; in a LAVA job the dispatcher pulls the stick with the device's"
                    + " user command '" + command + "' (driver 'board' or '" + LavaUsbDriver.ID + "')");
        }
        return command;
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.3f", s);
    }

    // ------------------------------------------------------------------ the actions

    private static List<Object> actions(Sequence sequence, List<JobStep> steps, boolean stream) {
        List<Object> actions = new ArrayList<>();
        List<String> lines = new ArrayList<>(preamble(stream));
        double budget = 0;
        int part = 0;
        JobStep firstDisconnect = steps.stream().filter(s -> s.type().equals(StepType.USB_DISCONNECT.id()))
                .findFirst().orElse(null);
        for (JobStep step : steps) {
            if (step.dispatcherCommand()) {
                lines.add("echo " + ShellQuote.quote(KmsgLine.of(step.kernelLine())) + " > /dev/kmsg");
                actions.add(test(part++, sequence, lines, budget));
                lines = new ArrayList<>(List.of(stepFunction()));
                budget = 0;
                Map<String, Object> command = new LinkedHashMap<>();
                command.put("name", step.userCommand());
                actions.add(Map.of("command", command));
                continue;
            }
            budget += step.seconds();
            lines.add("wqlab_step " + step.number() + " " + ShellQuote.quote(KmsgLine.of(step.kernelLine())) + " "
                    + ShellQuote.quote(step.shell().isEmpty() ? "true" : step.shell()));
        }
        if (firstDisconnect != null) {
            lines.addAll(worstDelay(sequence, firstDisconnect));
        }
        if (!stream) {
            lines.add("timeout 5 " + KMSG_STREAM + " || true"); // the whole log, once the steps are done
        }
        actions.add(test(part, sequence, lines, budget));
        return actions;
    }

    /** The kernel log, from user space into the job log, each record marked (found beside a shell prompt). */
    private static final String KMSG_STREAM = "cat /dev/kmsg | awk '{ print \"" + LogRecord.KMSG_MARKER
            + "\" $0; fflush() }'";

    private static List<String> preamble(boolean stream) {
        return List.of(
                "echo 1 > /proc/sys/kernel/printk", // printk off the serial console: only emergencies
                "rm -f " + STOPPED,
                stream ? KMSG_STREAM + " &" : "true # the kernel log is printed after the steps",
                "echo \"wqlab-fact: uname=$(uname -a)\"",
                "echo \"wqlab-fact: kernelRelease=$(uname -r)\"",
                "echo \"wqlab-fact: machine=$(uname -m)\"",
                "echo \"wqlab-fact: cpus=$(nproc)\"",
                "echo \"wqlab-fact: cmdline=$(cat /proc/cmdline)\"",
                "echo \"wqlab-fact: cpuIntensiveThreshUs=$(cat /sys/module/workqueue/parameters/"
                        + "cpu_intensive_thresh_us 2>/dev/null)\"",
                stepFunction());
    }

    /** {@code wqlab_step N LINE SHELL}: the step's kernel line, the command, its test case; skipped after a failure. */
    private static String stepFunction() {
        return "wqlab_step() { if [ -e " + STOPPED + " ]; then lava-test-case \"" + STEP_CASE_PREFIX
                + "$1\" --result skip; return 0; fi; echo \"$2\" > /dev/kmsg; if sh -c \"$3\"; then lava-test-case \""
                + STEP_CASE_PREFIX + "$1\" --result pass; else touch " + STOPPED + "; lava-test-case \""
                + STEP_CASE_PREFIX + "$1\" --result fail; fi; }";
    }

    private static List<String> worstDelay(Sequence sequence, JobStep disconnect) {
        String marker = KmsgLine.of("step " + disconnect.number() + " " + disconnect.type());
        String awk = "index($0, m) { f = 1 } f && / delay_us=/ { v = $0; sub(/.* delay_us=/, \"\", v); v = v / 1000;"
                + " if (v > w) w = v } f && / DELAY: / { v = $0; sub(/.* DELAY: /, \"\", v); v = v + 0;"
                + " if (v > w) w = v } END { printf \"%.3f\\n\", w + 0 }";
        List<String> lines = new ArrayList<>();
        lines.add("wqlab_worst=$(dmesg | awk -v m=" + ShellQuote.quote(marker) + " " + ShellQuote.quote(awk) + ")");
        lines.add("lava-test-case " + WORST_CASE + " --result pass --measurement \"$wqlab_worst\" --units ms");
        Limit limit = sequence.limits().byName().get(LimitName.WORST_AFTER_DISCONNECT);
        Double bound = limit == null ? null : limit.hard() != null ? limit.hard() : limit.soft();
        if (bound != null) {
            String judge = "awk -v w=\"$wqlab_worst\" -v b=" + bound
                    + " 'BEGIN { print (w + 0 <= b + 0) ? \"pass\" : \"fail\" }'";
            lines.add("lava-test-case " + LimitName.WORST_AFTER_DISCONNECT.fileName() + " --result $(" + judge
                    + ") --measurement \"$wqlab_worst\" --units ms");
        }
        return lines;
    }

    /** A test action's timeout: what its steps may take at most, and five minutes for the test shell itself. */
    private static Map<String, Object> test(int part, Sequence sequence, List<String> lines, double stepSeconds) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("format", "Lava-Test Test Definition 1.0");
        metadata.put("name", "wqlab-" + (part + 1));
        metadata.put("description", "wqlab sequence '" + sequence.name() + "', part " + (part + 1));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("steps", List.copyOf(lines));
        Map<String, Object> repository = new LinkedHashMap<>();
        repository.put("metadata", metadata);
        repository.put("run", run);
        Map<String, Object> definition = new LinkedHashMap<>();
        definition.put("from", "inline");
        definition.put("name", "wqlab-" + (part + 1));
        definition.put("path", "inline/wqlab-" + (part + 1) + ".yaml");
        definition.put("repository", repository);
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("timeout", Map.of("minutes", 5 + (long) Math.ceil(stepSeconds / 60)));
        test.put("definitions", List.of(definition));
        return Map.of("test", test);
    }
}
