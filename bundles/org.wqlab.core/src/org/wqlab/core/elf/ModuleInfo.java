package org.wqlab.core.elf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a kernel module's ELF file says about itself: what it was built for and its {@code .modinfo} strings
 * (name, vermagic, srcversion, license, parameters, ...), as {@code modinfo(8)} shows them.
 */
public record ModuleInfo(String source, ElfIdentity identity, List<ModinfoEntry> entries) {

    public ModuleInfo {
        entries = List.copyOf(entries);
    }

    /** The first value of {@code key}, if present. */
    public Optional<String> value(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).map(ModinfoEntry::value).findFirst();
    }

    /** Every value of {@code key} in file order (keys such as alias, parm and firmware repeat). */
    public List<String> values(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).map(ModinfoEntry::value).toList();
    }

    public Optional<String> name() {
        return value("name");
    }

    public Optional<String> vermagic() {
        return value("vermagic");
    }

    public Optional<String> srcversion() {
        return value("srcversion");
    }

    public Optional<String> license() {
        return value("license");
    }

    /** The kernel release a module was built for: the first word of its vermagic. */
    public Optional<String> kernelRelease() {
        return vermagic().map(String::strip).filter(v -> !v.isEmpty()).map(v -> v.split("\\s+")[0]);
    }

    /** Parameters merged from {@code parmtype} and {@code parm} entries, in order of first mention. */
    public List<ModuleParameter> parameters() {
        Map<String, String[]> byName = new LinkedHashMap<>();
        for (ModinfoEntry e : entries) {
            boolean isType = e.key().equals("parmtype");
            if (!isType && !e.key().equals("parm")) {
                continue;
            }
            int colon = e.value().indexOf(':');
            String name = colon < 0 ? e.value() : e.value().substring(0, colon);
            String rest = colon < 0 ? "" : e.value().substring(colon + 1);
            String[] slot = byName.computeIfAbsent(name, n -> new String[] {"", ""});
            slot[isType ? 0 : 1] = rest;
        }
        List<ModuleParameter> result = new ArrayList<>();
        byName.forEach((name, slot) -> result.add(new ModuleParameter(name, slot[0], slot[1])));
        return List.copyOf(result);
    }

    public Optional<ModuleParameter> parameter(String name) {
        return parameters().stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
