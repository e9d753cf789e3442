package org.wqlab.limits;

/**
 * One limit: above {@code soft} the outcome warns, above {@code hard} it fails; values in the name's unit. A null
 * value is not given (an override keeps the value it overrides). {@code appliesTo} null: not given, which judges
 * on every board unless an overridden limit said otherwise.
 */
public record Limit(LimitName name, Double soft, Double hard, Applicability appliesTo) {

    public Limit {
        if (name == null) {
            throw new IllegalArgumentException("a limit needs a name");
        }
    }

    public static Limit hard(LimitName name, double hard) {
        return new Limit(name, null, hard, null);
    }

    public static Limit soft(LimitName name, double soft) {
        return new Limit(name, soft, null, null);
    }

    /** This limit with every value {@code other} gives in its place. */
    public Limit overriddenBy(Limit other) {
        return new Limit(name, other.soft != null ? other.soft : soft, other.hard != null ? other.hard : hard,
                other.appliesTo != null ? other.appliesTo : appliesTo);
    }

    public Applicability applicability() {
        return appliesTo == null ? Applicability.ALWAYS : appliesTo;
    }
}
