package dev.preflight.billing;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneId;

/**
 * One billing cycle: a calendar month in the configured zone (UTC unless configured).
 *
 * @param key   the month, {@code 2026-11}, as stored
 * @param start first instant of the cycle
 * @param end   first instant of the next cycle
 */
public record BillingCycle(String key, Instant start, Instant end) {

    static BillingCycle at(Instant now, ZoneId zone) {
        YearMonth month = YearMonth.from(now.atZone(zone));
        return new BillingCycle(month.toString(), month.atDay(1).atStartOfDay(zone).toInstant(),
                month.plusMonths(1).atDay(1).atStartOfDay(zone).toInstant());
    }
}
