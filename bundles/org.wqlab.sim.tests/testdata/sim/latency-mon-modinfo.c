/* The .modinfo strings of wqlab's improved latency-mon (period_ms, threshold_ms, cpu, classic, report_all), built as a
 * relocatable object by make-testdata.sh so the simulated board's insmod reads real toolchain output. */
#define MODINFO(tag, text) \
	static const char __modinfo_##tag[] __attribute__((section(".modinfo"), used, aligned(1))) = text

MODINFO(license, "license=GPL");
MODINFO(description, "description=workqueue latency monitor");
MODINFO(parmtype_period, "parmtype=period_ms:uint");
MODINFO(parm_period, "parm=period_ms:period of the delayed work in ms");
MODINFO(parmtype_threshold, "parmtype=threshold_ms:uint");
MODINFO(parm_threshold, "parm=threshold_ms:report runs later than this");
MODINFO(parmtype_cpu, "parmtype=cpu:int");
MODINFO(parm_cpu, "parm=cpu:CPU to monitor, -1 for all");
MODINFO(parmtype_classic, "parmtype=classic:bool");
MODINFO(parmtype_report_all, "parmtype=report_all:bool");
MODINFO(depends, "depends=");
MODINFO(name, "name=latency_mon");
MODINFO(vermagic, "vermagic=" VERMAGIC);

int latency_mon_init(void) { return 0; }
