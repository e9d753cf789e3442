package org.wqlab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A small JUnit XML reader for tests, and validation against the schema Jenkins accepts when
 * {@code -Dwqlab.junit.xsd=PATH} is given (releng/scripts/junit-schema.sh fetches it).
 */
record JUnitReport(String suite, int tests, int failures, List<Case> cases) {

    record Case(String className, String name, String failureMessage, boolean skipped, String output) {
    }

    /** Validates when the schema is given; returns false (and says so) when it is not. */
    static boolean validate(Path xml) throws Exception {
        String xsd = System.getProperty("wqlab.junit.xsd", "");
        if (xsd.isBlank()) {
            System.out.println("JUnit XML schema validation skipped: -Dwqlab.junit.xsd not set"
                    + " (releng/scripts/junit-schema.sh fetches it)");
            return false;
        }
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        f.newSchema(Path.of(xsd).toFile()).newValidator().validate(new StreamSource(xml.toFile()));
        return true;
    }

    static JUnitReport read(Path xml) throws Exception {
        return of(root(xml));
    }

    /** The suites of a file whose root is {@code testsuites}, in order. */
    static List<JUnitReport> readSuites(Path xml) throws Exception {
        Element root = root(xml);
        if (!root.getTagName().equals("testsuites")) {
            throw new AssertionError(xml + ": the root is " + root.getTagName() + ", not testsuites");
        }
        List<JUnitReport> suites = new ArrayList<>();
        NodeList list = root.getElementsByTagName("testsuite");
        for (int i = 0; i < list.getLength(); i++) {
            suites.add(of((Element) list.item(i)));
        }
        return suites;
    }

    private static Element root(Path xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    }

    private static JUnitReport of(Element suite) {
        List<Case> cases = new ArrayList<>();
        NodeList list = suite.getElementsByTagName("testcase");
        for (int i = 0; i < list.getLength(); i++) {
            Element c = (Element) list.item(i);
            NodeList failure = c.getElementsByTagName("failure");
            NodeList out = c.getElementsByTagName("system-out");
            cases.add(new Case(c.getAttribute("classname"), c.getAttribute("name"),
                    failure.getLength() == 0 ? null : ((Element) failure.item(0)).getAttribute("message"),
                    c.getElementsByTagName("skipped").getLength() > 0,
                    out.getLength() == 0 ? "" : out.item(0).getTextContent()));
        }
        return new JUnitReport(suite.getAttribute("name"), Integer.parseInt(suite.getAttribute("tests")),
                Integer.parseInt(suite.getAttribute("failures")), cases);
    }
}
