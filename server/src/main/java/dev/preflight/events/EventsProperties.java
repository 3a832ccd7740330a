package dev.preflight.events;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Events settings ({@code preflight.events.*}): the scheduler that dispatches recorded events and runs webhook
 * deliveries, apart from the job workers so a long analysis never holds a delivery back.
 *
 * @param threads               delivery threads per node (deliveries wait on the network, not the CPU)
 * @param pollingInterval       how often due work (retries) is looked for; new events are started at once
 * @param heartbeatInterval     how often a node says it is alive while it works
 * @param missedHeartbeatsLimit missed heartbeats after which another node revives the work
 * @param schedulerName         this node's name in the task table; blank: the node name (platform.NodeIdentity)
 * @param dispatchDelay         time between recording an event and dispatching it; 0 in production (tests hold
 *                              deliveries back with it)
 * @param outboxRetention       how long dispatched events stay in the outbox
 * @param shutdownMaxWait       how long a stopping node lets running deliveries finish
 */
@ConfigurationProperties("preflight.events")
public record EventsProperties(int threads, Duration pollingInterval, Duration heartbeatInterval,
                               int missedHeartbeatsLimit, String schedulerName, Duration dispatchDelay,
                               Duration outboxRetention, Duration shutdownMaxWait) {

    public EventsProperties {
        threads = threads <= 0 ? 4 : threads;
        pollingInterval = pollingInterval == null ? Duration.ofSeconds(1) : pollingInterval;
        heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(30) : heartbeatInterval;
        missedHeartbeatsLimit = missedHeartbeatsLimit < 4 ? 4 : missedHeartbeatsLimit;
        schedulerName = schedulerName == null || schedulerName.isBlank() ? null : schedulerName.trim();
        dispatchDelay = dispatchDelay == null || dispatchDelay.isNegative() ? Duration.ZERO : dispatchDelay;
        outboxRetention = outboxRetention == null ? Duration.ofDays(7) : outboxRetention;
        shutdownMaxWait = shutdownMaxWait == null ? Duration.ofSeconds(10) : shutdownMaxWait;
    }
}
