package org.wqlab.target.facts;

import java.time.Duration;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.TransportException;

/** Probes a board's facts over any {@link BoardConnection} with one fixed script (no user values in it). */
public final class BoardFactsProbe {

    /** POSIX sh (dash, busybox ash); every part tolerates a missing file. */
    public static final String SCRIPT = String.join("\n",
            "m() { echo \"" + BoardFactsParser.MARK + "$1\"; }",
            "m uname; uname -a",
            "m nproc; nproc 2>/dev/null || grep -c '^processor' /proc/cpuinfo",
            "m cpuinfo; cat /proc/cpuinfo 2>/dev/null",
            "m configgz; if [ -r /proc/config.gz ]; then zcat /proc/config.gz 2>/dev/null | grep '^CONFIG_HZ='; fi",
            "m bootconfig; grep '^CONFIG_HZ=' \"/boot/config-$(uname -r)\" 2>/dev/null",
            "if [ ! -r /proc/config.gz ] && [ ! -r \"/boot/config-$(uname -r)\" ] && [ -r /proc/timer_list ]; then",
            "  m jiffies",
            "  j() { awk '/^now at/ {now=$3} /^jiffies:/ {print $2, now; exit}' /proc/timer_list; }",
            "  j; sleep 1; j",
            "fi",
            "m meminfo; grep '^MemTotal:' /proc/meminfo",
            "m cmdline; cat /proc/cmdline 2>/dev/null",
            "m thresh; cat /sys/module/workqueue/parameters/cpu_intensive_thresh_us 2>/dev/null",
            "m usb",
            "for i in /sys/bus/usb/devices/*:*; do",
            "  [ \"$(cat \"$i/bInterfaceClass\" 2>/dev/null)\" = 08 ] || continue",
            "  d=${i%:*}; b=''",
            "  for k in \"$i\"/host*/target*/*/block/*; do [ -e \"$k\" ] && b=\"$b${k##*/},\"; done",
            "  echo \"usb ${d##*/} $(cat \"$d/idVendor\" 2>/dev/null):$(cat \"$d/idProduct\" 2>/dev/null) $b|$(cat \"$d/product\" 2>/dev/null)\"",
            "done",
            "m end",
            "");

    private BoardFactsProbe() {
    }

    public static BoardFacts probe(BoardConnection connection, Duration timeout) throws TransportException {
        var result = connection.run(Command.shellScript(SCRIPT), timeout);
        return BoardFactsParser.parse(result.stdoutText());
    }
}
