package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.absolute;

import java.io.PrintStream;
import java.util.List;

import org.wqlab.sim.Board;

/** {@code test} / {@code [ ... ]}: file tests on the board, string and integer comparisons. */
final class TestCommand implements CommandGroup {

    private final Board board;

    TestCommand(Shell shell) {
        this.board = shell.board();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("test", (args, in, out, err) -> test("test", args, err));
        table.add("[", (args, in, out, err) -> test("[", args, err));
    }

    /** {@code test} / {@code [ ... ]}: file tests, string and integer comparisons, {@code !}, {@code -a}, {@code -o}. */
    private int test(String cmd, List<String> args, PrintStream err) {
        List<String> a = args;
        if (cmd.equals("[")) {
            if (a.isEmpty() || !a.get(a.size() - 1).equals("]")) {
                err.println("sh: 1: [: missing ]");
                return 2;
            }
            a = a.subList(0, a.size() - 1);
        }
        try {
            return testOr(a) ? 0 : 1;
        } catch (IllegalArgumentException e) {
            err.println("sh: 1: " + cmd + ": " + e.getMessage());
            return 2;
        }
    }

    private boolean testOr(List<String> a) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals("-o") && i > 0 && i < a.size() - 1) {
                return testOr(a.subList(0, i)) || testOr(a.subList(i + 1, a.size()));
            }
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals("-a") && i > 0 && i < a.size() - 1) {
                return testOr(a.subList(0, i)) && testOr(a.subList(i + 1, a.size()));
            }
        }
        return testPrimary(a);
    }

    private boolean testPrimary(List<String> a) {
        switch (a.size()) {
            case 0 -> {
                return false;
            }
            case 1 -> {
                return !a.get(0).isEmpty();
            }
            case 2 -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, 2));
                }
                return unaryTest(a.get(0), a.get(1));
            }
            case 3 -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, 3));
                }
                return binaryTest(a.get(0), a.get(1), a.get(2));
            }
            default -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, a.size()));
                }
                throw new IllegalArgumentException("unexpected operator");
            }
        }
    }

    private boolean unaryTest(String op, String operand) {
        String path = absolute(operand);
        return switch (op) {
            case "-z" -> operand.isEmpty();
            case "-n" -> !operand.isEmpty();
            case "-e", "-r", "-w" -> !operand.isEmpty() && board.exists(path);
            case "-f" -> !operand.isEmpty() && board.isRegularFile(path);
            case "-d" -> !operand.isEmpty() && board.isDirectory(path);
            case "-s" -> !operand.isEmpty() && board.isRegularFile(path) && board.size(path) > 0;
            case "-x" -> !operand.isEmpty() && board.isDirectory(path);
            case "-L", "-h", "-c", "-b", "-p", "-S" -> false;
            default -> throw new IllegalArgumentException(op + ": unexpected operator");
        };
    }

    private static boolean binaryTest(String left, String op, String right) {
        return switch (op) {
            case "=", "==" -> left.equals(right);
            case "!=" -> !left.equals(right);
            case "-eq", "-ne", "-lt", "-le", "-gt", "-ge" -> {
                long l = testNumber(left);
                long r = testNumber(right);
                yield switch (op) {
                    case "-eq" -> l == r;
                    case "-ne" -> l != r;
                    case "-lt" -> l < r;
                    case "-le" -> l <= r;
                    case "-gt" -> l > r;
                    default -> l >= r;
                };
            }
            default -> throw new IllegalArgumentException(op + ": unexpected operator");
        };
    }

    private static long testNumber(String v) {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Illegal number: " + v);
        }
    }
}
