package org.wqlab.boards;

import java.time.Duration;
import java.util.List;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.BoardFactsParser;
import org.wqlab.target.facts.BoardFactsProbe;

/**
 * Runs {@link BoardFactsProbe}; when the board's shell cannot run its script (no shell functions, {@code if} or
 * {@code for}: some rescue shells), falls back to one plain command per fact and feeds
 * the same parser. USB storage is not probed by the fallback (it needs a loop over sysfs).
 */
final class FactsProbing {
    /** The parser's section marker (BoardFactsParser.MARK, package-private in org.wqlab.target). */
    private static final String MARK = "@@wqlab:";

    private FactsProbing() {
    }

    static BoardFacts probe(BoardConnection connection, Duration timeout) throws TransportException {
        BoardFacts facts = BoardFactsProbe.probe(connection, timeout);
        if (!facts.uname().isBlank() && facts.cpuCount() > 0) {
            return facts;
        }
        StringBuilder out = new StringBuilder();
        section(out, "uname", connection, Command.of("uname").word("-a"), timeout, null);
        section(out, "nproc", connection, Command.of("nproc"), timeout, null);
        section(out, "cpuinfo", connection, Command.of("cat").word("/proc/cpuinfo"), timeout, null);
        section(out, "configgz", connection, Command.of("zcat").word("/proc/config.gz"), timeout, "CONFIG_HZ=");
        section(out, "meminfo", connection, Command.of("cat").word("/proc/meminfo"), timeout, "MemTotal:");
        section(out, "cmdline", connection, Command.of("cat").word("/proc/cmdline"), timeout, null);
        section(out, "thresh", connection,
                Command.of("cat").word("/sys/module/workqueue/parameters/cpu_intensive_thresh_us"), timeout, null);
        out.append(MARK).append("end\n");
        return BoardFactsParser.parse(out.toString());
    }

    private static void section(StringBuilder out, String name, BoardConnection connection, Command command,
            Duration timeout, String linePrefix) throws TransportException {
        out.append(MARK).append(name).append('\n');
        ExecResult result = connection.run(command, timeout);
        if (result.exitCode() != 0) {
            return;
        }
        List<String> lines = result.stdoutText().lines().toList();
        for (String line : lines) {
            if (linePrefix == null || line.startsWith(linePrefix)) {
                out.append(line).append('\n');
            }
        }
    }
}
