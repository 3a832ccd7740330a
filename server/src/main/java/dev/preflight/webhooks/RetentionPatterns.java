package dev.preflight.webhooks;

/**
 * The glob patterns of {@code retention_overrides}: {@code *} matches any run of characters (dots included),
 * {@code ?} any one character, everything else itself.
 */
final class RetentionPatterns {

    private RetentionPatterns() {
    }

    static boolean matches(String pattern, String name) {
        return matches(pattern, 0, name, 0);
    }

    private static boolean matches(String p, int i, String s, int j) {
        // Iterative glob matching with single-star backtracking: linear in practice, no regex built from input.
        int star = -1;
        int mark = 0;
        while (j < s.length()) {
            if (i < p.length() && (p.charAt(i) == '?' || p.charAt(i) == s.charAt(j))) {
                i++;
                j++;
            } else if (i < p.length() && p.charAt(i) == '*') {
                star = i++;
                mark = j;
            } else if (star >= 0) {
                i = star + 1;
                j = ++mark;
            } else {
                return false;
            }
        }
        while (i < p.length() && p.charAt(i) == '*') {
            i++;
        }
        return i == p.length();
    }
}
