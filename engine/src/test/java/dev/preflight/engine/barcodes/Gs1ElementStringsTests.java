package dev.preflight.engine.barcodes;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Gs1ElementStringsTests {

    @Test
    void readsFixedAndVariableLengthFields() {
        var r = Gs1ElementStrings.read("0109506000134352" + "17261231" + "10ABC\u001D21XYZ");
        assertThat(r.problem()).isNull();
        assertThat(r.hri()).isEqualTo("(01)09506000134352(17)261231(10)ABC(21)XYZ");
        assertThat(r.value("21")).isEqualTo("XYZ");
    }

    @Test
    void fourDigitMeasureAisAreKnownByTheirFirstThreeDigits() {
        var r = Gs1ElementStrings.read("3103000125" + "01" + "09506000134352");
        assertThat(r.problem()).isNull();
        assertThat(r.hri()).isEqualTo("(3103)000125(01)09506000134352");
    }

    @Test
    void namesTheRuleBroken() {
        assertThat(Gs1ElementStrings.read("0109506000134353").problem())
                .isEqualTo("AI (01) 09506000134353 has a wrong check digit (expected 2)");
        assertThat(Gs1ElementStrings.read("2312345").problem())
                .isEqualTo("unknown Application Identifier at position 1 ('2312')");
        assertThat(Gs1ElementStrings.read("10ABCDEFGHIJ0123456789").problem()).isNull();
        assertThat(Gs1ElementStrings.read("10ABCDEFGHIJ01234567890").problem())
                .isEqualTo("AI (10) holds 21 characters; it takes 1 to 20");
        assertThat(Gs1ElementStrings.read("010950600013435").problem())
                .isEqualTo("AI (01) holds 13 characters; it takes exactly 14");
        assertThat(Gs1ElementStrings.read("17261301").problem()).isEqualTo("AI (17) 261301 is not a date (YYMMDD)");
        assertThat(Gs1ElementStrings.read("30A1").problem()).isEqualTo("AI (30) takes digits only, not 'A1'");
        assertThat(Gs1ElementStrings.read("").problem()).isEqualTo("no element string");
    }

    @Test
    void checkDigitIsGs1Modulo10() {
        assertThat(Gs1ElementStrings.checkDigit("400638133393")).isEqualTo(1);
        assertThat(Gs1ElementStrings.checkDigit("0950600013435")).isEqualTo(2);
        assertThat(Gs1ElementStrings.checkDigitOk("00012345600012345")).isFalse();
    }
}
