package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fixups' entry point: the registry, request validation, the choice of fixups for a set of findings, and the
 * chain that writes a fixed copy of a file.
 *
 * <p>Fixups always run in one safe order whatever order they were asked in: removals first, then page geometry,
 * then the re-distilling fixups (fonts, transparency, colour, images), then the object edits that a re-distillation
 * would otherwise undo, and the output intent last.
 */
public final class Fixups {

    /** The safe order, by id; a fixup not listed here runs after those that are. */
    static final List<String> ORDER = List.of("REMOVE_NONPRINTING", "SET_PAGE_BOXES", "ADD_BLEED", "EMBED_FONTS",
            "FLATTEN_TRANSPARENCY", "SPOT_TO_PROCESS", "CONVERT_TO_OUTPUT_INTENT", "DOWNSAMPLE_IMAGES",
            "MIN_LINE_WIDTH", "WHITE_KNOCKOUT", "BLACK_OVERPRINT", "SET_OUTPUT_INTENT");

    private final FixupSettings settings;
    private final Map<String, Fixup> fixups = new LinkedHashMap<>();

    public Fixups(FixupSettings settings) {
        this.settings = settings;
        List<Fixup> all = new ArrayList<>(List.of(new SetPageBoxesFixup(), new BlackOverprintFixup(),
                new WhiteKnockoutFixup(), new MinLineWidthFixup(), new SetOutputIntentFixup(),
                new RemoveNonprintingFixup(), new AddBleedFixup(),
                new ConvertToOutputIntentFixup(), new EmbedFontsFixup(),
                new DownsampleImagesFixup(), new FlattenTransparencyFixup(),
                new SpotToProcessFixup()));
        all.sort(Comparator.comparingInt(f -> rank(f.info().id())));
        for (Fixup f : all) {
            fixups.put(f.info().id(), f);
        }
    }

    /** Every fixup, in the safe order. */
    public List<FixupInfo> registry() {
        return fixups.values().stream().map(Fixup::info).toList();
    }

    public Optional<FixupInfo> info(String id) {
        return Optional.ofNullable(fixups.get(id)).map(Fixup::info);
    }

    /**
     * Checks a request list and returns it with every parameter coerced and defaults filled in, in the safe order.
     *
     * @throws InvalidFixupRequestException for an empty list, an unknown id, a fixup asked twice, an unknown
     *                                      parameter or a value that does not fit its parameter
     */
    public List<FixupRequest> validate(List<FixupRequest> requests) throws InvalidFixupRequestException {
        if (requests == null || requests.isEmpty()) {
            throw new InvalidFixupRequestException("no fixups asked for: give at least one fixup_id");
        }
        List<FixupRequest> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (FixupRequest r : requests) {
            Fixup f = r == null || r.fixupId() == null ? null : fixups.get(r.fixupId());
            if (f == null) {
                throw new InvalidFixupRequestException("unknown fixup_id '" + (r == null ? null : r.fixupId())
                        + "'; GET /api/v1/fixups lists them");
            }
            if (!seen.add(r.fixupId())) {
                throw new InvalidFixupRequestException("fixup '" + r.fixupId() + "' is asked for twice");
            }
            out.add(new FixupRequest(r.fixupId(), withDefaults(f.info(), r.params())));
        }
        out.sort(Comparator.comparingInt(r -> rank(r.fixupId())));
        return out;
    }

    /**
     * The fixups that resolve findings of these checks, with default parameters, in the safe order. A fixup's
     * {@code resolves} entry ending in {@code *} matches every check id with that prefix.
     *
     * @param checkIds the check ids of the findings to resolve
     * @param overrides parameters to use for a chosen fixup instead of its defaults (e.g. taken from a profile)
     */
    public List<FixupRequest> plan(Collection<String> checkIds, Map<String, Map<String, Object>> overrides) {
        List<FixupRequest> out = new ArrayList<>();
        for (Fixup f : fixups.values()) {
            boolean useful = checkIds.stream().anyMatch(id -> resolves(f.info(), id));
            if (useful) {
                Map<String, Object> params = overrides == null ? Map.of()
                        : overrides.getOrDefault(f.info().id(), Map.of());
                try {
                    out.add(new FixupRequest(f.info().id(), withDefaults(f.info(), params)));
                } catch (InvalidFixupRequestException e) {
                    throw new IllegalArgumentException(e.getMessage(), e);
                }
            }
        }
        return out;
    }

    /**
     * The fixups that resolve findings of these checks, with parameters taken from the profile the findings came
     * from where a fixup has a matching one: the bleed of PAGE_BLEED_INSUFFICIENT, the thinnest line of the
     * profile's line checks, the black text size and line width of the overprint checks, the spot colours that
     * SPOT_NOT_ALLOWED allows (kept by SPOT_TO_PROCESS), and the PDF/X edition of the profile's standard.
     */
    public List<FixupRequest> plan(Collection<String> checkIds, dev.preflight.engine.Profile profile) {
        Map<String, Map<String, Object>> overrides = new LinkedHashMap<>();
        if (profile != null) {
            Number bleed = param(profile, "PAGE_BLEED_INSUFFICIENT", "min_bleed_mm");
            if (bleed != null) {
                overrides.put("ADD_BLEED", Map.of("bleed_mm", Math.max(0.1, bleed.doubleValue())));
            }
            Double line = null;
            for (String id : List.of("LINE_THIN", "LINE_WHITE_THIN", "LINE_MULTICHANNEL_THIN")) {
                Number n = param(profile, id, "min_width_pt");
                if (n != null && (line == null || n.doubleValue() > line)) {
                    line = n.doubleValue();
                }
            }
            if (line != null) {
                overrides.put("MIN_LINE_WIDTH", Map.of("min_width_pt", Math.max(0.01, line)));
            }
            Map<String, Object> black = new LinkedHashMap<>();
            Number text = param(profile, "OP_BLACK_TEXT_MISSING", "max_size_pt");
            Number width = param(profile, "OP_BLACK_LINE_MISSING", "max_width_pt");
            if (text != null) {
                black.put("max_text_size_pt", text.doubleValue());
            }
            if (width != null) {
                black.put("max_line_width_pt", width.doubleValue());
            }
            if (!black.isEmpty()) {
                overrides.put("BLACK_OVERPRINT", black);
            }
            dev.preflight.engine.ProfileCheck allowed = profile.check("SPOT_NOT_ALLOWED");
            if (allowed != null && allowed.params().get("allowed_names") instanceof List<?> names
                    && !names.isEmpty()) {
                // the inks the profile books for the job are the ones a conversion must keep
                overrides.put("SPOT_TO_PROCESS", Map.of("keep_names", names.stream().map(String::valueOf).toList()));
            }
            String standard = profile.standard() == null ? "" : profile.standard();
            if (standard.startsWith("PDF/X-1a")) {
                overrides.put("SET_OUTPUT_INTENT", Map.of("pdfx", "PDF/X-1a:2003"));
            }
        }
        List<FixupRequest> planned = plan(checkIds, overrides);
        // a file that gets its output intent from SET_OUTPUT_INTENT has none yet to convert to: the conversion,
        // which runs first, uses the same catalogue condition
        FixupRequest intent = planned.stream().filter(r -> r.fixupId().equals("SET_OUTPUT_INTENT")).findFirst()
                .orElse(null);
        if (intent == null) {
            return planned;
        }
        List<FixupRequest> out = new ArrayList<>();
        for (FixupRequest r : planned) {
            if (r.fixupId().equals("CONVERT_TO_OUTPUT_INTENT") && r.params().get("condition") == null) {
                Map<String, Object> p = new LinkedHashMap<>(r.params());
                p.put("condition", intent.params().get("condition"));
                r = new FixupRequest(r.fixupId(), p);
            }
            out.add(r);
        }
        return out;
    }

    private static Number param(dev.preflight.engine.Profile profile, String checkId, String name) {
        dev.preflight.engine.ProfileCheck c = profile.check(checkId);
        return c != null && c.params().get(name) instanceof Number n ? n : null;
    }

    /** Whether a fixup is meant to resolve findings of this check. */
    public static boolean resolves(FixupInfo info, String checkId) {
        for (String r : info.resolves()) {
            if (r.endsWith("*") ? checkId.startsWith(r.substring(0, r.length() - 1)) : r.equals(checkId)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the fixups one after another and writes the fixed file to {@code out}; {@code in} is never written.
     *
     * @throws InvalidFixupRequestException when the requests do not validate
     * @throws FixupException               when the file cannot be fixed; nothing is left at {@code out}
     */
    public FixupResult apply(Path in, Path out, List<FixupRequest> requests)
            throws FixupException, InvalidFixupRequestException {
        List<FixupRequest> chain = validate(requests);
        List<AppliedFixup> applied = new ArrayList<>();
        Path current = in;
        List<Path> temps = new ArrayList<>();
        try {
            for (FixupRequest r : chain) {
                Path next = Files.createTempFile(settings.scratchDir(), "fixup-", ".pdf");
                temps.add(next);
                applied.add(fixups.get(r.fixupId()).apply(current, next, r.params(), settings));
                current = next;
            }
            Files.move(current, out, StandardCopyOption.REPLACE_EXISTING);
            return new FixupResult(applied);
        } catch (IOException e) {
            throw new FixupException(null, "The fixed file could not be written: " + e.getMessage(), e);
        } finally {
            for (Path t : temps) {
                try {
                    Files.deleteIfExists(t);
                } catch (IOException ignored) {
                    // a scratch file left behind is swept with the scratch directory
                }
            }
        }
    }

    private static Map<String, Object> withDefaults(FixupInfo info, Map<String, Object> given)
            throws InvalidFixupRequestException {
        Map<String, Object> params = new LinkedHashMap<>();
        for (String name : given.keySet()) {
            if (info.parameter(name) == null) {
                throw new InvalidFixupRequestException("fixup '" + info.id() + "' has no parameter '" + name + "'");
            }
        }
        for (ParamSpec p : info.parameters()) {
            Object v = given.containsKey(p.name()) ? given.get(p.name()) : p.defaultValue();
            try {
                params.put(p.name(), p.coerce(v));
            } catch (IllegalArgumentException e) {
                throw new InvalidFixupRequestException("fixup '" + info.id() + "': " + e.getMessage());
            }
        }
        return params;
    }

    private static int rank(String id) {
        int i = ORDER.indexOf(id);
        return i < 0 ? ORDER.size() : i;
    }
}
