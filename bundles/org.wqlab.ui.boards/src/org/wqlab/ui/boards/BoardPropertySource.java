package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.target.BoardProfile;

/** A board's profile, status and probed facts, read-only, for the Properties view. A snapshot taken when selected. */
final class BoardPropertySource implements IPropertySource {
    static final String PROFILE = "Profile";
    static final String FACTS = "Board facts";
    static final String CPU_INTENSIVE_LIMIT = "CPU-intensive limit";
    static final String COMMAND_LINE = "Command line";

    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> categories = new LinkedHashMap<>();
    private final Map<String, String> descriptions = new LinkedHashMap<>();

    BoardPropertySource(BoardRegistry registry, String name) {
        BoardEntry entry = registry.entry(name).orElse(null);
        if (entry == null) {
            return;
        }
        BoardProfile p = entry.profile();
        put(PROFILE, "Name", p.name());
        Optional<BoardKindProvider> kind = registry.kind(entry.kind());
        put(PROFILE, "Kind", kind.map(BoardKindProvider::displayName)
                .orElse(entry.kind().id() + " (not available: no installed bundle provides this kind)"));
        put(PROFILE, "Host", kind.map(BoardKindProvider::profileEditable).orElse(true) ? p.host()
                : "127.0.0.1 (port chosen at start)");
        put(PROFILE, "Port", p.port() == 0 ? "(default)" : Integer.toString(p.port()));
        kind.ifPresent(k -> k.properties(entry).forEach(row -> put(PROFILE, row.name(), row.value())));
        put(PROFILE, "USB disconnect", ProfileWords.usbDriver(registry.usbDriverOf(name)));
        put(PROFILE, "User", p.user().isEmpty() ? "(default)" : p.user());
        put(PROFILE, "Authentication", ProfileWords.of(p.auth()));
        if (p.keyFile() != null) {
            put(PROFILE, "Key file", p.keyFile().toString());
        }
        if (p.jumpHost() != null) {
            put(PROFILE, "Jump host", p.jumpHost());
        }
        put(PROFILE, "Unknown host keys", ProfileWords.of(p.hostKeyPolicy()));
        BoardStatus status = registry.status(name);
        put(PROFILE, "Status", BoardColumns.statusText(status));
        entry.facts().ifPresent(f -> FactRows.of(name, f).forEach(this::putFact));
    }

    /** A fact; long names by a short one that fits a narrow view, with the fact's own name as the description. */
    private void putFact(FactRow r) {
        if (r.label().equals(FactRows.CPU_INTENSIVE_THRESHOLD)) {
            boolean number = !r.value().isEmpty() && r.value().chars().allMatch(Character::isDigit);
            putDescribed(CPU_INTENSIVE_LIMIT, number ? r.value() + " us" : r.value(), r.label()
                    + ": a work item running longer than this is taken out of its pool's concurrency as CPU-intensive");
        } else if (r.label().equals(FactRows.COMMAND_LINE)) {
            putDescribed(COMMAND_LINE, r.value(), "the kernel command line (/proc/cmdline)");
        } else {
            put(FACTS, r.label(), r.value());
        }
    }

    private void putDescribed(String label, String value, String description) {
        put(FACTS, label, value);
        descriptions.put(label, description);
    }

    private void put(String category, String label, String value) {
        values.put(label, value == null ? "" : value);
        categories.put(label, category);
    }

    @Override
    public Object getEditableValue() {
        return this;
    }

    @Override
    public IPropertyDescriptor[] getPropertyDescriptors() {
        List<IPropertyDescriptor> descriptors = new ArrayList<>();
        for (String label : values.keySet()) {
            PropertyDescriptor d = new PropertyDescriptor(label, label);
            d.setCategory(categories.get(label));
            d.setDescription(descriptions.get(label));
            descriptors.add(d);
        }
        return descriptors.toArray(IPropertyDescriptor[]::new);
    }

    @Override
    public Object getPropertyValue(Object id) {
        return values.get(id);
    }

    @Override
    public boolean isPropertySet(Object id) {
        return false;
    }

    @Override
    public void resetPropertyValue(Object id) {
        // read-only
    }

    @Override
    public void setPropertyValue(Object id, Object value) {
        // read-only
    }
}
