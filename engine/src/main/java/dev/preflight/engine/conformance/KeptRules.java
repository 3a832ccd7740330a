package dev.preflight.engine.conformance;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A copy of the rules as the library answered them, one tab-separated line per flavour ({@code F}) and per rule
 * ({@code R}), so that a later start reads them in milliseconds. A copy that is missing, of another format, cut short
 * or unreadable is passed over (null), and the rules are read from the library again.
 */
final class KeptRules {

    /** The first line of a copy in this format; a change of layout changes it (and the copy's name). */
    static final String FORMAT = "preflight-conformance-rules 1";

    private KeptRules() {
    }

    static ConformanceRules read(Path copy) {
        if (!Files.isRegularFile(copy)) {
            return null;
        }
        var byId = new LinkedHashMap<String, ConformanceRule>();
        var idsByFlavour = new LinkedHashMap<String, List<String>>();
        var standards = new LinkedHashMap<String, String>();
        try (BufferedReader in = Files.newBufferedReader(copy, StandardCharsets.UTF_8)) {
            if (!FORMAT.equals(in.readLine())) {
                return null;
            }
            int expected = -1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "F" -> {
                        if (f.length != 4) {
                            return null;
                        }
                        standards.put(f[1], f[2]);
                        idsByFlavour.put(f[1], f[3].isEmpty() ? List.of() : List.of(f[3].split(",")));
                    }
                    case "R" -> {
                        if (f.length != 9) {
                            return null;
                        }
                        byId.put(f[1], new ConformanceRule(f[1], f[2], f[3], f[4], Integer.parseInt(f[5]),
                                Arrays.asList(f[6].split(",")), f[7], f[8]));
                    }
                    case "N" -> expected = Integer.parseInt(f[1]);
                    default -> {
                        return null;
                    }
                }
            }
            // the count is written last: a copy cut short never passes
            if (expected != byId.size() || byId.isEmpty()
                    || !idsByFlavour.keySet().equals(ConformanceRules.PROFILE_OF_FLAVOUR.keySet())) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return ConformanceRules.of(byId, idsByFlavour, standards);
    }

    /** Leaves a copy at {@code copy}, written whole or not at all; a directory that cannot be written is passed over. */
    static void write(ConformanceRules rules, Path copy) {
        var out = new StringBuilder(FORMAT).append('\n');
        for (String flavour : rules.flavours()) {
            if (!line(out, "F", flavour, rules.standardOf(flavour), String.join(",", rules.idsOf(flavour)))) {
                return;
            }
        }
        List<ConformanceRule> all = rules.all();
        for (ConformanceRule r : all) {
            if (!line(out, "R", r.id(), r.specification(), r.standard(), r.clause(), String.valueOf(r.test()),
                    String.join(",", r.flavours()), r.object(), r.description())) {
                return;
            }
        }
        line(out, "N", String.valueOf(all.size()));
        try {
            Files.createDirectories(copy.getParent());
            Path tmp = Files.createTempFile(copy.getParent(), copy.getFileName().toString(), ".tmp");
            try {
                Files.writeString(tmp, out, StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, copy, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, copy, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // a read-only directory: the next start reads the library again
        }
    }

    /** False, writing nothing, when a field could not be read back as it is (absent, or holding a separator). */
    private static boolean line(StringBuilder out, String... fields) {
        for (String f : fields) {
            if (f == null || f.indexOf('\t') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                return false;
            }
        }
        out.append(String.join("\t", fields)).append('\n');
        return true;
    }
}
