package dev.preflight.engine.checks.processing;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recognises an ink by the names prepress people give it: compared without case, accents, spaces, hyphens and
 * underscores, as a whole name or as one of its words, with a trailing number ignored ("Cut Contour", "CutContour2",
 * "Dieline 1", "Opaque White"), but never inside a word ("Black" is no "Lack", "Diesel" no "Die").
 */
final class InkNames {

    private InkNames() {
    }

    /** True when the ink name matches one of the names. */
    static boolean matches(String ink, List<String> names) {
        if (ink == null) {
            return false;
        }
        List<String> forms = forms(ink);
        for (String n : names) {
            String key = fold(n).replaceAll("[^\\p{L}\\p{N}]", "");
            if (!key.isEmpty() && forms.contains(key)) {
                return true;
            }
        }
        return false;
    }

    /** The whole name run together and each word, each also without a trailing number. */
    private static List<String> forms(String ink) {
        String folded = fold(ink);
        var out = new ArrayList<String>();
        String[] words = folded.split("[^\\p{L}\\p{N}]+");
        add(out, String.join("", words));
        for (String w : words) {
            add(out, w);
        }
        return out;
    }

    private static void add(List<String> out, String form) {
        if (form.isEmpty()) {
            return;
        }
        out.add(form);
        String bare = form.replaceAll("\\d+$", "");
        if (!bare.isEmpty() && !bare.equals(form)) {
            out.add(bare);
        }
    }

    private static String fold(String s) {
        String lower = s.toLowerCase(Locale.ROOT).replace("ß", "ss");
        return Normalizer.normalize(lower, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
    }
}
