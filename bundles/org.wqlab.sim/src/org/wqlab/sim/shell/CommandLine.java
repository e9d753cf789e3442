package org.wqlab.sim.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed command line: pipelines joined by {@code ;}, {@code &&} and {@code ||}; each pipeline commands joined by
 * {@code |}; each command words plus redirections. Quoting as in sh: single quotes literal, double quotes with
 * backslash escaping {@code \ " $ `}, a backslash outside quotes escaping the next character, {@code $?} expanded at
 * run time.
 */
public final class CommandLine {

    /** {@code >} or {@code >>} (to stdout), {@code 2>}, or {@code 2>&1}. */
    public record Redirect(int fd, String target, boolean append) {
    }

    public record Command(List<Word> words, List<Redirect> redirects) {
    }

    /** A word; {@code text} holds {@link #STATUS} where an unquoted or double-quoted {@code $?} stood. */
    public record Word(String text) {
    }

    public record Pipeline(List<Command> commands, String joinBefore) {
    }

    static final char STATUS = '\uE000';
    /** An unquoted {@code *} or {@code ?}: a glob to expand against the filesystem. */
    static final char GLOB_STAR = '\uE001';
    static final char GLOB_ONE = '\uE002';

    private final List<Pipeline> pipelines;

    private CommandLine(List<Pipeline> pipelines) {
        this.pipelines = pipelines;
    }

    public List<Pipeline> pipelines() {
        return pipelines;
    }

    private sealed interface Token {
    }

    private record WordToken(String text) implements Token {
    }

    private record Op(String op) implements Token {
    }

    public static CommandLine parse(String line) throws ShellSyntaxException {
        List<Token> tokens = tokenize(line);
        List<Pipeline> pipelines = new ArrayList<>();
        List<Command> commands = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        String join = ";";
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t instanceof WordToken w) {
                words.add(new Word(w.text()));
                continue;
            }
            String op = ((Op) t).op();
            switch (op) {
                case ">", ">>", "2>" -> {
                    if (i + 1 >= tokens.size() || !(tokens.get(i + 1) instanceof WordToken target)) {
                        throw new ShellSyntaxException("syntax error: unexpected " + (i + 1 >= tokens.size()
                                ? "newline" : "\"" + ((Op) tokens.get(i + 1)).op() + "\""));
                    }
                    redirects.add(new Redirect(op.equals("2>") ? 2 : 1, target.text(), op.equals(">>")));
                    i++;
                }
                case "2>&1" -> redirects.add(new Redirect(2, "&1", false));
                case "|" -> {
                    if (words.isEmpty()) {
                        throw new ShellSyntaxException("syntax error: unexpected \"|\"");
                    }
                    commands.add(new Command(List.copyOf(words), List.copyOf(redirects)));
                    words.clear();
                    redirects.clear();
                }
                default -> {
                    if (words.isEmpty()) {
                        if (op.equals(";") && commands.isEmpty()) {
                            throw new ShellSyntaxException("syntax error: unexpected \";\"");
                        }
                        throw new ShellSyntaxException("syntax error: unexpected \"" + op + "\"");
                    }
                    commands.add(new Command(List.copyOf(words), List.copyOf(redirects)));
                    pipelines.add(new Pipeline(List.copyOf(commands), join));
                    commands.clear();
                    words.clear();
                    redirects.clear();
                    join = op;
                }
            }
        }
        if (!words.isEmpty()) {
            commands.add(new Command(List.copyOf(words), List.copyOf(redirects)));
            pipelines.add(new Pipeline(List.copyOf(commands), join));
        } else if (!commands.isEmpty() || (!join.equals(";") && !pipelines.isEmpty())) {
            throw new ShellSyntaxException("syntax error: unexpected end of file");
        }
        return new CommandLine(List.copyOf(pipelines));
    }

    private static List<Token> tokenize(String line) throws ShellSyntaxException {
        List<Token> tokens = new ArrayList<>();
        StringBuilder word = null;
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (word == null && c == '#') {
                break;
            }
            if (c == ' ' || c == '\t' || c == '\n') {
                if (word != null) {
                    tokens.add(new WordToken(word.toString()));
                    word = null;
                }
                if (c == '\n') {
                    tokens.add(new Op(";"));
                }
                continue;
            }
            if (c == ';' || c == '|' || c == '&' || c == '>') {
                boolean fd2 = c == '>' && word != null && word.toString().equals("2")
                        && (i == 0 || line.charAt(i - 1) == '2');
                if (word != null && !fd2) {
                    tokens.add(new WordToken(word.toString()));
                }
                word = null;
                String rest = line.substring(i);
                String op;
                if (fd2) {
                    op = rest.startsWith(">&1") ? "2>&1" : "2>";
                } else if (rest.startsWith("&&") || rest.startsWith("||") || rest.startsWith(">>")) {
                    op = rest.substring(0, 2);
                } else if (c == '&') {
                    throw new ShellSyntaxException("background jobs (&) are not supported");
                } else {
                    op = String.valueOf(c);
                }
                tokens.add(new Op(op));
                i += (fd2 ? op.length() - 1 : op.length()) - 1;
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            switch (c) {
                case '\'' -> {
                    int end = line.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw new ShellSyntaxException("syntax error: unterminated quoted string");
                    }
                    word.append(line, i + 1, end);
                    i = end;
                }
                case '"' -> {
                    int j = i + 1;
                    while (true) {
                        if (j >= n) {
                            throw new ShellSyntaxException("syntax error: unterminated quoted string");
                        }
                        char d = line.charAt(j);
                        if (d == '"') {
                            break;
                        }
                        if (d == '\\' && j + 1 < n && "\\\"$`\n".indexOf(line.charAt(j + 1)) >= 0) {
                            word.append(line.charAt(j + 1));
                            j += 2;
                        } else if (d == '$' && j + 1 < n && line.charAt(j + 1) == '?') {
                            word.append(STATUS);
                            j += 2;
                        } else {
                            word.append(d);
                            j++;
                        }
                    }
                    i = j;
                }
                case '\\' -> {
                    if (i + 1 < n) {
                        word.append(line.charAt(++i));
                    }
                }
                case '$' -> {
                    if (i + 1 < n && line.charAt(i + 1) == '?') {
                        word.append(STATUS);
                        i++;
                    } else {
                        word.append(c);
                    }
                }
                case '*' -> word.append(GLOB_STAR);
                case '?' -> word.append(GLOB_ONE);
                default -> word.append(c);
            }
        }
        if (word != null) {
            tokens.add(new WordToken(word.toString()));
        }
        return tokens;
    }
}
