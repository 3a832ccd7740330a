package dev.preflight.billing;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The 402 body of an AI route whose tenant has spent its monthly AI cost cap (spec: Errors 4). AI routes document
 * it with {@code @ApiResponse(responseCode = "402", content = @Content(schema = @Schema(implementation =
 * AiCostCapResponse.class)))}.
 */
@Schema(name = "AiCostCapResponse", description = "The monthly AI cost cap is spent")
public record AiCostCapResponse(String detail, @Schema(minimum = "0") long usedCents,
                                @Schema(minimum = "0") long monthlyCapCents) {
}
