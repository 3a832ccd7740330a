package dev.preflight.engine.conformance;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Reading what a file declares from its XMP, and places from the validator's context paths. */
class DeclarationAndContextTests {

    @Test
    void readsPdfaAndPdfuaDeclarationsInElementAndAttributeForm() {
        assertThat(Declared.of("<pdfaid:part>3</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance>"))
                .containsExactly("3u");
        assertThat(Declared.of("<rdf:Description pdfaid:part=\"2\" pdfaid:conformance='B' pdfuaid:part=\"1\"/>"))
                .containsExactly("2b", "ua1");
        // PDF/A-4 may declare no level; parts 1 to 3 without one are judged at level b
        assertThat(Declared.of("<pdfaid:part>4</pdfaid:part>")).containsExactly("4");
        assertThat(Declared.of("<pdfaid:part>1</pdfaid:part>")).containsExactly("1b");
        assertThat(Declared.of("<dc:title>no claim</dc:title>")).isEmpty();
    }

    @Test
    void readsThePageAndTheInnermostObjectOfAContext() {
        String ctx = "root/document[0]/pages[2](3 0 obj PDPage)/contentStream[0](9 0 obj PDContentStream)/operators[4]";
        assertThat(RuleContext.page(ctx)).isEqualTo(3);
        assertThat(RuleContext.objectId(ctx)).isEqualTo("9 0 R");
        assertThat(RuleContext.page("root/document[0]/Perms[0]")).isZero();
        assertThat(RuleContext.objectId("root/trailer[0]/Info[0]")).isNull();
        assertThat(RuleContext.page(null)).isZero();
    }

    @Test
    void idsNameTheStandardClauseAndTest() {
        assertThat(ConformanceRule.idOf("PDFA2", "6.2.11.4.1", 1)).isEqualTo("PDFA2_6_2_11_4_1_T1");
        assertThat(ConformanceRule.idOf("PDFUA1", "7.1", 3)).isEqualTo("PDFUA1_7_1_T3");
        assertThat(ConformanceRule.idOf("ISO32005", "Table 5. Annot-Aside", 1))
                .isEqualTo("ISO32005_TABLE_5_ANNOT_ASIDE_T1");
        var rules = ConformanceRules.get();
        assertThat(rules.rule("PDFA2_6_2_11_4_1_T1").flavours()).containsExactly("2b", "2u", "2a");
        assertThat(rules.idsOf("2b")).hasSize(144).allMatch(id -> id.startsWith("PDFA2_"));
        assertThat(List.of("1a", "1b", "2a", "2b", "2u", "3a", "3b", "3u", "4", "4e", "4f", "ua1", "ua2"))
                .allSatisfy(f -> assertThat(rules.idsOf(f)).isNotEmpty());
    }
}
