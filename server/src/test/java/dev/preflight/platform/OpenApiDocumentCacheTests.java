package dev.preflight.platform;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kept copy of /openapi.json: once springdoc has built the document, the next start of the same build serves the
 * very same bytes at once (with the server URL of each request, as springdoc writes it), and a start of another build
 * or with other document settings does not.
 */
class OpenApiDocumentCacheTests extends ServerTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    PlatformProperties platform;

    @TempDir
    Path dir;

    private OpenApiDocumentCache cache(String fingerprint, String path) {
        return new OpenApiDocumentCache(new MockEnvironment(), platform, dir.toString(), fingerprint, path);
    }

    private static MockHttpServletResponse get(OpenApiDocumentCache cache, String host, int port) throws Exception {
        var request = new MockHttpServletRequest("GET", "/openapi.json");
        request.setServerName(host);
        request.setServerPort(port);
        var response = new MockHttpServletResponse();
        var chain = new MockFilterChain();
        cache.openApiDocumentFilter().getFilter().doFilter(request, response, chain);
        assertThat(chain.getRequest()).as("answered from the copy, not passed on to springdoc").isNull();
        return response;
    }

    @Test
    void theNextStartOfTheSameBuildServesSpringdocsDocumentByteForByte() throws Exception {
        var live = api.get("/openapi.json", null);
        assertThat(live.status()).isEqualTo(200);
        byte[] springdoc = live.text().getBytes(StandardCharsets.UTF_8);

        var first = cache("build-1", "/openapi.json");
        assertThat(first.serving()).isFalse();
        first.store(springdoc, "http://127.0.0.1:" + port + "/openapi.json");
        assertThat(first.serving()).isTrue();
        assertThat(first.file()).exists();
        assertThat(Files.readString(first.file())).contains(OpenApiDocumentCache.SERVER_URL)
                .doesNotContain("http://127.0.0.1:" + port);

        // a new start of the same build finds the copy before any request
        var restarted = cache("build-1", "/openapi.json");
        assertThat(restarted.serving()).isTrue();
        MockHttpServletResponse same = get(restarted, "127.0.0.1", port);
        assertThat(same.getStatus()).isEqualTo(200);
        assertThat(same.getContentType()).isEqualTo("application/json");
        assertThat(same.getContentAsByteArray()).isEqualTo(springdoc);

        // another host: the copy names the server each request reached (springdoc keeps the one of its first build)
        JsonNode other = JSON.readTree(get(restarted, "preflight.example", 8443).getContentAsByteArray());
        assertThat(other.get("servers").get(0).get("url").asString()).isEqualTo("http://preflight.example:8443");
        ObjectNode expected = (ObjectNode) JSON.readTree(springdoc);
        ((ObjectNode) expected.get("servers").get(0)).put("url", "http://preflight.example:8443");
        assertThat(other).isEqualTo(expected);
    }

    @Test
    void anotherBuildOrAnotherDocumentPathIgnoresTheCopy() throws Exception {
        byte[] springdoc = api.get("/openapi.json", null).text().getBytes(StandardCharsets.UTF_8);
        cache("build-1", "/openapi.json").store(springdoc, "http://127.0.0.1:" + port + "/openapi.json");
        assertThat(cache("build-2", "/openapi.json").serving()).isFalse();
        assertThat(cache("build-1", "/v3/api-docs").serving()).isFalse();
        assertThat(cache("", "/openapi.json").serving()).as("no fingerprint outside a jar: nothing kept").isFalse();
    }

    @Test
    void otherMethodsAndAnEmptyCacheGoOnToSpringdoc() throws Exception {
        var empty = cache("build-3", "/openapi.json");
        var request = new MockHttpServletRequest("GET", "/openapi.json");
        var chain = new MockFilterChain();
        empty.openApiDocumentFilter().getFilter().doFilter(request, new MockHttpServletResponse(), chain);
        assertThat(chain.getRequest()).isSameAs(request);

        byte[] springdoc = api.get("/openapi.json", null).text().getBytes(StandardCharsets.UTF_8);
        empty.store(springdoc, "http://127.0.0.1:" + port + "/openapi.json");
        var head = new MockHttpServletRequest("HEAD", "/openapi.json");
        var headChain = new MockFilterChain();
        empty.openApiDocumentFilter().getFilter().doFilter(head, new MockHttpServletResponse(), headChain);
        assertThat(headChain.getRequest()).isSameAs(head);
    }

    @Test
    void aDocumentWithoutItsServerUrlIsNotKept() {
        var c = cache("build-4", "/openapi.json");
        c.store("{\"openapi\":\"3.1.0\"}".getBytes(StandardCharsets.UTF_8), "http://localhost:1/openapi.json");
        assertThat(c.serving()).isFalse();
        assertThat(c.file()).doesNotExist();
    }

    @Test
    void theApplicationJarIsTheClassPathsOneJarWhereverTheCacheWasMade() throws Exception {
        Path jar = Files.write(dir.resolve("preflight.jar"), new byte[] {1});
        var built = java.net.URI.create("file:/build/place/app/preflight.jar").toURL();
        // from an AOT cache the code source names the jar where the cache was made; the class path names it as it is
        assertThat(OpenApiDocumentCache.applicationJar(jar.toString(), built)).isEqualTo(jar.toAbsolutePath());
        // a test runner: classes from a directory, the class path one manifest-only jar
        var classes = dir.resolve("classes").toUri().toURL();
        assertThat(OpenApiDocumentCache.applicationJar(jar.toString(), classes)).isNull();
        Path other = Files.write(dir.resolve("surefirebooter.jar"), new byte[] {1});
        assertThat(OpenApiDocumentCache.applicationJar(other.toString(), built)).isNull();
        // several class path entries, a missing jar, nothing known
        assertThat(OpenApiDocumentCache.applicationJar(jar + java.io.File.pathSeparator + other, built)).isNull();
        assertThat(OpenApiDocumentCache.applicationJar(dir.resolve("gone/preflight.jar").toString(), built)).isNull();
        assertThat(OpenApiDocumentCache.applicationJar(jar.toString(), null)).isNull();
    }

    private Path jar(String name, String... entries) throws java.io.IOException {
        Path jar = dir.resolve(name);
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            for (int i = 0; i + 1 < entries.length; i += 2) {
                zip.putNextEntry(new java.util.zip.ZipEntry(entries[i]));
                zip.write(entries[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void aBuildIsKnownByItsJarsEntriesWithoutReadingThem() throws Exception {
        String a = OpenApiDocumentCache.fingerprint(jar("a.jar", "x/A.class", "one", "x/B.class", "two"));
        String same = OpenApiDocumentCache.fingerprint(jar("same.jar", "x/A.class", "one", "x/B.class", "two"));
        String changed = OpenApiDocumentCache.fingerprint(jar("changed.jar", "x/A.class", "one", "x/B.class", "tw0"));
        String renamed = OpenApiDocumentCache.fingerprint(jar("renamed.jar", "x/A.class", "one", "x/C.class", "two"));
        String longer = OpenApiDocumentCache.fingerprint(jar("longer.jar", "x/A.class", "one", "x/B.class", "two!"));
        assertThat(a).hasSize(64).isEqualTo(same);
        assertThat(java.util.List.of(changed, renamed, longer)).doesNotContain(a).doesNotHaveDuplicates();
        Path notAJar = Files.writeString(dir.resolve("not.jar"), "not a zip");
        assertThat(OpenApiDocumentCache.fingerprint(notAJar)).isNull();
    }
}
