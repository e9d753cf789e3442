package org.wqlab.sim;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.core.elf.ElfFormatException;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;
import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.LatencyMonitor;

/**
 * The board's module loader: insmod checks a module image as the kernel does (ELF machine, vermagic, declared
 * parameters and their values), keeps the loaded modules with their /sys/module files, and starts or stops the
 * latency monitor in the kernel model for latency_mon.
 */
final class ModuleLoader {

    /** A loaded module; {@code sysfs} holds its files under /sys/module/NAME/ (relative name to contents). */
    record Loaded(String name, ModuleInfo info, int size, Map<String, String> sysfs) {
    }

    /** srcversion of the latency-mon preinstalled in /lib/modules. */
    static final String INSTALLED_MODULE_SRCVERSION = "5A7E1C0D2B3F4E6A8C9D0E1";

    private final SimulatedBoardProfile profile;
    private final Kernel kernel;
    private final SimulationDriver driver;
    private final Map<String, Loaded> modules = new LinkedHashMap<>();

    ModuleLoader(SimulatedBoardProfile profile, Kernel kernel, SimulationDriver driver) {
        this.profile = profile;
        this.kernel = kernel;
        this.driver = driver;
    }

    /**
     * wqlab's latency-mon as built for this profile's kernel: the parameters kmod/latency-mon.c declares. Its
     * defaults (CPU 0, {@code DELAY:} lines for late runs) give the report's output; the default sequence's
     * {@code cpu=-1 report_all=1 classic=0} need them declared, or the kernel ignores them.
     */
    static byte[] installedModule(SimulatedBoardProfile p) {
        int machine = "x86_64".equals(p.machine()) ? ElfMachine.EM_X86_64 : ElfMachine.EM_AARCH64;
        return ModuleImage.build(machine, List.of("license=GPL", "description=Workqueue latency monitor",
                "parm=period_ms:Period of the delayed work in ms, 1..3600000 (default 100)",
                "parmtype=period_ms:uint",
                "parm=threshold_ms:Late means later than the period by more than this, in ms (default 9)",
                "parmtype=threshold_ms:uint",
                "parm=cpu:CPU to watch; -1: each online CPU, needs classic=0 (default 0)", "parmtype=cpu:int",
                "parm=report_all:0: late runs only; 1: every run, needs classic=0 (default 0)",
                "parmtype=report_all:int",
                "parm=classic:1: original 'DELAY: <ms>' lines; 0: 'latency_mon: cpu=' lines (default 1)",
                "parmtype=classic:int", "srcversion=" + INSTALLED_MODULE_SRCVERSION, "depends=",
                "name=latency_mon", "vermagic=" + p.vermagic()));
    }

    /** /proc/modules. */
    String procModules() {
        StringBuilder sb = new StringBuilder();
        synchronized (modules) {
            for (Loaded m : modules.values()) {
                sb.append(m.name()).append(' ').append(m.size()).append(" 0 - Live 0xffff800008f80000 (O)\n");
            }
        }
        return sb.toString();
    }

    /** The /sys/module/NAME/... file at {@code p}, or null. */
    String sysfsFile(String p) {
        String rest = p.substring("/sys/module/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        synchronized (modules) {
            Loaded m = modules.get(rest.substring(0, slash));
            return m == null ? null : m.sysfs().get(rest.substring(slash + 1));
        }
    }

    /** The /sys/module files of every loaded module, as full paths. */
    void addSysfsPaths(List<String> paths) {
        synchronized (modules) {
            for (Loaded m : modules.values()) {
                m.sysfs().keySet().forEach(f -> paths.add("/sys/module/" + m.name() + "/" + f));
            }
        }
    }

    /** Where modprobe finds a module among {@code storedFiles}: /lib/modules/<release>/..., '-' and '_' alike. */
    Optional<String> find(String name, List<String> storedFiles) {
        String wanted = name.replace('-', '_');
        String dir = "/lib/modules/" + profile.kernelRelease() + "/";
        return storedFiles.stream().filter(f -> f.startsWith(dir) && f.endsWith(".ko"))
                .filter(f -> f.substring(f.lastIndexOf('/') + 1, f.length() - 3).replace('-', '_').equals(wanted))
                .sorted().findFirst();
    }

    /** The errno text insmod reports, or null when the module loaded. */
    String insmod(String path, byte[] image, List<String> args, int loaderCpu) {
        ModuleInfo info;
        try {
            info = ModinfoReader.read(path, image);
        } catch (ElfFormatException e) {
            return "Invalid module format";
        }
        String machine = "x86_64".equals(profile.machine()) ? "x86_64" : "aarch64";
        if (!info.identity().machine().name().equals(machine) || !info.identity().isRelocatable()) {
            return "Invalid module format";
        }
        String name = info.name().orElse(path.replaceAll(".*/", "").replace(".ko", "").replace('-', '_'));
        String magic = info.vermagic().orElse("");
        if (!magic.strip().equals(profile.vermagic().strip())) {
            driver.run(() -> kernel.log().print(3, name + ": version magic '" + magic + "' should be '"
                    + profile.vermagic() + "'"));
            return "Invalid module format";
        }
        synchronized (modules) {
            if (modules.containsKey(name)) {
                return "File exists";
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            String value = eq < 0 ? "1" : a.substring(eq + 1);
            Optional<ModuleParameter> declared = info.parameter(key);
            if (declared.isEmpty()) {
                driver.run(() -> kernel.log().print(4, name + ": unknown parameter '" + key + "' ignored"));
                continue;
            }
            params.put(key, value);
        }
        Map<String, String> parameterFiles;
        try {
            parameterFiles = ModuleSysfs.parameterFiles(name, info, params);
        } catch (ModuleSysfs.InvalidValue e) {
            driver.run(() -> kernel.log().print(3, name + ": " + e.getMessage()));
            return "Invalid argument";
        }
        if (name.equals("latency_mon")) {
            LatencyMonitor.Params p;
            try {
                p = monitorParams(info, params);
            } catch (IllegalArgumentException e) {
                driver.run(() -> kernel.log().print(4, name + ": " + e.getMessage()));
                return "Invalid argument";
            }
            LatencyMonitor.Params chosen = p;
            driver.run(() -> kernel.loadLatencyMonitor(chosen, loaderCpu));
        }
        Map<String, String> sysfs = new LinkedHashMap<>();
        sysfs.put("initstate", "live\n");
        sysfs.put("refcnt", "0\n");
        sysfs.put("taint", "O\n");
        sysfs.put("coresize", "16384\n");
        info.srcversion().ifPresent(v -> sysfs.put("srcversion", v + "\n"));
        parameterFiles.forEach((k, v) -> sysfs.put("parameters/" + k, v));
        synchronized (modules) {
            modules.put(name, new Loaded(name, info, 16384, Map.copyOf(sysfs)));
        }
        return null;
    }

    private LatencyMonitor.Params monitorParams(ModuleInfo info, Map<String, String> params) {
        if (info.parameters().isEmpty()) {
            return LatencyMonitor.Params.originalModule();
        }
        LatencyMonitor.Params d = LatencyMonitor.Params.improvedDefaults();
        long period = number(params, "period_ms", d.periodMs());
        long threshold = number(params, "threshold_ms", d.thresholdMs());
        int cpu = (int) number(params, "cpu", d.cpu());
        if (period <= 0 || threshold < 0 || cpu < -1 || cpu >= profile.cpus()) {
            throw new IllegalArgumentException("invalid parameter value");
        }
        return new LatencyMonitor.Params(false, period, threshold, cpu, bool(params, "classic", d.classic()),
                bool(params, "report_all", d.reportAll()));
    }

    private static long number(Map<String, String> params, String key, long dflt) {
        String v = params.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return ModuleSysfs.kernelInteger(v, true, 64);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid value '" + v + "' for " + key);
        }
    }

    private static boolean bool(Map<String, String> params, String key, boolean dflt) {
        String v = params.get(key);
        if (v == null) {
            return dflt;
        }
        return switch (v) {
            case "1", "Y", "y" -> true;
            case "0", "N", "n" -> false;
            default -> throw new IllegalArgumentException("invalid value '" + v + "' for " + key);
        };
    }

    /** The errno text rmmod reports, or null. */
    String rmmod(String name) {
        String n = name.replace('-', '_').replaceAll("\\.ko$", "");
        synchronized (modules) {
            if (modules.remove(n) == null) {
                return "not loaded";
            }
        }
        if (n.equals("latency_mon")) {
            driver.run(kernel::unloadLatencyMonitor);
        }
        return null;
    }
}
