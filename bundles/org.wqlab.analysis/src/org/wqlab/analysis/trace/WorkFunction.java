package org.wqlab.analysis.trace;

/**
 * A work function as {@code %ps} prints it: the symbol and, for a module's symbol, the module
 * ({@code hub_event [usbcore]}); an unresolved address stays the symbol.
 */
public record WorkFunction(String symbol, String module) {

    public WorkFunction {
        module = module == null ? "" : module;
    }

    public static WorkFunction parse(String printed) {
        String s = printed.strip();
        int bracket = s.indexOf(" [");
        if (bracket > 0 && s.endsWith("]")) {
            return new WorkFunction(s.substring(0, bracket), s.substring(bracket + 2, s.length() - 1));
        }
        return new WorkFunction(s, "");
    }

    @Override
    public String toString() {
        return module.isEmpty() ? symbol : symbol + " [" + module + "]";
    }
}
