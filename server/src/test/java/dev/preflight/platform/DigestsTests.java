package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import static org.assertj.core.api.Assertions.assertThat;

/** The published test vectors of SHA-256 (FIPS 180-2) and HMAC-SHA256 (RFC 4231), in the encodings we write. */
@DatabaseIndependent
class DigestsTests {

    private static final String SHA256_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @Test
    void sha256OfTextIsTheFipsVectorInLowerCaseHex() {
        assertThat(Digests.sha256Hex("abc")).isEqualTo(SHA256_ABC);
        assertThat(Digests.sha256Hex("abc".getBytes(StandardCharsets.US_ASCII))).isEqualTo(SHA256_ABC);
        assertThat(Digests.hex(Digests.sha256("abc"))).isEqualTo(SHA256_ABC);
    }

    @Test
    void textIsHashedAsUtf8() throws Exception {
        String text = "Grüße, ½ ⅓";
        byte[] expected = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        assertThat(Digests.sha256(text)).isEqualTo(expected);
    }

    @Test
    void aDigestFedInPartsEqualsTheWholeOne() {
        MessageDigest d = Digests.sha256();
        d.update("a".getBytes(StandardCharsets.UTF_8));
        d.update("bc".getBytes(StandardCharsets.UTF_8));
        assertThat(Digests.hex(d.digest())).isEqualTo(SHA256_ABC);
    }

    @Test
    void aShortenedHexDigestKeepsTheFirstBytes() {
        assertThat(Digests.hex(Digests.sha256("abc"), 16)).isEqualTo(SHA256_ABC.substring(0, 32));
    }

    @Test
    void hmacSha256MatchesRfc4231TestCase2() {
        String expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        assertThat(Digests.hex(Digests.hmacSha256("Jefe", "what do ya want for nothing?"))).isEqualTo(expected);
        assertThat(Digests.hex(Digests.hmacSha256("Jefe".getBytes(StandardCharsets.UTF_8),
                "what do ya want for nothing?".getBytes(StandardCharsets.UTF_8)))).isEqualTo(expected);
    }

    @Test
    void hmacSha256TakesKeysLongerThanABlock() {
        // RFC 4231 test case 6: a 131-byte key is hashed first.
        byte[] key = new byte[131];
        java.util.Arrays.fill(key, (byte) 0xaa);
        byte[] message = "Test Using Larger Than Block-Size Key - Hash Key First".getBytes(StandardCharsets.US_ASCII);
        assertThat(Digests.hex(Digests.hmacSha256(key, message)))
                .isEqualTo("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    }

    @Test
    void base64UrlHasNoPaddingAndUrlSafeLetters() {
        String b = Digests.base64Url(Digests.sha256("abc"));
        assertThat(b).hasSize(43).matches("[A-Za-z0-9_-]+").isEqualTo("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
    }
}
