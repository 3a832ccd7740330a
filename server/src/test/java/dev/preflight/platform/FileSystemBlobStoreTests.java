package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;

/**
 * The blob store contract on the filesystem store. Its links are served by {@code GET /blob-links/{key}}; here they
 * are checked by the store's own verification, which that route calls ({@code BlobLinkTests} covers the route).
 */
@DatabaseIndependent
class FileSystemBlobStoreTests extends BlobStoreContract {

    @Override
    protected BlobStore newStore(Path dataDir, boolean presign) throws IOException {
        return new FileSystemBlobStore(new PlatformProperties(dataDir, 1L << 30, "filesystem", null, null,
                new PlatformProperties.Presign(presign, "http://links.example", "contract-secret"), null));
    }

    @Override
    protected Fetched fetch(URI link) throws Exception {
        String path = link.getRawPath();
        String key = path.substring(FileSystemBlobStore.LINK_PATH.length());
        var q = new HashMap<String, String>();
        for (String pair : link.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            q.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        try {
            Path file = ((FileSystemBlobStore) store).linkedFile(key, Long.parseLong(q.get("expires")), q.get("type"),
                    q.get("disposition"), q.get("signature"));
            return new Fetched(200, Files.readAllBytes(file), q.get("type"), q.get("disposition"));
        } catch (ApiException e) {
            return new Fetched(e.status().value(), new byte[0], null, null);
        } catch (NoSuchFileException e) {
            return new Fetched(404, new byte[0], null, null);
        }
    }
}
