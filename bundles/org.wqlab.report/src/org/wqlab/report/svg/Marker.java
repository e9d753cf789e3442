package org.wqlab.report.svg;

/** A vertical line at {@code x} with a label (USB disconnect, module load, a user mark). */
public record Marker(double x, String label) {
}
