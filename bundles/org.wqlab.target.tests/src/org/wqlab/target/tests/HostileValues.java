package org.wqlab.target.tests;

import java.util.List;

/** Values that break naive command building; /tmp/pwned is the marker a successful injection would create. */
public final class HostileValues {

    public static final List<String> ALL = List.of(
            "'",
            "\"",
            "$(touch /tmp/pwned)",
            ";",
            "a; touch /tmp/pwned; b",
            "line1\nline2\n",
            "`touch /tmp/pwned`",
            "-n",
            "--help",
            "-rf",
            "x'$(touch /tmp/pwned)'y",
            "\"$(touch /tmp/pwned)\"",
            "'; touch /tmp/pwned; echo '",
            "$HOME * ? [a] ~ \\ | & > < ( ) { } !",
            " leading and trailing spaces\t",
            "");

    private HostileValues() {
    }
}
