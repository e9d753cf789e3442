package org.wqlab.limits;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A set of limits, at most one per name, in the order of {@link LimitName}. */
public record Limits(Map<LimitName, Limit> byName) {

    public static final Limits NONE = new Limits(Map.of());

    public Limits {
        EnumMap<LimitName, Limit> copy = new EnumMap<>(LimitName.class);
        byName.forEach((k, v) -> {
            if (v.name() != k) {
                throw new IllegalArgumentException("limit " + v.name().fileName() + " filed under " + k.fileName());
            }
            copy.put(k, v);
        });
        byName = Collections.unmodifiableMap(copy);
    }

    public static Limits of(Collection<Limit> limits) {
        EnumMap<LimitName, Limit> m = new EnumMap<>(LimitName.class);
        for (Limit l : limits) {
            m.merge(l.name(), l, Limit::overriddenBy);
        }
        return new Limits(m);
    }

    public static Limits of(Limit... limits) {
        return of(List.of(limits));
    }

    public boolean isEmpty() {
        return byName.isEmpty();
    }

    public Optional<Limit> get(LimitName name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Collection<Limit> all() {
        return byName.values();
    }

    /**
     * These limits with {@code other}'s in their place, value by value: a board's limits override a sequence's, the
     * command line's override both. A value {@code other} does not give stays.
     */
    public Limits overriddenBy(Limits other) {
        EnumMap<LimitName, Limit> m = new EnumMap<>(LimitName.class);
        m.putAll(byName);
        other.byName.forEach((k, v) -> m.merge(k, v, Limit::overriddenBy));
        return new Limits(m);
    }

    /** What makes these limits unusable (a soft value above the hard one, no value at all), naming the limit. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (Limit l : byName.values()) {
            String n = l.name().fileName();
            if (l.soft() == null && l.hard() == null) {
                out.add("limit '" + n + "': give a soft or a hard value (or both)");
            } else if (l.soft() != null && l.hard() != null && l.soft() > l.hard()) {
                LimitName.Unit u = l.name().unit();
                out.add("limit '" + n + "': soft " + u.format(l.soft()) + " is above hard " + u.format(l.hard()));
            }
        }
        return out;
    }
}
