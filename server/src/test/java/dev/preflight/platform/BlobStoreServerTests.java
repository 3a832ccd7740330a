package dev.preflight.platform;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configured blob store inside the running server (filesystem, or S3 with PREFLIGHT_TEST_BLOB_STORE=s3): a job's
 * files land under its prefix and go with the job; presigned links work end to end (the filesystem store's through
 * GET /blob-links/{key}, the object store's straight from the store).
 */
class BlobStoreServerTests extends ServerTestBase {

    private static final String LINK_BASE = "http://links.preflight.test";

    @Autowired
    BlobStore blobs;

    @Autowired
    PlatformProperties platform;

    @Test
    void aJobsFilesLiveUnderItsPrefixAndGoWithIt() {
        var t = newTenant("growth");
        String jobId = submit(t, SamplePdfs.clean().bytes());
        assertThat(awaitJob(t, jobId).get("status").asString()).isEqualTo("completed");
        String input = "tenants/" + t.tenantId() + "/jobs/" + jobId + "/input";
        assertThat(blobs.exists(input)).isTrue();
        assertThat(api.delete("/api/v1/jobs/" + jobId, t.key()).status()).isEqualTo(204);
        assertThat(blobs.exists(input)).isFalse();
    }

    @Test
    void aPresignedLinkDownloadsTheObjectAndAnAlteredOneIsRefused() throws Exception {
        String key = "tenants/links/reports/" + java.util.UUID.randomUUID() + "/report.pdf";
        blobs.put(key, new ByteArrayInputStream("%PDF linked".getBytes(StandardCharsets.US_ASCII)));
        URI link = blobs.presignedGet(key, Duration.ofMinutes(2),
                DownloadHeaders.attachment("application/pdf", "preflight-report.pdf")).orElseThrow();
        var ok = follow(link);
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(new String(ok.body(), StandardCharsets.US_ASCII)).isEqualTo("%PDF linked");
        assertThat(ok.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/pdf");
        assertThat(ok.headers().firstValue("Content-Disposition").orElseThrow())
                .contains("attachment").contains("preflight-report.pdf");

        var altered = follow(URI.create(link.toString().replace("report.pdf?", "other.pdf?")));
        assertThat(altered.statusCode()).isEqualTo(403);
        if (platform.blobStore().equals("filesystem")) {
            assertThat(new String(altered.body(), StandardCharsets.UTF_8)).contains("\"detail\"")
                    .contains("not valid");
            var noSignature = api.get(link.getRawPath(), null);
            assertThat(noSignature.status()).isEqualTo(403);
            blobs.deletePrefix(key);
            assertThat(follow(link).statusCode()).isEqualTo(404);
        } else {
            assertThat(api.get("/blob-links/" + key, null).status())
                    .as("the route only serves the filesystem store's links").isEqualTo(404);
        }
    }

    /** Filesystem links name the server's public address; here that is this test server. */
    private HttpResponse<byte[]> follow(URI link) throws Exception {
        URI target = link.toString().startsWith(LINK_BASE)
                ? URI.create("http://127.0.0.1:" + port + link.toString().substring(LINK_BASE.length())) : link;
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(target).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }
}
