package org.wqlab.limits;

import java.util.ArrayList;
import java.util.List;

/**
 * Kernel releases from {@code from} (inclusive) to {@code below} (exclusive); either may be null (open). Releases
 * compare by their leading dotted numbers: {@code 5.10.147-yocto-standard} is 5.10.147.
 */
public record KernelRange(String from, String below) {

    public boolean contains(String release) {
        List<Integer> v = numbers(release);
        return (from == null || compare(v, numbers(from)) >= 0) && (below == null || compare(v, numbers(below)) < 0);
    }

    /** {@code 5.10 to below 6.6}, {@code 6.1 or later}, {@code below 5.4}. */
    public String describe() {
        if (from != null && below != null) {
            return from + " to below " + below;
        }
        return from != null ? from + " or later" : below != null ? "below " + below : "any";
    }

    /** Whether the text starts with a version number ({@code 5}, {@code 5.10}, {@code 6.1.0-rt}). */
    public static boolean isVersion(String text) {
        return text != null && !numbers(text).isEmpty();
    }

    static List<Integer> numbers(String release) {
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < release.length()) {
            int start = i;
            while (i < release.length() && Character.isDigit(release.charAt(i)) && i - start < 9) {
                i++;
            }
            if (i == start) {
                break;
            }
            out.add(Integer.parseInt(release.substring(start, i)));
            if (i >= release.length() || release.charAt(i) != '.') {
                break;
            }
            i++;
        }
        return out;
    }

    private static int compare(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            int x = i < a.size() ? a.get(i) : 0;
            int y = i < b.size() ? b.get(i) : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }
}
