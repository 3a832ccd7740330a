package dev.preflight.engine.checks;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Every registered check carries complete metadata (Error Prone / PMD style catalogue test). */
class DocumentCatalogTests {

    /** Categories of the document checks; content checks choose their own (checked for form only). */
    private static final Set<String> DOCUMENT_CATEGORIES = Set.of("structure", "font", "page", "metadata",
            "output_intent", "optional_content", "processing_steps", "compliance");
    private static final Set<String> OBJECT_TYPES = Set.of("image", "text", "path", "font", "page", "document");

    @Test
    void everyCheckHasCompleteMetadata() {
        for (CheckInfo i : CheckCatalog.builtin().infos()) {
            assertThat(i.id()).as("id").matches("[A-Z][A-Z0-9_]{2,63}");
            assertThat(i.name()).as(i.id() + " name").isNotBlank().hasSizeLessThan(80);
            assertThat(i.description()).as(i.id() + " description").isNotBlank().hasSizeGreaterThan(20)
                    .endsWith(".");
            assertThat(i.category()).as(i.id() + " category").matches("[a-z][a-z_]*");
            assertThat(i.defaultSeverity()).as(i.id() + " severity").isNotNull();
            assertThat(i.objectType()).as(i.id() + " object type").isIn(OBJECT_TYPES);
            var names = new HashSet<String>();
            for (ParamSpec p : i.parameters()) {
                assertThat(p.name()).as(i.id() + " parameter").matches("[a-z][a-z0-9_]*");
                assertThat(names.add(p.name())).as(i.id() + " duplicate parameter " + p.name()).isTrue();
                assertThat(p.description()).as(i.id() + "." + p.name() + " description").isNotBlank();
                assertThat(p.coerce(p.defaultValue())).as(i.id() + "." + p.name() + " default fits its type")
                        .isEqualTo(p.defaultValue());
            }
        }
    }

    @Test
    void documentChecksUseTheDocumentCategories() {
        for (Check c : DocumentChecks.all()) {
            assertThat(c.info().category()).as(c.info().id()).isIn(DOCUMENT_CATEGORIES);
        }
    }

    @Test
    void documentChecksAreRegisteredOnceWithDistinctIds() {
        var ids = DocumentChecks.all().stream().map(c -> c.info().id()).toList();
        assertThat(ids).doesNotHaveDuplicates().hasSizeGreaterThanOrEqualTo(70);
        assertThat(CheckRegistry.all().stream().map(c -> c.info().id())).containsAll(ids);
        assertThat(CheckCatalog.builtin().size()).isEqualTo(CheckRegistry.all().size());
    }

    @Test
    void agreedDocumentIdsExist() {
        for (String id : new String[] {"DOC_ENCRYPTED", "DOC_DAMAGED", "PAGE_TRIMBOX_MISSING",
                "PAGE_BLEED_INSUFFICIENT", "FONT_NOT_EMBEDDED", "OI_MISSING", "PAGE_USERUNIT", "PAGE_CROP_NOT_MEDIA",
                "PAGE_TRIM_SIZE_MIXED", "PAGE_ROTATED", "DOC_PAGE_COUNT", "FONT_COURIER", "OC_CONFIGS_PRESENT",
                "OI_NOT_CMYK", "OC_HIDDEN_LAYERS", "PROC_STEPS_PRODUCT_TYPE", "PROC_STEPS_CREASING_REQUIRED"}) {
            assertThat(CheckCatalog.builtin().info(id)).as(id).isNotNull();
        }
        assertThat(CheckCatalog.builtin().info("PAGE_BLEED_INSUFFICIENT").parameter("min_bleed_mm").defaultValue())
                .isEqualTo(3.0);
        assertThat(CheckCatalog.builtin().info("DOC_PAGE_COUNT").parameter("expected_pages").defaultValue())
                .isEqualTo(1);
        assertThat(CheckCatalog.builtin().info("PAGE_CROP_NOT_MEDIA").parameter("tolerance_pt")).isNotNull();
        assertThat(CheckCatalog.builtin().info("PAGE_TRIM_SIZE_MIXED").parameter("tolerance_pt")).isNotNull();
        assertThat(CheckCatalog.builtin().info("PROC_STEPS_PRODUCT_TYPE").parameter("not_allowed")).isNotNull();
    }
}
