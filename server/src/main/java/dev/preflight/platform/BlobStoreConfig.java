package dev.preflight.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;

/** Picks the blob store: the filesystem under the data dir (default) or an S3-compatible object store. */
@Configuration
class BlobStoreConfig {

    private static final Logger log = LoggerFactory.getLogger(BlobStoreConfig.class);

    @Bean
    BlobStore blobStore(PlatformProperties properties) throws IOException {
        BlobStore store = properties.blobStore().equals("s3") ? new S3BlobStore(properties)
                : new FileSystemBlobStore(properties);
        log.info("Blob store: {}", store);
        return store;
    }
}
