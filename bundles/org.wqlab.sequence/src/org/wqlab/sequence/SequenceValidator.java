package org.wqlab.sequence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.sequence.ResolvedStep.StepProblem;
import org.wqlab.usb.FieldProblem;
import org.wqlab.usb.StickMount;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;
import org.wqlab.usb.UsbStepFields;

/**
 * Checks every step with the variables and overrides it will run with: unknown variables, missing or bad values,
 * bad patterns, unknown drivers and the fields a driver cannot work with (each driver checks its own). Messages name
 * the step (index and name) and the field. The drivers are the installed ones ({@link UsbDrivers#installed()}) unless
 * given.
 */
public final class SequenceValidator {

    private SequenceValidator() {
    }

    public static List<String> problems(Sequence sequence, Map<String, String> overrides) {
        return problems(sequence, overrides, UsbDrivers.installed());
    }

    public static List<String> problems(Sequence sequence, Map<String, String> overrides, UsbDrivers drivers) {
        List<String> problems = new ArrayList<>();
        for (String key : overrides.keySet()) {
            if (!sequence.variables().containsKey(key)) {
                problems.add("--var " + key + ": the sequence declares no variable '" + key + "' (it has: "
                        + String.join(", ", sequence.variables().keySet()) + ")");
            }
        }
        Variables variables = new Variables(sequence.variables(), overrides);
        check(sequence.steps(), variables, drivers, problems);
        for (var need : sequence.needs().entrySet()) {
            try {
                variables.substitute(need.getValue());
            } catch (IllegalArgumentException e) {
                problems.add("field 'needs." + need.getKey() + "': " + e.getMessage());
            }
        }
        sequence.limits().problems().forEach(p -> problems.add("field 'limits': " + p));
        return problems;
    }

    /** @throws SequenceException listing every problem */
    public static Variables validate(String source, Sequence sequence, Map<String, String> overrides)
            throws SequenceException {
        List<String> problems = problems(sequence, overrides);
        if (!problems.isEmpty()) {
            throw new SequenceException(source, problems);
        }
        return new Variables(sequence.variables(), overrides);
    }

    private static void check(List<Step> steps, Variables variables, UsbDrivers drivers, List<String> problems) {
        for (Step step : steps) {
            ResolvedStep r = new ResolvedStep(step, variables);
            List<Runnable> checks = new ArrayList<>();
            for (String field : step.fields().keySet()) {
                checks.add(() -> r.text(field));
            }
            switch (step.type()) {
                case LOAD_MODULE -> {
                    checks.add(r::moduleName);
                    checks.add(() -> r.optionalInteger("cpu", 0));
                    checks.add(r::params);
                }
                case UNLOAD_MODULE -> checks.add(r::moduleName);
                case RUN -> {
                    checks.add(r::command);
                    checks.add(() -> r.seconds("timeout", 0));
                    checks.add(() -> r.optionalInteger("expectExit", 0));
                }
                case WAIT_LOG -> {
                    checks.add(() -> r.pattern("pattern"));
                    checks.add(() -> r.seconds("timeout", 0));
                }
                case SLEEP -> checks.add(() -> r.seconds("seconds", 0));
                case USB_DISCONNECT, USB_RECONNECT -> {
                    checks.add(() -> {
                        String id = r.text("driver", UsbDriverIds.BOARD_DEFAULT);
                        if (id.equals(UsbDriverIds.BOARD_DEFAULT)) {
                            return;
                        }
                        UsbDisconnectDriver driver = drivers.byId(id).orElseThrow(() -> new StepProblem(step.label()
                                + ": field 'driver': unknown driver '" + id + "' (one of board, "
                                + String.join(", ", drivers.ids()) + ")"));
                        driverProblems(r, driver).forEach(p -> {
                            if (!problems.contains(p)) {
                                problems.add(p);
                            }
                        });
                    });
                    checks.add(() -> r.seconds("countdown", 0));
                }
                case REPEAT -> checks.add(() -> r.integer("times", 1));
                default -> {
                }
            }
            for (Runnable c : checks) {
                try {
                    c.run();
                } catch (StepProblem e) {
                    if (!problems.contains(e.getMessage())) {
                        problems.add(e.getMessage());
                    }
                }
            }
            check(step.steps(), variables, drivers, problems);
        }
    }

    /** What the driver finds wrong with the step's fields, each message naming the step and the field. */
    public static List<String> driverProblems(ResolvedStep r, UsbDisconnectDriver driver) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String field : r.step().fields().keySet()) {
            try {
                values.put(field, r.text(field));
            } catch (StepProblem e) {
                // reported as the field's own problem
            }
        }
        UsbStepFields fields = new UsbStepFields(values);
        List<FieldProblem> found = new ArrayList<>(driver.problems(fields));
        StickMount.problem(fields).ifPresent(found::add);
        return found.stream().map(p -> r.label() + ": field '" + p.field() + "': " + p.message()).toList();
    }
}
