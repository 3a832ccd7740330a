package dev.preflight.branding;

import dev.preflight.platform.BlobStore;
import dev.preflight.platform.Digests;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PayloadTooLargeException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.PublicUrls;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.web.multipart.MultipartFile;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Brand profiles, logos and the tenant's branding defaults, and the one place that resolves which branding an
 * output carries: per-call override, then the job's {@code brand} ({@code anonymous}, {@code service} or a profile),
 * then the tenant's defaults.
 */
@Service
public class BrandingService {

    private static final Logger log = LoggerFactory.getLogger(BrandingService.class);

    static final List<String> PROFILE_TYPES = List.of("custom", "service", "none");
    static final List<String> MODES = List.of("anonymous", "profile", "service");
    static final Pattern COLOR = Pattern.compile("#[0-9A-Fa-f]{6}");
    static final Pattern LOGO_FILE = Pattern.compile("[0-9a-f-]{36}-[0-9a-f]{16}\\.(png|jpg|svg)");

    private final BrandProfileRepository repository;
    private final CustomDomainService domains;
    private final TenancyService tenancy;
    private final BlobStore blobs;
    private final BrandingProperties properties;
    private final Clock clock;

    BrandingService(BrandProfileRepository repository, CustomDomainService domains, TenancyService tenancy,
                    BlobStore blobs, BrandingProperties properties, Clock clock) {
        this.repository = repository;
        this.domains = domains;
        this.tenancy = tenancy;
        this.blobs = blobs;
        this.properties = properties;
        this.clock = clock;
    }

    // ---------------------------------------------------------------------------------------------- resolution

    /**
     * The branding an output of the tenant carries.
     *
     * @param brand    the job's submit option: {@code anonymous}, {@code service}, a brand profile id, or null for the
     *                 tenant's defaults (a profile deleted since the job was submitted also falls back to them)
     * @param override per-call branding applied on top, or null
     */
    public Branding resolve(String tenantId, @Nullable String brand, @Nullable BrandingOverride override) {
        Branding base = base(tenantId, brand);
        return override == null ? base : apply(base, override);
    }

    private Branding base(String tenantId, @Nullable String brand) {
        if ("anonymous".equals(brand)) {
            return Branding.ANONYMOUS;
        }
        if ("service".equals(brand)) {
            return service(tenantId, null);
        }
        if (brand != null) {
            Optional<BrandProfile> p = repository.find(tenantId, brand);
            if (p.isPresent()) {
                return fromProfile(p.get());
            }
        }
        BrandProfileRepository.Defaults d = repository.defaults(tenantId);
        return switch (d.mode()) {
            case "anonymous" -> Branding.ANONYMOUS;
            case "profile" -> d.defaultBrandProfileId() == null ? service(tenantId, null)
                    : repository.find(tenantId, d.defaultBrandProfileId()).map(this::fromProfile)
                    .orElseGet(() -> service(tenantId, null));
            default -> service(tenantId, null);
        };
    }

    private Branding service(String tenantId, @Nullable String profileId) {
        return new Branding(profileId == null ? "service" : "profile", profileId == null ? null : "service",
                profileId, properties.serviceName(), null, null, properties.servicePrimaryColor(),
                properties.serviceAccentColor(), properties.serviceFooterText(), false, tenantName(tenantId), true);
    }

    private Branding fromProfile(BrandProfile p) {
        return switch (p.profileType()) {
            case "service" -> service(p.tenantId(), p.id());
            case "none" -> new Branding("profile", "none", p.id(), null, null, null, null, null, null, true,
                    tenantName(p.tenantId()), false);
            default -> new Branding("profile", "custom", p.id(), p.brandName(), logoUrl(p), logoDataUri(p),
                    p.primaryColor(), p.accentColor(), p.hideFooter() ? null : p.footerText(), p.hideFooter(),
                    tenantName(p.tenantId()), false);
        };
    }

    private static Branding apply(Branding base, BrandingOverride o) {
        boolean hide = o.hideFooter() != null ? o.hideFooter() : base.hideFooter();
        return new Branding("override", null, base.brandProfileId(),
                o.name() != null ? o.name() : base.serviceChrome() ? null : base.brandName(),
                o.logoUrl() != null ? o.logoUrl() : base.logoUrl(),
                o.logoUrl() != null ? null : base.logoDataUri(),
                o.primaryColor() != null ? o.primaryColor() : base.primaryColor(),
                o.accentColor() != null ? o.accentColor() : base.accentColor(),
                hide || base.serviceChrome() ? null : base.footerText(), hide, base.tenantName(), false);
    }

    private @Nullable String tenantName(String tenantId) {
        try {
            return tenancy.tenant(tenantId).name();
        } catch (NotFoundException e) {
            return null;
        }
    }

    /** Problems of a per-call override's fields, collected in the validator under {@code branding.*}. */
    public static void validate(BrandingOverride o, Validator v) {
        if (o.name() != null) {
            v.length("branding.name", o.name(), 1, 255);
        }
        if (o.logoUrl() != null) {
            httpsUrl("branding.logo_url", o.logoUrl(), v);
        }
        color("branding.primary_color", o.primaryColor(), v);
        color("branding.accent_color", o.accentColor(), v);
    }

    // ---------------------------------------------------------------------------------------------- profiles

    List<BrandProfile> list(Caller caller, String tenantId) {
        requireOwnTenant(caller, tenantId);
        return repository.list(tenantId);
    }

    BrandProfile get(Caller caller, String tenantId, String profileId) {
        requireOwnTenant(caller, tenantId);
        return repository.find(tenantId, profileId).orElseThrow(() -> profileNotFound(profileId));
    }

    @Transactional
    BrandProfile create(Caller caller, String tenantId, JsonNode body) {
        requireOwnTenant(caller, tenantId);
        caller.require(Permission.BRANDING);
        if (!tenancy.allows(caller.plan(), "brand_profiles")) {
            throw new PlanUpgradeRequiredException("Creating brand profiles needs the Scale or Enterprise plan; this "
                    + "tenant is on " + caller.plan().wire() + ".");
        }
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        if (!f.hasValue("name")) {
            v.add("name", "Field required", "missing");
        }
        Instant now = now();
        var p = read(f, new BrandProfile(UUID.randomUUID().toString(), tenantId, "", "custom", null, null, null, null,
                null, null, null, false, now, now));
        v.throwIfInvalid();
        repository.insert(p);
        return p;
    }

    @Transactional
    BrandProfile update(Caller caller, String tenantId, String profileId, JsonNode body) {
        BrandProfile current = get(caller, tenantId, profileId);
        caller.require(Permission.BRANDING);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        if (f.has("name") && !f.hasValue("name")) {
            v.add("name", "name cannot be null", "missing");
        }
        BrandProfile p = read(f, current);
        v.throwIfInvalid();
        p = new BrandProfile(p.id(), p.tenantId(), p.name(), p.profileType(), p.brandName(), p.logoUrl(), p.logoKey(),
                p.logoContentType(), p.primaryColor(), p.accentColor(), p.footerText(), p.hideFooter(), p.createdAt(),
                now());
        if (current.logoKey() != null && p.logoKey() == null) {
            deleteLogoAfterCommit(current.logoKey());
        }
        repository.update(p);
        return p;
    }

    /** Applies the fields the body names onto a profile; omitted fields keep their value, null clears. */
    private BrandProfile read(JsonFields f, BrandProfile p) {
        Validator v = f.validator();
        String name = f.has("name") ? f.string("name", 1, 255) : p.name();
        String type = p.profileType();
        if (f.hasValue("profile_type")) {
            type = f.string("profile_type", 1, 16);
            v.oneOf("profile_type", type, PROFILE_TYPES);
        }
        String brandName = f.has("brand_name") ? f.string("brand_name", 0, 255) : p.brandName();
        String logoUrl = p.logoUrl();
        String logoKey = p.logoKey();
        String logoType = p.logoContentType();
        if (f.has("logo_url")) {
            String given = f.string("logo_url", 1, 2048);
            if (given == null) {
                logoUrl = null;
                logoKey = null;
                logoType = null;
            } else if (!given.equals(logoUrl(p))) {
                httpsUrl("logo_url", given, v);
                logoUrl = given;
                logoKey = null;
                logoType = null;
            }
        }
        String primary = f.has("primary_color") ? f.string("primary_color", 0, 7) : p.primaryColor();
        color("primary_color", f.has("primary_color") ? primary : null, v);
        String accent = f.has("accent_color") ? f.string("accent_color", 0, 7) : p.accentColor();
        color("accent_color", f.has("accent_color") ? accent : null, v);
        String footer = f.has("footer_text") ? f.string("footer_text", 0, 500) : p.footerText();
        Boolean hide = f.has("hide_footer") ? f.bool("hide_footer") : Boolean.valueOf(p.hideFooter());
        return new BrandProfile(p.id(), p.tenantId(), name == null ? p.name() : name, type == null ? p.profileType() : type,
                brandName, logoUrl, logoKey, logoType, primary, accent, footer, hide != null && hide, p.createdAt(),
                p.updatedAt());
    }

    @Transactional
    void delete(Caller caller, String tenantId, String profileId) {
        BrandProfile p = get(caller, tenantId, profileId);
        caller.require(Permission.BRANDING);
        BrandProfileRepository.Defaults d = repository.defaults(tenantId);
        if (profileId.equals(d.defaultBrandProfileId())) {
            repository.saveDefaults(tenantId, d.mode().equals("profile") ? "service" : d.mode(), null, now());
        }
        repository.delete(tenantId, profileId);
        if (p.logoKey() != null) {
            deleteLogoAfterCommit(p.logoKey());
        }
    }

    // ---------------------------------------------------------------------------------------------- logos

    @Transactional
    BrandProfile uploadLogo(Caller caller, String tenantId, String profileId, MultipartFile file) {
        BrandProfile p = get(caller, tenantId, profileId);
        caller.require(Permission.BRANDING);
        if (file == null || file.isEmpty()) {
            Validator.body().add("file", "Field required", "missing").throwIfInvalid();
        }
        if (file.getSize() > properties.maxLogoBytes()) {
            throw new PayloadTooLargeException("The logo is " + file.getSize() + " bytes; at most "
                    + properties.maxLogoBytes() + " bytes are accepted.");
        }
        byte[] bytes;
        try {
            bytes = file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the upload", e);
        }
        LogoSanitizer.Logo logo = LogoSanitizer.sanitize(bytes, properties.maxLogoPixels());
        String key = "tenants/" + tenantId + "/branding/logos/" + p.id() + "-" + Digests.sha256Hex(logo.bytes()).substring(0, 16)
                + "." + logo.extension();
        try {
            blobs.put(key, new ByteArrayInputStream(logo.bytes()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not store the logo", e);
        }
        if (p.logoKey() != null && !p.logoKey().equals(key)) {
            deleteLogoAfterCommit(p.logoKey());
        }
        BrandProfile updated = p.withLogo(null, key, logo.contentType(), now());
        repository.update(updated);
        return updated;
    }

    /** A stored logo for the public logo route; empty when there is none under that name. */
    Optional<StoredLogo> logo(String tenantId, String fileName) {
        if (!LOGO_FILE.matcher(fileName).matches() || !tenantId.matches("[0-9a-f-]{36}")) {
            return Optional.empty();
        }
        String key = "tenants/" + tenantId + "/branding/logos/" + fileName;
        if (!blobs.exists(key)) {
            return Optional.empty();
        }
        String ext = fileName.substring(fileName.lastIndexOf('.') + 1);
        String type = switch (ext) {
            case "png" -> "image/png";
            case "jpg" -> "image/jpeg";
            default -> "image/svg+xml";
        };
        try (InputStream in = blobs.open(key)) {
            return Optional.of(new StoredLogo(in.readAllBytes(), type));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A logo's bytes and media type. */
    record StoredLogo(byte[] bytes, String contentType) {
    }

    /** The public URL of a profile's logo: the uploaded one on the CDN path, or the URL the client set. */
    @Nullable String logoUrl(BrandProfile p) {
        if (p.logoKey() != null) {
            return PublicUrls.base(properties.cdnBaseUrl()) + "/cdn/logos/" + p.tenantId() + "/"
                    + p.logoKey().substring(p.logoKey().lastIndexOf('/') + 1);
        }
        return p.logoUrl();
    }

    private @Nullable String logoDataUri(BrandProfile p) {
        if (p.logoKey() == null) {
            return null;
        }
        try (InputStream in = blobs.open(p.logoKey())) {
            return "data:" + p.logoContentType() + ";base64," + Base64.getEncoder().encodeToString(in.readAllBytes());
        } catch (IOException e) {
            log.warn("logo of brand profile {} could not be read: {}", p.id(), e.getMessage());
            return null;
        }
    }

    private void deleteLogoAfterCommit(String key) {
        Runnable delete = () -> {
            try {
                blobs.deletePrefix(key);
            } catch (IOException e) {
                log.warn("could not delete logo blob {}: {}", key, e.getMessage());
            }
        };
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    delete.run();
                }
            });
        } else {
            delete.run();
        }
    }

    // ---------------------------------------------------------------------------------------------- defaults

    BrandProfileRepository.Defaults defaults(Caller caller) {
        return repository.defaults(caller.tenantId());
    }

    @Transactional
    BrandProfileRepository.Defaults setDefaults(Caller caller, JsonNode body) {
        caller.require(Permission.BRANDING);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        String mode = f.string("mode", 1, 16);
        if (mode == null && !f.hasValue("mode")) {
            v.add("mode", "Field required", "missing");
        }
        v.oneOf("mode", mode, MODES);
        String profileId = null;
        if (f.hasValue("brand_profile_id")) {
            UUID u = v.uuid("brand_profile_id", f.string("brand_profile_id", 1, 64));
            profileId = u == null ? null : u.toString();
        }
        if ("profile".equals(mode) && !f.hasValue("brand_profile_id")) {
            v.add("brand_profile_id", "Field required when mode is profile", "missing");
        }
        v.throwIfInvalid();
        BrandProfileRepository.Defaults current = repository.defaults(caller.tenantId());
        String defaultProfile = current.defaultBrandProfileId();
        if (f.has("brand_profile_id")) {
            if (profileId != null) {
                String id = profileId;
                repository.find(caller.tenantId(), id).orElseThrow(() -> profileNotFound(id));
            }
            defaultProfile = profileId;
        }
        repository.saveDefaults(caller.tenantId(), mode, defaultProfile, now());
        return repository.defaults(caller.tenantId());
    }

    /** Sets (or with null clears) the default profile; returns it, or empty when cleared. */
    @Transactional
    Optional<BrandProfile> setDefaultProfile(Caller caller, String tenantId, JsonNode body) {
        requireOwnTenant(caller, tenantId);
        caller.require(Permission.BRANDING);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        if (!f.has("brand_profile_id")) {
            v.add("brand_profile_id", "Field required (a brand profile id, or null to clear)", "missing");
        }
        UUID id = v.uuid("brand_profile_id", f.string("brand_profile_id", 1, 64));
        v.throwIfInvalid();
        BrandProfileRepository.Defaults d = repository.defaults(tenantId);
        if (id == null) {
            repository.saveDefaults(tenantId, d.mode().equals("profile") ? "service" : d.mode(), null, now());
            return Optional.empty();
        }
        BrandProfile p = repository.find(tenantId, id.toString()).orElseThrow(() -> profileNotFound(id.toString()));
        repository.saveDefaults(tenantId, "profile", p.id(), now());
        return Optional.of(p);
    }

    // ---------------------------------------------------------------------------------------------- bodies

    BrandingBodies.Profile body(BrandProfile p) {
        String defaultId = repository.defaults(p.tenantId()).defaultBrandProfileId();
        DomainClaim claim = domains.profileClaims(p.tenantId()).get(p.id());
        return body(p, defaultId, claim);
    }

    List<BrandingBodies.Profile> bodies(String tenantId, List<BrandProfile> list) {
        String defaultId = repository.defaults(tenantId).defaultBrandProfileId();
        Map<String, DomainClaim> claims = domains.profileClaims(tenantId);
        return list.stream().map(p -> body(p, defaultId, claims.get(p.id()))).toList();
    }

    private BrandingBodies.Profile body(BrandProfile p, @Nullable String defaultId, @Nullable DomainClaim claim) {
        return new BrandingBodies.Profile(p.id(), p.name(), p.profileType(), p.brandName(), logoUrl(p),
                p.primaryColor(), p.accentColor(), p.footerText(), p.hideFooter(), p.id().equals(defaultId),
                claim == null ? null : claim.domain(), claim != null && claim.verified(), p.createdAt(),
                p.updatedAt());
    }

    static BrandingBodies.Defaults body(BrandProfileRepository.Defaults d) {
        return new BrandingBodies.Defaults(d.mode(), d.mode().equals("anonymous"), d.defaultBrandProfileId());
    }

    // ---------------------------------------------------------------------------------------------- helpers

    static void requireOwnTenant(Caller caller, String tenantId) {
        if (!caller.tenantId().equals(tenantId)) {
            throw new ForbiddenException("The path names another tenant; this key belongs to tenant "
                    + caller.tenantId() + ".");
        }
    }

    static NotFoundException profileNotFound(String id) {
        return new NotFoundException("Brand profile " + id + " not found for this tenant.");
    }

    Optional<String> ownerOf(String profileId) {
        return repository.ownerOf(profileId);
    }

    private static void color(String field, @Nullable String value, Validator v) {
        if (value != null && !COLOR.matcher(value).matches()) {
            v.add(field, "Input should be a colour written #RRGGBB", "string_pattern_mismatch");
        }
    }

    private static void httpsUrl(String field, String value, Validator v) {
        if (!v.length(field, value, 1, 2048)) {
            return;
        }
        try {
            URI u = new URI(value);
            if (!"https".equalsIgnoreCase(u.getScheme()) || u.getHost() == null) {
                v.add(field, "Input should be an absolute https URL", "url_scheme");
            }
        } catch (java.net.URISyntaxException e) {
            v.add(field, "Input should be a valid URL", "url_parsing");
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
