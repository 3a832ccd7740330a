package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ImportedIdsTests {

    @Test
    void hashIsTheFirstTwelveHexDigitsOfSha256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        assertThat(ImportedIds.hashed("EXT-SVC-", "abc")).isEqualTo("EXT-SVC-HBA7816BF8F01");
    }

    @Test
    void toolIdsArePrefixedOnceWithWhitespaceReplaced() {
        assertThat(ImportedIds.prefixed("EXT-CLS-", " my rule ")).isEqualTo("EXT-CLS-my_rule");
        assertThat(ImportedIds.prefixed("EXT-CLS-", "EXT-CLS-X")).isEqualTo("EXT-CLS-X");
        assertThat(ImportedIds.of("EXT-PSP-", "  ", "text")).isEqualTo(ImportedIds.hashed("EXT-PSP-", "text"));
    }
}
