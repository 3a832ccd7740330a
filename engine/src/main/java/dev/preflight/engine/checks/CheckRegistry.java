package dev.preflight.engine.checks;

import dev.preflight.engine.checks.barcode.BarcodeChecks;
import dev.preflight.engine.checks.book.BookChecks;
import dev.preflight.engine.conformance.ConformanceChecks;

import java.util.ArrayList;
import java.util.List;

/** The explicit list of every check the engine knows. Ids are stable; never renumber or reuse them. */
public final class CheckRegistry {

    private CheckRegistry() {
    }

    /**
     * Every registered check, in catalogue order: document-level checks, content checks, book cover and binding
     * checks, barcode checks, then the conformance rules read from veraPDF's validation profiles.
     */
    public static List<Check> all() {
        var all = new ArrayList<Check>(DocumentChecks.all());
        all.addAll(ContentChecks.all());
        all.addAll(BookChecks.all());
        all.addAll(BarcodeChecks.all());
        all.addAll(ConformanceChecks.all());
        return List.copyOf(all);
    }
}
