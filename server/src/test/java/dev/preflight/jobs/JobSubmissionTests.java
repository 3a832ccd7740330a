package dev.preflight.jobs;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/v1/jobs: every field of the spec's table validated exactly. */
class JobSubmissionTests extends ServerTestBase {

    private TenantKey tenant;
    private byte[] pdf;

    @BeforeEach
    void setUp() {
        tenant = newTenant("growth");
        pdf = SamplePdfs.clean().bytes();
    }

    private Api.Answer post(Api.Form form) {
        return api.postForm("/api/v1/jobs", tenant.key(), form);
    }

    private static void assertValidationError(Api.Answer r, String field, String type) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode detail = r.json().get("detail");
        assertThat(detail.isArray()).isTrue();
        JsonNode first = detail.get(0);
        assertThat(first.get("loc").get(0).asString()).isEqualTo("body");
        assertThat(first.get("loc").get(1).asString()).isEqualTo(field);
        assertThat(first.get("type").asString()).isEqualTo(type);
        assertThat(first.get("msg").asString()).isNotBlank();
    }

    @Test
    void acceptsAValidSubmissionWith202AndTheSubmitShape() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "minimal"));
        assertThat(r.status()).isEqualTo(202);
        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("job_id", "status", "message");
        assertThat(UUID.fromString(body.get("job_id").asString())).isNotNull();
        assertThat(body.get("status").asString()).isEqualTo("queued");
        assertThat(body.get("message").asString()).isNotBlank();
    }

    @Test
    void rejectsAMissingFileAsAValidationError() {
        assertValidationError(post(Api.form().field("preflight_source", "minimal")), "file", "missing");
    }

    @Test
    void rejectsAnUnknownPreflightSource() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "magic"));
        assertValidationError(r, "preflight_source", "enum");
        assertThat(r.json().get("detail").get(0).get("msg").asString()).contains("'engine'", "'external'", "'minimal'");
    }

    @Test
    void rejectsAnUnknownExternalFormat() {
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")
                .field("external_format", "pitstop").file("external_report", "r.json", "{}".getBytes())),
                "external_format", "enum");
    }

    @Test
    void rejectsAMalformedMappingId() {
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")
                .field("mapping_id", "not-a-uuid").file("external_report", "r.xml", "<a/>".getBytes())),
                "mapping_id", "uuid_parsing");
    }

    @Test
    void rejectsExternalFormatTogetherWithMappingId() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")
                .field("external_format", "service_json").field("mapping_id", UUID.randomUUID().toString())
                .file("external_report", "r.json", "{\"findings\":[]}".getBytes()));
        assertValidationError(r, "external_format", "value_error");
        assertThat(r.json().get("detail").get(0).get("msg").asString()).contains("mutually exclusive");
    }

    @Test
    void rejectsAMalformedBrandSpecIdAndBrand() {
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("brand_spec_id", "123")),
                "brand_spec_id", "uuid_parsing");
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("brand", "acme")),
                "brand", "uuid_parsing");
    }

    @Test
    void rejectsANonBooleanAiEnabledAndUnbranded() {
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("ai_enabled", "maybe")),
                "ai_enabled", "bool_parsing");
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("unbranded", "sometimes")),
                "unbranded", "bool_parsing");
    }

    @Test
    void requiresAnExternalReportForExternalJobs() {
        assertValidationError(post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")),
                "external_report", "missing");
    }

    @Test
    void answers404ForAnUnknownProfile() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("profile_id", "no-such-profile"));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().get("detail").asString()).contains("no-such-profile");
    }

    @Test
    void ignoresTheProfileForMinimalJobs() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("profile_id", "no-such-profile")
                .field("preflight_source", "minimal"));
        assertThat(r.status()).isEqualTo(202);
    }

    @Test
    void answers404ForAnUnknownMappingAndBrandReferences() {
        var mapping = post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")
                .field("mapping_id", UUID.randomUUID().toString()).file("external_report", "r.xml", "<a/>".getBytes()));
        assertThat(mapping.status()).isEqualTo(404);
        assertThat(post(Api.form().file("file", "a.pdf", pdf).field("brand", UUID.randomUUID().toString())).status())
                .isEqualTo(404);
        assertThat(post(Api.form().file("file", "a.pdf", pdf).field("brand_spec_id", UUID.randomUUID().toString()))
                .status()).isEqualTo(404);
    }

    @Test
    void answers413WhenTheFileExceedsThePlanLimit() {
        var viewer = newTenant("viewer");
        byte[] big = new byte[51 * 1024 * 1024];
        System.arraycopy(pdf, 0, big, 0, pdf.length);
        var r = api.postForm("/api/v1/jobs", viewer.key(), Api.form().file("file", "big.pdf", big));
        assertThat(r.status()).isEqualTo(413);
        assertThat(r.json().get("detail").asString()).contains("upload limit");
    }

    @Test
    void answers422ForAnUnparseableExternalReport() {
        var r = post(Api.form().file("file", "a.pdf", pdf).field("preflight_source", "external")
                .field("external_format", "service_json").file("external_report", "r.json", "{not json".getBytes()));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").isString()).isTrue();
        assertThat(r.json().get("detail").asString()).contains("could not be parsed");
    }

    @Test
    void rejectsANegativeWait() {
        var r = api.postForm("/api/v1/jobs?wait=-1", tenant.key(), Api.form().file("file", "a.pdf", pdf));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").get(0).get("loc").get(1).asString()).isEqualTo("wait");
    }

    @Test
    void needsTheJobsPermission() {
        var readOnly = newKey(tenant.tenantId(), java.util.List.of("branding:manage"));
        var r = api.postForm("/api/v1/jobs", readOnly.key(), Api.form().file("file", "a.pdf", pdf));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("jobs:write");
    }
}
