package dev.preflight.branding;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Brand profiles and branding defaults; every read is scoped by tenant except {@link #ownerOf}. */
@Repository
class BrandProfileRepository {

    private static final RowMapper<BrandProfile> MAPPER = (rs, n) -> new BrandProfile(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("name"), rs.getString("profile_type"), rs.getString("brand_name"),
            rs.getString("logo_url"), rs.getString("logo_key"), rs.getString("logo_content_type"),
            rs.getString("primary_color"), rs.getString("accent_color"), rs.getString("footer_text"),
            rs.getBoolean("hide_footer"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("updated_at", OffsetDateTime.class)));

    /** The tenant's branding defaults (no row: mode service, no default profile). */
    record Defaults(String mode, String defaultBrandProfileId) {
    }

    private final JdbcClient jdbc;

    BrandProfileRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(BrandProfile p) {
        jdbc.sql("INSERT INTO brand_profiles (id, tenant_id, name, profile_type, brand_name, logo_url, logo_key, "
                        + "logo_content_type, primary_color, accent_color, footer_text, hide_footer, created_at, updated_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(p.id(), p.tenantId(), p.name(), p.profileType(), p.brandName(), p.logoUrl(), p.logoKey(),
                        p.logoContentType(), p.primaryColor(), p.accentColor(), p.footerText(), p.hideFooter(),
                        Times.db(p.createdAt()), Times.db(p.updatedAt()))
                .update();
    }

    int update(BrandProfile p) {
        return jdbc.sql("UPDATE brand_profiles SET name = ?, profile_type = ?, brand_name = ?, logo_url = ?, logo_key = ?, "
                        + "logo_content_type = ?, primary_color = ?, accent_color = ?, footer_text = ?, hide_footer = ?, "
                        + "updated_at = ? WHERE id = ? AND tenant_id = ?")
                .params(p.name(), p.profileType(), p.brandName(), p.logoUrl(), p.logoKey(), p.logoContentType(),
                        p.primaryColor(), p.accentColor(), p.footerText(), p.hideFooter(), Times.db(p.updatedAt()),
                        p.id(), p.tenantId())
                .update();
    }

    Optional<BrandProfile> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM brand_profiles WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    List<BrandProfile> list(String tenantId) {
        return jdbc.sql("SELECT * FROM brand_profiles WHERE tenant_id = ? ORDER BY created_at, id").param(tenantId)
                .query(MAPPER).list();
    }

    int delete(String tenantId, String id) {
        return jdbc.sql("DELETE FROM brand_profiles WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }

    /** The owning tenant of a profile id: a foreign profile answers 403 at submit, an unknown one 404. */
    Optional<String> ownerOf(String id) {
        return jdbc.sql("SELECT tenant_id FROM brand_profiles WHERE id = ?").param(id).query(String.class).optional();
    }

    Defaults defaults(String tenantId) {
        return jdbc.sql("SELECT mode, default_brand_profile_id FROM branding_defaults WHERE tenant_id = ?")
                .param(tenantId)
                .query((rs, n) -> new Defaults(rs.getString("mode"), rs.getString("default_brand_profile_id")))
                .optional().orElse(new Defaults("service", null));
    }

    void saveDefaults(String tenantId, String mode, String defaultProfileId, Instant now) {
        int n = jdbc.sql("UPDATE branding_defaults SET mode = ?, default_brand_profile_id = ?, updated_at = ? "
                        + "WHERE tenant_id = ?")
                .params(mode, defaultProfileId, Times.db(now), tenantId).update();
        if (n == 0) {
            jdbc.sql("INSERT INTO branding_defaults (tenant_id, mode, default_brand_profile_id, updated_at) "
                            + "VALUES (?, ?, ?, ?)")
                    .params(tenantId, mode, defaultProfileId, Times.db(now)).update();
        }
    }
}
