package org.wqlab.kmod;

import java.util.List;
import java.util.Map;

/** What came of deploy + load. Refusals before the copy and the kernel's errors are outcomes, not exceptions. */
public sealed interface LoadOutcome {

    /**
     * Loaded and verified: the name is in /proc/modules, and every parameter that sysfs shows has the value asked
     * for. {@code unverified} names the requested parameters sysfs did not show (no file).
     */
    record Loaded(ModuleIdentity identity, String remotePath, Map<String, String> sysfsParameters,
            List<String> unverified) implements LoadOutcome {
        public Loaded {
            sysfsParameters = Map.copyOf(sysfsParameters);
            unverified = List.copyOf(unverified);
        }
    }

    /** Refused before anything was copied: the module does not fit the board's kernel. */
    record Incompatible(List<String> problems) implements LoadOutcome {
        public Incompatible {
            problems = List.copyOf(problems);
        }
    }

    /** Refused before anything was copied: the parameters are not ones the module accepts. */
    record InvalidParameters(List<String> problems) implements LoadOutcome {
        public InvalidParameters {
            problems = List.copyOf(problems);
        }
    }

    /** A module of that name is loaded already (insmod: File exists): the caller may offer a reload. */
    record AlreadyLoaded(String name, ModuleState current, String remotePath, List<String> dmesgLines)
            implements LoadOutcome {
        public AlreadyLoaded {
            dmesgLines = List.copyOf(dmesgLines);
        }
    }

    /** The kernel refused the module; {@code dmesgLines} are its new log lines about it. */
    record KernelRefused(KernelError error, String insmodMessage, String remotePath, List<String> dmesgLines)
            implements LoadOutcome {
        public KernelRefused {
            dmesgLines = List.copyOf(dmesgLines);
        }
    }

    /** insmod succeeded but the board does not show the module as asked (not in /proc/modules, other values). */
    record NotVerified(List<String> problems, String remotePath, List<String> dmesgLines) implements LoadOutcome {
        public NotVerified {
            problems = List.copyOf(problems);
            dmesgLines = List.copyOf(dmesgLines);
        }
    }
}
