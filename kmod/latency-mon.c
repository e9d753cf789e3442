// SPDX-License-Identifier: GPL-2.0
/*
 * latency-mon: how late does a delayed work item on the shared per-CPU
 * workqueue pool (system_wq) run?
 *
 * One monitor per watched CPU arms a delayed work item for period_ms with
 * schedule_delayed_work_on(), so the item is queued on that CPU's normal
 * priority worker pool whatever CPU insmod ran on.  Each run compares ktime
 * with the previous run and reports how much later than the period it came.
 *
 * Output (the line contract in wqlab's docs/architecture.md):
 *   classic=1: "DELAY: <ms>" at KERN_CRIT, only for late runs (the original)
 *   classic=0: "latency_mon: cpu=<n> seq=<n> delay_us=<n>", KERN_CRIT when
 *              late, KERN_INFO otherwise; seq counts reports per CPU from 1
 *   load:      "latency_mon: start cpu=<n|all> period_ms=<n> threshold_ms=<n>
 *              report_all=<0|1>" (one line)
 *   unload:    "latency_mon: stop"
 */

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

#define LM_PREFIX "latency_mon: "
#define LM_MAX_MS 3600000U	/* one hour: keeps every product in range */

static unsigned int period_ms = 100;
module_param(period_ms, uint, 0444);
MODULE_PARM_DESC(period_ms,
		 "Period of the delayed work in ms, 1..3600000 (default 100)");

static unsigned int threshold_ms = 9;
module_param(threshold_ms, uint, 0444);
MODULE_PARM_DESC(threshold_ms,
		 "Late means later than the period by more than this, in ms (default 9)");

static int lm_cpu;		/* default 0, like the original's taskset -c 0 */
module_param_named(cpu, lm_cpu, int, 0444);
MODULE_PARM_DESC(cpu,
		 "CPU to watch; -1: each online CPU, needs classic=0 (default 0)");

static int report_all;
module_param(report_all, int, 0444);
MODULE_PARM_DESC(report_all,
		 "0: late runs only; 1: every run, needs classic=0 (default 0)");

static int classic = 1;
module_param(classic, int, 0444);
MODULE_PARM_DESC(classic,
		 "1: original 'DELAY: <ms>' lines; 0: 'latency_mon: cpu=' lines (default 1)");

struct lm_monitor {
	struct delayed_work dwork;
	unsigned int cpu;
	ktime_t last;		/* start of the previous run, or of arming */
	u64 seq;		/* reports printed on this CPU */
};

static DEFINE_PER_CPU(struct lm_monitor, lm_monitors);
static unsigned long lm_period_jiffies;
static s64 lm_period_us;
static s64 lm_threshold_us;
static enum cpuhp_state lm_hp_state;

static bool lm_watches(unsigned int c)
{
	return lm_cpu < 0 || c == (unsigned int)lm_cpu;
}

/*
 * classic=1 keeps the original's rule: whole milliseconds beyond the period,
 * printed when above threshold_ms.  The original computed this in u64, so a
 * run that came early wrapped to a huge value, passed the test and printed
 * as "DELAY: -1".  Here it is signed: an early run is never late, so it is
 * never printed, and a printed value is never negative.
 */
static void lm_report_classic(s64 delay_us)
{
	s64 delay_ms = div_s64(delay_us, 1000);

	if (delay_ms > (s64)threshold_ms)
		pr_crit("DELAY: %lld\n", delay_ms);
}

static void lm_report(struct lm_monitor *mon, s64 delay_us)
{
	bool late = delay_us > lm_threshold_us;

	if (classic) {
		lm_report_classic(delay_us);
		return;
	}
	if (!late && !report_all)
		return;

	mon->seq++;
	if (late)
		pr_crit(LM_PREFIX "cpu=%u seq=%llu delay_us=%lld\n",
			mon->cpu, mon->seq, delay_us);
	else
		pr_info(LM_PREFIX "cpu=%u seq=%llu delay_us=%lld\n",
			mon->cpu, mon->seq, delay_us);
}

static void lm_work_fn(struct work_struct *work)
{
	struct lm_monitor *mon = container_of(to_delayed_work(work),
					      struct lm_monitor, dwork);
	ktime_t now = ktime_get();
	s64 delay_us = ktime_us_delta(now, mon->last) - lm_period_us;

	mon->last = now;
	/* Re-arm before printing: a slow console must not lengthen the next gap. */
	schedule_delayed_work_on(mon->cpu, &mon->dwork, lm_period_jiffies);
	lm_report(mon, delay_us);
}

/* CPU hotplug: a monitor runs only while its CPU is online. */
static int lm_cpu_online(unsigned int c)
{
	struct lm_monitor *mon = per_cpu_ptr(&lm_monitors, c);

	if (!lm_watches(c))
		return 0;
	mon->last = ktime_get();
	schedule_delayed_work_on(c, &mon->dwork, lm_period_jiffies);
	return 0;
}

static int lm_cpu_offline(unsigned int c)
{
	if (lm_watches(c))
		cancel_delayed_work_sync(&per_cpu_ptr(&lm_monitors, c)->dwork);
	return 0;
}

static int lm_check_params(void)
{
	if (period_ms < 1 || period_ms > LM_MAX_MS) {
		pr_err(LM_PREFIX "invalid parameter period_ms (%u): must be 1..%u\n",
		       period_ms, LM_MAX_MS);
		return -EINVAL;
	}
	if (threshold_ms > LM_MAX_MS) {
		pr_err(LM_PREFIX "invalid parameter threshold_ms (%u): must be 0..%u\n",
		       threshold_ms, LM_MAX_MS);
		return -EINVAL;
	}
	if (report_all != 0 && report_all != 1) {
		pr_err(LM_PREFIX "invalid parameter report_all (%d): must be 0 or 1\n",
		       report_all);
		return -EINVAL;
	}
	if (classic != 0 && classic != 1) {
		pr_err(LM_PREFIX "invalid parameter classic (%d): must be 0 or 1\n",
		       classic);
		return -EINVAL;
	}
	if (lm_cpu < -1 ||
	    (lm_cpu >= 0 && ((unsigned int)lm_cpu >= nr_cpu_ids ||
			     !cpu_possible(lm_cpu)))) {
		pr_err(LM_PREFIX "invalid parameter cpu (%d): must be -1 or a possible CPU 0..%u\n",
		       lm_cpu, nr_cpu_ids - 1);
		return -EINVAL;
	}
	if (classic && report_all) {
		pr_err(LM_PREFIX "invalid parameters: report_all=1 needs classic=0 (DELAY lines are for late runs only)\n");
		return -EINVAL;
	}
	if (classic && lm_cpu < 0) {
		pr_err(LM_PREFIX "invalid parameters: cpu=-1 needs classic=0 (DELAY lines carry no CPU number)\n");
		return -EINVAL;
	}
	if (lm_cpu >= 0 && !cpu_online(lm_cpu)) {
		pr_err(LM_PREFIX "CPU %d is offline: bring it online or choose another CPU\n",
		       lm_cpu);
		return -ENODEV;
	}
	return 0;
}

static int __init lm_init(void)
{
	unsigned int c;
	int ret;

	ret = lm_check_params();
	if (ret)
		return ret;

	lm_period_jiffies = msecs_to_jiffies(period_ms);
	lm_period_us = (s64)period_ms * USEC_PER_MSEC;
	lm_threshold_us = (s64)threshold_ms * USEC_PER_MSEC;
	for_each_possible_cpu(c) {
		struct lm_monitor *mon = per_cpu_ptr(&lm_monitors, c);

		INIT_DELAYED_WORK(&mon->dwork, lm_work_fn);
		mon->cpu = c;
		mon->seq = 0;
	}

	if (lm_cpu < 0)
		pr_info(LM_PREFIX "start cpu=all period_ms=%u threshold_ms=%u report_all=%d\n",
			period_ms, threshold_ms, report_all);
	else
		pr_info(LM_PREFIX "start cpu=%d period_ms=%u threshold_ms=%u report_all=%d\n",
			lm_cpu, period_ms, threshold_ms, report_all);

	/* Starts a monitor on each watched online CPU, and on each one that comes online. */
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "latency_mon:online",
				lm_cpu_online, lm_cpu_offline);
	if (ret < 0) {
		pr_err(LM_PREFIX "cannot register CPU hotplug callbacks: error %d\n",
		       ret);
		pr_info(LM_PREFIX "stop\n");
		return ret;
	}
	lm_hp_state = ret;
	return 0;
}

static void __exit lm_exit(void)
{
	/* Runs lm_cpu_offline() on each online CPU: cancel_delayed_work_sync(). */
	cpuhp_remove_state(lm_hp_state);
	pr_info(LM_PREFIX "stop\n");
}

module_init(lm_init);
module_exit(lm_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("wqlab");
MODULE_DESCRIPTION("Measures how late delayed work runs on the per-CPU system_wq pool");
MODULE_VERSION("0.2.0");
