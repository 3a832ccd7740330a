package dev.preflight.engine.conformance;

import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.validation.profiles.ProfileDirectory;
import org.verapdf.pdfa.validation.profiles.Profiles;
import org.verapdf.pdfa.validation.profiles.Rule;
import org.verapdf.pdfa.validation.profiles.RuleId;
import org.verapdf.pdfa.validation.profiles.ValidationProfile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules of veraPDF's validation profiles under our inspection ids, read from the library once per JVM. Which
 * flavours we serve, and the built-in profile id of each, are listed here; the rules themselves are the library's.
 */
public final class ConformanceRules {

    /** Our built-in profile id for each served veraPDF flavour id, in catalogue order. */
    static final Map<String, String> PROFILE_OF_FLAVOUR = orderedMap(
            "1a", "pdfa-1a", "1b", "pdfa-1b",
            "2a", "pdfa-2a", "2b", "pdfa-2b", "2u", "pdfa-2u",
            "3a", "pdfa-3a", "3b", "pdfa-3b", "3u", "pdfa-3u",
            "4", "pdfa-4", "4e", "pdfa-4e", "4f", "pdfa-4f",
            "ua1", "pdfua-1", "ua2", "pdfua-2");

    private static volatile ConformanceRules loaded;

    private final Map<String, ConformanceRule> byId;
    private final Map<String, List<String>> idsByFlavour;
    private final Map<String, String> standardOfFlavour;

    private ConformanceRules(Map<String, ConformanceRule> byId, Map<String, List<String>> idsByFlavour,
                             Map<String, String> standardOfFlavour) {
        this.byId = byId;
        this.idsByFlavour = idsByFlavour;
        this.standardOfFlavour = standardOfFlavour;
    }

    /**
     * The rules from a copy kept in one of {@code dirs} for this very build (the veraPDF jar the profiles come from
     * and this engine's jar, each by name, size and time), read in milliseconds instead of the second veraPDF takes
     * to parse its profiles; when none holds one, the rules are read from the library and a copy is left in the
     * first directory for the next start (one that cannot be written is passed over). A copy holds what the library
     * answered, nothing of ours. Run from class directories (tests, an IDE) nothing is kept: a class directory does
     * not say when its classes changed.
     */
    public static ConformanceRules get(List<Path> dirs) {
        ConformanceRules r = loaded;
        if (r != null) {
            return r;
        }
        synchronized (ConformanceRules.class) {
            if (loaded == null) {
                String fingerprint = fingerprint(jarOf(ValidationProfile.class), jarOf(ConformanceRules.class));
                String name = fingerprint == null ? null : KEPT_PREFIX + fingerprint + ".tsv";
                ConformanceRules kept = null;
                for (int i = 0; name != null && i < dirs.size() && kept == null; i++) {
                    kept = KeptRules.read(dirs.get(i).resolve(name));
                }
                if (kept == null) {
                    kept = load();
                    if (name != null && !dirs.isEmpty()) {
                        KeptRules.write(kept, dirs.get(0).resolve(name));
                    }
                }
                loaded = kept;
            }
            return loaded;
        }
    }

    static final String KEPT_PREFIX = "conformance-rules-";

    /** The jar a class was loaded from, or null (a class directory, a nested jar, no code source). */
    static Path jarOf(Class<?> type) {
        try {
            var source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null || !"file".equals(source.getLocation().getProtocol())) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p : null;
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Names a build's kept copy: the copy's format and both jars by name, size and modification time; null when
     * either is not a jar or cannot be read.
     */
    static String fingerprint(Path library, Path engine) {
        if (library == null || engine == null) {
            return null;
        }
        try {
            String key = KeptRules.FORMAT + "|" + library.getFileName() + "|" + Files.size(library) + "|"
                    + Files.getLastModifiedTime(library).toMillis() + "|" + engine.getFileName() + "|"
                    + Files.size(engine) + "|" + Files.getLastModifiedTime(engine).toMillis();
            return java.util.HexFormat.of().formatHex(sha256(key)).substring(0, 24);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static byte[] sha256(String s) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rules, read from the library on first use (veraPDF's foundry is initialised then, once per JVM). */
    public static ConformanceRules get() {
        ConformanceRules r = loaded;
        if (r == null) {
            synchronized (ConformanceRules.class) {
                r = loaded;
                if (r == null) {
                    r = load();
                    loaded = r;
                }
            }
        }
        return r;
    }

    /** Initialises the Greenfield foundry the first time it is called in this JVM. */
    static void initialiseLibrary() {
        LibraryHolder.touch();
    }

    private static final class LibraryHolder {
        static {
            VeraGreenfieldFoundryProvider.initialise();
        }

        static void touch() {
            // loading this class ran the initialisation
        }
    }

    private static ConformanceRules load() {
        initialiseLibrary();
        ProfileDirectory directory = Profiles.getVeraProfileDirectory();
        var flavoursById = new LinkedHashMap<String, Set<String>>();
        var rulesById = new LinkedHashMap<String, Rule>();
        var idsByFlavour = new LinkedHashMap<String, List<String>>();
        var standards = new LinkedHashMap<String, String>();
        var sizes = new LinkedHashMap<String, Integer>();
        // each id's key is made once: made per comparison, the sorts were half of reading the rules
        var sortKeys = new HashMap<String, String>();
        Comparator<String> ruleOrder = Comparator.comparing(sortKeys::get);
        for (String flavourId : PROFILE_OF_FLAVOUR.keySet()) {
            PDFAFlavour flavour = PDFAFlavour.byFlavourId(flavourId);
            ValidationProfile profile = directory.getValidationProfileByFlavour(flavour);
            if (profile == null) {
                throw new IllegalStateException("veraPDF serves no validation profile for flavour " + flavourId);
            }
            standards.put(flavourId, standardName(flavour));
            sizes.put(flavourId, profile.getRules().size());
            var ids = new ArrayList<String>();
            for (Rule rule : profile.getRules()) {
                String id = idOf(rule.getRuleId());
                ids.add(id);
                sortKeys.computeIfAbsent(id, ConformanceRules::sortKey);
                Rule seen = rulesById.putIfAbsent(id, rule);
                if (seen != null && !sameRule(seen.getRuleId(), rule.getRuleId())) {
                    throw new IllegalStateException("two veraPDF rules map to inspection id " + id);
                }
                flavoursById.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(flavourId);
            }
            ids.sort(ruleOrder);
            idsByFlavour.put(flavourId, List.copyOf(ids));
        }
        var byId = new LinkedHashMap<String, ConformanceRule>();
        rulesById.keySet().stream().sorted(ruleOrder).forEach(id -> {
            Rule rule = rulesById.get(id);
            RuleId rid = rule.getRuleId();
            List<String> flavours = flavoursById.get(id).stream()
                    .sorted(Comparator.comparingInt(sizes::get)).toList();
            byId.put(id, new ConformanceRule(id, rid.getSpecification().getId(), standardName(rid.getSpecification()),
                    rid.getClause(), rid.getTestNumber(), flavours, rule.getObject(),
                    sentence(rule.getDescription())));
        });
        return new ConformanceRules(java.util.Collections.unmodifiableMap(byId), Map.copyOf(idsByFlavour),
                Map.copyOf(standards));
    }

    private static boolean sameRule(RuleId a, RuleId b) {
        return a.getSpecification() == b.getSpecification() && a.getClause().equals(b.getClause())
                && a.getTestNumber() == b.getTestNumber();
    }

    /** Our id of a library rule id. */
    static String idOf(RuleId rid) {
        return ConformanceRule.idOf(prefix(rid.getSpecification()), rid.getClause(), rid.getTestNumber());
    }

    /** PDFA2, PDFUA1; other standards (ISO 32005's tagged-PDF rules inside PDF/UA-2) by their number, year left out. */
    private static String prefix(PDFAFlavour.Specification spec) {
        return switch (spec.getFamily()) {
            case PDF_A -> "PDFA" + spec.getPartNumber();
            case PDF_UA -> "PDFUA" + spec.getPartNumber();
            default -> spec.getId().replaceAll(":.*$", "").replaceAll("[^A-Za-z0-9]", "")
                    .toUpperCase(java.util.Locale.ROOT);
        };
    }

    private static String standardName(PDFAFlavour.Specification spec) {
        return switch (spec.getFamily()) {
            case PDF_A -> "PDF/A-" + spec.getPartNumber();
            case PDF_UA -> "PDF/UA-" + spec.getPartNumber();
            default -> spec.getId();
        };
    }

    private static String standardName(PDFAFlavour flavour) {
        return switch (flavour.getPart().getFamily()) {
            case PDF_A -> "PDF/A-" + flavour.getPart().getPartNumber()
                    + (flavour.getLevel() == PDFAFlavour.Level.NO_LEVEL ? ""
                    : flavour.getLevel().getCode().toLowerCase(java.util.Locale.ROOT));
            case PDF_UA -> "PDF/UA-" + flavour.getPart().getPartNumber();
            default -> flavour.getId();
        };
    }

    /** Ids in the order of their standard, then clause number by number, then test. */
    static String sortKey(String id) {
        var sb = new StringBuilder(id.length() + 32);
        for (String part : id.split("_")) {
            if (!part.isEmpty() && digits(part, 0)) {
                pad(sb, part, 0);
            } else if (part.length() > 1 && part.charAt(0) == 'T' && digits(part, 1)) {
                pad(sb.append('~'), part, 1);
            } else {
                sb.append(part);
            }
            sb.append('_');
        }
        return sb.toString();
    }

    private static boolean digits(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The number in {@code s} from {@code from} on, zero-padded to six digits (wider numbers as they are). */
    private static void pad(StringBuilder sb, String s, int from) {
        String n = Long.toString(Long.parseLong(s.substring(from)));
        sb.repeat('0', Math.max(0, 6 - n.length())).append(n);
    }

    /** The library's description as a sentence (some lack the closing full stop). */
    private static String sentence(String description) {
        String d = description == null ? "" : description.strip().replaceAll("\\s+", " ");
        return d.isEmpty() || d.endsWith(".") ? d : d + ".";
    }

    /** Made from a kept copy ({@link KeptRules}). */
    static ConformanceRules of(Map<String, ConformanceRule> byId, Map<String, List<String>> idsByFlavour,
                               Map<String, String> standardOfFlavour) {
        return new ConformanceRules(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byId)),
                Map.copyOf(idsByFlavour), Map.copyOf(standardOfFlavour));
    }

    /** Every rule, in catalogue order. */
    public List<ConformanceRule> all() {
        return List.copyOf(byId.values());
    }

    /** One rule, or null. */
    public ConformanceRule rule(String id) {
        return byId.get(id);
    }

    /** The ids of one flavour's rules, in catalogue order; empty for a flavour we do not serve. */
    public List<String> idsOf(String flavour) {
        return idsByFlavour.getOrDefault(flavour, List.of());
    }

    /** The served flavour ids, in catalogue order. */
    public List<String> flavours() {
        return List.copyOf(PROFILE_OF_FLAVOUR.keySet());
    }

    /** A flavour's display name ("PDF/A-2b", "PDF/UA-1"). */
    public String standardOf(String flavour) {
        return standardOfFlavour.getOrDefault(flavour, flavour);
    }

    /** Our built-in profile id of a flavour ("pdfa-2b"). */
    public static String profileOf(String flavour) {
        return PROFILE_OF_FLAVOUR.get(flavour);
    }

    private static Map<String, String> orderedMap(String... kv) {
        var m = new LinkedHashMap<String, String>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
