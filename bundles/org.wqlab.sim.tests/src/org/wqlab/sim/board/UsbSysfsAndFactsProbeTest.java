package org.wqlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.shell.Shell;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.BoardFactsParser;
import org.wqlab.target.facts.BoardFactsProbe;
import org.wqlab.target.facts.UsbStorageDevice;

/** /sys/bus/usb/devices as on a real board, and org.wqlab.target's facts probe script run unchanged by the shell. */
class UsbSysfsAndFactsProbeTest {

    private static final String DEVICES = "/sys/bus/usb/devices/";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Board board = Board.virtual(Profiles.builtIn("rcar-h3-default"));
    private final Shell shell = new Shell(board);

    private Shell.Result run(String line) {
        return shell.run(line);
    }

    @Test
    void theStickAndItsMassStorageInterfaceUntilAPullAndAfterAPlug() {
        assertEquals("1-0:1.0\n2-0:1.0\n2-1\n2-1:1.0\nusb1\nusb2\n", run("ls " + DEVICES).out());
        assertEquals("0781\n5567\nCruzer Blade\nSanDisk\n480\n1\n", run("for f in idVendor idProduct "
                + "product manufacturer speed authorized; do cat " + DEVICES + "2-1/$f; done").out());
        assertEquals("08\n", run("cat " + DEVICES + "2-1:1.0/bInterfaceClass").out());
        assertEquals("09\n", run("cat " + DEVICES + "2-0:1.0/bInterfaceClass").out(), "a root hub is no storage");
        assertEquals(DEVICES + "2-1:1.0/host0/target0:0:0/0:0:0:0/block/sda\n",
                run("echo " + DEVICES + "2-1:1.0/host*/target*/*/block/*").out());
        assertEquals(0, run("test -e " + DEVICES + "2-1/remove").status());

        // the entry goes at the end of hub_event's teardown (about 0.2 s of board time with nothing cached)
        assertEquals(0, run("wqlab-board usb pull 2-1 && sleep 1").status());
        assertEquals("1-0:1.0\n2-0:1.0\nusb1\nusb2\n", run("ls " + DEVICES).out());
        assertEquals(1, run("cat " + DEVICES + "2-1/idVendor").status());

        assertEquals(0, run("wqlab-board usb plug 2-1 && sleep 1").status());
        assertEquals("0781\n", run("cat " + DEVICES + "2-1/idVendor").out());
        assertEquals("3\n", run("cat " + DEVICES + "2-1/devnum").out(), "a new device number after the plug");

        assertEquals(0, run("echo 0 > " + DEVICES + "2-1/authorized").status());
        assertEquals("0\n0781\n", run("cat " + DEVICES + "2-1/authorized " + DEVICES + "2-1/idVendor").out(),
                "deauthorized: the device stays with its descriptors");
        assertEquals(1, run("test -e " + DEVICES + "2-1:1.0").status(), "but its interface is gone");
        assertEquals(0, run("echo 1 > " + DEVICES + "2-1/authorized && sleep 1").status());
        assertEquals("08\n", run("cat " + DEVICES + "2-1:1.0/bInterfaceClass").out());
    }

    @Test
    void theFactsProbeScriptRunsUnchangedAndFindsTheStick() throws Exception {
        ShellConnection connection = new ShellConnection(board);
        ExecResult raw = connection.run(Command.shellScript(BoardFactsProbe.SCRIPT), TIMEOUT);
        assertEquals("", raw.stderrText(), raw.stdoutText());
        assertEquals(0, raw.exitCode());
        BoardFacts facts = BoardFactsParser.parse(raw.stdoutText());

        assertEquals(run("uname -a").out().strip(), facts.uname());
        assertEquals(8, facts.cpuCount());
        assertEquals(16.66, facts.bogoMips(), 1e-9);
        assertEquals(250, facts.hz());
        assertEquals(BoardFacts.HzSource.PROC_CONFIG_GZ, facts.hzSource());
        String memTotal = run("grep MemTotal /proc/meminfo").out().replaceAll("[^0-9]", "");
        assertEquals(Long.parseLong(memTotal), facts.memTotalKb());
        assertEquals(run("cat /proc/cmdline").out().strip(), facts.kernelCommandLine());
        assertEquals(OptionalLong.empty(), facts.cpuIntensiveThresholdUs(), "5.4 has no such parameter");
        assertEquals(List.of(new UsbStorageDevice("2-1", "0781:5567", "Cruzer Blade", List.of("sda"))),
                facts.usbStorage());

        BoardFacts fallback = BoardFactsParser.parse(fallbackOutput(connection));
        assertEquals(fallback, new BoardFacts(facts.uname(), facts.cpuCount(), facts.bogoMips(), facts.hz(),
                facts.hzSource(), facts.memTotalKb(), facts.kernelCommandLine(), facts.cpuIntensiveThresholdUs(),
                List.of()), "the same facts as one command per fact (which does not probe USB)");

        assertEquals(0, run("wqlab-board usb pull 2-1").status());
        BoardFacts pulled = BoardFactsProbe.probe(connection, TIMEOUT);
        assertEquals(List.of(), pulled.usbStorage());
        assertEquals(0, run("wqlab-board usb plug 2-1 && sleep 1").status());
        assertEquals(1, BoardFactsProbe.probe(connection, TIMEOUT).usbStorage().size());
    }

    @Test
    void onA612KernelTheProbeReadsTheCpuIntensiveThreshold() throws Exception {
        Board b612 = Board.virtual(Profiles.builtIn("rcar-h3-linux6.12"));
        BoardFacts facts = BoardFactsProbe.probe(new ShellConnection(b612), TIMEOUT);
        assertEquals(OptionalLong.of(1_000_000), facts.cpuIntensiveThresholdUs());
        assertTrue(facts.uname().contains("6.12"), facts.uname());
        assertEquals(8, facts.cpuCount());
    }

    /** The commands org.wqlab.boards' FactsProbing falls back to, one per fact, in the parser's sections. */
    private static String fallbackOutput(ShellConnection connection) throws Exception {
        String[][] sections = {{"uname", "uname -a", ""}, {"nproc", "nproc", ""}, {"cpuinfo", "cat /proc/cpuinfo", ""},
                {"configgz", "zcat /proc/config.gz", "CONFIG_HZ="}, {"meminfo", "cat /proc/meminfo", "MemTotal:"},
                {"cmdline", "cat /proc/cmdline", ""},
                {"thresh", "cat /sys/module/workqueue/parameters/cpu_intensive_thresh_us", ""}};
        StringBuilder out = new StringBuilder();
        for (String[] s : sections) {
            out.append("@@wqlab:").append(s[0]).append('\n');
            ExecResult r = connection.run(Command.script(s[1]), TIMEOUT);
            if (r.exitCode() == 0) {
                r.stdoutText().lines().filter(l -> l.startsWith(s[2])).forEach(l -> out.append(l).append('\n'));
            }
        }
        return out.append("@@wqlab:end\n").toString();
    }
}
