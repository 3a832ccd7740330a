package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;

/** An image property that is reported wherever an image with it is placed (compression, colour space, flags). */
abstract class ImageAttributeCheck extends ImageCheck {

    ImageAttributeCheck(String id, String name, String description, Severity severity) {
        super(id, name, description, severity, List.of());
    }

    abstract boolean matches(ImageFact img);

    abstract String message(ImageFact img);

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        if (matches(img)) {
            finding(ctx, pl, img, message(img)).report();
        }
    }
}
