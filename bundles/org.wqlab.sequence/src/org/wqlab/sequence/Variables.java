package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The sequence's variables with {@code --var k=v} overrides applied; substitutes {@code ${name}} in values. */
public final class Variables {

    static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]*)}");
    public static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private final Map<String, String> values;

    public Variables(Map<String, String> declared, Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>(declared);
        all.putAll(overrides);
        this.values = Collections.unmodifiableMap(all);
    }

    public Map<String, String> values() {
        return values;
    }

    /** @throws IllegalArgumentException naming the first unknown variable */
    public String substitute(String text) {
        Matcher m = REFERENCE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("unknown variable ${" + m.group(1) + "} (known: "
                        + String.join(", ", values.keySet()) + ")");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Parses {@code k=v} as given to {@code --var}. */
    public static Map.Entry<String, String> parseOverride(String kv) {
        int eq = kv.indexOf('=');
        if (eq <= 0 || !NAME.matcher(kv.substring(0, eq)).matches()) {
            throw new IllegalArgumentException("--var '" + kv + "': expected NAME=VALUE");
        }
        return Map.entry(kv.substring(0, eq), kv.substring(eq + 1));
    }
}
