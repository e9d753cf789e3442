package org.wqlab.lava;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.sequence.run.RemoteExecution;
import org.wqlab.sequence.run.RemoteOutcome;
import org.wqlab.sequence.run.RemoteRun;
import org.wqlab.sequence.run.StepRecord;

/**
 * A sequence run as a LAVA job: written from the device type's template, submitted, shown queued until the scheduler
 * starts it, then followed through the REST log endpoint read incrementally, its kernel lines fed to the run as they
 * arrive and its test cases taken as the steps' outcomes. A cancel cancels the job; a job still queued after the
 * queue timeout is cancelled and said so; a log endpoint that fails is asked again, then the run is interrupted with
 * everything that arrived kept. The experiment keeps the job as submitted ({@value #JOB_FILE}), the job's log
 * ({@value #LOG_FILE}) and LAVA's results ({@value #RESULTS_FILE}).
 */
public final class LavaExecution implements RemoteExecution {

    public static final String JOB_FILE = "lava-job.yaml";
    public static final String LOG_FILE = "lava-job-log.yaml";
    /** LAVA's results of the job (every test case: suite, name, result, measurement, units), as JSON lines. */
    public static final String RESULTS_FILE = "lava-results.jsonl";
    /** The sequence variable bounding how long the job may wait for a device, in seconds. */
    public static final String QUEUE_TIMEOUT_VAR = "lava.queue.timeout.s";
    private static final double DEFAULT_QUEUE_TIMEOUT_S = 1800;
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration STATE_EVERY = Duration.ofSeconds(2);
    private static final int LOG_ATTEMPTS = 5;
    private static final Duration CANCEL_WAIT = Duration.ofSeconds(120);
    private static final Pattern STEP_LINE = Pattern.compile("\\d+,\\d+,(\\d+),[^;]*;wqlab: step (\\d+) ");
    private static final Pattern FACT = Pattern.compile("wqlab-fact: ([A-Za-z.]+)=(.*)");
    private static final Pattern USER_COMMAND_END = Pattern.compile("end: [0-9.]+ user-command .*");

    private final LavaClient client;
    private final String deviceType;
    private final String device;
    private final String template;
    private final String templateName;
    private final JobWriter.DeviceSetup setup;

    /** @param device one device of the type the run must land on (it must be the type's only one), or null */
    public LavaExecution(LavaClient client, String deviceType, String device, String template, String templateName,
            JobWriter.DeviceSetup setup) {
        this.client = client;
        this.deviceType = deviceType;
        this.device = device;
        this.template = template;
        this.templateName = templateName;
        this.setup = setup;
    }

    @Override
    public String description() {
        return "LAVA server " + client.server().name() + ", device type " + deviceType;
    }

    @Override
    public RemoteOutcome execute(RemoteRun run) throws IOException, InterruptedException {
        List<JobStep> steps;
        String definition;
        try {
            steps = JobWriter.steps(run.sequence(), run.variables(), setup);
            definition = JobWriter.write(run.sequence(), run.variables(), deviceType, template, templateName, setup);
        } catch (JobException e) {
            return new RemoteOutcome(ExperimentStatus.FAILED, "cannot write the LAVA job: " + e.getMessage());
        }
        run.keep(JOB_FILE, definition);
        long id = client.submit(definition);
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("lava.server", client.server().name());
        facts.put("lava.serverUrl", client.server().url().toString());
        facts.put("lava.jobId", Long.toString(id));
        facts.put("lava.jobUrl", client.server().jobPage(id).toString());
        facts.put("lava.deviceType", deviceType);
        run.facts(facts);
        run.message("submitted LAVA job " + id + " (" + client.server().jobPage(id) + ")");
        run.status("LAVA job " + id + ": queued (Submitted, waiting for a " + deviceType + " device)");
        Follower follower = new Follower(run, id, steps);
        try {
            return follower.follow();
        } finally {
            run.keep(LOG_FILE, follower.log.toString());
            run.keep(RESULTS_FILE, follower.results.toString());
            follower.lag().ifPresent(lag -> {
                try {
                    run.facts(Map.of("lava.kernelLineLagMs", lag));
                } catch (IOException e) {
                    run.message("cannot keep the kernel lines' lag in the experiment: " + e.getMessage());
                }
            });
        }
    }

    /**
     * Asks the server whether it answers, takes the token, and has the device type (and the device, when one is
     * named), so that a run refuses before it records anything.
     */
    public void check() throws LavaException {
        check(client, deviceType, device);
    }

    /** {@link #check()} before there is a job template to write with. */
    static void check(LavaClient client, String deviceType, String device) throws LavaException {
        List<String> types = client.deviceTypes().stream().map(LavaClient.DeviceType::name).toList();
        if (!types.contains(deviceType)) {
            throw new LavaException.NotFound(client.server() + " has no device type '" + deviceType + "'"
                    + (types.isEmpty() ? "" : " (it has: " + String.join(", ", types) + ")"));
        }
        if (device != null) {
            List<String> ofType = client.devices().stream().filter(d -> d.deviceType().equals(deviceType))
                    .map(LavaClient.Device::hostname).toList();
            if (!ofType.contains(device)) {
                throw new LavaException.NotFound(client.server() + " has no device '" + device + "' of type '"
                        + deviceType + "' (its " + deviceType + " devices: " + String.join(", ", ofType) + ")");
            }
            if (ofType.size() > 1) {
                throw new LavaException("LAVA schedules a job on any device of its type, and '" + deviceType
                        + "' has " + ofType.size() + " (" + String.join(", ", ofType) + "): run on lava:" + deviceType
                        + ", or give " + device + " a device type of its own in LAVA");
            }
        }
    }

    /** Follows one job to its end. */
    private final class Follower {
        private final RemoteRun run;
        private final long id;
        private final List<JobStep> steps;
        private final Map<Integer, Instant> started = new HashMap<>();
        private final Map<Integer, Long> startedUs = new HashMap<>();
        private final Map<Integer, String> outcomes = new LinkedHashMap<>();
        private final java.util.Set<Integer> announced = new java.util.HashSet<>();
        final StringBuilder log = new StringBuilder();
        final StringBuilder results = new StringBuilder();
        /** How long after the dispatcher logged a kernel line wqlab had it, ms, one per line. */
        private final List<Long> lags = new java.util.ArrayList<>();
        private final ConsoleEcho echo = new ConsoleEcho();
        private long next;
        private String jobError = "";
        private String state = "Submitted"; // as said when it was submitted
        private boolean deviceShown;

        Follower(RemoteRun run, long id, List<JobStep> steps) {
            this.run = run;
            this.id = id;
            this.steps = steps;
        }

        RemoteOutcome follow() throws IOException, InterruptedException {
            LavaClient.Job job = client.job(id);
            long queuedSince = System.nanoTime();
            double queueTimeout = queueTimeoutSeconds();
            while (job.queued()) {
                if (run.isCanceled()) {
                    return cancel("cancelled while LAVA job " + id + " was queued");
                }
                if (System.nanoTime() - queuedSince > (long) (queueTimeout * 1e9)) {
                    RemoteOutcome cancelled = cancel("");
                    return new RemoteOutcome(ExperimentStatus.FAILED, "LAVA job " + id + " was still queued ("
                            + job.state() + ") after " + (long) queueTimeout + " s (" + QUEUE_TIMEOUT_VAR
                            + "): cancelled (" + cancelled.summary() + ")");
                }
                state(job, "queued");
                Thread.sleep(1000);
                job = client.job(id);
            }
            long lastState = System.nanoTime();
            while (true) {
                if (run.isCanceled()) {
                    return cancel("cancelled: LAVA job " + id + " cancelled");
                }
                boolean more = readLog();
                if (job.finished() && !more) {
                    break;
                }
                if (System.nanoTime() - lastState > STATE_EVERY.toNanos() || !more) {
                    job = client.job(id);
                    state(job, "running");
                    lastState = System.nanoTime();
                }
                if (!more && !job.finished()) {
                    Thread.sleep(POLL.toMillis());
                }
            }
            return ended(job);
        }

        /** "median M, max N over K lines": how far the kernel lines were behind the dispatcher's log. */
        java.util.Optional<String> lag() {
            if (lags.isEmpty()) {
                return java.util.Optional.empty();
            }
            List<Long> sorted = lags.stream().sorted().toList();
            return java.util.Optional.of("median " + sorted.get(sorted.size() / 2) + ", max "
                    + sorted.get(sorted.size() - 1) + " over " + sorted.size() + " kernel lines");
        }

        private double queueTimeoutSeconds() {
            String v = run.variables().values().get(QUEUE_TIMEOUT_VAR);
            try {
                return v == null ? DEFAULT_QUEUE_TIMEOUT_S : Double.parseDouble(v);
            } catch (NumberFormatException e) {
                return DEFAULT_QUEUE_TIMEOUT_S;
            }
        }

        private void state(LavaClient.Job job, String phase) throws IOException {
            if (!job.state().equals(state)) {
                state = job.state();
                run.status("LAVA job " + id + ": " + ("queued".equals(phase) ? "queued (" + job.state()
                        + ", waiting for a " + deviceType + " device)" : job.state().toLowerCase(java.util.Locale.ROOT)
                                + (job.device().isEmpty() ? "" : " on " + job.device())));
            }
            if (!deviceShown && !job.device().isEmpty()) {
                deviceShown = true;
                run.facts(Map.of("lava.device", job.device()));
                run.message("LAVA job " + id + " runs on device " + job.device());
            }
        }

        /** Reads what the log has after {@code next}; asks again on failure, then gives up. @return whether any came */
        private boolean readLog() throws IOException, InterruptedException {
            String text = null;
            LavaException last = null;
            for (int attempt = 1; attempt <= LOG_ATTEMPTS && text == null; attempt++) {
                try {
                    text = client.logs(id, next);
                } catch (LavaException.TokenRefused e) {
                    throw e;
                } catch (LavaException e) {
                    last = e;
                    run.message("reading the log of LAVA job " + id + " failed (attempt " + attempt + " of "
                            + LOG_ATTEMPTS + "): " + e.getMessage());
                    Thread.sleep(1000L * attempt);
                }
            }
            if (text == null) {
                throw new LavaException("the log of LAVA job " + id + " could not be read after " + LOG_ATTEMPTS
                        + " attempts (" + last.getMessage() + "); the job may still run: " + client.server()
                                .jobPage(id), last);
            }
            JobLog.Piece piece = JobLog.parse(text, next);
            if (piece.lines() == 0) {
                return false;
            }
            int end = 0;
            for (int i = 0; i < piece.lines(); i++) {
                end = text.indexOf('\n', end) + 1;
            }
            log.append(text, 0, end);
            next += piece.lines();
            StringBuilder kernel = new StringBuilder();
            for (LogRecord r : piece.records()) {
                echo.see(r);
                java.util.Optional<String> record = r.kmsgRecord().map(echo::strip);
                if (record.isPresent()) {
                    kernel.append(record.get()).append('\n');
                    lags.add(Duration.between(at(r), Instant.now()).toMillis());
                    stepLine(record.get(), r);
                } else {
                    if (kernel.length() > 0) {
                        run.kernelRecords(kernel.toString());
                        kernel.setLength(0);
                    }
                    other(r);
                }
            }
            if (kernel.length() > 0) {
                run.kernelRecords(kernel.toString());
            }
            return true;
        }

        private void stepLine(String record, LogRecord r) {
            Matcher m = STEP_LINE.matcher(record);
            if (!m.lookingAt()) {
                return;
            }
            int number = Integer.parseInt(m.group(2));
            if (started.containsKey(number)) {
                return;
            }
            if (!started.containsKey(1) && number > 1) {
                finishBefore(number, r); // connect and repeats: no line of their own on the device
            }
            started.put(number, at(r));
            startedUs.put(number, Long.parseLong(m.group(1)));
            steps.stream().filter(s -> s.number() == number).findFirst().ifPresent(this::announce);
        }

        /**
         * Says a step started, once: the kernel log streams behind the test shell, so a short step's own line may come
         * after its test case, and a step said finished is never said to start again.
         */
        private void announce(JobStep s) {
            if (announced.add(s.number()) && !outcomes.containsKey(s.number())) {
                run.stepStarted(s.number(), s.label());
            }
        }

        /** Steps without a device line of their own (connect, repeat) before {@code number}: done as it starts. */
        private void finishBefore(int number, LogRecord r) {
            for (JobStep s : steps) {
                if (s.number() < number && !started.containsKey(s.number()) && s.shell().isEmpty()
                        && !s.dispatcherCommand()) {
                    started.put(s.number(), at(r));
                    finish(s, StepRecord.OK, s.type().equals("connect") ? "booted by LAVA job " + id : "", r);
                }
            }
        }

        private void other(LogRecord r) throws IOException {
            Map<String, Object> result = r.result();
            if (!result.isEmpty()) {
                result(result, r);
                return;
            }
            if (r.fromDevice()) {
                Matcher fact = FACT.matcher(r.text());
                if (fact.matches()) {
                    run.facts(Map.of(fact.group(1), fact.group(2).strip()));
                }
                return;
            }
            if ("info".equals(r.lvl()) && USER_COMMAND_END.matcher(r.text()).matches()) {
                steps.stream().filter(s -> s.dispatcherCommand() && !outcomes.containsKey(s.number())).findFirst()
                        .ifPresent(s -> {
                            started.putIfAbsent(s.number(), at(r));
                            finish(s, StepRecord.OK, "user command " + s.userCommand() + " on the dispatcher", r);
                        });
            }
            if ("error".equals(r.lvl()) || "exception".equals(r.lvl())) {
                jobError = r.text();
            }
        }

        private void result(Map<String, Object> result, LogRecord r) throws IOException {
            results.append(new com.google.gson.Gson().toJson(result)).append('\n');
            String testCase = String.valueOf(result.get("case"));
            String outcome = String.valueOf(result.get("result"));
            if ("lava".equals(result.get("definition"))) {
                if ("job".equals(testCase) && result.get("error_msg") != null) {
                    jobError = String.valueOf(result.get("error_msg"));
                }
                return;
            }
            if (testCase.startsWith(JobWriter.STEP_CASE_PREFIX)) {
                try {
                    int number = Integer.parseInt(testCase.substring(JobWriter.STEP_CASE_PREFIX.length()));
                    steps.stream().filter(s -> s.number() == number).findFirst().ifPresent(s -> finish(s,
                            switch (outcome) {
                                case "pass" -> StepRecord.OK;
                                case "skip" -> StepRecord.NOT_RUN;
                                default -> StepRecord.FAILED;
                            }, "pass".equals(outcome) ? "" : "the step's test case: " + outcome, r));
                } catch (NumberFormatException notOurs) {
                    // a case of another name
                }
                return;
            }
            Object measurement = result.get("measurement");
            if (measurement != null) {
                String units = String.valueOf(result.getOrDefault("units", ""));
                run.facts(Map.of("lava.result." + testCase, measurement + (units.isEmpty() ? "" : " " + units)));
                run.message("LAVA result " + testCase + ": " + outcome + ", " + measurement + " " + units);
            }
        }

        private void finish(JobStep s, String outcome, String detail, LogRecord r) {
            if (outcomes.containsKey(s.number())) {
                return;
            }
            announce(s);
            outcomes.put(s.number(), outcome);
            Instant from = started.getOrDefault(s.number(), at(r));
            long ms = Math.max(0, Duration.between(from, at(r)).toMillis());
            run.stepFinished(s.number(), s.label(), s.type(), outcome, detail,
                    StepRecord.NOT_RUN.equals(outcome) ? null : from, ms, startedUs.getOrDefault(s.number(), -1L));
        }

        private RemoteOutcome cancel(String summary) throws IOException, InterruptedException {
            client.cancel(id);
            run.message("asked LAVA to cancel job " + id);
            long deadline = System.nanoTime() + CANCEL_WAIT.toNanos();
            LavaClient.Job job = client.job(id);
            while (!job.finished() && System.nanoTime() < deadline) {
                readLog();
                Thread.sleep(POLL.toMillis());
                job = client.job(id);
            }
            while (readLog()) {
                // what the job logged until it ended
            }
            notRun(StepRecord.CANCELLED);
            String said = "LAVA job " + id + " is " + job.state() + (job.health().isEmpty() ? "" : ", " + job.health());
            return new RemoteOutcome(ExperimentStatus.CANCELLED, summary.isEmpty() ? said : summary + " (" + said
                    + ")");
        }

        private RemoteOutcome ended(LavaClient.Job job) {
            String health = job.health();
            boolean complete = "Complete".equals(health);
            String failedStep = steps.stream().filter(s -> StepRecord.FAILED.equals(outcomes.get(s.number())))
                    .map(s -> s.label() + " failed").findFirst().orElse("");
            notRun(StepRecord.NOT_RUN);
            if ("Canceled".equals(health)) {
                return new RemoteOutcome(ExperimentStatus.CANCELLED, "LAVA job " + id + " was cancelled in LAVA");
            }
            if (!complete) {
                String why = !job.failureComment().isEmpty() ? job.failureComment() : jobError;
                return new RemoteOutcome(ExperimentStatus.FAILED, "LAVA job " + id + " ended " + health
                        + (why.isEmpty() ? "" : ": " + why));
            }
            if (!failedStep.isEmpty()) {
                return new RemoteOutcome(ExperimentStatus.FAILED, failedStep + " in LAVA job " + id);
            }
            return new RemoteOutcome(ExperimentStatus.COMPLETED, "completed " + run.sequence().name()
                    + " as LAVA job " + id);
        }

        /** Steps the job never reported, so that the record lists every step. */
        private void notRun(String outcome) {
            for (JobStep s : steps) {
                if (!outcomes.containsKey(s.number())) {
                    outcomes.put(s.number(), outcome);
                    run.stepFinished(s.number(), s.label(), s.type(), started.containsKey(s.number())
                            ? outcome : StepRecord.NOT_RUN, "", started.get(s.number()), 0,
                            startedUs.getOrDefault(s.number(), -1L));
                }
            }
        }
    }

    /** A record's time: LAVA writes UTC without a zone. */
    static Instant at(LogRecord r) {
        try {
            return LocalDateTime.parse(r.dt()).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return Instant.now();
        }
    }
}
