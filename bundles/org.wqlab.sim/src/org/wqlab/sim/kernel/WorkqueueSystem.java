package org.wqlab.sim.kernel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.sim.EventLoop;

/**
 * The kernel's workqueue machinery: one normal-priority worker pool per CPU shared by every per-CPU workqueue, with
 * concurrency management (a pool starts another worker only when its running one sleeps or is CPU-intensive), the
 * >= 6.5 automatic CPU_INTENSIVE marking checked on the scheduler tick, and an unbound pool without concurrency
 * management. Each CPU runs one worker at a time; a woken worker preempts the one running (CFS places a waking
 * sleeper ahead), and the preempted one resumes when it stops.
 */
public final class WorkqueueSystem {

    final Kernel kernel;
    private final EventLoop loop;
    private final Pool[] cpuPools;
    private final Pool unboundPool;
    private final List<ArrayDeque<Worker>> cpuStacks = new ArrayList<>();
    private final Map<String, Long> hogCounts = new HashMap<>();
    private long cpuIntensiveThreshUs;
    /** "swapper/N" per CPU, built once: the scheduler hooks run on every wake and sleep of a worker. */
    private final String[] idleNames;
    /** Cached: the profile derives it from the kernel release string, too slow for every run segment. */
    private final boolean autoCpuIntensive;
    private final long tickNs;

    WorkqueueSystem(Kernel kernel) {
        this.kernel = kernel;
        this.loop = kernel.loop();
        int cpus = kernel.profile().cpus();
        cpuPools = new Pool[cpus];
        for (int cpu = 0; cpu < cpus; cpu++) {
            cpuPools[cpu] = new Pool(cpu);
            cpuStacks.add(new ArrayDeque<>());
        }
        unboundPool = new Pool(-1);
        autoCpuIntensive = kernel.profile().hasAutoCpuIntensive();
        tickNs = kernel.profile().tickNs();
        idleNames = new String[cpus];
        for (int cpu = 0; cpu < cpus; cpu++) {
            idleNames[cpu] = "swapper/" + cpu;
        }
        cpuIntensiveThreshUs = defaultThreshUs(kernel.profile().cpuIntensiveThreshUs(), kernel.profile().bogomips(),
                kernel.profile().hz());
    }

    /**
     * {@code wq_cpu_intensive_thresh_init()} of 6.5-rc5: 10 ms, scaled by 4000 / BogoMIPS (integer BogoMIPS from
     * loops_per_jiffy, as the kernel computes it) when below 4000, capped at 1 s; a value set by the user wins.
     */
    public static long defaultThreshUs(Long userSet, double bogomips, int hz) {
        if (userSet != null) {
            return userSet;
        }
        long thresh = 10_000;
        long loopsPerJiffy = Math.round(bogomips * 500_000 / hz);
        long bogo = Math.max(loopsPerJiffy / 500_000 * hz, 1);
        if (bogo < 4000) {
            thresh = Math.min(thresh * 4000 / bogo, 1_000_000);
        }
        return thresh;
    }

    public long cpuIntensiveThreshUs() {
        return cpuIntensiveThreshUs;
    }

    /** {@code /sys/module/workqueue/parameters/cpu_intensive_thresh_us} is writable at run time. */
    public void setCpuIntensiveThreshUs(long us) {
        if (us <= 0) {
            throw new IllegalArgumentException("cpu_intensive_thresh_us must be > 0");
        }
        cpuIntensiveThreshUs = us;
    }

    /** {@code queue_work_on(cpu, wq, work)}; for unbound queues {@code cpu} is ignored. */
    public WorkItem queue(Workqueue wq, int cpu, SimulatedWorkFunction function) {
        WorkItem item = new WorkItem(function, wq, wq.unbound() ? -1 : cpu);
        item.queuedNs = loop.now();
        kernel.trace().queueWork(item, cpu);
        (wq.unbound() ? unboundPool : cpuPools[cpu]).enqueue(item);
        return item;
    }

    /** Whether a worker is on the CPU (running or preempted). */
    boolean busy(int cpu) {
        return !cpuStacks.get(cpu).isEmpty();
    }

    /** The task on the CPU now: the worker on top, else the idle task. */
    String currentTask(int cpu) {
        Worker top = cpu < cpuStacks.size() ? cpuStacks.get(cpu).peekFirst() : null;
        return top != null ? top.name : idleNames[cpu];
    }

    /** Items waiting in the CPU's pool (not yet started). */
    public int pending(int cpu) {
        return cpuPools[cpu].worklist.size();
    }

    final class Worker {
        final Pool pool;
        final String name;
        int cpu;
        WorkItem current;
        boolean idle = true;
        boolean sleeping;
        boolean cpuIntensive;
        boolean onCpu;
        long remainingNs;
        long segmentStart = -1;
        long cpuSinceWake;
        EventLoop.Event stepEnd;
        EventLoop.Event tickCheck;

        Worker(Pool pool, String name, int cpu) {
            this.pool = pool;
            this.name = name;
            this.cpu = cpu;
        }

        boolean counted() {
            return pool.cpu >= 0 && !idle && !sleeping && !cpuIntensive;
        }

        boolean running() {
            return segmentStart >= 0;
        }
    }

    final class Pool {
        final int cpu;
        final ArrayDeque<WorkItem> worklist = new ArrayDeque<>();
        final ArrayDeque<Worker> idleWorkers = new ArrayDeque<>();
        int nrRunning;
        int nextWorkerId;

        Pool(int cpu) {
            this.cpu = cpu;
        }

        void enqueue(WorkItem item) {
            worklist.add(item);
            if (cpu < 0) {
                wakeWorker();
            } else if (nrRunning == 0) {
                wakeWorker();
            }
        }

        private void wakeWorker() {
            Worker w = idleWorkers.pollFirst();
            if (w == null) {
                String n = cpu < 0 ? "kworker/u" + (2 * kernel.profile().cpus()) + ":" + nextWorkerId++
                        : "kworker/" + cpu + ":" + nextWorkerId++;
                w = new Worker(this, n, cpu);
            }
            w.idle = false;
            if (cpu < 0) {
                w.cpu = pickCpuForUnbound();
            } else {
                nrRunning++;
            }
            putOnCpu(w);
            startNextItem(w);
        }

        void kickIfNeeded() {
            if (!worklist.isEmpty() && nrRunning == 0) {
                wakeWorker();
            }
        }
    }

    private int pickCpuForUnbound() {
        int best = 0;
        for (int c = 0; c < cpuStacks.size(); c++) {
            if (cpuStacks.get(c).size() < cpuStacks.get(best).size()) {
                best = c;
            }
        }
        return best;
    }

    private void putOnCpu(Worker w) {
        ArrayDeque<Worker> stack = cpuStacks.get(w.cpu);
        Worker top = stack.peekFirst();
        if (top != null) {
            pause(top);
        }
        stack.addFirst(w);
        w.onCpu = true;
        if (top != null) {
            kernel.trace().sched(w.cpu, top.name, w.name, true);
        } else {
            kernel.trace().sched(w.cpu, idleNames[w.cpu], w.name, true);
            kernel.interrupts().cpuBusy(w.cpu);
        }
    }

    private void takeOffCpu(Worker w, boolean blocked) {
        ArrayDeque<Worker> stack = cpuStacks.get(w.cpu);
        boolean wasTop = stack.peekFirst() == w;
        stack.remove(w);
        w.onCpu = false;
        Worker next = stack.peekFirst();
        if (wasTop) {
            kernel.trace().sched(w.cpu, w.name, next == null ? idleNames[w.cpu] : next.name, !blocked);
            if (next != null) {
                resume(next);
            }
        }
    }

    private void pause(Worker w) {
        if (!w.running()) {
            return;
        }
        long ran = loop.now() - w.segmentStart;
        w.remainingNs -= ran;
        w.cpuSinceWake += ran;
        w.segmentStart = -1;
        cancel(w);
    }

    private void resume(Worker w) {
        if (w.current != null && !w.sleeping && w.remainingNs > 0 && !w.running()) {
            runSegment(w);
        }
    }

    private void cancel(Worker w) {
        if (w.stepEnd != null) {
            w.stepEnd.cancel();
            w.stepEnd = null;
        }
        if (w.tickCheck != null) {
            w.tickCheck.cancel();
            w.tickCheck = null;
        }
    }

    private boolean isTop(Worker w) {
        return cpuStacks.get(w.cpu).peekFirst() == w;
    }

    private void startNextItem(Worker w) {
        WorkItem item = w.pool.worklist.pollFirst();
        if (item == null) {
            goIdle(w);
            return;
        }
        w.current = item;
        item.startNs = loop.now();
        w.cpuSinceWake = 0;
        if (item.workqueue.cpuIntensive() && w.pool.cpu >= 0) {
            w.cpuIntensive = true;
            w.pool.nrRunning--;
            w.pool.kickIfNeeded();
        }
        kernel.trace().executeStart(item, w.cpu, w.name);
        advance(w);
    }

    private void goIdle(Worker w) {
        if (w.counted()) {
            w.pool.nrRunning--;
        }
        w.idle = true;
        w.current = null;
        takeOffCpu(w, true);
        w.pool.idleWorkers.addFirst(w);
    }

    /** Asks the work function for its next step and starts it. */
    private void advance(Worker w) {
        WorkItem item = w.current;
        WorkStep step = item.function.next(item.step++);
        switch (step) {
            case WorkStep.Compute c -> {
                w.remainingNs = Math.max(0, c.ns());
                if (isTop(w)) {
                    runSegment(w);
                }
            }
            case WorkStep.Sleep s -> sleep(w, s.ns());
            case WorkStep.Done d -> finish(w);
        }
    }

    private void runSegment(Worker w) {
        w.segmentStart = loop.now();
        w.stepEnd = loop.after(w.remainingNs, () -> segmentDone(w));
        scheduleTickCheck(w);
    }

    private void segmentDone(Worker w) {
        w.stepEnd = null;
        long ran = loop.now() - w.segmentStart;
        w.cpuSinceWake += ran;
        w.remainingNs = 0;
        w.segmentStart = -1;
        if (w.tickCheck != null) {
            w.tickCheck.cancel();
            w.tickCheck = null;
        }
        advance(w);
    }

    /**
     * {@code wq_worker_tick()}: the first tick at which the item has run {@code cpu_intensive_thresh_us} since it
     * started or last woke marks it CPU_INTENSIVE, and the pool may start another worker.
     */
    private void scheduleTickCheck(Worker w) {
        if (!autoCpuIntensive || w.pool.cpu < 0 || w.cpuIntensive) {
            return;
        }
        long needed = cpuIntensiveThreshUs * 1000 - w.cpuSinceWake;
        if (needed > w.remainingNs) {
            return;
        }
        long tick = tickNs;
        long at = loop.now() + Math.max(0, needed);
        long tickAt = ((at + tick - 1) / tick) * tick;
        if (tickAt >= loop.now() + w.remainingNs) {
            return;
        }
        w.tickCheck = loop.at(tickAt, () -> {
            w.tickCheck = null;
            long used = w.cpuSinceWake + (loop.now() - w.segmentStart);
            if (w.running() && !w.cpuIntensive && used >= cpuIntensiveThreshUs * 1000) {
                markCpuIntensive(w);
            }
        });
    }

    private void markCpuIntensive(Worker w) {
        w.cpuIntensive = true;
        w.current.markedCpuIntensive = true;
        w.pool.nrRunning--;
        if (kernel.profile().cpuIntensiveReport()) {
            long cnt = hogCounts.merge(w.current.function.name(), 1L, Long::sum);
            long warnThresh = 4;
            if (cnt >= warnThresh && Long.bitCount(cnt + 1 - warnThresh) == 1) {
                kernel.log().print(KernelLog.WARNING, "workqueue: " + w.current.function.name() + " hogged CPU for >"
                        + cpuIntensiveThreshUs + "us " + cnt + " times, consider switching to WQ_UNBOUND");
            }
        }
        w.pool.kickIfNeeded();
    }

    private void sleep(Worker w, long ns) {
        boolean wasCounted = w.counted();
        w.sleeping = true;
        long sleepStart = loop.now();
        if (wasCounted) {
            w.pool.nrRunning--;
        }
        takeOffCpu(w, true);
        w.pool.kickIfNeeded();
        loop.after(ns, () -> {
            w.sleeping = false;
            w.current.sleptNs += loop.now() - sleepStart;
            w.cpuSinceWake = 0;
            if (w.counted()) {
                w.pool.nrRunning++;
            }
            putOnCpu(w);
            advance(w);
        });
    }

    private void finish(Worker w) {
        WorkItem item = w.current;
        long end = loop.now();
        kernel.trace().executeEnd(item, w.cpu, w.name);
        kernel.groundTruth().work(new WorkRecord(item.function.name(), item.workqueue.name(), w.cpu, w.name,
                item.queuedNs, item.startNs, end, item.sleptNs, item.markedCpuIntensive));
        if (w.cpuIntensive) {
            w.cpuIntensive = false;
            if (w.pool.cpu >= 0) {
                w.pool.nrRunning++;
            }
        }
        w.current = null;
        if (item.onDone != null) {
            item.onDone.run();
        }
        // keep_working(): take the next item only while no other worker is running for the pool
        Pool pool = w.pool;
        if (pool.cpu < 0) {
            goIdle(w);
            return;
        }
        if (!pool.worklist.isEmpty() && pool.nrRunning <= 1) {
            startNextItem(w);
        } else {
            goIdle(w);
            pool.kickIfNeeded();
        }
    }
}
