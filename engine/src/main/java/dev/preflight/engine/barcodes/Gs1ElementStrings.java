package dev.preflight.engine.barcodes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads GS1 element strings (Application Identifier followed by its data, ASCII 29 after variable-length fields)
 * and judges them against the GS1 General Specifications' AI rules (section 3): the AI must be known, its data of
 * the right length and character set, the check digit of a GTIN, SSCC, GLN or GSRN right and a date a date.
 */
public final class Gs1ElementStrings {

    /** ASCII 29, the group separator that ends a variable-length field. */
    public static final char GS = '\u001D';

    /** One element string. */
    public record Element(String ai, String data) {
    }

    /** What was read, and the first rule broken (null when the string is well formed). */
    public record Reading(List<Element> elements, String problem) {

        /** The data of the first element with this AI, or null. */
        public String value(String ai) {
            return elements.stream().filter(e -> e.ai().equals(ai)).map(Element::data).findFirst().orElse(null);
        }

        /** The elements written as the human-readable interpretation, e.g. {@code (01)09506000134352(10)ABC}. */
        public String hri() {
            var sb = new StringBuilder();
            elements.forEach(e -> sb.append('(').append(e.ai()).append(')').append(e.data()));
            return sb.toString();
        }
    }

    private record Rule(int min, int max, boolean numeric, boolean checkDigit, boolean date) {
    }

    /** AIs by their exact digits; a key of three digits ending in 'n' stands for the ten 4-digit AIs it starts. */
    private static final Map<String, Rule> RULES = new HashMap<>();

    /** GS1 General Specifications figure 7.8.5-2: AIs whose first two digits say the field has a fixed length. */
    /** Variable-length AIs as N (digits) or X (characters) and their longest length, before they become rules. */
    private static final Map<String, String> VARIABLE = new HashMap<>();

    private static final Set<String> PREDEFINED = Set.of("00", "01", "02", "03", "04", "11", "12", "13", "14", "15",
            "16", "17", "18", "19", "20", "31", "32", "33", "34", "35", "36", "41");

    static {
        fixed("00", 18, true);
        fixed("01", 14, true);
        fixed("02", 14, true);
        VARIABLE.put("10", "X20");
        for (String d : new String[] {"11", "12", "13", "15", "16", "17"}) {
            RULES.put(d, new Rule(6, 6, true, false, true));
        }
        fixed("20", 2, false);
        for (String[] v : new String[][] {{"21", "X20"}, {"22", "X20"}, {"235", "X28"}, {"240", "X30"},
                {"241", "X30"}, {"242", "N6"}, {"243", "X20"}, {"250", "X30"}, {"251", "X30"}, {"253", "X30"},
                {"254", "X20"}, {"255", "N25"}, {"30", "N8"}, {"37", "N8"}, {"400", "X30"}, {"401", "X30"},
                {"403", "X30"}, {"420", "X20"}, {"421", "X12"}, {"422", "N3"}, {"423", "N15"}, {"424", "N3"},
                {"425", "N15"}, {"426", "N3"}, {"427", "X3"}, {"7002", "X30"}, {"7004", "N4"}, {"7005", "X12"},
                {"7007", "N12"}, {"7008", "X3"}, {"7009", "X10"}, {"7010", "X2"}, {"8002", "X20"},
                {"8003", "X30"}, {"8004", "X30"}, {"8007", "X34"}, {"8008", "N12"}, {"8010", "X30"},
                {"8011", "N12"}, {"8012", "X20"}, {"8013", "X25"}, {"8019", "N10"}, {"8020", "X25"},
                {"8110", "X70"}, {"8112", "X70"}, {"8200", "X70"}, {"90", "X30"}}) {
            VARIABLE.put(v[0], v[1]);
        }
        for (int i = 91; i <= 99; i++) {
            VARIABLE.put(String.valueOf(i), "X90");
        }
        for (int i = 710; i <= 715; i++) {
            VARIABLE.put(String.valueOf(i), "X20");
        }
        // trade measures: 310n-369n, six digits with n decimals
        for (int i = 310; i <= 369; i++) {
            RULES.put(i + "n", new Rule(6, 6, true, false, false));
        }
        for (String p : new String[] {"390", "391", "392", "393"}) {
            RULES.put(p + "n", new Rule(1, p.equals("391") || p.equals("393") ? 18 : 15, true, false, false));
        }
        RULES.put("394n", new Rule(4, 4, true, false, false));
        RULES.put("395n", new Rule(6, 6, true, false, false));
        for (int i = 410; i <= 417; i++) {
            fixed(String.valueOf(i), 13, true);
        }
        fixed("402", 17, true);
        fixed("7001", 13, false);
        fixed("7003", 10, false);
        fixed("7006", 6, false);
        fixed("8001", 14, false);
        fixed("8005", 6, false);
        fixed("8006", 18, false);
        fixed("8017", 18, true);
        fixed("8018", 18, true);
        fixed("8111", 4, false);
        VARIABLE.forEach((ai, spec) -> RULES.put(ai, new Rule(1, Integer.parseInt(spec.substring(1)),
                spec.charAt(0) == 'N', false, false)));
    }

    private Gs1ElementStrings() {
    }

    private static void fixed(String ai, int length, boolean checkDigit) {
        RULES.put(ai, new Rule(length, length, true, checkDigit, false));
    }

    /** Reads element strings (without a symbology identifier); never throws. */
    public static Reading read(String text) {
        var out = new ArrayList<Element>();
        int i = 0;
        String s = text == null ? "" : text;
        while (i < s.length() && s.charAt(i) == GS) {
            i++;
        }
        if (i >= s.length()) {
            return new Reading(out, "no element string");
        }
        while (i < s.length()) {
            String ai = null;
            Rule rule = null;
            for (int n = 2; n <= 4 && ai == null; n++) {
                if (i + n > s.length()) {
                    break;
                }
                String cand = s.substring(i, i + n);
                if (!cand.chars().allMatch(Character::isDigit)) {
                    return new Reading(out, "'" + cand + "' at position " + (i + 1) + " is not an Application "
                            + "Identifier");
                }
                if (RULES.containsKey(cand)) {
                    ai = cand;
                    rule = RULES.get(cand);
                } else if (n == 4 && RULES.containsKey(cand.substring(0, 3) + "n")) {
                    ai = cand;
                    rule = RULES.get(cand.substring(0, 3) + "n");
                }
            }
            if (ai == null) {
                return new Reading(out, "unknown Application Identifier at position " + (i + 1) + " ('"
                        + s.substring(i, Math.min(s.length(), i + 4)) + "')");
            }
            i += ai.length();
            int end;
            if (PREDEFINED.contains(ai.substring(0, 2))) {
                end = Math.min(s.length(), i + rule.max());
                int gs = s.indexOf(GS, i);
                if (gs >= 0 && gs < end) {
                    end = gs;
                }
            } else {
                int gs = s.indexOf(GS, i);
                end = gs < 0 ? s.length() : gs;
            }
            String data = s.substring(i, end);
            out.add(new Element(ai, data));
            String problem = judge(ai, rule, data);
            if (problem != null) {
                return new Reading(out, problem);
            }
            i = end;
            while (i < s.length() && s.charAt(i) == GS) {
                i++;
            }
        }
        return new Reading(out, null);
    }

    private static String judge(String ai, Rule rule, String data) {
        if (data.length() < rule.min() || data.length() > rule.max()) {
            return "AI (" + ai + ") holds " + data.length() + " characters; it takes "
                    + (rule.min() == rule.max() ? "exactly " + rule.min() : rule.min() + " to " + rule.max());
        }
        if (rule.numeric() && !data.chars().allMatch(Character::isDigit)) {
            return "AI (" + ai + ") takes digits only, not '" + data + "'";
        }
        for (char c : data.toCharArray()) {
            // GS1 AI encodable character set 82: printable ASCII without space and a few others
            if (c < '!' || c > 'z' || "#$@[\\]^`".indexOf(c) >= 0) {
                return "AI (" + ai + ") holds a character outside GS1's set 82: '" + c + "'";
            }
        }
        if (rule.checkDigit() && !checkDigitOk(data)) {
            return "AI (" + ai + ") " + data + " has a wrong check digit (expected " + checkDigit(
                    data.substring(0, data.length() - 1)) + ")";
        }
        if (rule.date()) {
            int month = Integer.parseInt(data.substring(2, 4));
            int day = Integer.parseInt(data.substring(4, 6));
            if (month < 1 || month > 12 || day > 31) {
                return "AI (" + ai + ") " + data + " is not a date (YYMMDD)";
            }
        }
        return null;
    }

    /** The GS1 mod-10 check digit of the digits before it. */
    public static int checkDigit(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = digits.charAt(digits.length() - 1 - i) - '0';
            sum += i % 2 == 0 ? 3 * d : d;
        }
        return (10 - sum % 10) % 10;
    }

    static boolean checkDigitOk(String digits) {
        return digits.length() > 1 && digits.chars().allMatch(Character::isDigit)
                && checkDigit(digits.substring(0, digits.length() - 1)) == digits.charAt(digits.length() - 1) - '0';
    }
}
