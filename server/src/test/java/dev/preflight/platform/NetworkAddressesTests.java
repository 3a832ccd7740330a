package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;

import static org.assertj.core.api.Assertions.assertThat;

/** Which addresses the outbound guard lets through: public internet addresses only. */
@DatabaseIndependent
class NetworkAddressesTests {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "127.0.0.1|loopback", "127.255.255.254|loopback", "0.0.0.0|unspecified", "0.1.2.3|unspecified",
            "10.0.0.1|private", "172.16.0.1|private", "172.31.255.255|private", "192.168.1.1|private",
            "100.64.0.1|carrier-grade NAT", "100.127.255.255|carrier-grade NAT",
            "169.254.169.254|link-local", "224.0.0.1|multicast", "239.255.255.250|multicast",
            "255.255.255.255|broadcast", "240.0.0.1|reserved", "192.0.0.8|IETF",
            "192.0.2.1|documentation", "198.51.100.7|documentation", "203.0.113.9|documentation",
            "198.18.0.1|benchmarking",
            "::1|loopback", "::|unspecified", "fc00::1|unique-local", "fd12:3456::1|unique-local",
            "fe80::1|link-local", "febf::1|link-local", "fec0::1|site-local", "ff02::1|multicast",
            "::ffff:127.0.0.1|loopback", "::ffff:10.1.2.3|private", "::ffff:169.254.169.254|link-local",
            "::127.0.0.1|loopback", "64:ff9b::7f00:1|loopback", "64:ff9b::a00:1|private", "64:ff9b:1::1|NAT64",
            "2002:7f00:1::1|loopback", "2002:c0a8:101::1|private", "2001:0:4136:e378::1|Teredo",
            "2001:db8::1|documentation", "100::1|discard"})
    void refusesNonPublicAddresses(String literal, String reason) throws UnknownHostException {
        InetAddress a = InetAddress.getByName(literal);
        assertThat(NetworkAddresses.nonPublicReason(a)).as(literal).isPresent().get().asString().contains(reason);
        assertThat(NetworkAddresses.isPublic(a)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.1", "172.15.255.255",
            "172.32.0.1", "192.169.0.1", "169.253.1.1", "223.255.255.254", "2606:4700:4700::1111",
            "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"})
    void letsPublicAddressesThrough(String literal) throws UnknownHostException {
        InetAddress a = InetAddress.getByName(literal);
        assertThat(NetworkAddresses.nonPublicReason(a)).as(literal).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"::ffff:127.0.0.1", "::ffff:7f00:1"})
    void judgesIpv4MappedAddressesByTheIpv4AddressEvenWhenKeptAsIpv6Bytes(String literal) throws Exception {
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        mapped[12] = 127;
        mapped[15] = 1;
        // Java turns a mapped address into an Inet4Address; the raw 16 bytes must be judged the same way.
        InetAddress asV6 = java.net.Inet6Address.getByAddress(null, mapped, null);
        assertThat(NetworkAddresses.nonPublicReason(asV6)).get().asString().contains("loopback");
        assertThat(NetworkAddresses.nonPublicReason(InetAddress.getByName(literal))).get().asString()
                .contains("loopback");
    }
}
