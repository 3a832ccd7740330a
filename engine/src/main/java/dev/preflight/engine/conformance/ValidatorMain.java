package dev.preflight.engine.conformance;

import org.verapdf.core.EncryptedPdfException;
import org.verapdf.core.ModelParsingException;
import org.verapdf.core.ValidationException;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.PDFAParser;
import org.verapdf.pdfa.PDFAValidator;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.results.TestAssertion;
import org.verapdf.pdfa.results.ValidationResult;
import org.verapdf.pdfa.validation.profiles.RuleId;
import org.verapdf.pdfa.validation.validators.ValidatorFactory;
import tools.jackson.databind.json.JsonMapper;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The child JVM's entry point: a loop that validates one file per request and writes what failed as JSON. It runs
 * apart from the worker so that its heap and time can be bounded without risk to the worker, and it stays up between
 * jobs so that veraPDF is initialised once per JVM. A request is one line on standard input: result file, PDF,
 * locations kept per rule and the flavour ids, separated by tabs; the answer is the line {@code done} once the result
 * file is written. End of input ends the JVM.
 */
public final class ValidatorMain {

    /** The answer to a request whose result file is complete. */
    static final String DONE = "done";

    private ValidatorMain() {
    }

    public static void main(String[] args) throws Exception {
        ConformanceRules.initialiseLibrary();
        // warm the library's profiles before the first request, so that the first job waits no longer than the rest
        ConformanceRules.get();
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split("\t");
            if (f.length < 4) {
                System.out.println("error bad request");
                System.out.flush();
                continue;
            }
            Path out = Path.of(f[0]);
            File pdf = new File(f[1]);
            int maxLocations = Integer.parseInt(f[2]);
            var results = new ArrayList<Map<String, Object>>();
            for (int i = 3; i < f.length; i++) {
                results.add(validate(pdf, f[i], maxLocations));
                // written after each flavour, so that a later flavour running out of bounds keeps the earlier results
                Files.writeString(out, MAPPER.writeValueAsString(Map.of("results", results)));
            }
            System.out.println(DONE);
            System.out.flush();
        }
    }

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    static Map<String, Object> validate(File pdf, String flavourId, int maxLocations) {
        long start = System.nanoTime();
        var result = new LinkedHashMap<String, Object>();
        result.put("flavour", flavourId);
        PDFAFlavour flavour = PDFAFlavour.byFlavourId(flavourId);
        try (PDFAParser parser = Foundries.defaultInstance().createParser(pdf, flavour)) {
            PDFAValidator validator = ValidatorFactory.createValidator(flavour, false, -1, maxLocations, false,
                    false);
            ValidationResult vr = validator.validate(parser);
            result.put("status", "completed");
            result.put("failures", failures(vr, maxLocations));
        } catch (EncryptedPdfException e) {
            failed(result, "the file is encrypted, and an encrypted file is not valid PDF/A or PDF/UA: "
                    + "the validator cannot read it");
        } catch (ModelParsingException e) {
            failed(result, "the validator could not parse the file: " + describe(e));
        } catch (ValidationException e) {
            failed(result, "the validator could not finish: " + describe(e));
        } catch (Exception | StackOverflowError e) {
            failed(result, "the validator could not finish: " + describe(e));
        }
        result.put("millis", (System.nanoTime() - start) / 1_000_000);
        return result;
    }

    private static Map<String, Map<String, Object>> failures(ValidationResult vr, int maxLocations) {
        var byId = new LinkedHashMap<String, Map<String, Object>>();
        for (Map.Entry<RuleId, Integer> e : vr.getFailedChecks().entrySet()) {
            var f = new LinkedHashMap<String, Object>();
            f.put("count", e.getValue());
            f.put("locations", new ArrayList<Map<String, Object>>());
            byId.put(ConformanceRules.idOf(e.getKey()), f);
        }
        for (TestAssertion ta : vr.getTestAssertions()) {
            if (ta.getStatus() != TestAssertion.Status.FAILED) {
                continue;
            }
            String id = ConformanceRules.idOf(ta.getRuleId());
            var f = byId.computeIfAbsent(id, k -> {
                var m = new LinkedHashMap<String, Object>();
                m.put("count", 0);
                m.put("locations", new ArrayList<Map<String, Object>>());
                return m;
            });
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> locations = (List<Map<String, Object>>) f.get("locations");
            if (locations.size() < maxLocations) {
                String context = ta.getLocation() == null ? null : ta.getLocation().getContext();
                var loc = new LinkedHashMap<String, Object>();
                loc.put("page", RuleContext.page(context));
                loc.put("object", RuleContext.objectId(context));
                loc.put("context", context);
                locations.add(loc);
            }
        }
        // a rule the result lists without a count still failed at least as often as it has locations
        byId.values().forEach(f -> {
            int shown = ((List<?>) f.get("locations")).size();
            if ((Integer) f.get("count") < shown) {
                f.put("count", shown);
            }
        });
        return byId;
    }

    private static void failed(Map<String, Object> result, String note) {
        result.put("status", "failed");
        result.put("note", note);
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return msg.length() > 300 ? msg.substring(0, 300) + "..." : msg;
    }
}
