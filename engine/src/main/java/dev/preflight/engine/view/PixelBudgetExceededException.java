package dev.preflight.engine.view;

/**
 * A render would need more pixels than the budget allows. Nothing was allocated; {@link #largestDpi()} says which
 * resolution would fit, so the caller can tell the user.
 */
public class PixelBudgetExceededException extends Exception {

    private final long pixels;
    private final long budget;
    private final int largestDpi;

    /**
     * @param pixels     pixels the render would need
     * @param budget     pixels allowed
     * @param largestDpi the largest resolution at which the same page and region fit, 0 when none does
     */
    public PixelBudgetExceededException(String message, long pixels, long budget, int largestDpi) {
        super(message);
        this.pixels = pixels;
        this.budget = budget;
        this.largestDpi = largestDpi;
    }

    public long pixels() {
        return pixels;
    }

    public long budget() {
        return budget;
    }

    public int largestDpi() {
        return largestDpi;
    }
}
