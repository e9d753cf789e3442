package org.wqlab.sim;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;
import org.wqlab.sim.kernel.LatencyMonitor;

/**
 * What {@code /sys/module/NAME/parameters/PARAM} shows for a loaded module: the value it was loaded with, parsed and
 * printed as the kernel's {@code param_ops} for its {@code parmtype} do (ints in decimal from a base-0 parse, bools
 * as Y/N), or its default when not given.
 */
final class ModuleSysfs {

    private static final Pattern DEFAULT_IN_DESCRIPTION = Pattern.compile("\\(default ([^)\\s]+)\\)");

    private ModuleSysfs() {
    }

    /** One value that the kernel refuses for its type ({@code `abc' invalid for parameter `cpu'}). */
    static final class InvalidValue extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidValue(String value, String parameter) {
            super("`" + value + "' invalid for parameter `" + parameter + "'");
        }
    }

    /** Every declared parameter with the text its sysfs file shows (with the trailing newline). */
    static Map<String, String> parameterFiles(String module, ModuleInfo info, Map<String, String> given)
            throws InvalidValue {
        Map<String, String> files = new LinkedHashMap<>();
        for (ModuleParameter p : info.parameters()) {
            String value = given.get(p.name());
            String shown = value != null ? show(p, value) : show(p, defaultValue(module, p));
            files.put(p.name(), shown + "\n");
        }
        return files;
    }

    /** The module's default: the latency-mon model's for its parameters, else "(default X)" in the description. */
    static String defaultValue(String module, ModuleParameter p) {
        if (module.equals("latency_mon")) {
            LatencyMonitor.Params d = LatencyMonitor.Params.improvedDefaults();
            switch (p.name()) {
                case "period_ms" -> {
                    return Long.toString(d.periodMs());
                }
                case "threshold_ms" -> {
                    return Long.toString(d.thresholdMs());
                }
                case "cpu" -> {
                    return Integer.toString(d.cpu());
                }
                case "classic" -> {
                    return d.classic() ? "1" : "0";
                }
                case "report_all" -> {
                    return d.reportAll() ? "1" : "0";
                }
                default -> {
                }
            }
        }
        Matcher m = DEFAULT_IN_DESCRIPTION.matcher(p.description() == null ? "" : p.description());
        if (m.find()) {
            return m.group(1);
        }
        return switch (p.type()) {
            case "bool", "invbool" -> "N";
            case "charp" -> "(null)";
            default -> p.type().startsWith("array") || p.type().startsWith("string") ? "" : "0";
        };
    }

    private static String show(ModuleParameter p, String value) throws InvalidValue {
        String type = p.type() == null ? "" : p.type();
        try {
            return switch (type) {
                case "int" -> Long.toString(kernelInteger(value, true, 32));
                case "uint" -> Long.toString(kernelInteger(value, false, 32));
                case "short" -> Long.toString(kernelInteger(value, true, 16));
                case "ushort" -> Long.toString(kernelInteger(value, false, 16));
                case "byte" -> Long.toString(kernelInteger(value, false, 8));
                case "long", "llong" -> Long.toString(kernelInteger(value, true, 64));
                case "ulong", "ullong" -> Long.toUnsignedString(kernelInteger(value, false, 64));
                case "bool" -> kernelBool(value) ? "Y" : "N";
                case "invbool" -> kernelBool(value) ? "N" : "Y";
                default -> value;
            };
        } catch (NumberFormatException e) {
            throw new InvalidValue(value, p.name());
        }
    }

    /** {@code kstrtoint(s, 0, ...)} and friends: optional sign, 0x hex, leading-0 octal, range of the type. */
    static long kernelInteger(String text, boolean signed, int bits) {
        String s = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        boolean negative = false;
        if (s.startsWith("+")) {
            s = s.substring(1);
        } else if (s.startsWith("-") && signed) {
            negative = true;
            s = s.substring(1);
        }
        int radix = 10;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            radix = 16;
            s = s.substring(2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            radix = 8;
            s = s.substring(1);
        }
        int base = radix;
        if (s.isEmpty() || !s.chars().allMatch(c -> Character.digit(c, base) >= 0)) {
            throw new NumberFormatException(text);
        }
        BigInteger v = new BigInteger(s, radix);
        if (negative) {
            v = v.negate();
        }
        BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max = signed ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
            throw new NumberFormatException(text);
        }
        return v.longValue();
    }

    /** {@code kstrtobool}: 1/y/Y/on and 0/n/N/off (the first letters decide). */
    static boolean kernelBool(String value) {
        String v = value.toLowerCase(java.util.Locale.ROOT);
        if (v.startsWith("1") || v.startsWith("y") || v.equals("on")) {
            return true;
        }
        if (v.startsWith("0") || v.startsWith("n") || v.equals("off")) {
            return false;
        }
        throw new NumberFormatException(value);
    }
}
