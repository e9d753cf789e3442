package org.wqlab.cli;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.limits.Limit;
import org.wqlab.limits.LimitName;
import org.wqlab.limits.Limits;
import org.wqlab.limits.LimitsJson;

/**
 * {@code --limit NAME=HARD} and {@code --warn NAME=SOFT} (repeatable, as {@code --limit X=1} or {@code --limit=X=1}):
 * limits that override the file's values, taken out of a verb's arguments.
 */
record LimitOptions(Limits limits, List<String> rest) {

    static final String LIMIT = "--limit";
    static final String WARN = "--warn";

    static LimitOptions extract(List<String> args) throws Cli.UsageException {
        List<Limit> limits = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String option = null;
            String value = null;
            for (String o : List.of(LIMIT, WARN)) {
                if (a.equals(o)) {
                    if (i + 1 >= args.size()) {
                        throw new Cli.UsageException(o + " needs NAME=VALUE (names: " + LimitName.fileNames() + ")");
                    }
                    option = o;
                    value = args.get(++i);
                } else if (a.startsWith(o + "=")) {
                    option = o;
                    value = a.substring(o.length() + 1);
                }
            }
            if (option == null) {
                rest.add(a);
            } else {
                limits.add(parse(option, value));
            }
        }
        return new LimitOptions(Limits.of(limits), rest);
    }

    private static Limit parse(String option, String text) throws Cli.UsageException {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new Cli.UsageException(option + ": '" + text + "' must be NAME=VALUE (names: "
                    + LimitName.fileNames() + ")");
        }
        String nameText = text.substring(0, eq);
        LimitName name = LimitName.byFileName(nameText).orElseThrow(() -> new Cli.UsageException(option
                + ": unknown limit '" + nameText + "' (one of " + LimitName.fileNames() + ")"));
        String v = text.substring(eq + 1);
        double value;
        try {
            value = Double.parseDouble(v.replace("_", ""));
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!LimitsJson.checkValue(name, value)) {
            throw new Cli.UsageException(option + " " + name.fileName() + ": '" + v + "' must be "
                    + LimitsJson.describeValues(name));
        }
        return option.equals(LIMIT) ? Limit.hard(name, value) : Limit.soft(name, value);
    }
}
