package org.wqlab.limits;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import org.wqlab.limits.Outcome.LimitOutcome;
import org.wqlab.limits.Outcome.Status;

/**
 * Writes JUnit XML as Jenkins and GitLab read it (valid against Jenkins' junit-4.xsd): one {@code testsuite} (or a
 * {@code testsuites} root holding several), one {@code testcase} per step and per limit. That schema allows {@code properties} on the suite only, so the
 * measurements are the suite's properties and each limit's case repeats its figures in its {@code system-out}.
 */
public final class JUnitXml {

    private JUnitXml() {
    }

    /** A case per limit: failed above the hard value, skipped when not judged (the reason as message). */
    public static List<JUnitCase> limitCases(String className, Outcome outcome) {
        List<JUnitCase> out = new ArrayList<>();
        for (LimitOutcome l : outcome.limits()) {
            LimitName.Unit u = l.name().unit();
            String figures = "measured=" + (l.measured() == null ? "none" : u.format(l.measured())) + " soft="
                    + (l.soft() == null ? "none" : u.format(l.soft())) + " hard="
                    + (l.hard() == null ? "none" : u.format(l.hard())) + " status=" + l.status().word() + "\n"
                    + l.reason() + "\n";
            String name = "limit " + l.name().fileName();
            out.add(switch (l.status()) {
                case FAIL -> new JUnitCase(className, name, 0, l.name().fileName() + ": " + l.reason(), null,
                        figures);
                case NOT_JUDGED -> new JUnitCase(className, name, 0, null, l.reason(), figures);
                case PASS, WARN -> JUnitCase.passed(className, name, 0, figures);
            });
        }
        return out;
    }

    /** The measurements as suite properties (times in microseconds, the unit in the name). */
    public static Map<String, String> properties(Measurements m) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("worstAfterDisconnectUs", text(m.worstAfterDisconnectUs()));
        p.put("p90WorstAfterDisconnectUs", text(m.p90WorstAfterDisconnectUs()));
        p.put("p99OutsideDisconnectUs", text(m.p99OutsideDisconnectUs()));
        p.put("samplesOutsideDisconnect", Long.toString(m.samplesOutsideDisconnect()));
        p.put("lostReports", Long.toString(m.lostReports()));
        return p;
    }

    private static String text(Long v) {
        return v == null ? "none" : Long.toString(v);
    }

    /** One {@code testsuite}: its name, its properties (the measurements) and its cases. */
    public record Suite(String name, Map<String, String> properties, List<JUnitCase> cases) {
    }

    /** A file whose root is one {@code testsuite}. */
    public static void write(Path file, String suiteName, Map<String, String> properties, List<JUnitCase> cases)
            throws IOException {
        write(file, w -> writeSuite(w, new Suite(suiteName, properties, cases)));
    }

    /** A file whose root is {@code testsuites} holding each suite in order (as Jenkins and GitLab read it). */
    public static void writeSuites(Path file, List<Suite> suites) throws IOException {
        write(file, w -> {
            w.writeStartElement("testsuites");
            List<JUnitCase> all = suites.stream().flatMap(s -> s.cases().stream()).toList();
            w.writeAttribute("tests", Integer.toString(all.size()));
            w.writeAttribute("failures", Long.toString(all.stream().filter(c -> c.failure() != null).count()));
            w.writeAttribute("errors", "0");
            w.writeAttribute("time", seconds(all.stream().mapToDouble(JUnitCase::seconds).sum()));
            w.writeCharacters("\n");
            for (Suite s : suites) {
                writeSuite(w, s);
            }
            w.writeEndElement();
            w.writeCharacters("\n");
        });
    }

    private interface Body {
        void write(XMLStreamWriter w) throws XMLStreamException;
    }

    private static void write(Path file, Body body) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeCharacters("\n");
            body.write(w);
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeSuite(XMLStreamWriter w, Suite suite) throws XMLStreamException {
        List<JUnitCase> cases = suite.cases();
        w.writeStartElement("testsuite");
        w.writeAttribute("name", suite.name());
        w.writeAttribute("tests", Integer.toString(cases.size()));
        w.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.failure() != null).count()));
        w.writeAttribute("errors", "0");
        w.writeAttribute("skipped", Long.toString(cases.stream().filter(c -> c.skipped() != null).count()));
        w.writeAttribute("time", seconds(cases.stream().mapToDouble(JUnitCase::seconds).sum()));
        w.writeCharacters("\n");
        if (!suite.properties().isEmpty()) {
            w.writeStartElement("properties");
            for (Map.Entry<String, String> e : suite.properties().entrySet()) {
                w.writeEmptyElement("property");
                w.writeAttribute("name", e.getKey());
                w.writeAttribute("value", e.getValue());
            }
            w.writeEndElement();
            w.writeCharacters("\n");
        }
        for (JUnitCase c : cases) {
            w.writeStartElement("testcase");
            w.writeAttribute("classname", c.className());
            w.writeAttribute("name", c.name());
            w.writeAttribute("time", seconds(c.seconds()));
            if (c.skipped() != null) {
                w.writeStartElement("skipped");
                w.writeCharacters(c.skipped());
                w.writeEndElement();
            }
            if (c.failure() != null) {
                w.writeStartElement("failure");
                w.writeAttribute("message", c.failure());
                w.writeAttribute("type", "wqlab");
                w.writeCharacters(c.failure());
                w.writeEndElement();
            }
            if (c.output() != null && !c.output().isEmpty()) {
                w.writeStartElement("system-out");
                w.writeCharacters(c.output());
                w.writeEndElement();
            }
            w.writeEndElement();
            w.writeCharacters("\n");
        }
        w.writeEndElement();
        w.writeCharacters("\n");
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    /** Whether the outcome fails a hard limit (for callers choosing an exit code). */
    public static boolean failed(Outcome o) {
        return o.overall() == Status.FAIL;
    }
}
