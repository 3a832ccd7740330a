package dev.preflight.intake;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The built-in catalogue is complete and its bundled profiles are what bin/build-icc-profiles makes: output
 * profiles in CMYK with a Lab connection space, naming their condition and crediting their characterization data.
 */
@DatabaseIndependent
class IccCatalogueTests {

    private final IccCatalogue catalogue = new IccCatalogue();

    @Test
    void everyEntryIsCompleteAndUnique() {
        var ids = new HashSet<String>();
        var conditions = new HashSet<String>();
        for (IccCatalogue.Entry e : catalogue.all()) {
            IccCatalogue.Declared d = e.declared();
            assertThat(ids.add(d.id())).as("unique id " + d.id()).isTrue();
            assertThat(conditions.add(d.outputConditionIdentifier())).as("unique " + d.outputConditionIdentifier())
                    .isTrue();
            assertThat(d.id()).matches("[a-z0-9]+(-[a-z0-9]+)*");
            assertThat(d.name()).isNotBlank();
            assertThat(d.alsoKnownAs()).isNotNull();
            assertThat(d.outputCondition()).isNotBlank();
            assertThat(d.registryName()).isEqualTo("http://www.color.org");
            assertThat(d.standard()).isNotBlank();
            assertThat(d.colorSpace()).isEqualTo("CMYK");
            assertThat(d.characterizationData().name()).isNotBlank();
            assertThat(d.characterizationData().publisher()).isNotBlank();
            assertThat(d.characterizationData().reference()).contains(d.outputConditionIdentifier());
            if (d.profileFile() != null) {
                assertThat(d.totalInkLimit()).isBetween(200, 400);
                assertThat(d.dataFile()).endsWith(".ti3");
            }
        }
        assertThat(conditions).contains("FOGRA39", "FOGRA51", "FOGRA52", "CGATS21_CRPC6", "CGATS TR 001", "IFRA26");
    }

    @Test
    void eachBundledProfileIsAnOutputProfileNamingItsConditionAndData() {
        int bundled = 0;
        for (IccCatalogue.Entry e : catalogue.all()) {
            if (e.profile() == null) {
                assertThat(e.header()).isNull();
                continue;
            }
            bundled++;
            IccCatalogue.Declared d = e.declared();
            assertThat(e.header().deviceClass()).isEqualTo("output");
            assertThat(e.header().colorSpace()).isEqualTo("CMYK");
            assertThat(e.header().pcs()).isEqualTo("Lab");
            assertThat(e.header().size()).isEqualTo(e.profile().length);
            String text = new String(e.profile(), StandardCharsets.ISO_8859_1);
            assertThat(text).as(d.profileFile()).contains(d.outputConditionIdentifier() + " - " + d.name());
            assertThat(text).as(d.profileFile()).contains(d.characterizationData().reference());
            assertThat(e.sha256()).hasSize(64);
            assertThat(e.note()).contains(d.dataFile(), d.totalInkLimit() + " %");
        }
        assertThat(bundled).isEqualTo(9);
    }
}
