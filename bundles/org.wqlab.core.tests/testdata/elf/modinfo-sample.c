/* A stand-in for a kernel module's .modinfo section: the same NUL-separated key=value strings that
 * MODULE_INFO()/module_param() put there. Built as a relocatable object by make-testdata.sh. */
#define MODINFO(tag, text) \
	static const char __modinfo_##tag[] __attribute__((section(".modinfo"), used, aligned(1))) = text

MODINFO(license, "license=GPL");
MODINFO(author, "author=wqlab");
MODINFO(description, "description=workqueue latency monitor");
MODINFO(parmtype_period, "parmtype=period_ms:uint");
MODINFO(parm_period, "parm=period_ms:period of the delayed work in ms");
MODINFO(parmtype_threshold, "parmtype=threshold_ms:uint");
MODINFO(parm_threshold, "parm=threshold_ms:report runs later than this");
MODINFO(parmtype_cpu, "parmtype=cpu:int");
MODINFO(parm_cpu, "parm=cpu:CPU to monitor, -1 for all");
MODINFO(parmtype_classic, "parmtype=classic:bool");
MODINFO(srcversion, "srcversion=6A1F2B3C4D5E6F7A8B9C0D1");
MODINFO(depends, "depends=");
MODINFO(retpoline, "retpoline=Y");
MODINFO(name, "name=latency_mon");
MODINFO(vermagic, "vermagic=" VERMAGIC);

int latency_mon_init(void) { return 0; }
