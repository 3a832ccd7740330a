package dev.preflight.intake;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The ICC catalogue over HTTP: built-in conditions, bundled profile bytes, tenant uploads and their checks. */
class IccProfileTests extends ServerTestBase {

    private TenantKey tenant;

    @BeforeEach
    void setUp() {
        tenant = newTenant("starter");
    }

    private static byte[] profile(int size, String deviceClass, String space, String pcs) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(0, size);
        b.put(8, (byte) 4);
        b.put(9, (byte) 0x30);
        b.put(12, deviceClass.getBytes(StandardCharsets.ISO_8859_1));
        b.put(16, space.getBytes(StandardCharsets.ISO_8859_1));
        b.put(20, pcs.getBytes(StandardCharsets.ISO_8859_1));
        b.put(36, "acsp".getBytes(StandardCharsets.ISO_8859_1));
        b.putInt(128, 0);
        return b.array();
    }

    private Api.Answer upload(TenantKey t, byte[] bytes, String name) {
        var form = Api.form().file("file", "p.icc", bytes);
        if (name != null) {
            form.field("name", name);
        }
        return api.postForm("/api/v1/icc-profiles", t.key(), form);
    }

    private static void assertHeaderProblem(Api.Answer r, String text) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode first = r.json().get("detail").get(0);
        assertThat(first.get("loc").toString()).isEqualTo("[\"body\",\"file\"]");
        assertThat(first.get("type").asString()).isEqualTo("icc_header");
        assertThat(first.get("msg").asString()).contains(text);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void listsTheKnownOutputConditionsWithRegistryDataAndWhichHaveAProfile() {
        var r = api.get("/api/v1/icc-profiles", tenant.key());
        assertThat(r.status()).isEqualTo(200);
        var ids = new ArrayList<String>();
        r.json().get("icc_profiles").forEach(p -> ids.add(p.get("id").asString()));
        assertThat(ids).containsExactly("fogra39", "fogra51", "fogra52", "fogra47", "fogra28", "fogra29", "fogra30",
                "fogra40", "cgats21-crpc6", "cgats-tr006", "cgats-tr001", "cgats-tr003", "cgats-tr005", "ifra26",
                "cgats-tr002");
        JsonNode fogra39 = r.json().get("icc_profiles").get(0);
        assertThat(fogra39.propertyNames()).containsExactlyInAnyOrder("id", "name", "is_builtin", "also_known_as",
                "description", "output_condition_identifier", "output_condition", "registry_name", "standard",
                "color_space", "device_class", "pcs", "icc_version", "characterization_data", "profile_available",
                "profile_url", "profile_size_bytes", "profile_sha256", "profile_note", "created_at");
        assertThat(fogra39.get("is_builtin").asBoolean()).isTrue();
        assertThat(fogra39.get("output_condition_identifier").asString()).isEqualTo("FOGRA39");
        assertThat(fogra39.get("registry_name").asString()).isEqualTo("http://www.color.org");
        assertThat(fogra39.get("color_space").asString()).isEqualTo("CMYK");
        assertThat(fogra39.get("device_class").asString()).isEqualTo("output");
        assertThat(fogra39.get("pcs").asString()).isEqualTo("Lab");
        assertThat(fogra39.get("characterization_data").get("name").asString()).isEqualTo("FOGRA39L");
        assertThat(fogra39.get("profile_available").asBoolean()).isTrue();
        assertThat(fogra39.get("profile_url").asString()).isEqualTo("/api/v1/icc-profiles/fogra39/profile");
        assertThat(fogra39.get("profile_note").asString()).contains("FOGRA39L.ti3", "330 %");

        JsonNode crpc6 = api.get("/api/v1/icc-profiles/cgats21-crpc6", tenant.key()).json();
        assertThat(crpc6.get("output_condition_identifier").asString()).isEqualTo("CGATS21_CRPC6");
        assertThat(crpc6.get("also_known_as").toString()).contains("GRACoL 2013");
        assertThat(crpc6.get("profile_available").asBoolean()).isFalse();
        assertThat(crpc6.get("profile_url").isNull()).isTrue();
        assertThat(crpc6.get("device_class").isNull()).isTrue();
        assertThat(crpc6.get("color_space").asString()).isEqualTo("CMYK");
        assertThat(crpc6.get("profile_note").asString()).contains("No freely redistributable profile");
        assertThat(api.get("/api/v1/icc-profiles/fogra52", tenant.key()).json().get("also_known_as").toString())
                .contains("PSO Uncoated");
        assertThat(api.get("/api/v1/icc-profiles/ifra26", tenant.key()).json().get("standard").asString())
                .isEqualTo("ISO 12647-3");
        assertThat(api.get("/api/v1/icc-profiles/fogra99", tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void servesABundledProfileAsAnIccFileMatchingItsEntry() throws Exception {
        JsonNode entry = api.get("/api/v1/icc-profiles/cgats-tr003", tenant.key()).json();
        var r = api.get("/api/v1/icc-profiles/cgats-tr003/profile", tenant.key());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).isEqualTo("application/vnd.iccprofile");
        assertThat(r.header("Content-Disposition")).contains("attachment", "cgats-tr003.icc");
        byte[] bytes = r.raw();
        assertThat(bytes.length).isEqualTo(entry.get("profile_size_bytes").asInt());
        assertThat(ByteBuffer.wrap(bytes).getInt(0)).isEqualTo(bytes.length);
        assertThat(new String(bytes, 36, 4, StandardCharsets.ISO_8859_1)).isEqualTo("acsp");
        assertThat(new String(bytes, 12, 8, StandardCharsets.ISO_8859_1)).isEqualTo("prtrCMYK");
        assertThat(sha256(bytes)).isEqualTo(entry.get("profile_sha256").asString());
        var none = api.get("/api/v1/icc-profiles/fogra51/profile", tenant.key());
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("detail").asString()).contains("fogra51");
    }

    @Test
    void uploadsListsServesAndDeletesATenantProfile() throws Exception {
        byte[] bytes = SamplePdfs.minimalCmykIccProfile();
        var form = Api.form().file("file", "press.icc", bytes).field("name", "Our press").field("description",
                "Heidelberg, coated").field("output_condition_identifier", "FOGRA51");
        var r = api.postForm("/api/v1/icc-profiles", tenant.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode p = r.json();
        String id = p.get("id").asString();
        assertThat(p.get("is_builtin").asBoolean()).isFalse();
        assertThat(p.get("name").asString()).isEqualTo("Our press");
        assertThat(p.get("description").asString()).isEqualTo("Heidelberg, coated");
        assertThat(p.get("output_condition_identifier").asString()).isEqualTo("FOGRA51");
        assertThat(p.get("device_class").asString()).isEqualTo("output");
        assertThat(p.get("color_space").asString()).isEqualTo("CMYK");
        assertThat(p.get("pcs").asString()).isEqualTo("Lab");
        assertThat(p.get("icc_version").asString()).isEqualTo("2.1");
        assertThat(p.get("profile_size_bytes").asInt()).isEqualTo(bytes.length);
        assertThat(p.get("profile_sha256").asString()).isEqualTo(sha256(bytes));
        assertThat(p.get("created_at").isNull()).isFalse();

        var list = api.get("/api/v1/icc-profiles", tenant.key()).json().get("icc_profiles");
        assertThat(list.get(list.size() - 1).get("id").asString()).isEqualTo(id);
        var download = api.get("/api/v1/icc-profiles/" + id + "/profile", tenant.key());
        assertThat(download.raw()).isEqualTo(bytes);

        assertThat(api.delete("/api/v1/icc-profiles/" + id, tenant.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/icc-profiles/" + id, tenant.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/icc-profiles/" + id + "/profile", tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void refusesAFileWhoseHeaderIsNotAnIccProfilesWith422() {
        byte[] good = profile(132, "prtr", "CMYK", "Lab ");
        byte[] wrongSize = good.clone();
        ByteBuffer.wrap(wrongSize).putInt(0, 999);
        assertHeaderProblem(upload(tenant, wrongSize, "x"), "999");
        byte[] noSignature = good.clone();
        noSignature[36] = 'x';
        assertHeaderProblem(upload(tenant, noSignature, "x"), "acsp");
        assertHeaderProblem(upload(tenant, profile(132, "oops", "CMYK", "Lab "), "x"), "device class 'oops'");
        assertHeaderProblem(upload(tenant, profile(132, "prtr", "WXYZ", "Lab "), "x"), "colour space 'WXYZ'");
        assertHeaderProblem(upload(tenant, profile(132, "prtr", "CMYK", "CMYK"), "x"), "connection space");
        byte[] version9 = good.clone();
        version9[8] = 9;
        assertHeaderProblem(upload(tenant, version9, "x"), "version 9");
        byte[] tags = good.clone();
        ByteBuffer.wrap(tags).putInt(128, 50);
        assertHeaderProblem(upload(tenant, tags, "x"), "tag table");
        assertHeaderProblem(upload(tenant, "%PDF-1.7 not a profile".getBytes(StandardCharsets.US_ASCII), "x"),
                "at least 132");
        // A device link may connect two device spaces.
        assertThat(upload(tenant, profile(132, "link", "CMYK", "CMYK"), "link").status()).isEqualTo(200);

        var noName = upload(tenant, good, null);
        assertThat(noName.status()).isEqualTo(422);
        assertThat(noName.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"name\"]");
        var noFile = api.postForm("/api/v1/icc-profiles", tenant.key(), Api.form().field("name", "x"));
        assertThat(noFile.status()).isEqualTo(422);
        assertThat(noFile.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"file\"]");
    }

    @Test
    void anotherTenantsProfileIsNotFoundAndBuiltInsCannotBeDeleted() {
        String id = upload(tenant, SamplePdfs.minimalCmykIccProfile(), "mine").json().get("id").asString();
        TenantKey other = newTenant("starter");
        assertThat(api.get("/api/v1/icc-profiles/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/icc-profiles/" + id + "/profile", other.key()).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/icc-profiles/" + id, other.key()).status()).isEqualTo(404);
        List<String> otherIds = new ArrayList<>();
        api.get("/api/v1/icc-profiles", other.key()).json().get("icc_profiles")
                .forEach(p -> otherIds.add(p.get("id").asString()));
        assertThat(otherIds).doesNotContain(id);
        assertThat(api.get("/api/v1/icc-profiles/" + id, tenant.key()).status()).isEqualTo(200);

        var builtin = api.delete("/api/v1/icc-profiles/fogra39", tenant.key());
        assertThat(builtin.status()).isEqualTo(403);
        assertThat(builtin.json().get("detail").asString()).contains("built-in");
        TenantKey jobsOnly = newKey(tenant.tenantId(), List.of("jobs:write"));
        assertThat(upload(jobsOnly, SamplePdfs.minimalCmykIccProfile(), "x").status()).isEqualTo(403);
        assertThat(api.delete("/api/v1/icc-profiles/" + id, jobsOnly.key()).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/icc-profiles/" + id, jobsOnly.key()).status()).isEqualTo(200);
    }
}
