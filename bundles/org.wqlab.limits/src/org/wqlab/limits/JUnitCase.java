package org.wqlab.limits;

/**
 * One test case of a JUnit XML report. {@code failure} null: passed; {@code skipped} non-null: skipped with that
 * message. {@code output}: the case's {@code system-out} (the measured figures), or empty.
 */
public record JUnitCase(String className, String name, double seconds, String failure, String skipped,
        String output) {

    public static JUnitCase passed(String className, String name, double seconds, String output) {
        return new JUnitCase(className, name, seconds, null, null, output);
    }
}
