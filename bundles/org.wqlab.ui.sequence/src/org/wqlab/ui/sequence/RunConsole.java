package org.wqlab.ui.sequence;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.IConsoleManager;
import org.eclipse.ui.console.MessageConsole;
import org.eclipse.ui.console.MessageConsoleStream;
import org.wqlab.klog.dmesg.DmesgFormat;
import org.wqlab.klog.dmesg.DmesgLine;
import org.wqlab.klog.dmesg.KernelLevel;
import org.wqlab.target.OutputSink;

/**
 * The run's Console: step messages and the kernel log as dmesg prints it ({@code [  290.337837] DELAY: 1929}, not
 * the {@code /dev/kmsg} record the experiment keeps), coloured by level; the experiment's path at the end is a link
 * that opens it. Writers only queue text; one thread per run writes it to the console, so the transport thread never
 * waits.
 */
final class RunConsole implements AutoCloseable {

    /** The console of a board's runs is named this, then the board's name. */
    static final String NAME = "wqlab sequence run on ";
    private static final String END = "\u0000end";

    private final MessageConsole console;
    private final MessageConsoleStream messages;
    private final MessageConsoleStream kernel;
    private final MessageConsoleStream kernelError;
    private final MessageConsoleStream kernelWarning;
    private final BlockingQueue<String[]> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    /** Used by the writer thread only. */
    private final ReportThinning thinning = new ReportThinning(System::nanoTime);

    /** A board's console, cleared: one per board, so that runs at the same time never mix their logs. */
    RunConsole(Display display, String board, String title) {
        console = find(NAME + board);
        console.clearConsole();
        console.setWaterMarks(800_000, 1_000_000);
        messages = console.newMessageStream();
        kernel = console.newMessageStream();
        kernelError = console.newMessageStream();
        kernelWarning = console.newMessageStream();
        display.asyncExec(() -> {
            messages.setColor(display.getSystemColor(SWT.COLOR_DARK_BLUE));
            kernel.setColor(display.getSystemColor(SWT.COLOR_DARK_GRAY));
            kernelError.setColor(display.getSystemColor(SWT.COLOR_RED));
            kernelWarning.setColor(display.getSystemColor(SWT.COLOR_DARK_YELLOW));
        });
        ConsolePlugin.getDefault().getConsoleManager().showConsoleView(console);
        writer = Thread.ofPlatform().daemon().name("wqlab-run-console").start(this::drain);
        message("run: " + title);
    }

    MessageConsole console() {
        return console;
    }

    private static synchronized MessageConsole find(String name) {
        IConsoleManager manager = ConsolePlugin.getDefault().getConsoleManager();
        for (IConsole c : manager.getConsoles()) {
            if (c instanceof MessageConsole m && name.equals(m.getName())) {
                return m;
            }
        }
        MessageConsole m = new MessageConsole(name, null);
        ExperimentLinks.attach(m);
        manager.addConsoles(new IConsole[] { m });
        return m;
    }

    void message(String text) {
        queue.add(new String[] { "m", text });
    }

    /** The runner's kernel-log lines, in chunks of any size. */
    OutputSink kernelLog() {
        return (buffer, offset, length) -> {
            synchronized (partial) {
                for (int i = offset; i < offset + length; i++) {
                    if (buffer[i] == '\n') {
                        queue.add(new String[] { "k", partial.toString(StandardCharsets.UTF_8) });
                        partial.reset();
                    } else {
                        partial.write(buffer[i]);
                    }
                }
            }
        };
    }

    private void drain() {
        try {
            while (true) {
                String[] item = queue.take();
                if (item[0] == END) {
                    String last = thinning.leftOutLine();
                    if (last != null) {
                        messages.println(last);
                    }
                    return;
                }
                if (item[0].equals("m")) {
                    messages.println(item[1]);
                } else {
                    kernelLine(item[1]);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A dictionary line under a record ({@code SUBSYSTEM=usb}) is left out, as dmesg leaves it out. */
    private void kernelLine(String recorded) {
        DmesgLine line = DmesgFormat.format(recorded);
        if (line.kind() == DmesgLine.Kind.CONTINUATION) {
            return;
        }
        KernelLevel level = line.level();
        MessageConsoleStream stream = level == null ? kernel
                : level.atLeast(KernelLevel.ERR) ? kernelError
                        : level == KernelLevel.WARNING ? kernelWarning : kernel;
        for (String text : thinning.lines(line.text())) {
            (text.equals(line.text()) ? stream : messages).println(text);
        }
    }

    @Override
    public void close() {
        queue.add(new String[] { END, "" });
        try {
            writer.join(5000);
            messages.close();
            kernel.close();
            kernelError.close();
            kernelWarning.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the console keeps what it has
        }
    }
}
