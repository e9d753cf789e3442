package org.wqlab.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A remote shell command line built from fixed syntax written by wqlab ({@link #script}, {@link #op}) and values that
 * are always quoted ({@link #arg}). Nothing else produces command strings for the transport.
 *
 * <pre>Command.of("mkdir").arg("-p").arg(dir).op("&&").word("chmod").arg("0755").arg(dir)</pre>
 */
public final class Command {

    private final List<String> parts;

    private Command(List<String> parts) {
        this.parts = List.copyOf(parts);
    }

    /** Starts a command with a program name that wqlab itself chose (a constant, never user input). */
    public static Command of(String program) {
        return new Command(List.of(checkedWord(program)));
    }

    /**
     * A fixed shell script written in wqlab's source (for probes that need pipes and loops); it must contain no user
     * value. User values are appended with {@link #arg} and reach the script as positional parameters when the script
     * is run through {@code sh -c}: use {@link #shellScript}.
     */
    public static Command script(String fixedScript) {
        return new Command(List.of(fixedScript));
    }

    /**
     * {@code sh -c 'SCRIPT' sh ARG...}: the fixed script reads the quoted values as $1, $2..., so a value never becomes
     * script text.
     */
    public static Command shellScript(String fixedScript, String... args) {
        Command command = of("sh").word("-c").arg(fixedScript).word("sh");
        for (String arg : args) {
            command = command.arg(arg);
        }
        return command;
    }

    /** Appends a value (user input, file name, anything): always quoted. */
    public Command arg(String value) {
        return with(ShellQuote.quote(Objects.requireNonNull(value, "argument")));
    }

    /** Appends a fixed word written by wqlab (an option such as {@code -p}); plain characters only. */
    public Command word(String fixedWord) {
        return with(checkedWord(fixedWord));
    }

    /** Appends a fixed shell operator: {@code && || ; | > >> < 2>&1 2>/dev/null}. */
    public Command op(String operator) {
        if (!OPERATORS.contains(operator)) {
            throw new IllegalArgumentException("not an allowed shell operator: " + operator);
        }
        return with(operator);
    }

    public String toShellString() {
        return String.join(" ", parts);
    }

    @Override
    public String toString() {
        return toShellString();
    }

    private Command with(String part) {
        List<String> copy = new ArrayList<>(parts);
        copy.add(part);
        return new Command(copy);
    }

    private static final List<String> OPERATORS = List.of("&&", "||", ";", "|", ">", ">>", "<", "2>&1", "2>/dev/null",
            ">/dev/null");

    private static String checkedWord(String word) {
        if (word.isEmpty() || !word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:+,@%".indexOf(c) >= 0)) {
            throw new IllegalArgumentException("not a plain shell word (use arg() for values): " + word);
        }
        return word;
    }
}
