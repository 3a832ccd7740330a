package dev.preflight.branding;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * Custom-domain claims. Reads by tenant, except the two that must look across tenants: who holds a hostname (a
 * duplicate claim is a 409) and which tenant a verified hostname serves (requests arriving on it).
 */
@Repository
class DomainClaimRepository {

    private static final RowMapper<DomainClaim> MAPPER = (rs, n) -> new DomainClaim(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("kind"), rs.getString("brand_profile_id"), rs.getString("domain"),
            rs.getBoolean("verified"), Times.fromDb(rs.getObject("requested_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("verified_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    DomainClaimRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<DomainClaim> find(String tenantId, String kind, String brandProfileId) {
        return jdbc.sql("SELECT * FROM custom_domains WHERE claim_key = ? AND tenant_id = ?")
                .params(DomainClaim.claimKey(tenantId, kind, brandProfileId), tenantId).query(MAPPER).optional();
    }

    List<DomainClaim> ofProfiles(String tenantId) {
        return jdbc.sql("SELECT * FROM custom_domains WHERE tenant_id = ? AND kind = 'profile'").param(tenantId)
                .query(MAPPER).list();
    }

    /** Whoever holds the hostname, any tenant. */
    Optional<DomainClaim> holder(String domain) {
        return jdbc.sql("SELECT * FROM custom_domains WHERE domain = ?").param(domain).query(MAPPER).optional();
    }

    void insert(DomainClaim c) {
        jdbc.sql("INSERT INTO custom_domains (id, tenant_id, kind, brand_profile_id, claim_key, domain, verified, "
                        + "requested_at, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(c.id(), c.tenantId(), c.kind(), c.brandProfileId(),
                        DomainClaim.claimKey(c.tenantId(), c.kind(), c.brandProfileId()), c.domain(), c.verified(),
                        Times.db(c.requestedAt()), Times.db(c.verifiedAt()))
                .update();
    }

    void replaceDomain(String id, String tenantId, String domain, Instant requestedAt) {
        jdbc.sql("UPDATE custom_domains SET domain = ?, verified = FALSE, requested_at = ?, verified_at = NULL "
                        + "WHERE id = ? AND tenant_id = ?")
                .params(domain, Times.db(requestedAt), id, tenantId).update();
    }

    void markVerified(String id, Instant at) {
        jdbc.sql("UPDATE custom_domains SET verified = TRUE, verified_at = ? WHERE id = ?").params(Times.db(at), id)
                .update();
    }

    void delete(String id, String tenantId) {
        jdbc.sql("DELETE FROM custom_domains WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }
}
