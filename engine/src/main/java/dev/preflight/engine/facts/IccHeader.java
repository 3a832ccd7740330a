package dev.preflight.engine.facts;

import java.nio.charset.StandardCharsets;

/**
 * The few things we read from an ICC profile: the data colour space from the 128-byte header and the description
 * tag. Parsed by hand so a damaged profile is a problem string, not an exception.
 *
 * @param colorSpace  GRAY, RGB, CMYK, LAB, XYZ or "CLR<n>" for n-colour profiles; null when unreadable
 * @param description the 'desc' tag text, or null
 * @param problem     why the profile is unusable, else null
 */
record IccHeader(String colorSpace, String description, String problem) {

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
        return new IccHeader(cs, description(b), problem);
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
