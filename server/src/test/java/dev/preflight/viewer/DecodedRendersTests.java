package dev.preflight.viewer;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Decoded renders stay in memory up to a number of bytes, weighed by their size: never more than the bound, a
 * render over half the bound not at all, and a deleted job's renders dropped at once.
 */
@DatabaseIndependent
class DecodedRendersTests {

    private static final int KB = 1024;
    private static final long BOUND = 1024 * KB;

    private final DecodedRenders<byte[]> renders = new DecodedRenders<>(BOUND, b -> b.length);

    private static String key(String job, int page) {
        return ViewerFiles.prefix("tenant-1", job) + "/sep/p" + page + "-d150.sep";
    }

    @Test
    void keepsNoMoreBytesThanItsBound() {
        for (int page = 1; page <= 20; page++) {
            renders.put(key("job-1", page), new byte[200 * KB]);
            assertThat(renders.bytes()).as("after page " + page).isLessThanOrEqualTo(BOUND);
        }
        long kept = 0;
        for (int page = 1; page <= 20; page++) {
            byte[] render = renders.get(key("job-1", page));
            kept += render == null ? 0 : render.length;
        }
        assertThat(kept).isEqualTo(renders.bytes()).isGreaterThan(BOUND - 200 * KB);
    }

    @Test
    void keepsARenderWhileThereIsRoom() {
        byte[] render = new byte[300 * KB];
        renders.put(key("job-1", 1), render);
        assertThat(renders.get(key("job-1", 1))).isSameAs(render);
        assertThat(renders.get(key("job-1", 2))).isNull();
        assertThat(renders.bytes()).isEqualTo(300 * KB);
    }

    @Test
    void doesNotKeepARenderLargerThanHalfTheBound() {
        renders.put(key("job-1", 1), new byte[(int) BOUND / 2 + 1]);
        assertThat(renders.get(key("job-1", 1))).isNull();
        assertThat(renders.bytes()).isZero();
        renders.put(key("job-1", 2), new byte[(int) BOUND / 2]);
        assertThat(renders.get(key("job-1", 2))).isNotNull();
    }

    @Test
    void forgetsEveryRenderOfADeletedJob() {
        renders.put(key("job-1", 1), new byte[100 * KB]);
        renders.put(key("job-1", 2), new byte[100 * KB]);
        renders.put(key("job-10", 1), new byte[50 * KB]);
        renders.forget(ViewerFiles.prefix("tenant-1", "job-1") + "/");
        assertThat(renders.get(key("job-1", 1))).isNull();
        assertThat(renders.get(key("job-1", 2))).isNull();
        assertThat(renders.get(key("job-10", 1))).isNotNull();
        assertThat(renders.bytes()).isEqualTo(50 * KB);
    }
}
