package org.wqlab.usb;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A disconnect or reconnect step's fields as it will run them (variables resolved); a field the step leaves out is
 * absent.
 */
public record UsbStepFields(Map<String, String> values) {

    private static final Pattern USB_DEVICE_NAME = Pattern.compile("[0-9]+-[0-9]+(\\.[0-9]+)*");

    public UsbStepFields {
        values = Map.copyOf(values);
    }

    public Optional<String> get(String field) {
        return Optional.ofNullable(values.get(field)).filter(v -> !v.isBlank());
    }

    /** A problem when the field is left out or blank. */
    public Optional<FieldProblem> required(String field, String message) {
        return get(field).isPresent() ? Optional.empty() : Optional.of(new FieldProblem(field, message));
    }

    /**
     * A problem when the field, if given, is not a USB device name as under {@code /sys/bus/usb/devices}
     * ({@code 2-1}, {@code 1-1.4}); drivers that put it into a path on the board check it.
     */
    public Optional<FieldProblem> usbDeviceName(String field) {
        return get(field).filter(v -> !USB_DEVICE_NAME.matcher(v).matches())
                .map(v -> new FieldProblem(field, "'" + v + "' is not a USB device name like 2-1 or 1-1.4"));
    }
}
