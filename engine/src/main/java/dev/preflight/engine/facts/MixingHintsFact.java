package dev.preflight.engine.facts;

import java.util.List;
import java.util.Map;

/**
 * An output intent's /MixingHints (ISO 32000-2 table 401 and the DeviceN mixing hints of table 73): how the
 * colorants of an n-colour printing condition combine.
 *
 * @param printingOrder  /PrintingOrder names in order, or null when absent
 * @param solidities     /Solidities by colorant name (the value, NaN when it is no number); empty when absent
 * @param dotGain        the colorant names /DotGain gives a function for; empty when absent
 */
public record MixingHintsFact(List<String> printingOrder, Map<String, Double> solidities, List<String> dotGain) {

    public MixingHintsFact {
        printingOrder = printingOrder == null ? null : List.copyOf(printingOrder);
        solidities = solidities == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(solidities));
        dotGain = dotGain == null ? List.of() : List.copyOf(dotGain);
    }
}
