package dev.preflight.engine.facts;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The few things we read from an ICC profile: the data colour space and the profile ID from the 128-byte header,
 * the description tag and the colorant names of an n-colour profile's colorant table. Parsed by hand so a damaged
 * profile is a problem string, not an exception.
 *
 * @param colorSpace  GRAY, RGB, CMYK, LAB, XYZ or "CLR<n>" for n-colour profiles; null when unreadable
 * @param description the 'desc' tag text, or null
 * @param problem     why the profile is unusable, else null
 * @param colorants   the names in the 'clrt' (colorant table) tag, in order; empty when it has none
 * @param profileId   the header's profile ID (bytes 84-99, the ICC MD5 checksum) in lower-case hex, or null when it
 *                    is all zeros (not computed by the profile's maker)
 */
record IccHeader(String colorSpace, String description, String problem, List<String> colorants, String profileId) {

    /** The colorant table holds at most this many names (ICC: at most 15 channels; bounded against damage). */
    private static final int MAX_COLORANTS = 64;

    IccHeader {
        colorants = colorants == null ? List.of() : List.copyOf(colorants);
    }

    /** A header read without (or before) its tags. */
    IccHeader(String colorSpace, String description, String problem) {
        this(colorSpace, description, problem, List.of(), null);
    }

    static IccHeader parse(byte[] b) {
        if (b == null || b.length < 132) {
            return new IccHeader(null, null, "the ICC profile is shorter than its 128-byte header");
        }
        String magic = new String(b, 36, 4, StandardCharsets.ISO_8859_1);
        String sig = new String(b, 16, 4, StandardCharsets.ISO_8859_1);
        String cs = spaceOf(sig);
        String problem = magic.equals("acsp") ? null : "the ICC profile header lacks the 'acsp' signature";
        if (cs == null) {
            problem = "unknown ICC colour space signature '" + sig.strip() + "'";
        }
        return new IccHeader(cs, description(b), problem, colorants(b), profileId(b));
    }

    private static String profileId(byte[] b) {
        for (int i = 84; i < 100; i++) {
            if (b[i] != 0) {
                return java.util.HexFormat.of().formatHex(b, 84, 100);
            }
        }
        return null;
    }

    /** The names of the 'clrt' tag: a count, then per colorant a 32-byte NUL-padded name and three PCS values. */
    private static List<String> colorants(byte[] b) {
        int off = tagOffset(b, "clrt");
        if (off < 0 || off + 12 > b.length || !new String(b, off, 4, StandardCharsets.ISO_8859_1).equals("clrt")) {
            return List.of();
        }
        int count = u32(b, off + 8);
        if (count <= 0 || count > MAX_COLORANTS || (long) off + 12 + 38L * count > b.length) {
            return List.of();
        }
        var names = new java.util.ArrayList<String>(count);
        for (int i = 0; i < count; i++) {
            int p = off + 12 + 38 * i;
            int len = 0;
            while (len < 32 && b[p + len] != 0) {
                len++;
            }
            names.add(new String(b, p, len, StandardCharsets.ISO_8859_1).strip());
        }
        return names;
    }

    /** Where a tag's data starts, or -1 when the profile has no such tag. */
    private static int tagOffset(byte[] b, String signature) {
        int count = u32(b, 128);
        if (count < 0 || count > 200) {
            return -1;
        }
        for (int i = 0; i < count; i++) {
            int p = 132 + i * 12;
            if (p + 12 > b.length) {
                return -1;
            }
            if (new String(b, p, 4, StandardCharsets.ISO_8859_1).equals(signature)) {
                int off = u32(b, p + 4);
                return off < 0 || off >= b.length ? -1 : off;
            }
        }
        return -1;
    }

    /** Maps a header colour space signature to our family name. */
    static String spaceOf(String sig) {
        return switch (sig) {
            case "GRAY" -> "GRAY";
            case "RGB " -> "RGB";
            case "CMYK" -> "CMYK";
            case "Lab " -> "LAB";
            case "XYZ " -> "XYZ";
            case "CMY " -> "CMY";
            default -> {
                if (sig.length() == 4 && sig.endsWith("CLR")) {
                    char c = sig.charAt(0);
                    int n = Character.isDigit(c) ? c - '0' : (c >= 'A' && c <= 'F' ? 10 + c - 'A' : -1);
                    yield n > 0 ? "CLR" + n : null;
                }
                yield null;
            }
        };
    }

    private static String description(byte[] b) {
        try {
            int count = u32(b, 128);
            if (count < 0 || count > 200) {
                return null;
            }
            for (int i = 0; i < count; i++) {
                int p = 132 + i * 12;
                if (p + 12 > b.length) {
                    return null;
                }
                String tag = new String(b, p, 4, StandardCharsets.ISO_8859_1);
                if (!tag.equals("desc")) {
                    continue;
                }
                int off = u32(b, p + 4);
                int size = u32(b, p + 8);
                if (off < 0 || size < 12 || (long) off + size > b.length) {
                    return null;
                }
                String type = new String(b, off, 4, StandardCharsets.ISO_8859_1);
                if (type.equals("desc")) {
                    int len = u32(b, off + 8);
                    if (len <= 0 || off + 12 + len > b.length) {
                        return null;
                    }
                    return new String(b, off + 12, len, StandardCharsets.ISO_8859_1).replace("\0", "").strip();
                }
                if (type.equals("mluc")) {
                    int records = u32(b, off + 8);
                    if (records <= 0) {
                        return null;
                    }
                    int len = u32(b, off + 20);
                    int strOff = u32(b, off + 24);
                    if (len <= 0 || (long) off + strOff + len > b.length) {
                        return null;
                    }
                    return new String(b, off + strOff, len, StandardCharsets.UTF_16BE).replace("\0", "").strip();
                }
                return null;
            }
        } catch (RuntimeException e) {
            return null;
        }
        return null;
    }

    private static int u32(byte[] b, int p) {
        if (p + 4 > b.length) {
            return -1;
        }
        long v = ((b[p] & 0xFFL) << 24) | ((b[p + 1] & 0xFFL) << 16) | ((b[p + 2] & 0xFFL) << 8) | (b[p + 3] & 0xFFL);
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }
}
