package dev.preflight.billing;

import dev.preflight.platform.Times;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * Per-tenant terms (the operator's overrides of the plan's) and per-cycle usage. Usage changes are single
 * conditional UPDATEs evaluated by the database, so concurrent submits never over- or under-count; the row lock they
 * take also serialises the read-back within the caller's transaction.
 */
@Repository
class BillingRepository {

    private final JdbcClient jdbc;

    BillingRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A tenant's overrides; null fields follow the plan. */
    record Overrides(Integer includedFiles, Boolean overageEnabled, Integer overageRateCents, Long aiMonthlyCapCents,
                     Integer requestsPerMinute) {
        static final Overrides NONE = new Overrides(null, null, null, null, null);

        BillingTerms over(BillingTerms plan) {
            return new BillingTerms(includedFiles != null ? includedFiles : plan.includedFiles(),
                    overageEnabled != null ? overageEnabled : plan.overageEnabled(),
                    overageRateCents != null ? overageRateCents : plan.overageRateCents(),
                    aiMonthlyCapCents != null ? aiMonthlyCapCents : plan.aiMonthlyCapCents(),
                    requestsPerMinute != null ? requestsPerMinute : plan.requestsPerMinute());
        }
    }

    /** A cycle's usage. */
    record Usage(int filesUsed, long overageCostCents, long aiUsedMillicents) {
        static final Usage NONE = new Usage(0, 0, 0);
    }

    Overrides overrides(String tenantId) {
        return jdbc.sql("SELECT included_files, overage_enabled, overage_rate_cents, ai_monthly_cap_cents, "
                        + "requests_per_minute FROM billing_accounts WHERE tenant_id = ?")
                .param(tenantId)
                .query((rs, n) -> new Overrides(rs.getObject(1, Integer.class), rs.getObject(2, Boolean.class),
                        rs.getObject(3, Integer.class), rs.getObject(4, Long.class), rs.getObject(5, Integer.class)))
                .optional().orElse(Overrides.NONE);
    }

    void saveOverrides(String tenantId, Overrides o) {
        int n = jdbc.sql("UPDATE billing_accounts SET included_files = ?, overage_enabled = ?, overage_rate_cents = ?, "
                        + "ai_monthly_cap_cents = ?, requests_per_minute = ?, updated_at = ? WHERE tenant_id = ?")
                .params(o.includedFiles(), o.overageEnabled(), o.overageRateCents(), o.aiMonthlyCapCents(),
                        o.requestsPerMinute(), Times.db(Times.now()), tenantId)
                .update();
        if (n == 0) {
            jdbc.sql("INSERT INTO billing_accounts (tenant_id, included_files, overage_enabled, overage_rate_cents, "
                            + "ai_monthly_cap_cents, requests_per_minute, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
                    .params(tenantId, o.includedFiles(), o.overageEnabled(), o.overageRateCents(),
                            o.aiMonthlyCapCents(), o.requestsPerMinute(), Times.db(Times.now()))
                    .update();
        }
    }

    /**
     * Creates the cycle's usage row unless it exists. Run it outside the transaction that then charges: on
     * PostgreSQL a duplicate-key error would abort that transaction.
     */
    void ensureUsage(String tenantId, String month) {
        boolean exists = jdbc.sql("SELECT COUNT(*) FROM billing_usage WHERE tenant_id = ? AND billing_month = ?")
                .params(tenantId, month).query(Long.class).single() > 0;
        if (!exists) {
            try {
                jdbc.sql("INSERT INTO billing_usage (tenant_id, billing_month, files_used, overage_cost_cents, "
                                + "ai_used_millicents) VALUES (?, ?, 0, 0, 0)")
                        .params(tenantId, month).update();
            } catch (DuplicateKeyException raced) {
                // another submit created it first
            }
        }
    }

    /**
     * Counts one file unless that would pass {@code limit} (null: no limit); a file past {@code included} adds
     * {@code rateCents} to the cycle's overage cost. Returns false when the pool is empty.
     */
    boolean chargeFile(String tenantId, String month, Integer limit, int included, int rateCents) {
        String guard = limit == null ? "" : " AND files_used < ?";
        var spec = jdbc.sql("UPDATE billing_usage SET files_used = files_used + 1, "
                        + "overage_cost_cents = overage_cost_cents + CASE WHEN files_used + 1 > ? THEN ? ELSE 0 END "
                        + "WHERE tenant_id = ? AND billing_month = ?" + guard)
                .param(included).param(rateCents).param(tenantId).param(month);
        if (limit != null) {
            spec = spec.param(limit);
        }
        return spec.update() == 1;
    }

    /** Takes back one charged file (the submission failed after the charge). */
    void refundFile(String tenantId, String month, long chargedCents) {
        jdbc.sql("UPDATE billing_usage SET files_used = files_used - 1, overage_cost_cents = overage_cost_cents - ? "
                        + "WHERE tenant_id = ? AND billing_month = ? AND files_used > 0")
                .params(chargedCents, tenantId, month).update();
    }

    void chargeAi(String tenantId, String month, long millicents) {
        jdbc.sql("UPDATE billing_usage SET ai_used_millicents = ai_used_millicents + ? "
                        + "WHERE tenant_id = ? AND billing_month = ?")
                .params(millicents, tenantId, month).update();
    }

    Usage usage(String tenantId, String month) {
        return jdbc.sql("SELECT files_used, overage_cost_cents, ai_used_millicents FROM billing_usage "
                        + "WHERE tenant_id = ? AND billing_month = ?")
                .params(tenantId, month)
                .query((rs, n) -> new Usage(rs.getInt(1), rs.getLong(2), rs.getLong(3)))
                .optional().orElse(Usage.NONE);
    }

    Optional<OffsetDateTime> overridesUpdatedAt(String tenantId) {
        return jdbc.sql("SELECT updated_at FROM billing_accounts WHERE tenant_id = ?").param(tenantId)
                .query((rs, n) -> rs.getObject(1, OffsetDateTime.class)).optional();
    }
}
