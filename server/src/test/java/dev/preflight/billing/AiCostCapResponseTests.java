package dev.preflight.billing;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.time.ZoneOffset;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The 402 body an AI route answers when the cap is spent (spec: Errors 4), as the billing advice writes it. No AI
 * route exists yet, so a handler that throws stands in for one.
 */
@DatabaseIndependent
class AiCostCapResponseTests {

    @RestController
    static class ExplainingHandler {
        @GetMapping("/explain")
        String explain() {
            throw new AiCostCapExceededException(2017, 2000, BillingCycle.at(Instant.now(), ZoneOffset.UTC));
        }
    }

    @Test
    void answers402WithDetailUsedCentsAndMonthlyCapCents() throws Exception {
        MockMvc mvc = MockMvcBuilders.standaloneSetup(new ExplainingHandler())
                .setControllerAdvice(new BillingErrorMapping())
                .setMessageConverters(new org.springframework.http.converter.json.JacksonJsonHttpMessageConverter(
                        tools.jackson.databind.json.JsonMapper.builder()
                                .propertyNamingStrategy(dev.preflight.platform.JsonNaming.WIRE).build()))
                .build();
        mvc.perform(get("/explain"))
                .andExpect(status().isPaymentRequired())
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("AI cost cap")))
                .andExpect(jsonPath("$.usedCents").doesNotExist())
                .andExpect(jsonPath("$.used_cents").value(2017))
                .andExpect(jsonPath("$.monthly_cap_cents").value(2000))
                .andExpect(jsonPath("$.length()").value(3));
    }
}
