package org.wqlab.sim.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;

/** The POSIX sh features the shell runs for scripts sent by wqlab's transport (probe, exec upload). */
class ScriptFeaturesTest {

    private final Shell shell = new Shell(Board.virtual(Profiles.builtIn("rcar-h3-default")));

    private String out(String script) {
        Shell.Result r = shell.run(script);
        assertEquals("", r.err(), script);
        return r.out();
    }

    @Test
    void variablesParameterExpansionAndCommandSubstitution() {
        assertEquals("a b|/x/y|y|/x|2-1\n", out("v='a b'; p=/x/y/z.ko; d=/sys/bus/usb/devices/2-1:1.0; "
                + "q=${p%/*}; echo \"$v|$q|${q##*/}|${q%/*}|$(x=${d%:*}; echo ${x##*/})\""));
        assertEquals("3 2\n", out("n=$(echo abc | wc -c); echo $((n - 1)) $(( (1 + 3) / 2 ))"));
        assertEquals("[]|[d]|[s]\n", out("echo \"[$unset]|[${unset:-d}]|[${HOME:+s}]\""));
        assertEquals("a\nb c\n", out("f() { for x in \"$@\"; do echo \"$x\"; done; }; f a 'b c'"));
        assertEquals("2 one\n", out("sh -c 'echo $# $1' sh one 'two'"));
        assertEquals("10\n", out("x=$(echo '  spaced  '); echo ${#x}"));
    }

    @Test
    void compoundCommandsAndControlFlow() {
        assertEquals("b\n", out("if false; then echo a; elif [ 1 -lt 2 ]; then echo b; else echo c; fi"));
        assertEquals("c\n", out("if [ x = y ]\nthen\n  echo a\nelse\n  echo c\nfi"));
        assertEquals("1 3 \n", out("s=''; for i in 1 2 3 4; do [ $i = 2 ] && continue; [ $i = 4 ] && break; "
                + "s=\"$s$i \"; done; echo \"$s\""));
        assertEquals("0 1 2 \n", out("i=0; s=''; while [ $i -lt 3 ]; do s=\"$s$i \"; i=$((i + 1)); done; echo \"$s\""));
        assertEquals("x\n", out("{ echo x; }"));
        Shell.Result grouped = shell.run("false || { echo oops >&2; exit 3; }; echo not-reached");
        assertEquals(3, grouped.status());
        assertEquals("oops\n", grouped.err());
        assertEquals("", grouped.out());
        assertEquals("1\n", out("! true; echo $?"));
        assertEquals("ok\n", out("[ ! -e /nope ] && [ -d /proc ] && [ -f /proc/cpuinfo ] && [ -n x -a -z '' ] && echo ok"));
        Shell.Result illegal = shell.run("[ abc -eq 1 ]");
        assertEquals(2, illegal.status());
        assertEquals("sh: 1: [: Illegal number: abc\n", illegal.err());
    }

    @Test
    void syntaxErrorsAreReportedNotRun() {
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("if true; then echo x"));
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("for x in a b; echo $x; done"));
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("echo $(echo x"));
        Shell.Result r = shell.run("echo before; fi");
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertEquals("sh: syntax error: unexpected \"fi\"\n", r.err());
    }
}
