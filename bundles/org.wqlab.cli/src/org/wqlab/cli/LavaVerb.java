package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.lava.JobException;
import org.wqlab.lava.JobWriter;
import org.wqlab.lava.LavaClient;
import org.wqlab.lava.LavaException;
import org.wqlab.lava.LavaServer;
import org.wqlab.lava.LavaServers;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.sequence.Variables;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * {@code wqlab lava ...}: LAVA labs. {@code server add|list|remove} keeps the servers wqlab knows (the API token in
 * Secure Storage); {@code devices} lists a server's device types and devices; {@code job} writes the LAVA job of a
 * sequence for teams that submit from their own CI. Runs go through {@code wqlab run --board lava:TYPE}.
 */
final class LavaVerb {

    static final String USAGE = """
            usage: wqlab lava server add NAME --url URL --user USER --token-file FILE [--module PATH]
                                         [--template DEVICE_TYPE=FILE]...
                   wqlab lava server list | remove NAME
                   wqlab lava devices [--lava-server NAME]
                   wqlab lava job [SEQUENCE] --template FILE [--device-type TYPE] [--module PATH] [--var k=v]...
                                  [--output FILE]
            """;

    private final PrintStream out;
    private final PrintStream err;

    LavaVerb(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(List<String> args) throws Cli.UsageException {
        if (args.isEmpty()) {
            throw new Cli.UsageException("no action given (server, devices or job)\n" + USAGE.strip());
        }
        try {
            return switch (args.get(0)) {
                case "server" -> server(args.subList(1, args.size()));
                case "devices" -> devices(options(args.subList(1, args.size()), List.of("--lava-server"), false));
                case "job" -> job(args.subList(1, args.size()));
                default -> throw new Cli.UsageException("unknown action '" + args.get(0) + "'\n" + USAGE.strip());
            };
        } catch (LavaException e) {
            err.println("wqlab lava: " + e.getMessage());
            return e instanceof LavaException.NotFound || e instanceof LavaException.TokenRefused ? Cli.BAD_INPUT
                    : ExitCodes.FAILURE;
        }
    }

    private int server(List<String> args) throws Cli.UsageException, LavaException {
        if (args.isEmpty()) {
            throw new Cli.UsageException("server: add, list or remove\n" + USAGE.strip());
        }
        LavaServers servers = LavaServers.installed();
        switch (args.get(0)) {
            case "list" -> {
                for (LavaServer s : servers.all()) {
                    out.println(s.name() + "\t" + s.url() + "\tuser " + s.user() + "\tmodule " + s.modulePath());
                    s.templates().forEach((type, file) -> out.println("\ttemplate " + type + ": " + file));
                }
                return Cli.OK;
            }
            case "remove" -> {
                if (args.size() != 2) {
                    throw new Cli.UsageException("server remove NAME");
                }
                if (!servers.remove(args.get(1))) {
                    err.println("wqlab lava: no LAVA server named '" + args.get(1) + "' in " + servers.file());
                    return Cli.BAD_INPUT;
                }
                out.println("removed LAVA server '" + args.get(1) + "' and its token");
                return Cli.OK;
            }
            case "add" -> {
                if (args.size() < 2 || args.get(1).startsWith("-")) {
                    throw new Cli.UsageException("server add NAME --url URL --user USER --token-file FILE");
                }
                return add(servers, args.get(1), options(args.subList(2, args.size()),
                        List.of("--url", "--user", "--token-file", "--module", "--template"), true));
            }
            default -> throw new Cli.UsageException("unknown server action '" + args.get(0) + "'");
        }
    }

    private int add(LavaServers servers, String name, Map<String, List<String>> o)
            throws Cli.UsageException, LavaException {
        for (String required : List.of("--url", "--user", "--token-file")) {
            if (!o.containsKey(required)) {
                throw new Cli.UsageException("server add: " + required + " is required");
            }
        }
        Map<String, Path> templates = new LinkedHashMap<>();
        for (String t : o.getOrDefault("--template", List.of())) {
            int eq = t.indexOf('=');
            if (eq <= 0) {
                throw new Cli.UsageException("--template: '" + t + "' is not DEVICE_TYPE=FILE");
            }
            Path file = Path.of(t.substring(eq + 1)).toAbsolutePath();
            if (!Files.isRegularFile(file)) {
                throw new Cli.UsageException("--template " + t + ": no such file " + file);
            }
            templates.put(t.substring(0, eq), file);
        }
        LavaServer server;
        try {
            server = new LavaServer(name, URI.create(last(o, "--url")), last(o, "--user"), o.containsKey("--module")
                    ? last(o, "--module") : null, templates);
        } catch (IllegalArgumentException e) {
            throw new Cli.UsageException(e.getMessage());
        }
        Path tokenFile = Path.of(last(o, "--token-file"));
        char[] token;
        try {
            token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip().toCharArray();
        } catch (IOException e) {
            throw new Cli.UsageException("--token-file: cannot read " + tokenFile + ": " + e.getMessage());
        }
        try {
            String user = new LavaClient(server, token).whoami(); // the server answers and takes the token
            servers.put(server, token);
            out.println("added " + server + ": the token is user '" + user + "'s, kept in secure storage (not in "
                    + servers.file() + ")");
            return Cli.OK;
        } finally {
            java.util.Arrays.fill(token, '\0');
        }
    }

    private int devices(Map<String, List<String>> o) throws LavaException {
        LavaServers servers = LavaServers.installed();
        LavaServer server = servers.choose(o.containsKey("--lava-server") ? last(o, "--lava-server") : null);
        LavaClient client = servers.client(server);
        List<LavaClient.Device> devices = client.devices();
        for (LavaClient.DeviceType type : client.deviceTypes()) {
            out.println(type.name());
            devices.stream().filter(d -> d.deviceType().equals(type.name())).forEach(d -> out.println("  "
                    + d.hostname() + ": " + d.state() + ", " + d.health() + " (worker " + d.worker() + ")"));
        }
        return Cli.OK;
    }

    private int job(List<String> args) throws Cli.UsageException {
        String sequenceFile = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("-") && sequenceFile == null) {
                sequenceFile = a;
            } else {
                rest.add(a);
                if (a.startsWith("-") && i + 1 < args.size()) {
                    rest.add(args.get(++i));
                }
            }
        }
        Map<String, List<String>> o = options(rest, List.of("--template", "--device-type", "--module", "--var",
                "--output"), true);
        if (!o.containsKey("--template")) {
            throw new Cli.UsageException("job: --template FILE is required (the lab's deploy and boot actions)");
        }
        Path templateFile = Path.of(last(o, "--template"));
        String template;
        Sequence sequence;
        String source;
        try {
            template = Files.readString(templateFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("wqlab lava job: cannot read the template " + templateFile + ": " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        try {
            if (sequenceFile == null) {
                source = "default sequence";
                sequence = SequenceJson.defaultSequence();
            } else {
                source = sequenceFile;
                sequence = SequenceJson.parse(source, Files.readString(Path.of(sequenceFile), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            err.println("wqlab lava job: cannot read " + sequenceFile + ": " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (SequenceException e) {
            err.println("wqlab lava job: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        Map<String, String> vars = new LinkedHashMap<>();
        for (String kv : o.getOrDefault("--var", List.of())) {
            try {
                var e = Variables.parseOverride(kv);
                vars.put(e.getKey(), e.getValue());
            } catch (IllegalArgumentException e) {
                throw new Cli.UsageException(e.getMessage());
            }
        }
        String deviceType = o.containsKey("--device-type") ? last(o, "--device-type")
                : templateDeviceType(template);
        if (deviceType == null) {
            throw new Cli.UsageException("job: the template " + templateFile + " names no device_type: give"
                    + " --device-type TYPE");
        }
        try {
            Variables variables = SequenceValidator.validate(source, sequence, vars);
            String job = JobWriter.write(sequence, variables, deviceType, template, templateFile.toString(),
                    new JobWriter.DeviceSetup(o.containsKey("--module") ? last(o, "--module")
                            : LavaServer.DEFAULT_MODULE, JobWriter.DISCONNECT_COMMAND, JobWriter.RECONNECT_COMMAND));
            if (o.containsKey("--output")) {
                Path file = Path.of(last(o, "--output"));
                Files.writeString(file, job, StandardCharsets.UTF_8);
                out.println("wrote the LAVA job of '" + sequence.name() + "' for device type " + deviceType + " to "
                        + file);
            } else {
                out.print(job);
            }
            return Cli.OK;
        } catch (SequenceException e) {
            err.println("wqlab lava job: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (JobException e) {
            err.println("wqlab lava job: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException e) {
            err.println("wqlab lava job: cannot write " + last(o, "--output") + ": " + e.getMessage());
            return ExitCodes.FAILURE;
        }
    }

    /** {@code wqlab import --lava-server NAME JOB...}: each finished job an experiment; the others still imported. */
    static int importJobs(String serverName, List<String> jobs, org.wqlab.core.store.Workspace ws, PrintStream out,
            PrintStream err) {
        int status = Cli.OK;
        LavaClient client;
        try {
            LavaServers servers = LavaServers.installed();
            client = servers.client(servers.choose(serverName));
        } catch (LavaException e) {
            err.println("wqlab import: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        for (String job : jobs) {
            long id;
            try {
                id = Long.parseLong(job);
            } catch (NumberFormatException e) {
                err.println("wqlab import: '" + job + "' is not a LAVA job id");
                status = ExitCodes.mostSerious(status, Cli.BAD_INPUT);
                continue;
            }
            try {
                var e = org.wqlab.lava.LavaImport.importJob(client, id, ws);
                out.println("imported LAVA job " + id + " as " + e.folder().dir() + " (" + e.content().samples()
                        .size() + " samples, " + e.content().events().size() + " events)");
                Cli.sourceLine(e.metadata()).ifPresent(l -> out.println("  " + l));
            } catch (LavaException e) {
                err.println("wqlab import: " + e.getMessage());
                status = ExitCodes.mostSerious(status, e instanceof LavaException.NotFound ? Cli.BAD_INPUT
                        : ExitCodes.FAILURE);
            } catch (org.wqlab.core.model.InputException e) {
                err.println("wqlab import: LAVA job " + id + ": " + e.getMessage());
                status = ExitCodes.mostSerious(status, Cli.BAD_INPUT);
            } catch (IOException e) {
                err.println("wqlab import: LAVA job " + id + ": " + e.getMessage());
                status = ExitCodes.mostSerious(status, ExitCodes.FAILURE);
            }
        }
        return status;
    }

    private static String templateDeviceType(String template) {
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(template);
            return doc instanceof Map<?, ?> m && m.get("device_type") != null ? m.get("device_type").toString() : null;
        } catch (YAMLException e) {
            return null; // the writer names the template's problem
        }
    }

    /** The options given, each with its values in order; {@code repeatable}: an option may come more than once. */
    private static Map<String, List<String>> options(List<String> args, List<String> known, boolean repeatable)
            throws Cli.UsageException {
        Map<String, List<String>> o = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!known.contains(a)) {
                throw new Cli.UsageException(a.startsWith("-") ? "unknown option '" + a + "'"
                        : "unexpected argument '" + a + "'");
            }
            if (i + 1 >= args.size()) {
                throw new Cli.UsageException(a + " needs a value");
            }
            if (!repeatable && o.containsKey(a)) {
                throw new Cli.UsageException(a + " given twice");
            }
            o.computeIfAbsent(a, k -> new ArrayList<>()).add(args.get(++i));
        }
        return o;
    }

    private static String last(Map<String, List<String>> o, String option) {
        List<String> v = o.get(option);
        return v.get(v.size() - 1);
    }
}
