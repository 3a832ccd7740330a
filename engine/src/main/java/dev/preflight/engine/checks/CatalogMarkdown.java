package dev.preflight.engine.checks;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Writes docs/checks.md from the check catalogue. Regenerate after changing any check's metadata:
 * {@code ./mvnw -o -pl engine test -Dtest=CatalogMarkdownTests -Dpreflight.regenerate=true}
 * (or run this class with the output path as argument).
 */
public final class CatalogMarkdown {

    private CatalogMarkdown() {
    }

    /** The whole document for a catalogue. */
    public static String render(CheckCatalog catalog) {
        var sb = new StringBuilder();
        sb.append("# Preflight checks\n\n");
        sb.append("<!-- Generated from the check catalogue by dev.preflight.engine.checks.CatalogMarkdown; do not edit.\n");
        sb.append("     Regenerate: ./mvnw -o -pl engine test -Dtest=CatalogMarkdownTests -Dpreflight.regenerate=true -->\n\n");
        List<CheckInfo> rules = catalog.infos().stream().filter(CatalogMarkdown::isRule).toList();
        List<CheckInfo> own = catalog.infos().stream().filter(i -> !isRule(i)).toList();
        sb.append("Every check the engine runs, by stable inspection id (the same list is served by ")
                .append("`GET /api/v1/check-names`). Profiles choose which checks run and may override the ")
                .append("severity and the parameters shown here. ")
                .append(catalog.size()).append(" checks: ").append(own.size())
                .append(" print and document checks of our own, and ").append(rules.size())
                .append(" PDF/A, PDF/UA and tagged-PDF rules of veraPDF's validation profiles ")
                .append("(see [Conformance rules](#conformance-rules)).\n\n");
        Map<String, List<CheckInfo>> byCategory = new TreeMap<>(own.stream()
                .collect(Collectors.groupingBy(CheckInfo::category)));
        sb.append("| category | checks |\n|---|---|\n");
        byCategory.forEach((cat, infos) -> sb.append("| ").append(cat).append(" | ").append(infos.size())
                .append(" |\n"));
        for (var e : byCategory.entrySet()) {
            sb.append("\n## ").append(e.getKey()).append("\n\n");
            sb.append("| id | name | default severity | parameters (default) | description |\n");
            sb.append("|---|---|---|---|---|\n");
            for (CheckInfo i : e.getValue().stream().sorted(java.util.Comparator.comparing(CheckInfo::id)).toList()) {
                sb.append("| `").append(i.id()).append("` | ").append(cell(i.name())).append(" | ")
                        .append(i.defaultSeverity().wire()).append(i.needsInk() ? " (needs rendered ink)" : "")
                        .append(" | ").append(params(i.parameters())).append(" | ").append(cell(i.description()))
                        .append(" |\n");
            }
        }
        sb.append(NOTES);
        sb.append(PROFILES);
        conformance(sb, rules);
        return sb.toString();
    }

    /** A conformance rule: a check generated from veraPDF's profiles (all but the declared-conformance check). */
    private static boolean isRule(CheckInfo i) {
        return "conformance".equals(i.category()) && i.metadata().containsKey("clause");
    }

    /**
     * The conformance rules by id, standard, clause, test and the built-in profiles holding them. Their texts come
     * from the library at run time (served by the check-name registry) and are not repeated here.
     */
    private static void conformance(StringBuilder sb, List<CheckInfo> rules) {
        sb.append("""

                ## Conformance rules

                PDF/A (ISO 19005), PDF/UA (ISO 14289) and tagged PDF (ISO 32005, in the PDF/UA-2 profile) through
                veraPDF: every rule of its validation profiles is a check of category `conformance`, default severity
                error, named `PDFA<part>_<clause>_T<test>`, `PDFUA<part>_<clause>_T<test>` or
                `ISO32005_<clause>_T<test>`. Each rule's description comes from the library at run time and is served
                by `GET /api/v1/check-names`; the built-in profiles `pdfa-1a` to `pdfa-4f`, `pdfua-1` and `pdfua-2`
                hold exactly the rules of their veraPDF profile, and `pdfa-auto` validates against what the file
                declares. A failed rule is one finding with `details.occurrences` and the first locations; it is
                placed on the page its first failure names and, when that failure is about an annotation, an image
                or form the page draws, or a font its text uses, boxed where that object is (rules about the
                document, metadata or stream syntax carry no box).

                """);
        Map<String, Long> byStandard = new java.util.LinkedHashMap<>();
        rules.forEach(i -> byStandard.merge(i.metadata().get("specification"), 1L, Long::sum));
        sb.append("| specification | rules |\n|---|---|\n");
        byStandard.forEach((spec, n) -> sb.append("| ").append(spec).append(" | ").append(n).append(" |\n"));
        sb.append("\n| id | specification | clause | test | profiles |\n|---|---|---|---|---|\n");
        for (CheckInfo i : rules) {
            var m = i.metadata();
            sb.append("| `").append(i.id()).append("` | ").append(m.get("specification")).append(" | ")
                    .append(cell(m.get("clause"))).append(" | ").append(m.get("test")).append(" | ")
                    .append(m.get("profiles")).append(" |\n");
        }
    }

    private static final String NOTES = """

            ## Notes beside the verdicts

            - **Skipped objects (GWG I00006).** The overprint, text and line checks judge only visible objects (GWG
              D0030), and some only objects in front of other content (D0031) or over colour other than black. When
              those rules make a check skip objects it would otherwise have reported, the check adds one `info`
              finding per page with its own inspection id, `details.skipped = true`, `skipped_total` and one
              `skipped_<reason>` count per reason (`not_overlapping`, `not_over_colour`, `clipped`, `covered`, ...).
              A page with no such note was checked and had nothing to skip; a note with no other finding of that
              check means every candidate on the page was skipped. Notes carry no `iso_clause`: they explain how a
              rule was applied and are not rule results, and they do not count towards the location cap.
            - **What counts as painted.** A fill whose path encloses no area (`0 0 m f`, a straight line filled, a
              rectangle of width 0) paints nothing and is no page element for any check (its fact says `empty`); a
              `B` on such a path keeps only its stroke. Marks wholly outside the BleedBox (the CropBox when there is
              none) are trimmed away: `SPOT_REGISTRATION_ALL` skips them (`outside_printed_surface`) and judges a path
              whose marks lie far apart, such as crop marks drawn as one path, by its own segments. The overprint
              checks for black judge what is painted under the mark: the nearest ink below it, where an opaque
              knockout box that covers the mark hides everything further down.
            - **Outlines of the same colour (GWG R0019).** `LINE_MULTICHANNEL_THIN` does not judge a stroke drawn
              exactly over a fill of the same path and colour (`B`, or `f` then `S` on that path right after it). By
              the GWG visibility rules such a stroke is visible (D0030), but it never shows as a line: its inner half
              lies on identical ink and what remains is half its width more of the filled shape, whose edge R0019
              does not judge. It is counted in the skip note (`outline_of_same_colour_fill`); another colour, another
              path or anything painted in between keeps it a line.
            - **Large-format scaling.** `LARGE_FORMAT_SCALING` is an `info` note in the GWG Large Format variant, bound
              to no requirement: GWG R0037 is enforced through the scaled limits of the resolution, text-size and
              line-width checks.
            - **Damaged streams.** `DOC_DAMAGED` also decodes every content, form and image stream a page draws (once
              per stream; at most 1 GiB of decoded data and 20 s per document) and reports each one that does not
              decode completely on the first page that draws it: truncated or corrupt Flate data, a JPEG without its
              end-of-image marker, an error in any other filter chain except JPX, JBIG2 and CCITT (judged when
              rendered), or a /Length that does not lead to `endstream`; and each ICC profile of a content colour
              space whose header cannot be read (its colour is then judged from `/N`, and so are output intent
              profiles: an unreadable profile is "unreadable", never "missing").
            """;

    private static final String PROFILES = """

            ## Profiles

            A profile is a JSON document naming the checks to run, with an optional severity, parameter values and a
            compliance clause per check. Built-in profiles live in `engine/src/main/resources/profiles/` (the GWG and
            PDF/X ones are generated from one table in `dev.preflight.engine.profiles`); tenants register their own with
            `POST /api/v1/profiles`, which rejects unknown keys, unknown check ids, unknown parameters and values of the
            wrong type or range, naming the place of each problem (`checks[2].params.min_bleed_mm: ...`).

            ```json
            {
              "id": "my-profile",
              "name": "My profile",
              "description": "What it is for",
              "standard": "PDF/X-4",
              "checks": [
                { "id": "PAGE_BLEED_INSUFFICIENT", "severity": "error", "params": { "min_bleed_mm": 3 },
                  "iso_clause": "house rule 4" },
                { "id": "DOC_ENCRYPTED" }
              ]
            }
            ```

            `id` and `name` are required, `checks` may be empty; `severity` is one of error, warning, advisory, info
            (default: the check's); parameters not given take the defaults above, and `null` switches an optional
            threshold off. Findings carry the profile's `iso_clause` (GWG profiles use `GWG2022 R0031`).
            """;

    private static String params(List<ParamSpec> specs) {
        if (specs.isEmpty()) {
            return "";
        }
        return specs.stream().map(p -> "`" + p.name() + "` " + p.type().name().toLowerCase(java.util.Locale.ROOT)
                + " (" + value(p.defaultValue()) + "): " + cell(p.description())
                + (p.allowed().isEmpty() ? "" : (p.type() == ParamSpec.Type.STRING_LIST ? "; each one of "
                        : "; one of ") + String.join(", ", p.allowed())))
                .collect(Collectors.joining("<br>"));
    }

    private static String value(Object v) {
        if (v == null) {
            return "off";
        }
        if (v instanceof List<?> l) {
            return l.isEmpty() ? "none" : l.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        return String.valueOf(v);
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/checks.md");
        Files.writeString(out, render(CheckCatalog.builtin()), StandardCharsets.UTF_8);
        System.out.println("wrote " + CheckCatalog.builtin().size() + " checks to " + out);
    }
}
