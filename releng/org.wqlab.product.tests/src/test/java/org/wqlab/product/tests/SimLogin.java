package org.wqlab.product.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The login block {@code wqlab sim} prints (host, port, user, password, host key). */
final class SimLogin {

    private SimLogin() {
    }

    /** Reads "key: value" lines until the host key line, waiting at most two minutes. */
    static Map<String, String> read(Process sim) throws InterruptedException {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(sim.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read error: " + e);
            }
        }, "wqlab-sim-output");
        reader.setDaemon(true);
        reader.start();
        Map<String, String> values = new HashMap<>();
        StringBuilder output = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!values.containsKey("host key")) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("wqlab sim printed no login block in time; output so far:\n" + output);
            }
            output.append(line).append('\n');
            int colon = line.indexOf(": ");
            if (colon > 0) {
                values.put(line.substring(0, colon), line.substring(colon + 2).strip());
            }
        }
        return values;
    }

}
