package dev.preflight.engine.view;

/** A page could not be rendered because its content is damaged or uses something the renderer cannot draw. */
public class PageRenderException extends Exception {

    private final int pageNum;

    public PageRenderException(int pageNum, String message, Throwable cause) {
        super(message, cause);
        this.pageNum = pageNum;
    }

    /** The 1-based page that failed. */
    public int pageNum() {
        return pageNum;
    }
}
