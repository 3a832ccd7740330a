package dev.preflight.support;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The test oracle itself: what it must catch, without a server. */
@DatabaseIndependent
class ContractTests {

    private static final String DOC = """
            {"openapi": "3.1.0",
             "paths": {"/api/v1/things/{id}": {"get": {"responses": {
               "200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
               "404": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Err"}}}}}}},
               "/api/v1/things/{id}/tile": {"get": {"responses": {
               "200": {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}}}}},
             "components": {"schemas": {
               "Thing": {"type": "object", "required": ["thing_id", "note"],
                         "properties": {"thing_id": {"type": "string", "format": "uuid"},
                                        "note": {"type": ["string", "null"]}}},
               "Err": {"type": "object", "properties": {"detail": {"type": "string"}}}}}}
            """;

    private final Contract contract = new Contract(JsonMapper.builder().build().readTree(DOC));
    private final URI thing = URI.create("http://h/api/v1/things/1");

    private void check(int status, String contentType, String body) {
        contract.check("GET", thing, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void acceptsABodyThatMatches() {
        assertThatCode(() -> check(200, "application/json",
                "{\"thing_id\": \"6f1d3a52-2b0e-4f3b-9a55-0c1f2a3b4c5d\", \"note\": null}")).doesNotThrowAnyException();
    }

    @Test
    void refusesAnUndeclaredProperty() {
        assertThatThrownBy(() -> check(200, "application/json",
                "{\"thing_id\": \"6f1d3a52-2b0e-4f3b-9a55-0c1f2a3b4c5d\", \"note\": \"x\", \"thingId\": \"y\"}"))
                .hasMessageContaining("thingId");
    }

    @Test
    void refusesAMissingRequiredPropertyAWrongTypeAndABadFormat() {
        assertThatThrownBy(() -> check(200, "application/json", "{\"note\": 3}"))
                .hasMessageContaining("thing_id").hasMessageContaining("/note");
        assertThatThrownBy(() -> check(200, "application/json", "{\"thing_id\": \"nope\", \"note\": null}"))
                .hasMessageContaining("uuid");
    }

    @Test
    void refusesAnUndocumentedStatusAndMediaType() {
        assertThatThrownBy(() -> check(409, "application/json", "{\"detail\": \"x\"}"))
                .hasMessageContaining("Undocumented status");
        assertThatThrownBy(() -> contract.check("GET", URI.create("http://h/api/v1/things/1/tile"), 200,
                "image/jpeg", new byte[] {1})).hasMessageContaining("Undocumented media type");
    }

    @Test
    void closesObjectsTheDocumentLeftOpen() {
        assertThatThrownBy(() -> check(404, "application/json", "{\"detail\": \"x\", \"code\": \"y\"}"))
                .hasMessageContaining("code");
    }
}
