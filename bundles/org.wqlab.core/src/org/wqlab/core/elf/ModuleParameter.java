package org.wqlab.core.elf;

/**
 * One module parameter from {@code .modinfo}: {@code parmtype=<name>:<type>} and {@code parm=<name>:<description>}.
 * Either part may be missing (empty string) when the module declares only the other.
 */
public record ModuleParameter(String name, String type, String description) {
}
