package dev.preflight.support;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;

import java.util.HashMap;

/**
 * Starts the outside services the test profile points the server at, once per test JVM, and publishes their
 * addresses as {@code preflight.test.*} properties (application-test.properties maps them onto the server's
 * settings):
 * <ul>
 * <li>{@code PREFLIGHT_TEST_BLOB_STORE=s3}: the embedded s3proxy and a bucket, so the whole suite runs on the S3
 * blob store;</li>
 * <li>clamd, when installed (or required by {@code PREFLIGHT_TEST_REQUIRE_CLAMD}): every upload of the suite is
 * scanned;</li>
 * <li>{@value #TRUST_STORE}: the trust store of the test HTTPS receivers ({@link TestTls}), made when a context
 * first reads it ({@link WebhookTest}).</li>
 * </ul>
 */
public class TestServices implements EnvironmentPostProcessor {

    public static final String BUCKET = "preflight-suite";

    /** The property holding the path of the test receivers' trust store. */
    public static final String TRUST_STORE = "preflight.test.trust-store";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.getPropertySources().contains("preflight-test-services")) {
            return;
        }
        var props = new HashMap<String, Object>();
        if ("s3".equalsIgnoreCase(environment.getProperty("PREFLIGHT_TEST_BLOB_STORE", ""))) {
            EmbeddedS3 s3 = EmbeddedS3.shared();
            s3.createBucket(BUCKET);
            props.put("preflight.test.s3.endpoint", s3.endpoint().toString());
            props.put("preflight.test.s3.bucket", BUCKET);
            props.put("preflight.test.s3.access-key", EmbeddedS3.ACCESS_KEY);
            props.put("preflight.test.s3.secret-key", EmbeddedS3.SECRET_KEY);
        }
        if (TestClamd.installed() || TestClamd.required()) {
            props.put("preflight.test.clamd", TestClamd.shared().unixAddress());
        }
        environment.getPropertySources().addLast(new MapPropertySource("preflight-test-services", props));
        environment.getPropertySources().addLast(new PropertySource<>("preflight-test-tls", TRUST_STORE) {
            @Override
            public Object getProperty(String name) {
                return TRUST_STORE.equals(name) ? TestTls.trustStore().toString() : null;
            }
        });
    }
}
