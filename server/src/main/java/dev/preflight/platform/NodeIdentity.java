package dev.preflight.platform;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * This process's name among the nodes that share one database ({@code PREFLIGHT_NODE_NAME}; default the host name
 * and process id). The schedulers claim work under it, job attempts record it, and the metrics show it as
 * {@code preflight_node_info{node="..."}}. Two live processes must never share a name: a node that starts takes
 * back the stale work recorded under its own name.
 */
@Component
public class NodeIdentity {

    /** db-scheduler's {@code picked_by} column holds 50 characters. */
    public static final int MAX_LENGTH = 50;

    // Several application contexts in one JVM (tests) would otherwise share host name and pid.
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final String name;

    NodeIdentity(@Value("${preflight.platform.node-name:}") String configured, MeterRegistry registry) {
        this.name = configured == null || configured.isBlank() ? defaultName() : checked(configured.trim());
        Gauge.builder("preflight.node.info", () -> 1)
                .description("This node's name (PREFLIGHT_NODE_NAME) as a label; the value is always 1")
                .tag("node", name)
                .strongReference(true)
                .register(registry);
    }

    /** The node name, unique among live nodes. */
    public String name() {
        return name;
    }

    private static String checked(String name) {
        if (name.length() > MAX_LENGTH || !name.matches("[A-Za-z0-9._:-]+")) {
            throw new IllegalArgumentException("PREFLIGHT_NODE_NAME must be 1 to " + MAX_LENGTH
                    + " characters of letters, digits, '.', '_', ':' or '-', not '" + name + "'");
        }
        return name;
    }

    private static String defaultName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException | SecurityException e) {
            host = "node";
        }
        host = host.replaceAll("[^A-Za-z0-9.-]", "-");
        int n = INSTANCES.incrementAndGet();
        String suffix = "-" + ProcessHandle.current().pid() + (n == 1 ? "" : "-" + n);
        int room = MAX_LENGTH - suffix.length();
        return (host.length() > room ? host.substring(0, room) : host) + suffix;
    }
}
