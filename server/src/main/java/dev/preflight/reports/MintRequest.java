package dev.preflight.reports;

import dev.preflight.branding.BrandingOverride;
import dev.preflight.branding.BrandingService;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.Validator;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * A mint request, validated (spec: POST /api/v1/jobs/{job_id}/reports and the batch mint).
 *
 * @param expirySet  the body named expiry_days (null then means no expiry); otherwise the plan default applies
 * @param emailTo    one address the URLs are mailed to
 */
record MintRequest(List<Wanted> formats, boolean expirySet, @Nullable Integer expiryDays, @Nullable String emailTo,
                   @Nullable BrandingOverride branding, String detailLevel, String summaryPage,
                   boolean allowAnnotations, boolean requireVisitorEmail) {

    static final List<String> RETURNS = List.of("url", "inline", "both");
    static final List<String> DETAIL_LEVELS = List.of("executive", "standard", "comprehensive");
    static final List<String> SUMMARY_PAGES = List.of("prepend", "only", "off");

    /** One requested format and how it is returned: url, inline or both. */
    record Wanted(ReportFormat format, String returns) {
        boolean url() {
            return !returns.equals("inline");
        }

        boolean inline() {
            return !returns.equals("url");
        }
    }

    boolean anyUrl() {
        return formats.stream().anyMatch(Wanted::url);
    }

    /** The single-job mint: every field of the spec's table plus allow_annotations and require_visitor_email. */
    static MintRequest single(@Nullable JsonNode body, int maxExpiryDays) {
        var v = Validator.body();
        var f = JsonFields.of(body == null || body.isMissingNode() || body.isNull()
                ? tools.jackson.databind.node.JsonNodeFactory.instance.objectNode() : body, v);
        List<Wanted> formats = formats(f, v, true);
        Integer expiry = f.integer("expiry_days", 1, maxExpiryDays);
        String email = f.string("email_to", 3, 320);
        if (email != null && !VisitorIdentity.validEmail(email)) {
            v.add("email_to", "Input should be one valid email address", "value_error");
        }
        BrandingOverride branding = null;
        JsonNode b = f.node("branding");
        if (b != null && !b.isNull()) {
            if (!b.isObject()) {
                v.add("branding", "Input should be an object {name, logo_url, primary_color, accent_color, hide_footer}",
                        "model_type");
            } else {
                var bf = JsonFields.of(b, Validator.body());
                branding = new BrandingOverride(bf.string("name", 1, 255), bf.string("logo_url", 1, 2048),
                        bf.string("primary_color", 1, 7), bf.string("accent_color", 1, 7), bf.bool("hide_footer"));
                if (!bf.validator().ok()) {
                    v.add("branding", "name, logo_url and the colours are strings, hide_footer a boolean", "value_error");
                }
                BrandingService.validate(branding, v);
            }
        }
        String detail = f.string("detail_level", 1, 32);
        v.oneOf("detail_level", detail, DETAIL_LEVELS);
        String summary = f.string("summary_page", 1, 32);
        v.oneOf("summary_page", summary, SUMMARY_PAGES);
        Boolean allow = f.bool("allow_annotations");
        Boolean require = f.bool("require_visitor_email");
        v.throwIfInvalid();
        var r = new MintRequest(formats, f.has("expiry_days"), expiry, email, branding,
                detail == null ? "standard" : detail, summary == null ? "prepend" : summary,
                Boolean.TRUE.equals(allow), Boolean.TRUE.equals(require));
        if (r.emailTo() != null && !r.anyUrl()) {
            Validator.body().add("email_to", "email_to needs at least one format returned as a URL", "value_error")
                    .throwIfInvalid();
        }
        return r;
    }

    /** The batch mint: formats as names only, no inline returns, no email or branding override. */
    static MintRequest batch(JsonFields f, Validator v, int maxExpiryDays) {
        List<Wanted> formats = formats(f, v, false);
        Integer expiry = f.integer("expiry_days", 1, maxExpiryDays);
        Boolean allow = f.bool("allow_annotations");
        Boolean require = f.bool("require_visitor_email");
        return new MintRequest(formats, f.has("expiry_days"), expiry, null, null, "standard", "prepend",
                Boolean.TRUE.equals(allow), Boolean.TRUE.equals(require));
    }

    private static List<Wanted> formats(JsonFields f, Validator v, boolean objects) {
        if (!f.hasValue("formats")) {
            return List.of(new Wanted(ReportFormat.HTML, "url"), new Wanted(ReportFormat.PDF, "url"));
        }
        JsonNode n = f.node("formats");
        if (!n.isArray() || n.isEmpty()) {
            v.add("formats", "Input should be a non-empty list of formats", "list_type");
            return List.of();
        }
        var out = new ArrayList<Wanted>();
        var seen = new HashSet<ReportFormat>();
        for (JsonNode e : n.values()) {
            String name;
            String returns = "url";
            if (e.isString()) {
                name = e.asString();
            } else if (objects && e.isObject() && e.path("format").isString()) {
                name = e.get("format").asString();
                JsonNode r = e.get("return");
                if (r != null && !r.isNull()) {
                    if (!r.isString() || !RETURNS.contains(r.asString())) {
                        v.add("formats", "return should be 'url', 'inline' or 'both'", "enum");
                        continue;
                    }
                    returns = r.asString();
                }
            } else {
                v.add("formats", objects ? "Each format is a name or an object {format, return}"
                        : "Each format is a name (inline returns are not available in a batch)", "value_error");
                continue;
            }
            var format = ReportFormat.of(name);
            if (format.isEmpty()) {
                v.oneOf("formats", name, ReportFormat.WIRE);
                continue;
            }
            if (!seen.add(format.get())) {
                v.add("formats", "'" + name + "' is listed twice", "value_error");
                continue;
            }
            if (!returns.equals("url") && !format.get().inlineable()) {
                v.add("formats", "'" + name + "' cannot be returned inline: inline is available for json and xml only",
                        "value_error");
                continue;
            }
            out.add(new Wanted(format.get(), returns));
        }
        return out;
    }
}
