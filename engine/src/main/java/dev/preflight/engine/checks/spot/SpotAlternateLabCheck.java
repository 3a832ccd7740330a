package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;

import java.util.Set;

/** Spot colours with a Lab alternate (device independent; fine for proofing, needs colour management). */
public final class SpotAlternateLabCheck extends SpotAlternateCheck {

    public static final String ID = "SPOT_ALTERNATE_LAB";

    public SpotAlternateLabCheck() {
        super(ID, "Spot colour with Lab alternate",
                "A spot colour's alternate colour space is Lab; its appearance in proofs and process conversions "
                        + "depends on colour management.",
                Severity.INFO, Set.of("Lab"), "a Lab");
    }
}
