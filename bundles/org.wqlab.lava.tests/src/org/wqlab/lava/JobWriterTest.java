package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.SequenceValidator;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The default and the soak sequence written as LAVA jobs from a lab's template, checked by LAVA's own schema
 * (lava_common.schemas.validate, Debian's lava-common under the system Python) and by what the job holds: the
 * template's deploy and boot, then test actions with each step's line, a command action per pull, the worst delay as
 * a measurement in ms.
 */
class JobWriterTest {

    static final String TEMPLATE = """
            device_type: qemu
            job_name: template
            priority: medium
            visibility: public
            timeouts:
              job: {minutes: 30}
              action: {minutes: 20}
              connection: {minutes: 2}
            context:
              arch: amd64
            actions:
            - deploy:
                to: tmpfs
                timeout: {minutes: 3}
                images:
                  kernel:
                    image_arg: -kernel {kernel} -append "console=ttyS0,115200"
                    url: file:///srv/lab/vmlinuz
                  initrd:
                    image_arg: -initrd {initrd}
                    url: file:///srv/lab/initramfs.gz
            - boot:
                method: qemu
                media: tmpfs
                timeout: {minutes: 5}
                prompts: ['root@lab:~# ']
            """;
    private static final JobWriter.DeviceSetup LAB = new JobWriter.DeviceSetup("/root/latency-mon.ko",
            JobWriter.DISCONNECT_COMMAND, JobWriter.RECONNECT_COMMAND);

    @TempDir
    Path dir;

    private static String job(Sequence s, Map<String, String> vars) throws Exception {
        return JobWriter.write(s, SequenceValidator.validate("test", s, vars), "qemu", TEMPLATE, "template.yaml", LAB);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> actions(String job) {
        Map<String, Object> doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(job);
        return (List<Map<String, Object>>) doc.get("actions");
    }

    @SuppressWarnings("unchecked")
    private static List<String> steps(Map<String, Object> testAction) {
        Map<String, Object> test = (Map<String, Object>) testAction.get("test");
        Map<String, Object> def = ((List<Map<String, Object>>) test.get("definitions")).get(0);
        return (List<String>) ((Map<String, Object>) ((Map<String, Object>) def.get("repository")).get("run"))
                .get("steps");
    }

    @Test
    void theDefaultSequenceIsTheTemplateThenTwoTestsAroundTheDispatchersPull() throws Exception {
        String job = job(SequenceJson.defaultSequence(), Map.of("size.mib", "1024"));
        validateWithLavasSchema(job);
        List<Map<String, Object>> actions = actions(job);
        assertEquals(List.of("deploy", "boot", "test", "command", "test"),
                actions.stream().map(a -> a.keySet().iterator().next()).toList(), job);
        assertEquals(Map.of("name", "usb_disconnect"), actions.get(3).get("command"));
        List<String> first = steps(actions.get(2));
        assertEquals("echo 1 > /proc/sys/kernel/printk", first.get(0), "the console log level is lowered first");
        assertTrue(first.contains("cat /dev/kmsg | awk '{ print \"<wqlab-kmsg>\" $0; fflush() }' &"),
                "the kernel log is streamed from user space, each record marked: " + first);
        // step 2 of the default sequence loads the module with its parameters, step 8 copies 1024 MiB
        assertTrue(first.stream().anyMatch(l -> l.startsWith("wqlab_step 2 'wqlab: step 2 load-module")
                && l.contains("insmod '\\''/root/latency-mon.ko'\\'' '\\''cpu=-1'\\'' '\\''report_all=1'\\''")),
                first.toString());
        assertTrue(first.stream().anyMatch(l -> l.startsWith("wqlab_step 8 ") && l.contains("count=1024")),
                first.toString());
        assertTrue(first.get(first.size() - 1).contains("wqlab: step 10 usb-disconnect disconnect"),
                "the pull's own line is the last of the first test: " + first);
        List<String> second = steps(actions.get(4));
        assertTrue(second.stream().anyMatch(l -> l.startsWith("wqlab_step 11 ") && l.contains("grep -Eq")),
                second.toString());
        assertTrue(second.stream().anyMatch(l -> l.startsWith("wqlab_step 13 ")
                && l.contains("rmmod '\\''latency_mon'\\''")), second.toString());
        assertTrue(second.stream().anyMatch(l -> l.startsWith("lava-test-case " + JobWriter.WORST_CASE)
                && l.endsWith("--units ms")), second.toString());
        assertTrue(job.contains("device_type: qemu") && job.contains("wqlab: Every CPU"), job);
    }

    @Test
    void withTheKernelLogPrintedAfterTheStepsNothingStreamsDuringThem() throws Exception {
        // a sequence declares the variable (its default: stream); --var sets it for one run
        Sequence d = SequenceJson.defaultSequence();
        Map<String, String> vars = new java.util.LinkedHashMap<>(d.variables());
        vars.put(JobWriter.KERNEL_LOG_VAR, JobWriter.STREAM);
        Sequence declaring = d.withContent(d.name(), vars, d.steps());
        String job = job(declaring, Map.of(JobWriter.KERNEL_LOG_VAR, JobWriter.AFTER));
        validateWithLavasSchema(job);
        List<Map<String, Object>> actions = actions(job);
        assertTrue(steps(actions.get(2)).stream().noneMatch(l -> l.contains("/dev/kmsg |")), job);
        List<String> last = steps(actions.get(4));
        assertEquals("timeout 5 cat /dev/kmsg | awk '{ print \"<wqlab-kmsg>\" $0; fflush() }' || true",
                last.get(last.size() - 1));
        JobException bad = assertThrows(JobException.class, () -> job(declaring,
                Map.of(JobWriter.KERNEL_LOG_VAR, "later")));
        assertEquals("variable lava.kernel.log: 'later' is not stream or after", bad.getMessage());
    }

    @Test
    void theSoakSequenceUnrollsItsTwentyPullsAndReplugs() throws Exception {
        String job = job(SequenceJson.soak(), Map.of());
        validateWithLavasSchema(job);
        List<Map<String, Object>> actions = actions(job);
        long pulls = actions.stream().filter(a -> Map.of("name", "usb_disconnect").equals(a.get("command"))).count();
        long plugs = actions.stream().filter(a -> Map.of("name", "usb_reconnect").equals(a.get("command"))).count();
        assertEquals(20, pulls, job);
        assertEquals(20, plugs, job);
        assertEquals(2 + 41 + 40, actions.size(), "deploy, boot, 41 tests between 40 commands");
    }

    @Test
    void aTemplateWithoutBootAndAnSshOnlyDriverAreRefusedNamingWhatIsWrong() throws Exception {
        Sequence s = SequenceJson.defaultSequence();
        var vars = SequenceValidator.validate("test", s, Map.of());
        JobException noBoot = assertThrows(JobException.class, () -> JobWriter.write(s, vars, "qemu",
                "actions:\n- deploy: {to: tmpfs}\n", "lab.yaml", LAB));
        assertTrue(noBoot.getMessage().startsWith("lab.yaml: field 'actions' has no boot action"),
                noBoot.getMessage());
        JobException sysfs = assertThrows(JobException.class, () -> job(s, Map.of("usb.driver", "sysfs-authorized")));
        assertTrue(sysfs.getMessage().startsWith("step 10 (disconnect): USB driver 'sysfs-authorized' runs on the"
                + " board over SSH"), sysfs.getMessage());
        JobException notYaml = assertThrows(JobException.class, () -> JobWriter.write(s, vars, "qemu", "a: [b",
                "broken.yaml", LAB));
        assertTrue(notYaml.getMessage().startsWith("broken.yaml: not YAML"), notYaml.getMessage());
    }

    /** LAVA's own schema, in Debian's lava-common, under the system Python that has it. */
    private void validateWithLavasSchema(String job) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        boolean hasLava = Files.isExecutable(python) && new ProcessBuilder(python.toString(), "-c",
                "import lava_common.schemas").start().waitFor() == 0;
        if (!hasLava) {
            String why = "LAVA's schema needs Debian's lava-common (sudo bash releng/lava/setup.sh up installs it)";
            if (Boolean.getBoolean("wqlab.lava.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        Path file = dir.resolve("job.yaml");
        Files.writeString(file, job, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(python.toString(), "-c", "import sys, yaml\n"
                + "from lava_common.schemas import validate\n"
                + "validate(yaml.safe_load(open(sys.argv[1])))\nprint('valid')", file.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the schema check did not end");
        assertEquals(0, p.exitValue(), "LAVA's schema refuses the job: " + output + "\n" + job);
        assertEquals("valid", output.strip());
    }
}
