package dev.preflight.engine.render;

import dev.preflight.engine.RenderException;

import java.io.IOException;
import java.io.InputStream;

/**
 * A {@code pamcmyk32} render whose pages arrive on a stream: a Ghostscript process of its own
 * ({@link Ghostscript.Streaming}) or a job on a warm pooled process ({@link GhostscriptPool}). Close it in every
 * case: closing stops a run that has not ended cleanly.
 */
interface CmykRun extends AutoCloseable {

    /** Tells the run how many pages its reader waits for (a run started on a range learns it late). */
    default void expectPages(int pages) {
    }

    /** The PAM pages, one after the other. */
    InputStream pixels();

    /**
     * Called by the reader after it read every page asked for: returns when the run wrote nothing more.
     *
     * @param pam the reader of {@link #pixels()}
     * @throws IOException when the run wrote more than the pages asked for
     */
    void expectEnd(PamReader pam) throws IOException;

    /** The tail of what Ghostscript printed on standard error for this run. */
    String stderr();

    /** A failure of the run as the caller should report it, with Ghostscript's own error line when it gave one. */
    RenderException failure(String message);

    /**
     * Waits for the end of the run after its pages were read.
     *
     * @throws RenderException when it timed out or failed
     */
    void finish() throws RenderException;

    @Override
    void close();
}
