package dev.preflight.platform;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Time conversions for the database (TIMESTAMP WITH TIME ZONE) and the API (ISO 8601 UTC with Z). */
public final class Times {

    private Times() {
    }

    /** A database parameter: both H2 and PostgreSQL bind OffsetDateTime to TIMESTAMP WITH TIME ZONE. */
    public static OffsetDateTime db(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
    }

    public static Instant fromDb(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }

    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
