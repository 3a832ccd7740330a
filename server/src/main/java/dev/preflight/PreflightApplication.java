package dev.preflight;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The Preflight service. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PreflightApplication {
    public static void main(String[] args) {
        SpringApplication.run(PreflightApplication.class, args);
    }
}
