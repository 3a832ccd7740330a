package dev.preflight.platform;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * The application's clock. Code that decides by time (report expiry, sweeps) asks this bean for "now" so that tests
 * can move time with a clock of their own (a {@code @Primary} bean replaces this one).
 */
@Configuration
class ClockConfig {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
