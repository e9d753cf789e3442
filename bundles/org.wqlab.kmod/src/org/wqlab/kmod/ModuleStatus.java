package org.wqlab.kmod;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/** Reads whether a module is loaded ({@code /proc/modules}) and its parameters ({@code /sys/module/NAME/parameters/}). */
public final class ModuleStatus {

    private ModuleStatus() {
    }

    public static ModuleState read(BoardConnection connection, String name, Duration timeout)
            throws TransportException, KmodException {
        checkName(name);
        if (!isListed(connection, name, timeout)) {
            return new ModuleState.NotLoaded(name);
        }
        return new ModuleState.Loaded(name, parameters(connection, name, timeout));
    }

    public static boolean isListed(BoardConnection connection, String name, Duration timeout)
            throws TransportException, KmodException {
        ExecResult modules = connection.run(Command.of("cat").arg("/proc/modules"), timeout);
        if (!modules.succeeded()) {
            throw new KmodException("board '" + connection.profile().name() + "': cannot read /proc/modules: "
                    + modules.stderrText().strip());
        }
        return modules.stdoutText().lines().map(l -> l.split("\\s+", 2)[0]).anyMatch(name::equals);
    }

    /** Every parameter file sysfs shows for the module, with its value (whitespace at the ends removed). */
    public static Map<String, String> parameters(BoardConnection connection, String name, Duration timeout)
            throws TransportException {
        String dir = "/sys/module/" + name + "/parameters";
        Map<String, String> values = new LinkedHashMap<>();
        ExecResult list = connection.run(Command.of("ls").arg(dir), timeout);
        if (!list.succeeded()) {
            return values;
        }
        for (String file : list.stdoutText().split("\\s+")) {
            if (file.isEmpty() || !file.matches("[A-Za-z0-9_]+")) {
                continue;
            }
            ExecResult value = connection.run(Command.of("cat").arg(dir + "/" + file), timeout);
            if (value.succeeded()) {
                values.put(file, value.stdoutText().strip());
            }
        }
        return values;
    }

    static void checkName(String name) throws KmodException {
        if (name == null || !name.matches("[A-Za-z0-9_]+")) {
            throw new KmodException("module name '" + name + "' is not a kernel module name");
        }
    }

    /** The kernel shows ints in decimal and bools as Y/N; "1" asked for a bool reads back as "Y". */
    static boolean sameValue(String asked, String shown) {
        if (asked.equals(shown)) {
            return true;
        }
        try {
            return Long.decode(asked).equals(Long.decode(shown));
        } catch (NumberFormatException notBothNumbers) {
            String a = asked.toLowerCase(java.util.Locale.ROOT);
            String s = shown.toLowerCase(java.util.Locale.ROOT);
            boolean askedTrue = a.equals("1") || a.equals("y") || a.equals("true");
            boolean askedFalse = a.equals("0") || a.equals("n") || a.equals("false");
            return (askedTrue && s.equals("y")) || (askedFalse && s.equals("n"));
        }
    }
}
