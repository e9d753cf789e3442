package org.wqlab.usb;

/**
 * A step field a driver cannot work with.
 *
 * @param field   the step's field ({@code port})
 * @param message what is wrong, without the field's name ({@code the uhubctl driver needs the hub's port})
 */
public record FieldProblem(String field, String message) {
}
