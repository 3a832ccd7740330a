package dev.preflight.viewer;

import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.InvalidViewRequestException;
import dev.preflight.engine.view.OcrException;
import dev.preflight.engine.view.PageRenderException;
import dev.preflight.engine.view.PixelBudgetExceededException;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.UnprocessableException;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Turns what the engine throws while rendering into the API's answers (spec: Errors). */
final class ViewerErrors {

    private ViewerErrors() {
    }

    /**
     * The API error for a failure: a page that does not exist or an unknown channel is 404; a parameter the engine
     * refuses is 422 with the parameter named; a page, document or Ghostscript run that cannot be rendered is 422
     * with the reason; storage failures stay 500.
     */
    static RuntimeException translate(Throwable e) {
        return switch (e) {
            case ApiException api -> api;
            case InvalidViewRequestException invalid -> invalid(invalid);
            case PixelBudgetExceededException budget -> new UnprocessableException(budget.getMessage());
            case PageRenderException page -> new UnprocessableException(page.getMessage());
            case RenderException gs -> new UnprocessableException(gs.timedOut()
                    ? "Ghostscript did not finish the separations in time: " + gs.getMessage()
                    : "Ghostscript could not render the separations: " + gs.getMessage());
            case UnreadablePdfException pdf -> new UnprocessableException("The document cannot be rendered: "
                    + pdf.getMessage());
            case OcrException ocr -> new UnprocessableException("OCR failed: " + ocr.getMessage());
            case OutOfMemoryError oom -> new UnprocessableException("The render needed more memory than this server"
                    + " has; ask for a lower dpi or a region of the page.");
            case StackOverflowError deep -> new UnprocessableException("The page's content is nested too deeply to"
                    + " render.");
            case UncheckedIOException io -> io;
            case IOException io -> new UncheckedIOException(io);
            case RuntimeException runtime -> runtime;
            default -> new IllegalStateException("The render failed: " + e, e);
        };
    }

    private static RuntimeException invalid(InvalidViewRequestException e) {
        return switch (e.parameter()) {
            case "page_num", "channel" -> new NotFoundException(e.getMessage());
            // a region is given as x, y, w and h: the first of them names it
            case "region" -> RequestValidationException.of("query", "x", e.getMessage(), "value_error");
            default -> RequestValidationException.of("query", e.parameter(), e.getMessage(), "value_error");
        };
    }
}
