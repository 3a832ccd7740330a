package dev.preflight.engine.conformance;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads places out of the validator's context paths, such as
 * {@code root/document[0]/pages[2](3 0 obj PDPage)/contentStream[0](9 0 obj PDContentStream)/...}.
 */
final class RuleContext {

    private static final Pattern PAGE = Pattern.compile("/pages\\[(\\d+)]");
    private static final Pattern OBJECT = Pattern.compile("\\((\\d+) (\\d+) obj\\b");

    private RuleContext() {
    }

    /** The 1-based page the path runs through, or 0 when it names no page. */
    static int page(String context) {
        if (context == null) {
            return 0;
        }
        Matcher m = PAGE.matcher(context);
        return m.find() ? Integer.parseInt(m.group(1)) + 1 : 0;
    }

    /** The innermost numbered object on the path ("9 0 R"), or null. */
    static String objectId(String context) {
        if (context == null) {
            return null;
        }
        Matcher m = OBJECT.matcher(context);
        String last = null;
        while (m.find()) {
            last = m.group(1) + " " + m.group(2) + " R";
        }
        return last;
    }
}
