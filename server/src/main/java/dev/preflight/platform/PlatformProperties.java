package dev.preflight.platform;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;

/**
 * Platform settings ({@code preflight.platform.*}).
 *
 * @param dataDir        where the embedded database, blobs and scratch files live
 * @param maxUploadBytes the largest upload the server accepts at all (plans may allow less)
 */
@ConfigurationProperties("preflight.platform")
public record PlatformProperties(Path dataDir, long maxUploadBytes) {

    public Path blobDir() {
        return dataDir.resolve("blobs");
    }

    public Path scratchDir() {
        return dataDir.resolve("scratch");
    }
}
