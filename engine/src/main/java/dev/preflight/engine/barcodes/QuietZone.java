package dev.preflight.engine.barcodes;

import dev.preflight.engine.Box;

/**
 * The light margin one side of a code needs, and how much of it is clear.
 *
 * @param side             {@code left}, {@code right}, {@code top} or {@code bottom} of the symbol as read
 * @param requiredModules  the symbology's quiet zone in modules (X)
 * @param clearModules     modules measured free of marks from the symbol's edge outward (capped a little beyond the
 *                         requirement)
 * @param zone             the required zone in PDF points (origin lower-left)
 */
public record QuietZone(String side, double requiredModules, double clearModules, Box zone) {

    /** True when something dark lies inside the required zone. */
    public boolean intruded() {
        // a tenth of a module absorbs the anti-aliased edge of the symbol's own outer bar
        return clearModules + 0.1 < requiredModules;
    }
}
