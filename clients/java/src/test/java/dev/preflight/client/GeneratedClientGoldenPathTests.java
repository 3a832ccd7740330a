package dev.preflight.client;

import dev.preflight.client.api.AdminApi;
import dev.preflight.client.auth.HttpBearerAuth;
import dev.preflight.client.api.CheckNamesApi;
import dev.preflight.client.api.ImportMappingsApi;
import dev.preflight.client.api.JobsApi;
import dev.preflight.client.api.ProfilesApi;
import dev.preflight.client.model.CheckNameEntry;
import dev.preflight.client.model.CheckParameter;
import dev.preflight.client.model.CreateTenantRequest;
import dev.preflight.client.model.ErrorResponse;
import dev.preflight.client.model.Finding;
import dev.preflight.client.model.ImportMapping;
import dev.preflight.client.model.ImportMappingPreview;
import dev.preflight.client.model.ImportMappingPreviewRequest;
import dev.preflight.client.model.ImportMappingRequest;
import dev.preflight.client.model.IssueKeyRequest;
import dev.preflight.client.model.IssuedApiKey;
import dev.preflight.client.model.JobList;
import dev.preflight.client.model.JobListItem;
import dev.preflight.client.model.JobResponse;
import dev.preflight.client.model.ProfileCheck;
import dev.preflight.client.model.ProfileResponse;
import dev.preflight.client.model.ProfileSummaryResponse;
import dev.preflight.client.model.Summary;
import dev.preflight.client.model.Tenant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

/**
 * The golden path of an integrator, driven through the client that openapi-generator made from the server's own
 * /openapi.json, against the real server jar running as a child process. No request or response here is written
 * by hand: every call and every model is generated. The generated models check each response against the document
 * (a property the document does not declare, or a required one missing, fails the call), and the assertions read
 * field values, so a property sent under another name or with another meaning fails too.
 */
class GeneratedClientGoldenPathTests {

    private static ServerProcess server;
    private static Path files;

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.shared();
        files = Files.createTempDirectory(Path.of(System.getProperty("preflight.work.dir")), "uploads");
    }

    /** A client that sends the given token for the given security scheme of the document. */
    private static ApiClient client(String scheme, String token) {
        ApiClient client = server.client();
        client.setReadTimeout(180_000);
        ((HttpBearerAuth) client.getAuthentication(scheme)).setBearerToken(token);
        return client;
    }

    /** A tenant and its live key, made through the admin routes with the operator token. */
    private static ApiClient newTenant(String name) throws ApiException {
        var admin = new AdminApi(client("admin", server.adminToken));
        Tenant tenant = admin.createTenant(new CreateTenantRequest().name(name).plan("growth"));
        assertThat(tenant.getName()).isEqualTo(name);
        assertThat(tenant.getPlan()).isEqualTo(Tenant.PlanEnum.GROWTH);
        assertThat(tenant.getId()).isNotNull();
        assertThat(tenant.getCreatedAt()).isNotNull();
        IssuedApiKey key = admin.issueApiKey(tenant.getId(), new IssueKeyRequest().mode("live"));
        assertThat(key.getMode()).isEqualTo(IssuedApiKey.ModeEnum.LIVE);
        assertThat(key.getKey()).startsWith("svc_live_").startsWith(key.getPrefix());
        assertThat(key.getPermissions()).contains("jobs:write", "profiles:manage", "branding:manage");
        return client("bearer", key.getKey());
    }

    private static int count(List<Finding> findings, Finding.SeverityEnum severity) {
        return (int) findings.stream().filter(f -> f.getSeverity() == severity).count();
    }

    private static Finding only(List<Finding> findings, String inspectionId) {
        List<Finding> found = findings.stream().filter(f -> inspectionId.equals(f.getInspectionId())).toList();
        assertThat(found).as(inspectionId + " in " + findings).hasSize(1);
        return found.get(0);
    }

    @Test
    void submitsWaitsReadsListsAndDeletesAJob() throws Exception {
        ApiClient tenant = newTenant("Golden path");
        var jobs = new JobsApi(tenant);
        byte[] pdf = ProblemPdf.bytes();
        File upload = Files.write(Files.createDirectories(files.resolve(UUID.randomUUID().toString()))
                .resolve("flyer.pdf"), pdf).toFile();

        JobResponse job = jobs.submitJob(upload, 120.0, "service-default", "engine", null, null, null, null,
                null, null, null, null, null, null, null, null, null, null);

        assertThat(job.getJobId()).isNotNull();
        assertThat(job.getStatus()).isEqualTo("completed");
        assertThat(job.getProfileId()).isEqualTo("service-default");
        assertThat(job.getPreflightSource()).isEqualTo(JobResponse.PreflightSourceEnum.ENGINE);
        assertThat(job.getExternalFormat()).isNull();
        assertThat(job.getExternalSource()).isNull();
        assertThat(job.getFileName()).isEqualTo("flyer.pdf");
        assertThat(job.getFileSize()).isEqualTo(pdf.length);
        assertThat(job.getPageCount()).isEqualTo(1);
        assertThat(job.getCreatedAt()).isNotNull();
        assertThat(job.getCompletedAt()).isAfterOrEqualTo(job.getCreatedAt());
        assertThat(job.getDurationMs()).isNotNull().isNotNegative();
        assertThat(job.getError()).isNull();
        assertThat(job.getEpmVerdict()).as("service-default runs no EPM checks").isNull();
        assertThat(job.getDecisionsCount()).isZero();
        assertThat(job.getReports()).isNotNull();

        List<Finding> findings = job.getFindings();
        assertThat(findings).extracting(Finding::getInspectionId)
                .contains("PAGE_TRIMBOX_MISSING", "OI_MISSING", "IMG_RES_LOW", "COLOR_RGB_USED");
        assertThat(findings).allSatisfy(f -> {
            assertThat(f.getFindingId()).isNotNull();
            assertThat(f.getSource()).isEqualTo("engine");
            assertThat(f.getMessage()).isNotBlank();
            assertThat(f.getSeverity()).isNotNull();
            assertThat(f.getPageNum()).isNotNull();
            assertThat(f.getEffectiveDecision()).isNull();
            assertThat(f.getAudit()).isNull();
        });
        Finding image = only(findings, "IMG_RES_LOW");
        assertThat(image.getSeverity()).isEqualTo(Finding.SeverityEnum.ERROR);
        assertThat(image.getPageNum()).isEqualTo(1);
        assertThat(image.getObjectType()).isEqualTo("image");
        assertThat(image.getCategory()).isEqualTo("image");
        assertThat(image.getObjectId()).matches("\\d+ \\d+ R");
        assertThat(image.getBbox()).hasSize(4);
        assertThat(image.getBbox().get(0)).isCloseTo(ProblemPdf.IMAGE_X, within(0.5));
        assertThat(image.getBbox().get(1)).isCloseTo(ProblemPdf.IMAGE_Y, within(0.5));
        assertThat(image.getBbox().get(2)).isCloseTo(ProblemPdf.IMAGE_X + ProblemPdf.IMAGE_SIZE, within(0.5));
        assertThat(image.getBbox().get(3)).isCloseTo(ProblemPdf.IMAGE_Y + ProblemPdf.IMAGE_SIZE, within(0.5));
        assertThat(image.getDetails()).isNotEmpty();
        Finding outputIntent = only(findings, "OI_MISSING");
        assertThat(outputIntent.getSeverity()).isEqualTo(Finding.SeverityEnum.WARNING);
        assertThat(outputIntent.getPageNum()).as("document level").isZero();
        assertThat(only(findings, "COLOR_RGB_USED").getSeverity()).isEqualTo(Finding.SeverityEnum.WARNING);
        assertThat(only(findings, "PAGE_TRIMBOX_MISSING").getSeverity()).isEqualTo(Finding.SeverityEnum.ERROR);

        Summary summary = job.getSummary();
        assertThat(summary.getTotalFindings()).isEqualTo(findings.size());
        assertThat(summary.getErrorCount()).isEqualTo(count(findings, Finding.SeverityEnum.ERROR));
        assertThat(summary.getWarningCount()).isEqualTo(count(findings, Finding.SeverityEnum.WARNING));
        assertThat(summary.getAdvisoryCount()).isEqualTo(count(findings, Finding.SeverityEnum.ADVISORY));
        assertThat(summary.getErrorCount()).isGreaterThanOrEqualTo(2);
        assertThat(summary.getPassed()).isFalse();
        assertThat(summary.getPageCount()).isEqualTo(1);
        assertThat(summary.getFileSizeBytes()).isEqualTo(pdf.length);

        // Reading the job answers the same body, field for field (the generated models compare every field).
        assertThat(jobs.getJob(job.getJobId())).isEqualTo(job);

        JobList list = jobs.listJobs(1, 50);
        assertThat(list.getPage()).isEqualTo(1);
        assertThat(list.getPageSize()).isEqualTo(50);
        assertThat(list.getTotal()).isEqualTo(1L);
        JobListItem item = list.getJobs().stream().filter(j -> j.getJobId().equals(job.getJobId())).findFirst()
                .orElseThrow();
        assertThat(item.getStatus()).isEqualTo("completed");
        assertThat(item.getProfileId()).isEqualTo("service-default");
        assertThat(item.getPreflightSource()).isEqualTo(JobListItem.PreflightSourceEnum.ENGINE);
        assertThat(item.getFileName()).isEqualTo("flyer.pdf");
        assertThat(item.getFileSize()).isEqualTo(pdf.length);
        assertThat(item.getPageCount()).isEqualTo(1);
        assertThat(item.getCreatedAt()).isEqualTo(job.getCreatedAt());
        assertThat(item.getCompletedAt()).isEqualTo(job.getCompletedAt());
        assertThat(item.getDurationMs()).isEqualTo(job.getDurationMs());
        assertThat(item.getSummary()).isEqualTo(summary);
        assertThat(item.getEpmVerdict()).isNull();
        assertThat(item.getError()).isNull();

        // Another tenant cannot see it.
        var stranger = new JobsApi(newTenant("Stranger"));
        assertThat(catchThrowableOfType(ApiException.class, () -> stranger.getJob(job.getJobId())).getCode())
                .isEqualTo(404);

        jobs.deleteJob(job.getJobId());
        ApiException gone = catchThrowableOfType(ApiException.class, () -> jobs.getJob(job.getJobId()));
        assertThat(gone.getCode()).isEqualTo(404);
        ErrorResponse error = tenant.getJSON().deserialize(gone.getResponseBody(), ErrorResponse.class);
        assertThat(error.getDetail()).isNotBlank();
        assertThat(jobs.listJobs(1, 50).getTotal()).isZero();
    }

    @Test
    void readsProfilesAndTheCheckRegistry() throws Exception {
        var profiles = new ProfilesApi(newTenant("Profiles"));

        List<ProfileSummaryResponse> all = profiles.listProfiles().getProfiles();
        assertThat(all).hasSizeGreaterThanOrEqualTo(44);
        ProfileSummaryResponse serviceDefault = all.stream()
                .filter(p -> p.getProfileId().equals("service-default")).findFirst().orElseThrow();
        assertThat(serviceDefault.getName()).isEqualTo("Service default");
        assertThat(serviceDefault.getIsBuiltin()).isTrue();
        assertThat(serviceDefault.getStandard()).isNull();
        assertThat(serviceDefault.getDescription()).isNotBlank();
        assertThat(serviceDefault.getCheckCount()).isPositive();
        assertThat(all).filteredOn(p -> p.getProfileId().equals("gwg2022-sheetcmyk-cmyk"))
                .singleElement().satisfies(p -> {
                    assertThat(p.getStandard()).isEqualTo("GWG2022");
                    assertThat(p.getIsBuiltin()).isTrue();
                });

        ProfileResponse profile = profiles.getProfile("service-default");
        assertThat(profile.getProfileId()).isEqualTo("service-default");
        assertThat(profile.getName()).isEqualTo("Service default");
        assertThat(profile.getIsBuiltin()).isTrue();
        assertThat(profile.getChecks()).hasSize(serviceDefault.getCheckCount());
        ProfileCheck resolution = profile.getChecks().stream()
                .filter(c -> c.getInspectionId().equals("IMG_RES_LOW")).findFirst().orElseThrow();
        assertThat(resolution.getSeverity()).isEqualTo(ProfileCheck.SeverityEnum.ERROR);
        assertThat(resolution.getName()).isNotBlank();
        assertThat(resolution.getCategory()).isEqualTo("image");
        // Free-form JSON (params, details, default_value) reads numbers as Double with Gson.
        assertThat(resolution.getParams()).containsEntry("min_pixels", 16.0).containsEntry("exempt_soft_masks", true)
                .containsEntry("error_ppi", 149.0);

        // The registry is public: no token.
        Map<String, CheckNameEntry> registry = new CheckNamesApi(server.client()).listCheckNames();
        CheckNameEntry imageEntry = registry.get("IMG_RES_LOW");
        assertThat(imageEntry.getName()).isEqualTo(resolution.getName());
        assertThat(imageEntry.getCategory()).isEqualTo("image");
        assertThat(imageEntry.getDefaultSeverity()).isEqualTo(CheckNameEntry.DefaultSeverityEnum.ERROR);
        assertThat(imageEntry.getObjectType()).isEqualTo("image");
        assertThat(imageEntry.getParameters()).extracting(CheckParameter::getName).contains("min_pixels");
        CheckParameter minPixels = imageEntry.getParameters().stream()
                .filter(p -> p.getName().equals("min_pixels")).findFirst().orElseThrow();
        assertThat(minPixels.getType()).isEqualTo(CheckParameter.TypeEnum.INTEGER);
        assertThat(minPixels.getDefaultValue()).isEqualTo(16.0);
        // A string_list default arrives as a list: the document's default_value admits every parameter type.
        CheckParameter sizes = registry.get("PAGE_SIZE_NOT_EXPECTED").getParameters().stream()
                .filter(p -> p.getName().equals("allowed_sizes")).findFirst().orElseThrow();
        assertThat(sizes.getType()).isEqualTo(CheckParameter.TypeEnum.STRING_LIST);
        assertThat(sizes.getDefaultValue()).isEqualTo(List.of("A4", "A3", "A5", "Letter"));
    }

    @Test
    void createsAndPreviewsAnImportMapping() throws Exception {
        var mappings = new ImportMappingsApi(newTenant("Mappings"));
        String sample = """
                <report>
                  <issue code="E1" page="1"><text>Low resolution image</text><box>10 20 100 50</box></issue>
                  <issue code="W7" page="2"><text>Thin line</text><box>0 0 5 5</box></issue>
                  <issue code="ZZ" page="0"><text>Unknown thing</text><box>1 1 1 1</box></issue>
                </report>
                """;
        Map<String, Object> config = Map.of(
                "item_selector", "/report/issue",
                "fields", Map.of(
                        "severity", Map.of("selector", "@code"),
                        "message", Map.of("selector", "text"),
                        "page_num", Map.of("selector", "@page", "parse", "int"),
                        "bbox", Map.of("selector", "box", "format", "space_xywh"),
                        "inspection_id", Map.of("selector", "@code")),
                "severity_map", Map.of("E1", "error", "W7", "warning"),
                "default_severity", "info");

        ImportMapping created = mappings.createImportMapping(new ImportMappingRequest().name("Shop tool")
                .description("our RIP's XML").format(ImportMappingRequest.FormatEnum.XML).config(config)
                .samplePayload(sample).sampleMime("application/xml"));
        assertThat(created.getId()).isNotNull();
        assertThat(created.getName()).isEqualTo("Shop tool");
        assertThat(created.getDescription()).isEqualTo("our RIP's XML");
        assertThat(created.getFormat()).isEqualTo(ImportMapping.FormatEnum.XML);
        assertThat(created.getConfig()).containsEntry("item_selector", "/report/issue")
                .containsEntry("default_severity", "info");
        assertThat(created.getSamplePayload()).isEqualTo(sample);
        assertThat(created.getSampleMime()).isEqualTo("application/xml");
        assertThat(created.getIsActive()).isTrue();
        assertThat(created.getUpdatedAt()).isAfterOrEqualTo(created.getCreatedAt());
        assertThat(mappings.getImportMapping(created.getId())).isEqualTo(created);
        assertThat(mappings.listImportMappings().getMappings()).containsExactly(created);

        ImportMappingPreview preview = mappings.previewImportMapping(created.getId(),
                new ImportMappingPreviewRequest());
        assertThat(preview.getOk()).isTrue();
        assertThat(preview.getError()).isNull();
        assertThat(preview.getFindingsCount()).isEqualTo(3);
        assertThat(preview.getSampleFindings()).extracting(Finding::getInspectionId)
                .containsExactly("EXT-CUS-E1", "EXT-CUS-W7", "EXT-CUS-ZZ");
        assertThat(preview.getSampleFindings()).extracting(Finding::getSeverity).containsExactly(
                Finding.SeverityEnum.ERROR, Finding.SeverityEnum.WARNING, Finding.SeverityEnum.INFO);
        assertThat(preview.getSampleFindings()).extracting(Finding::getPageNum).containsExactly(1, 2, 0);
        Finding first = preview.getSampleFindings().get(0);
        assertThat(first.getFindingId()).as("nothing is stored in a preview").isNull();
        assertThat(first.getMessage()).isEqualTo("Low resolution image");
        assertThat(first.getBbox()).containsExactly(10.0, 20.0, 110.0, 70.0);
        assertThat(first.getSource()).isEqualTo("external:custom:" + created.getId());

        ImportMappingPreview broken = mappings.previewImportMapping(created.getId(),
                new ImportMappingPreviewRequest().samplePayload("<report><unclosed>"));
        assertThat(broken.getOk()).isFalse();
        assertThat(broken.getError()).isNotBlank();
        assertThat(broken.getFindingsCount()).isZero();
        assertThat(broken.getSampleFindings()).isEmpty();
    }
}
