package dev.preflight.support;

import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

import java.net.URI;

/**
 * One s3proxy per test JVM (in memory, AWS V4 signatures checked against real credentials): the object store of the
 * S3 contract tests and, with {@code PREFLIGHT_TEST_BLOB_STORE=s3}, of the whole server suite.
 */
public final class EmbeddedS3 {

    public static final String ACCESS_KEY = "preflight-test-access";
    public static final String SECRET_KEY = "preflight-test-secret";
    public static final String REGION = "us-east-1";

    private static EmbeddedS3 shared;

    private final S3Proxy proxy;
    private final URI endpoint;

    private EmbeddedS3() throws Exception {
        proxy = S3Proxy.builder()
                .blobStore(new TransientNio2BlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!"STARTED".equals(proxy.getState())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("s3proxy did not start within 30 s (state " + proxy.getState() + ")");
            }
            Thread.sleep(10);
        }
        endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** Starts the JVM's s3proxy on first use; it stops when the JVM exits. */
    public static synchronized EmbeddedS3 shared() {
        if (shared == null) {
            try {
                shared = new EmbeddedS3();
            } catch (Exception e) {
                throw new IllegalStateException("could not start the embedded s3proxy: " + e.getMessage(), e);
            }
            EmbeddedS3 started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.proxy.stop();
                } catch (Exception ignored) {
                    // the JVM is going away either way
                }
            }, "s3proxy-stop"));
        }
        return shared;
    }

    public URI endpoint() {
        return endpoint;
    }

    /** A client with the test credentials, path-style, for what the store under test must not do itself. */
    public S3Client client() {
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .build();
    }

    /** Creates the bucket unless it exists. */
    public void createBucket(String bucket) {
        try (S3Client s3 = client()) {
            boolean exists = s3.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(bucket));
            if (!exists) {
                s3.createBucket(b -> b.bucket(bucket));
            }
        }
    }
}
