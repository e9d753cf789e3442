package org.wqlab.sim.server;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;

/**
 * {@code wqlab sim [--port P] [--profile NAME|FILE] [--speed N] [--state DIR] [--ground-truth FILE]}: runs the
 * simulated board until interrupted and prints how to log in. Exit 2 for bad arguments (the message names the
 * argument), 1 for other failures.
 */
public final class SimServerMain {

    private SimServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int code = run(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs until the JVM shuts down (a CLI verb can call this); returns the exit code for bad arguments or failures. */
    public static final double MIN_SPEED = 0.001;
    public static final double MAX_SPEED = 1000;

    public static int run(String[] args) throws InterruptedException {
        int port = 0;
        String profileName = Profiles.DEFAULT;
        double speed = 1;
        Path state = Path.of(System.getProperty("user.home"), ".wqlab", "sim");
        Path groundTruth = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String v = i + 1 < args.length ? args[i + 1] : null;
                switch (a) {
                    case "--port" -> port = port(require(a, v));
                    case "--profile" -> profileName = require(a, v);
                    case "--speed" -> speed = speed(require(a, v));
                    case "--state" -> state = Path.of(require(a, v));
                    case "--ground-truth" -> groundTruth = Path.of(require(a, v));
                    default -> throw new IllegalArgumentException("unknown argument " + a);
                }
                i++;
            }
        } catch (IllegalArgumentException e) {
            System.err.println("wqlab sim: " + e.getMessage());
            return 2;
        }
        SimulatedBoardProfile profile;
        try {
            profile = Profiles.byNameOrFile(profileName);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("wqlab sim: --profile: " + e.getMessage());
            return 2;
        }
        Writer truth = null;
        try {
            Writer w = groundTruth == null ? null : Files.newBufferedWriter(groundTruth, StandardCharsets.UTF_8);
            truth = w;
            SimulatedBoardServer server = SimulatedBoardServer.start(profile, speed, state, port, userPublicKeys(),
                    board -> {
                        if (w != null) {
                            board.driver().run(() -> board.kernel().groundTruth().writeTo(w));
                        }
                    });
            SimSshServer.Login l = server.login();
            System.out.println("wqlab simulated board (" + profile.name() + ", speed " + speed + "x)");
            System.out.println("host: " + l.host());
            System.out.println("port: " + l.port());
            System.out.println("user: " + l.user());
            System.out.println("password: " + l.password());
            System.out.println("host key: " + l.hostKeyFingerprint());
            CountDownLatch stop = new CountDownLatch(1);
            Writer truthFile = truth;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                try {
                    if (truthFile != null) {
                        truthFile.close();
                    }
                } catch (IOException e) {
                    // shutting down anyway
                }
                stop.countDown();
            }));
            stop.await();
            return 0;
        } catch (IOException e) {
            System.err.println("wqlab sim: " + e.getMessage());
            closeQuietly(truth);
            return 1;
        }
    }

    private static String require(String arg, String value) {
        if (value == null) {
            throw new IllegalArgumentException(arg + " needs a value");
        }
        return value;
    }

    /** The public keys {@code ~/.ssh/id_*.pub} of the user who starts the simulator. */
    static List<Path> userPublicKeys() throws IOException {
        Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
        List<Path> keys = new ArrayList<>();
        if (Files.isDirectory(ssh)) {
            try (Stream<Path> s = Files.list(ssh)) {
                s.filter(p -> p.getFileName().toString().matches("id_.*\\.pub")).sorted().forEach(keys::add);
            }
        }
        return keys;
    }

    private static int port(String v) {
        try {
            int port = Integer.parseInt(v);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // reported below with the range
        }
        throw new IllegalArgumentException("--port: '" + v + "' must be a whole number from 0 to 65535");
    }

    private static double speed(String v) {
        double speed;
        try {
            speed = Double.parseDouble(v);
        } catch (NumberFormatException notANumber) {
            speed = Double.NaN;
        }
        if (!(speed >= MIN_SPEED && speed <= MAX_SPEED)) {
            throw new IllegalArgumentException("--speed: '" + v + "' must be a number from " + MIN_SPEED + " to "
                    + (int) MAX_SPEED);
        }
        return speed;
    }

    private static void closeQuietly(Writer w) {
        try {
            if (w != null) {
                w.close();
            }
        } catch (IOException e) {
            // reporting the first error
        }
    }
}
