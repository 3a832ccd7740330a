package dev.preflight.platform;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Tells public internet addresses from the ones a request on a customer's behalf must never reach: loopback,
 * private (RFC 1918, IPv6 unique-local), link-local, carrier-grade NAT, multicast, unspecified, and the reserved,
 * documentation and benchmarking ranges. IPv6 addresses that carry an IPv4 address (IPv4-mapped, IPv4-compatible,
 * NAT64, 6to4) are judged by the IPv4 address they carry.
 */
public final class NetworkAddresses {

    private NetworkAddresses() {
    }

    /** Why the address is not a public destination, or empty when it is one. */
    public static Optional<String> nonPublicReason(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address || b.length == 4) {
            return ipv4(b, 0);
        }
        if (address instanceof Inet6Address || b.length == 16) {
            return ipv6(b);
        }
        return Optional.of("an address of an unknown family");
    }

    /** True for an address that {@link #nonPublicReason} lets through. */
    public static boolean isPublic(InetAddress address) {
        return nonPublicReason(address).isEmpty();
    }

    private static Optional<String> ipv4(byte[] b, int at) {
        int a0 = b[at] & 0xff;
        int a1 = b[at + 1] & 0xff;
        int a2 = b[at + 2] & 0xff;
        if (a0 == 0) {
            return Optional.of("an unspecified address (0.0.0.0/8)");
        }
        if (a0 == 127) {
            return Optional.of("a loopback address (127.0.0.0/8)");
        }
        if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168)) {
            return Optional.of("a private address (RFC 1918)");
        }
        if (a0 == 100 && (a1 & 0xc0) == 64) {
            return Optional.of("a carrier-grade NAT address (100.64.0.0/10)");
        }
        if (a0 == 169 && a1 == 254) {
            return Optional.of("a link-local address (169.254.0.0/16)");
        }
        if (a0 >= 224 && a0 <= 239) {
            return Optional.of("a multicast address (224.0.0.0/4)");
        }
        if (a0 >= 240) {
            return Optional.of("a reserved or broadcast address (240.0.0.0/4)");
        }
        if (a0 == 192 && a1 == 0 && a2 == 0) {
            return Optional.of("an IETF protocol-assignment address (192.0.0.0/24)");
        }
        if ((a0 == 192 && a1 == 0 && a2 == 2) || (a0 == 198 && a1 == 51 && a2 == 100)
                || (a0 == 203 && a1 == 0 && a2 == 113)) {
            return Optional.of("a documentation address (TEST-NET)");
        }
        if (a0 == 198 && (a1 == 18 || a1 == 19)) {
            return Optional.of("a benchmarking address (198.18.0.0/15)");
        }
        return Optional.empty();
    }

    private static Optional<String> ipv6(byte[] b) {
        boolean firstTenZero = true;
        for (int i = 0; i < 10; i++) {
            firstTenZero &= b[i] == 0;
        }
        if (firstTenZero && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return ipv4(b, 12).map(r -> r + " inside an IPv4-mapped IPv6 address");
        }
        if (firstTenZero && b[10] == 0 && b[11] == 0) {
            boolean lastFourZero = b[12] == 0 && b[13] == 0 && b[14] == 0;
            if (lastFourZero && b[15] == 0) {
                return Optional.of("the unspecified IPv6 address (::)");
            }
            if (lastFourZero && b[15] == 1) {
                return Optional.of("the IPv6 loopback address (::1)");
            }
            return ipv4(b, 12).map(r -> r + " inside an IPv4-compatible IPv6 address")
                    .or(() -> Optional.of("a deprecated IPv4-compatible IPv6 address (::/96)"));
        }
        int w0 = ((b[0] & 0xff) << 8) | (b[1] & 0xff);
        int w1 = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        int w2 = ((b[4] & 0xff) << 8) | (b[5] & 0xff);
        if (w0 == 0x0064 && w1 == 0xff9b) {
            if (w2 == 0x0001) {
                return Optional.of("a local-use NAT64 address (64:ff9b:1::/48)");
            }
            boolean wellKnown = true;
            for (int i = 4; i < 12; i++) {
                wellKnown &= b[i] == 0;
            }
            if (wellKnown) {
                return ipv4(b, 12).map(r -> r + " inside a NAT64 address (64:ff9b::/96)");
            }
        }
        if (w0 == 0x2002) {
            return ipv4(b, 2).map(r -> r + " inside a 6to4 address (2002::/16)");
        }
        if (w0 == 0x2001 && w1 == 0x0000) {
            return Optional.of("a Teredo tunnel address (2001::/32)");
        }
        if (w0 == 0x2001 && w1 == 0x0db8) {
            return Optional.of("a documentation address (2001:db8::/32)");
        }
        if (w0 == 0x0100 && w1 == 0 && w2 == 0 && b[6] == 0 && b[7] == 0) {
            return Optional.of("a discard-only address (100::/64)");
        }
        if ((b[0] & 0xfe) == 0xfc) {
            return Optional.of("a unique-local (private) IPv6 address (fc00::/7)");
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80) {
            return Optional.of("a link-local IPv6 address (fe80::/10)");
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
            return Optional.of("a site-local IPv6 address (fec0::/10)");
        }
        if ((b[0] & 0xff) == 0xff) {
            return Optional.of("a multicast IPv6 address (ff00::/8)");
        }
        return Optional.empty();
    }
}
