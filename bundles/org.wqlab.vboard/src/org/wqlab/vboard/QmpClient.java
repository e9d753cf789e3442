package org.wqlab.vboard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A QEMU Machine Protocol client on QEMU's unix socket ({@code -qmp unix:PATH,server=on,wait=off}): one JSON object
 * per line; asynchronous events arrive between replies and are kept for {@link #awaitEvent}. Not thread-safe.
 */
public final class QmpClient implements AutoCloseable {

    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(30);

    private static final JsonObject CLOSED = new JsonObject();

    private final SocketChannel channel;
    private final OutputStream out;
    private final BlockingQueue<JsonObject> incoming = new LinkedBlockingQueue<>();
    private final List<JsonObject> events = new ArrayList<>();
    private volatile String readFailure = "QEMU closed the QMP socket";

    private QmpClient(SocketChannel channel) {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
        BufferedReader in = new BufferedReader(
                new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
        Thread.ofPlatform().daemon().name("wqlab-qmp-read").start(() -> {
            try {
                for (String line; (line = in.readLine()) != null;) {
                    if (!line.isBlank()) {
                        incoming.add(JsonParser.parseString(line).getAsJsonObject());
                    }
                }
            } catch (IOException | RuntimeException e) {
                readFailure = "reading QMP: " + e.getMessage();
            }
            incoming.add(CLOSED);
        });
    }

    /** Connects, reads QEMU's greeting and leaves capabilities negotiation mode. */
    public static QmpClient connect(Path socket) throws QmpException {
        SocketChannel ch;
        try {
            ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            ch.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            throw new QmpException("cannot connect to QEMU's QMP socket " + socket + ": " + e.getMessage(), e);
        }
        QmpClient c = new QmpClient(ch);
        try {
            JsonObject greeting = c.read(REPLY_TIMEOUT);
            if (!greeting.has("QMP")) {
                throw new QmpException("QMP socket " + socket + " did not greet with a QMP banner: " + greeting);
            }
            c.execute("qmp_capabilities", null);
            return c;
        } catch (QmpException e) {
            c.close();
            throw e;
        }
    }

    /** Runs a command and returns its {@code return} value; QEMU's {@code error} becomes a {@link QmpException}. */
    public JsonElement execute(String command, JsonObject arguments) throws QmpException {
        JsonObject request = new JsonObject();
        request.addProperty("execute", command);
        if (arguments != null) {
            request.add("arguments", arguments);
        }
        try {
            out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new QmpException("QMP " + command + ": cannot write to QEMU: " + e.getMessage(), e);
        }
        while (true) {
            JsonObject reply = read(REPLY_TIMEOUT);
            if (reply.has("event")) {
                events.add(reply);
            } else if (reply.has("error")) {
                JsonObject error = reply.getAsJsonObject("error");
                throw new QmpException("QMP " + command + (arguments == null ? "" : " " + arguments) + ": "
                        + (error.has("desc") ? error.get("desc").getAsString() : error.toString()));
            } else if (reply.has("return")) {
                return reply.get("return");
            }
        }
    }

    /** The human monitor, for commands QMP lacks ({@code drive_add}); its text output, errors included. */
    public String humanMonitor(String commandLine) throws QmpException {
        JsonObject args = new JsonObject();
        args.addProperty("command-line", commandLine);
        JsonElement r = execute("human-monitor-command", args);
        return r.isJsonPrimitive() ? r.getAsString() : r.toString();
    }

    /** Waits for an event (kept ones first) with this name whose data passes the filter; false on timeout. */
    public boolean awaitEvent(String name, Predicate<JsonObject> data, Duration timeout) throws QmpException {
        long end = System.nanoTime() + timeout.toNanos();
        int checked = 0;
        while (true) {
            for (; checked < events.size(); checked++) {
                JsonObject e = events.get(checked);
                JsonObject d = e.has("data") ? e.getAsJsonObject("data") : new JsonObject();
                if (name.equals(e.get("event").getAsString()) && data.test(d)) {
                    events.subList(0, checked + 1).clear();
                    return true;
                }
            }
            long left = end - System.nanoTime();
            JsonObject next = left <= 0 ? null : poll(Duration.ofNanos(left));
            if (next == null) {
                return false;
            }
            if (next.has("event")) {
                events.add(next);
            }
        }
    }

    private JsonObject read(Duration timeout) throws QmpException {
        JsonObject o = poll(timeout);
        if (o == null) {
            throw new QmpException("no answer from QEMU on QMP within " + timeout.toMillis() + " ms");
        }
        return o;
    }

    /** The next message, or null on timeout. */
    private JsonObject poll(Duration timeout) throws QmpException {
        try {
            JsonObject o = incoming.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (o == CLOSED) {
                incoming.add(CLOSED);
                throw new QmpException(readFailure);
            }
            return o;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QmpException("interrupted while waiting for QEMU");
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to do with the socket
        }
    }
}
