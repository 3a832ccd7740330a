package dev.preflight.engine.imports;

import com.jayway.jsonpath.InvalidJsonException;
import com.jayway.jsonpath.spi.json.AbstractJsonProvider;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * JSONPath over already-parsed maps and lists that stops when its deadline passes (every step checks it) and when
 * a result grows past the finding limit; parsing is never done here (Jackson with limits does it).
 */
final class BoundedJsonProvider extends AbstractJsonProvider {

    @Override
    public Object parse(String json) throws InvalidJsonException {
        throw new InvalidJsonException("reports are parsed before selectors run");
    }

    @Override
    public Object parse(InputStream jsonStream, String charset) throws InvalidJsonException {
        throw new InvalidJsonException("reports are parsed before selectors run");
    }

    @Override
    public String toJson(Object obj) {
        return ReportJson.MAPPER.writeValueAsString(obj);
    }

    @Override
    public Object createArray() {
        return new ArrayList<>();
    }

    @Override
    public Object createMap() {
        return new LinkedHashMap<String, Object>();
    }

    @Override
    public Object getArrayIndex(Object obj, int idx) {
        SelectorEvaluation.checkDeadline();
        return super.getArrayIndex(obj, idx);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void setArrayIndex(Object array, int index, Object newValue) {
        SelectorEvaluation.checkDeadline();
        if (array instanceof List<?> list && list.size() >= ImportLimits.MAX_FINDINGS) {
            throw new SelectorResultTooLarge();
        }
        super.setArrayIndex(array, index, newValue);
    }

    @Override
    public Object getMapValue(Object obj, String key) {
        SelectorEvaluation.checkDeadline();
        return super.getMapValue(obj, key);
    }

    @Override
    public Collection<String> getPropertyKeys(Object obj) {
        SelectorEvaluation.checkDeadline();
        return super.getPropertyKeys(obj);
    }

    @Override
    public Iterable<?> toIterable(Object obj) {
        SelectorEvaluation.checkDeadline();
        return super.toIterable(obj);
    }

    @Override
    public int length(Object obj) {
        SelectorEvaluation.checkDeadline();
        return super.length(obj);
    }

    /** A selector matched more values than a report may have findings. */
    static final class SelectorResultTooLarge extends RuntimeException {
        SelectorResultTooLarge() {
            super("selector matched more than " + ImportLimits.MAX_FINDINGS + " values", null, false, false);
        }
    }
}
