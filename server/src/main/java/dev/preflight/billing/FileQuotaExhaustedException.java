package dev.preflight.billing;

import dev.preflight.platform.ApiException;
import org.springframework.http.HttpStatus;

import java.util.Map;

/** 402: the tenant's file pool is empty and overage is off; carries the pool's headers. */
public class FileQuotaExhaustedException extends ApiException {

    FileQuotaExhaustedException(String detail, Map<String, String> headers) {
        super(HttpStatus.PAYMENT_REQUIRED, detail, headers);
    }
}
