package dev.preflight.branding;

import com.google.common.net.InetAddresses;
import com.google.common.net.InternetDomainName;

import java.net.IDN;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which hostnames a tenant may claim as a custom domain: a syntactically valid DNS name under a public suffix, and
 * none of the blocklist: IP literals, {@code localhost} and other special-use names, the service's own hosts (and
 * their subdomains), and names that are themselves public suffixes ({@code co.uk}, {@code github.io}).
 */
final class DomainRules {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
    private static final java.util.List<String> SPECIAL_USE = java.util.List.of("localhost", "local", "internal",
            "invalid", "arpa", "onion");

    private DomainRules() {
    }

    /** The normalised hostname (lower case, ASCII, no trailing dot), or the reason it cannot be claimed. */
    record Verdict(String host, Optional<String> problem) {
    }

    static Verdict judge(String raw, Collection<String> ownHosts) {
        String h = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (h.startsWith("[") || h.contains(":") || InetAddresses.isInetAddress(h)
                || h.matches("[0-9]+(\\.[0-9]+){0,3}")) {
            return bad(h, "IP addresses cannot be claimed as a custom domain; use a hostname.");
        }
        String ascii;
        try {
            ascii = IDN.toASCII(h, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return bad(h, "'" + raw + "' is not a valid hostname.");
        }
        if (ascii.isEmpty() || ascii.length() > 253) {
            return bad(ascii, "A hostname has 1 to 253 characters.");
        }
        String[] labels = ascii.split("\\.", -1);
        for (String l : labels) {
            if (!LABEL.matcher(l).matches()) {
                return bad(ascii, "'" + raw + "' is not a valid hostname (labels of letters, digits and inner "
                        + "hyphens, 1-63 characters each).");
            }
        }
        String tld = labels[labels.length - 1];
        if (SPECIAL_USE.contains(tld) || ascii.equals("localhost")) {
            return bad(ascii, "'" + ascii + "' is a special-use name (localhost, .local, .internal, ...) and cannot "
                    + "be claimed.");
        }
        for (String own : ownHosts) {
            String o = own == null ? "" : own.toLowerCase(Locale.ROOT);
            if (!o.isEmpty() && (ascii.equals(o) || ascii.endsWith("." + o))) {
                return bad(ascii, "'" + ascii + "' belongs to this service and cannot be claimed.");
            }
        }
        if (labels.length < 2) {
            return bad(ascii, "A custom domain needs at least two labels (e.g. reports.example.com).");
        }
        InternetDomainName name;
        try {
            name = InternetDomainName.from(ascii);
        } catch (IllegalArgumentException e) {
            return bad(ascii, "'" + ascii + "' is not a valid hostname.");
        }
        if (name.isPublicSuffix()) {
            return bad(ascii, "'" + ascii + "' is a public suffix (shared by unrelated owners) and cannot be claimed.");
        }
        if (!name.isUnderPublicSuffix()) {
            return bad(ascii, "'" + ascii + "' is not under a known public suffix (top-level domain).");
        }
        return new Verdict(ascii, Optional.empty());
    }

    private static Verdict bad(String host, String why) {
        return new Verdict(host, Optional.of(why));
    }
}
