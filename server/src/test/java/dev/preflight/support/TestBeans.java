package dev.preflight.support;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** Beans every full-stack test context shares: a movable clock and a log of published events. */
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
}
