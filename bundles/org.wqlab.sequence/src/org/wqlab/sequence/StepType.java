package org.wqlab.sequence;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The step types of a {@code .wqseq} file, with the fields each one takes. */
public enum StepType {
    CONNECT("connect", List.of(), List.of()),
    LOAD_MODULE("load-module", List.of("module"), List.of("file", "cpu")),
    UNLOAD_MODULE("unload-module", List.of("module"), List.of()),
    RUN("run", List.of("command"), List.of("timeout", "expectExit")),
    WAIT_LOG("wait-log", List.of("pattern"), List.of("timeout")),
    SLEEP("sleep", List.of("seconds"), List.of()),
    USB_DISCONNECT("usb-disconnect", List.of(), List.of("driver", "device", "hub", "port", "message", "countdown")),
    USB_RECONNECT("usb-reconnect", List.of(), List.of("driver", "device", "hub", "port", "message", "countdown",
            "mount")),
    MARK("mark", List.of("label"), List.of()),
    REPEAT("repeat", List.of("times", "steps"), List.of());

    private final String id;
    private final List<String> required;
    private final List<String> optional;

    StepType(String id, List<String> required, List<String> optional) {
        this.id = id;
        this.required = required;
        this.optional = optional;
    }

    public String id() {
        return id;
    }

    public List<String> required() {
        return required;
    }

    public List<String> optional() {
        return optional;
    }

    public boolean accepts(String field) {
        return required.contains(field) || optional.contains(field) || field.equals("params") && this == LOAD_MODULE;
    }

    public static Optional<StepType> byId(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst();
    }

    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(StepType::id).toList());
    }
}
