package org.wqlab.target;

/**
 * The one place where a value becomes part of a POSIX shell command line. Every value is wrapped in single quotes;
 * a single quote inside is written as {@code '\''}. Inside single quotes no shell (dash, ash, bash) expands anything,
 * so the remote shell receives each byte as given.
 */
public final class ShellQuote {

    private ShellQuote() {
    }

    /**
     * @return {@code value} as one POSIX shell word
     * @throws IllegalArgumentException if the value contains a NUL character, which no command argument can carry
     */
    public static String quote(String value) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a shell argument cannot contain a NUL character");
        }
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                quoted.append("'\\''");
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('\'').toString();
    }
}
