package dev.preflight.engine.view;

import java.util.Locale;

/** Kind of separation: one of the four process inks or a spot colour. */
public enum ChannelType {
    PROCESS, SPOT;

    /** The API spelling: {@code process} or {@code spot}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
