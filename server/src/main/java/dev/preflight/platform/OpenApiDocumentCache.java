package dev.preflight.platform;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Serves /openapi.json from a copy of the document springdoc built, so that no client waits seconds for it after a
 * start: springdoc derives the document from every route on its first request (seconds of CPU), and the document
 * depends on nothing but the application's own classes and libraries and a few springdoc settings.
 *
 * <p>The copy is kept per build: its name carries a fingerprint of the application jar (the SHA-256 of the jar the
 * application's classes are loaded from, whose manifest names every library jar and version) and of the settings
 * the document depends on. It is looked for in the cache directory ({@code preflight.platform.openapi-cache-dir},
 * by default {@code <data dir>/openapi}) and beside the application jar, where {@code bin/aot-cache}'s training run
 * leaves one for the package; it is written by {@link OpenApiWarmup} after springdoc built its first document. When
 * the application does not run from a jar (tests, an IDE), nothing is cached unless a fingerprint is configured.
 *
 * <p>The one request-dependent part of springdoc's document, the generated server URL, is put back per request the
 * way springdoc computes it (the request's URL without the document's path).
 */
@Configuration
class OpenApiDocumentCache {

    static final String FILE_PREFIX = "openapi-";
    /** Stands for the request's server URL in a stored document (a plain JSON string, so the file stays JSON). */
    static final String SERVER_URL = "__PREFLIGHT_SERVER_URL__";

    private static final Logger log = LoggerFactory.getLogger(OpenApiDocumentCache.class);

    private final @Nullable String fingerprint;
    private final Path writeDir;
    private final List<Path> readDirs;
    private final String path;
    private volatile byte @Nullable [] prefix;
    private volatile byte @Nullable [] suffix;

    OpenApiDocumentCache(Environment env, PlatformProperties platform,
                         @Value("${preflight.platform.openapi-cache-dir:}") String cacheDir,
                         @Value("${preflight.platform.openapi-fingerprint:}") String fingerprint,
                         @Value("${springdoc.api-docs.path:/openapi.json}") String path) {
        this.path = path;
        this.writeDir = cacheDir.isBlank() ? platform.dataDir().resolve("openapi") : Path.of(cacheDir);
        Path jar = applicationJar();
        this.readDirs = jar == null ? List.of(writeDir) : List.of(writeDir, jar.toAbsolutePath().getParent());
        String build = !fingerprint.isBlank() ? fingerprint : jar == null ? null : fingerprint(jar);
        this.fingerprint = build == null ? null : sha256((build + "|" + path + "|"
                + env.getProperty("server.servlet.context-path", "") + "|"
                + env.getProperty("springdoc.default-produces-media-type", "") + "|"
                + env.getProperty("springdoc.default-consumes-media-type", "")).getBytes(StandardCharsets.UTF_8));
        load();
    }

    /** Whether a stored document is being served (then springdoc's need not be built ahead). */
    boolean serving() {
        return prefix != null;
    }

    /** The file a document of this build is kept in, or null when this build has no fingerprint. */
    @Nullable Path file() {
        return fingerprint == null ? null : writeDir.resolve(FILE_PREFIX + fingerprint.substring(0, 32) + ".json");
    }

    /**
     * Keeps the document springdoc served for {@code requestUrl} and serves it from now on.
     *
     * @param document   the bytes springdoc answered
     * @param requestUrl the URL it was fetched from, whose server part springdoc wrote into the document
     */
    void store(byte[] document, String requestUrl) {
        Path file = file();
        if (file == null) {
            return;
        }
        String text = new String(document, StandardCharsets.UTF_8);
        String serverUrl = serverUrl(requestUrl);
        String quoted = "\"" + serverUrl + "\"";
        int at = text.indexOf(quoted);
        if (at < 0) {
            log.warn("/openapi.json is not cached: the server URL {} is not in it", serverUrl);
            return;
        }
        String stored = text.substring(0, at + 1) + SERVER_URL + text.substring(at + quoted.length() - 1);
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE_PREFIX, ".tmp");
            Files.writeString(tmp, stored, StandardCharsets.UTF_8);
            try {
                // the document is public; a copy made at build time is read by the service's own user
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its defaults stand
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.warn("/openapi.json could not be kept in {}: {}", file, e.toString());
        }
        split(stored);
    }

    /** Answers GET requests for the document from the stored copy; everything else goes on to springdoc. */
    @Bean
    FilterRegistrationBean<OncePerRequestFilter> openApiDocumentFilter() {
        var filter = new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
                                            FilterChain chain) throws ServletException, IOException {
                byte[] p = prefix;
                byte[] s = suffix;
                if (p == null || s == null || !"GET".equals(request.getMethod())) {
                    chain.doFilter(request, response);
                    return;
                }
                byte[] url = serverUrl(URLDecoder.decode(request.getRequestURL().toString(), StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8);
                response.setStatus(200);
                response.setContentType("application/json");
                response.setContentLength(p.length + url.length + s.length);
                var out = response.getOutputStream();
                out.write(p);
                out.write(url);
                out.write(s);
            }
        };
        var registration = new FilterRegistrationBean<OncePerRequestFilter>(filter);
        registration.addUrlPatterns(path);
        registration.setName("openApiDocumentCache");
        return registration;
    }

    /** springdoc's server URL: the request's URL without the document's path. */
    String serverUrl(String requestUrl) {
        int at = requestUrl.lastIndexOf(path);
        return at < 0 ? requestUrl : requestUrl.substring(0, at);
    }

    private void load() {
        if (fingerprint == null) {
            return;
        }
        String name = file().getFileName().toString();
        for (Path dir : readDirs) {
            Path f = dir.resolve(name);
            if (Files.isRegularFile(f)) {
                try {
                    split(Files.readString(f, StandardCharsets.UTF_8));
                    log.info("/openapi.json is served from {}", f);
                    return;
                } catch (IOException | RuntimeException e) {
                    log.warn("ignoring the stored /openapi.json {}: {}", f, e.toString());
                }
            }
        }
    }

    private void split(String stored) {
        int at = stored.indexOf(SERVER_URL);
        if (at < 0) {
            throw new IllegalArgumentException("no server URL marker");
        }
        suffix = stored.substring(at + SERVER_URL.length()).getBytes(StandardCharsets.UTF_8);
        prefix = stored.substring(0, at).getBytes(StandardCharsets.UTF_8);
    }

    /** The plain jar the application's classes come from, or null (class directories, nested jars). */
    private static @Nullable Path applicationJar() {
        var source = OpenApiDocumentCache.class.getProtectionDomain().getCodeSource();
        return applicationJar(System.getProperty("java.class.path", ""),
                source == null ? null : source.getLocation());
    }

    /**
     * The application jar given the class path and where this class was loaded from: the class path's one jar when
     * this class came from a jar of the same name. The class path names the jar as it is now; the code source may
     * name where it was when an ahead-of-time cache was made (the JVM restores it from the cache), and a test
     * runner's class path is one manifest-only jar while the classes come from a directory.
     */
    static @Nullable Path applicationJar(String classPath, java.net.@Nullable URL codeSource) {
        if (codeSource == null || !"file".equals(codeSource.getProtocol()) || classPath.isBlank()
                || classPath.contains(java.io.File.pathSeparator)) {
            return null;
        }
        try {
            Path loadedFrom = Path.of(URI.create(codeSource.toString()));
            Path jar = Path.of(classPath).toAbsolutePath();
            if (!jar.toString().endsWith(".jar") || !Files.isRegularFile(jar)
                    || !jar.getFileName().equals(loadedFrom.getFileName())) {
                return null;
            }
            return jar;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * A build's fingerprint from its jar's table of contents: every entry's name, CRC-32 and size, as the jar
     * records them, so that no byte of the jar is read again (hashing a whole jar cost a tenth of a second of the
     * start-up's main thread) while any changed entry still changes it.
     */
    static @Nullable String fingerprint(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            StringBuilder line = new StringBuilder();
            var entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                line.setLength(0);
                line.append(e.getName()).append('|').append(e.getCrc()).append('|').append(e.getSize()).append('\n');
                d.update(line.toString().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return null;
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
