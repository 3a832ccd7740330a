package dev.preflight.support;

import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP, a free port) for tests: answers CNAME records from a map,
 * SERVFAIL for names marked failing, NXDOMAIN for everything else. Built on dnsjava's wire format.
 */
public final class LocalDns implements AutoCloseable {

    private final DatagramSocket socket;
    private final Map<String, String> cnames = new ConcurrentHashMap<>();
    private final Set<String> failing = ConcurrentHashMap.newKeySet();
    private final Thread thread;

    public LocalDns() throws SocketException {
        socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        thread = new Thread(this::serve, "local-dns");
        thread.setDaemon(true);
        thread.start();
    }

    public int port() {
        return socket.getLocalPort();
    }

    public void cname(String host, String target) {
        cnames.put(host.toLowerCase(Locale.ROOT), target);
    }

    public void fail(String host) {
        failing.add(host.toLowerCase(Locale.ROOT));
    }

    private void serve() {
        byte[] buf = new byte[1500];
        while (!socket.isClosed()) {
            try {
                var packet = new DatagramPacket(buf, buf.length);
                socket.receive(packet);
                Message query = new Message(java.util.Arrays.copyOf(packet.getData(), packet.getLength()));
                byte[] answer = answer(query).toWire();
                socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private Message answer(Message query) throws IOException {
        Record q = query.getQuestion();
        var response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setFlag(Flags.AA);
        response.addRecord(q, Section.QUESTION);
        String name = q.getName().toString(true).toLowerCase(Locale.ROOT);
        if (failing.contains(name)) {
            response.getHeader().setRcode(Rcode.SERVFAIL);
        } else if (cnames.containsKey(name)) {
            response.addRecord(new CNAMERecord(q.getName(), DClass.IN, 60, Name.fromString(cnames.get(name) + ".")),
                    Section.ANSWER);
        } else {
            response.getHeader().setRcode(Rcode.NXDOMAIN);
        }
        return response;
    }

    @Override
    public void close() {
        socket.close();
    }
}
