package org.wqlab.boards;

import java.util.List;
import java.util.Objects;

/**
 * A setting a board kind adds to the board dialog, chosen from a list (the virtual board's architecture, the CPU its
 * USB interrupt goes to). The kind reads and applies the values (BoardKindProvider#fieldValues, #withFieldValues).
 *
 * @param id the value's key ("arch"); an error about it names it as "field ID"
 * @param label the dialog's label ("Architecture:")
 * @param help the tooltip: when it takes effect, what it changes
 */
public record BoardField(String id, String label, String help, List<Choice> choices) {

    /** One value offered, with how the dialog shows it. */
    public record Choice(String value, String label) {
        public Choice {
            Objects.requireNonNull(value, "value");
            label = label == null ? value : label;
        }
    }

    public BoardField {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        help = help == null ? "" : help;
        choices = List.copyOf(choices);
        if (choices.isEmpty()) {
            throw new IllegalArgumentException("field " + id + ": no choices");
        }
    }

    /** The index of the choice with this value, else 0. */
    public int indexOf(String value) {
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i).value().equals(value)) {
                return i;
            }
        }
        return 0;
    }
}
