package dev.preflight.branding;

import org.springframework.stereotype.Component;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * CNAME lookups with dnsjava against the configured resolvers ({@code PREFLIGHT_DNS_SERVERS}, {@code host} or
 * {@code host:port}), or the system's resolvers when none are configured. Each lookup asks the server afresh (no
 * cache), so a record the customer just created is seen as soon as their DNS serves it.
 */
@Component
class DnsCnameLookup implements CnameLookup {

    private final BrandingProperties properties;

    DnsCnameLookup(BrandingProperties properties) {
        this.properties = properties;
    }

    @Override
    public Optional<String> cname(String host) throws DnsLookupException {
        Message response;
        try {
            Resolver resolver = resolver();
            Message query = Message.newQuery(Record.newRecord(Name.fromString(host + "."), Type.CNAME, DClass.IN));
            response = resolver.send(query);
        } catch (TextParseException e) {
            throw new DnsLookupException("'" + host + "' is not a valid DNS name", e);
        } catch (IOException e) {
            throw new DnsLookupException("the DNS lookup of " + host + " failed: " + e.getMessage(), e);
        }
        int rcode = response.getRcode();
        if (rcode == Rcode.NXDOMAIN) {
            return Optional.empty();
        }
        if (rcode != Rcode.NOERROR) {
            throw new DnsLookupException("the DNS server answered " + Rcode.string(rcode) + " for " + host, null);
        }
        for (Record r : response.getSection(Section.ANSWER)) {
            if (r instanceof CNAMERecord c) {
                return Optional.of(normalise(c.getTarget().toString()));
            }
        }
        return Optional.empty();
    }

    private Resolver resolver() throws UnknownHostException {
        Resolver r;
        if (properties.dnsServers().isEmpty()) {
            r = new ExtendedResolver();
        } else {
            var resolvers = new java.util.ArrayList<Resolver>();
            for (String s : properties.dnsServers()) {
                resolvers.add(new SimpleResolver(address(s.trim())));
            }
            r = resolvers.size() == 1 ? resolvers.get(0) : new ExtendedResolver(resolvers);
        }
        r.setTimeout(properties.dnsTimeout());
        return r;
    }

    private static InetSocketAddress address(String server) {
        int colon = server.lastIndexOf(':');
        if (colon > 0 && server.indexOf(':') == colon) {
            return new InetSocketAddress(server.substring(0, colon), Integer.parseInt(server.substring(colon + 1)));
        }
        return new InetSocketAddress(server, 53);
    }

    static String normalise(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
    }
}
