package org.wqlab.kmod;

import java.util.Locale;

/** Why the kernel refused {@code insmod}, from the errno text insmod prints. */
public enum KernelError {
    /** ENOEXEC: vermagic, symbol versions, architecture or a damaged file. */
    INVALID_MODULE_FORMAT("Invalid module format"),
    /** ENOENT from the loader: a symbol the module needs is not exported by this kernel. */
    UNKNOWN_SYMBOL("Unknown symbol in module"),
    /** EEXIST: a module of that name is loaded already. */
    FILE_EXISTS("File exists"),
    /** EINVAL: the module refused its parameters. */
    INVALID_ARGUMENT("Invalid argument"),
    /** ENODEV: for latency-mon, the chosen CPU is offline. */
    NO_SUCH_DEVICE("No such device"),
    /** EPERM / signature enforcement / lockdown. */
    NOT_PERMITTED("Operation not permitted"),
    /** Key rejected, out of memory, anything else. */
    OTHER("");

    private final String errnoText;

    KernelError(String errnoText) {
        this.errnoText = errnoText;
    }

    public String errnoText() {
        return errnoText;
    }

    public static KernelError classify(String insmodMessage) {
        String m = insmodMessage.toLowerCase(Locale.ROOT);
        for (KernelError e : values()) {
            if (e != OTHER && m.contains(e.errnoText.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        if (m.contains("unknown symbol")) {
            return UNKNOWN_SYMBOL;
        }
        if (m.contains("key was rejected") || m.contains("required key not available")) {
            return NOT_PERMITTED;
        }
        return OTHER;
    }
}
