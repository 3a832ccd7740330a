package dev.preflight.engine.conformance;

import java.util.List;

/**
 * One rule of a veraPDF validation profile as we name it.
 *
 * @param id            inspection id, {@code PDFA2_6_2_11_4_1_T1} or {@code PDFUA1_7_1_T3}
 * @param specification the standard as the library names it ("ISO 19005-2:2011")
 * @param standard      the standard's short name ("PDF/A-2", "PDF/UA-1")
 * @param clause        the clause ("6.2.11.4.1")
 * @param test          the test number within the clause
 * @param flavours      veraPDF flavour ids whose profiles hold the rule, smallest profile first
 * @param object        the kind of PDF object the rule judges, in the library's model (PDPage, CosDocument, ...)
 * @param description   the library's description of the rule, read at run time
 */
public record ConformanceRule(String id, String specification, String standard, String clause, int test,
                              List<String> flavours, String object, String description) {

    public ConformanceRule {
        flavours = List.copyOf(flavours);
    }

    /** Our inspection id for a rule: the standard's family and part, the clause with underscores, the test. */
    static String idOf(String prefix, String clause, int test) {
        // numbered clauses keep their digits (6.2.11.4.1 -> 6_2_11_4_1); ISO 32005's table cells
        // ("Table 5. Annot-Aside") become upper-case words
        String c = clause.strip().replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_|_$", "")
                .toUpperCase(java.util.Locale.ROOT);
        return prefix + "_" + c + "_T" + test;
    }
}
