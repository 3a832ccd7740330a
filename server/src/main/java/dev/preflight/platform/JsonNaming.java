package dev.preflight.platform;

import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.PropertyNamingStrategy;

/**
 * The one JSON naming rule of the API: Java names become snake_case on the wire. Jackson (which reads and writes the
 * wire) and the OpenAPI document (which describes it) both take their names from here, so they cannot disagree.
 */
public final class JsonNaming {

    /** The naming strategy of every JSON body the API reads or writes. */
    public static final PropertyNamingStrategy WIRE = PropertyNamingStrategies.SNAKE_CASE;

    private JsonNaming() {
    }

    /** The wire name of a Java property name ({@code jobId} -> {@code job_id}). */
    public static String wireName(String javaName) {
        return WIRE.nameForField(null, null, javaName);
    }
}
