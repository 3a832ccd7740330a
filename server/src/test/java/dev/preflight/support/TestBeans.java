package dev.preflight.support;

import dev.preflight.events.EventScheduler;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Beans every full-stack test context shares: a movable clock and a log of published events; and the test fixtures
 * to autowire ({@link FullStackTest}), made on first use, once the server listens on its port.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestBeans {

    @Bean
    @Primary
    TestClock testClock() {
        return new TestClock();
    }

    @Bean
    EventLog eventLog() {
        return new EventLog();
    }

    @Bean
    @Lazy
    Api api(Environment environment) {
        return new Api(environment.getRequiredProperty("local.server.port", Integer.class));
    }

    @Bean
    @Lazy
    Tenants tenants(Api api) {
        return new Tenants(api);
    }

    @Bean
    @Lazy
    JobFixtures jobFixtures(Api api) {
        return new JobFixtures(api);
    }

    @Bean
    @Lazy
    Webhooks webhooks(Api api, EventScheduler scheduler, JdbcClient jdbc) {
        return new Webhooks(api, scheduler, jdbc);
    }
}
