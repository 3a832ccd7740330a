package dev.preflight.engine.conformance;

import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which flavours one job validates, each once however many of its rules the profile chose: the flavours the
 * profile pins, those the file declares when the profile holds {@link DeclaredConformanceCheck}, and for the
 * remaining rules the fewest, smallest flavours that hold them all.
 *
 * @param flavours flavour ids to validate, in the order to run them
 * @param declared the file's declared flavours, or null when the profile did not ask
 * @param profile  the profile to run: the given one, plus the declared flavours' rules when it asked for them
 */
public record ConformancePlan(List<String> flavours, List<String> declared, Profile profile) {

    /** True when nothing is to be validated and nothing was read. */
    public boolean isEmpty() {
        return flavours.isEmpty() && declared == null;
    }

    /**
     * True when every check of the profile is a conformance rule or the declared-conformance check: the job's
     * findings then come from the validation alone, and the facts pass is needed only to place them on their pages.
     */
    public static boolean conformanceOnly(Profile profile) {
        if (profile.checks().isEmpty()) {
            return false;
        }
        ConformanceRules rules = ConformanceRules.get();
        for (ProfileCheck pc : profile.checks()) {
            if (rules.rule(pc.checkId()) == null && !DeclaredConformanceCheck.ID.equals(pc.checkId())) {
                return false;
            }
        }
        return true;
    }

    /** The plan for a profile and an open document (read only for its XMP, and only when the profile asks). */
    public static ConformancePlan of(Profile profile, PDDocument doc) {
        boolean auto = profile.check(DeclaredConformanceCheck.ID) != null;
        return of(profile, auto ? Declared.of(doc) : null);
    }

    /** The plan for a profile and what the file declares (null: not read). */
    static ConformancePlan of(Profile profile, List<String> declared) {
        ConformanceRules rules = ConformanceRules.get();
        var chosen = new LinkedHashSet<String>();
        var open = new ArrayList<ConformanceRule>();
        for (ProfileCheck pc : profile.checks()) {
            ConformanceRule rule = rules.rule(pc.checkId());
            if (rule == null) {
                continue;
            }
            if (pc.params().get("flavour") instanceof String pinned && rule.flavours().contains(pinned)) {
                chosen.add(pinned);
            } else {
                open.add(rule);
            }
        }
        Profile effective = profile;
        if (declared != null) {
            var served = declared.stream().filter(f -> ConformanceRules.profileOf(f) != null).toList();
            chosen.addAll(served);
            effective = withDeclaredRules(profile, served);
        }
        if (!open.isEmpty()) {
            cover(open, chosen, rules);
        }
        return new ConformancePlan(List.copyOf(chosen), declared, effective);
    }

    /** Adds flavours until every open rule is held by a chosen one: most rules first, the smaller profile on ties. */
    private static void cover(List<ConformanceRule> open, Set<String> chosen, ConformanceRules rules) {
        var uncovered = new ArrayList<>(open.stream()
                .filter(r -> r.flavours().stream().noneMatch(chosen::contains)).toList());
        while (!uncovered.isEmpty()) {
            Map<String, Integer> holds = new LinkedHashMap<>();
            for (ConformanceRule r : uncovered) {
                for (String f : r.flavours()) {
                    holds.merge(f, 1, Integer::sum);
                }
            }
            String best = holds.keySet().stream()
                    .max(Comparator.<String>comparingInt(holds::get)
                            .thenComparing(f -> -rules.idsOf(f).size())).orElseThrow();
            chosen.add(best);
            uncovered.removeIf(r -> r.flavours().contains(best));
        }
    }

    /** The profile with each declared flavour's rules pinned to it, after the checks it already has. */
    private static Profile withDeclaredRules(Profile profile, List<String> flavours) {
        if (flavours.isEmpty()) {
            return profile;
        }
        var checks = new ArrayList<>(profile.checks());
        var present = new LinkedHashSet<String>();
        profile.checks().forEach(c -> present.add(c.checkId()));
        ConformanceRules rules = ConformanceRules.get();
        for (String f : flavours) {
            for (String id : rules.idsOf(f)) {
                if (present.add(id)) {
                    checks.add(new ProfileCheck(id, null, Map.of("flavour", f), null));
                }
            }
        }
        return new Profile(profile.id(), profile.name(), profile.description(), profile.standard(),
                profile.builtin(), checks);
    }
}
