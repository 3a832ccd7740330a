package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;

import java.util.Set;

/** Spot colours with an RGB alternate: any process simulation or proof is converted from RGB. */
public final class SpotAlternateRgbCheck extends SpotAlternateCheck {

    public static final String ID = "SPOT_ALTERNATE_RGB";

    public SpotAlternateRgbCheck() {
        super(ID, "Spot colour with RGB alternate",
                "A spot colour's alternate colour space is DeviceRGB or CalRGB; proofs and any conversion of the spot "
                        + "to process colours start from RGB values, and PDF/X early binding forbids it.",
                Severity.WARNING, Set.of("DeviceRGB", "CalRGB"), "an RGB");
    }
}
