package dev.preflight.billing;

import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The one error of billing whose body is not the plain {@code {detail}}: the AI cost cap's 402. */
@RestControllerAdvice
@Order(1)
class BillingErrorMapping {

    @ExceptionHandler(AiCostCapExceededException.class)
    ResponseEntity<AiCostCapResponse> aiCostCap(AiCostCapExceededException e) {
        return ResponseEntity.status(e.status())
                .body(new AiCostCapResponse(e.detail(), e.usedCents(), e.monthlyCapCents()));
    }
}
