package dev.preflight.reports;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Share tokens sealed with AES-GCM: bound to their row and key; the key from configuration or the data directory. */
@DatabaseIndependent
class ReportTokenCipherTests {

    private static final String TOKEN = ReportService.randomToken();

    @TempDir
    Path dataDir;

    private static byte[] key(int fill) {
        byte[] k = new byte[32];
        java.util.Arrays.fill(k, (byte) fill);
        return k;
    }

    @Test
    void aSealedTokenOpensForItsRowAndHoldsNoTraceOfThePlainToken() {
        var cipher = new ReportTokenCipher(key(1));
        String sealed = cipher.seal(TOKEN, "row-1");

        assertThat(sealed).startsWith("v1.").doesNotContain(TOKEN).hasSizeLessThanOrEqualTo(160);
        assertThat(cipher.open(sealed, "row-1")).isEqualTo(TOKEN);
        // A fresh nonce each time: the same token never seals to the same value.
        assertThat(cipher.seal(TOKEN, "row-1")).isNotEqualTo(sealed);
    }

    @Test
    void aValueMovedToAnotherRowAlteredOrSealedWithAnotherKeyDoesNotOpen() {
        var cipher = new ReportTokenCipher(key(1));
        String sealed = cipher.seal(TOKEN, "row-1");

        assertThatThrownBy(() -> cipher.open(sealed, "row-2")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("row-2").hasMessageNotContaining(TOKEN);
        char last = sealed.charAt(sealed.length() - 2);
        String altered = sealed.substring(0, sealed.length() - 2) + (last == 'A' ? 'B' : 'A')
                + sealed.charAt(sealed.length() - 1);
        assertThatThrownBy(() -> cipher.open(altered, "row-1")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new ReportTokenCipher(key(2)).open(sealed, "row-1"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("PREFLIGHT_TOKEN_KEY");
        assertThatThrownBy(() -> cipher.open(TOKEN, "row-1")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not sealed");
    }

    @Test
    void theKeyCheckTellsKeysApartWithoutBeingTheKey() {
        var a = new ReportTokenCipher(key(1));
        assertThat(a.keyCheck()).isEqualTo(new ReportTokenCipher(key(1)).keyCheck())
                .isNotEqualTo(new ReportTokenCipher(key(2)).keyCheck())
                .isNotEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(key(1)));
    }

    @Test
    void aConfiguredKeyIsUsedAndNothingIsWrittenToTheDataDirectory() throws Exception {
        String configured = Base64.getEncoder().encodeToString(key(7));

        assertThat(ReportTokenCipher.key(configured, dataDir)).isEqualTo(key(7));
        assertThat(ReportTokenCipher.key(" " + configured.replace('+', '-').replace('/', '_') + "\n", dataDir))
                .isEqualTo(key(7));
        try (var files = Files.list(dataDir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aConfiguredKeyOfTheWrongShapeIsRefusedWithAHint() {
        String shortKey = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> ReportTokenCipher.key(shortKey, dataDir)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("PREFLIGHT_TOKEN_KEY holds 16 bytes").hasMessageContaining("openssl rand -base64 32");
        assertThatThrownBy(() -> ReportTokenCipher.key("not base64 at all!", dataDir))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not base64");
    }

    @Test
    void withoutAConfiguredKeyOneIsGeneratedIntoTheDataDirectoryOnceAndKeptOwnerOnly() throws Exception {
        byte[] first = ReportTokenCipher.key("", dataDir);
        Path file = dataDir.resolve(ReportTokenCipher.KEY_FILE);

        assertThat(first).hasSize(32).isNotEqualTo(new byte[32]);
        assertThat(file).exists();
        assertThat(Base64.getDecoder().decode(Files.readString(file).trim())).isEqualTo(first);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(ReportTokenCipher.key(null, dataDir)).isEqualTo(first);
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
        // Tokens sealed before a restart open after it.
        String sealed = new ReportTokenCipher(first).seal(TOKEN, "r");
        assertThat(new ReportTokenCipher(ReportTokenCipher.key(null, dataDir)).open(sealed, "r")).isEqualTo(TOKEN);
    }
}
