package dev.preflight.intake;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The header of an ICC profile (ICC.1, clause 7.2), read and checked: the declared size equals the file's, the
 * {@code acsp} signature is in place, the device class and data colour space are ones the specification defines,
 * the connection space fits the class, the major version is 2 to 5, and the tag table fits in the file.
 *
 * @param deviceClass input, display, output, device_link, color_space, abstract or named_color
 * @param colorSpace  the data colour space signature, trimmed: CMYK, RGB, GRAY, Lab, XYZ, ...
 * @param pcs         the profile connection space (XYZ or Lab; a device link's output colour space)
 * @param version     major.minor, e.g. 2.1 or 4.3
 */
record IccHeader(long size, String deviceClass, String colorSpace, String pcs, String version) {

    /** Bytes a profile needs at least: the 128-byte header and the tag count. */
    static final int MIN_SIZE = 132;

    private static final Map<String, String> CLASSES = Map.of("scnr", "input", "mntr", "display", "prtr", "output",
            "link", "device_link", "spac", "color_space", "abst", "abstract", "nmcl", "named_color");

    private static final java.util.Set<String> SPACES = java.util.Set.of("XYZ ", "Lab ", "Luv ", "YCbr", "Yxy ", "RGB ",
            "GRAY", "HSV ", "HLS ", "CMYK", "CMY ", "2CLR", "3CLR", "4CLR", "5CLR", "6CLR", "7CLR", "8CLR", "9CLR",
            "ACLR", "BCLR", "CCLR", "DCLR", "ECLR", "FCLR");

    /** A header that breaks the rules; the message says which and how. */
    static final class InvalidException extends Exception {
        InvalidException(String message) {
            super(message);
        }
    }

    /**
     * Reads and checks the header of a profile of {@code fileSize} bytes from its first bytes ({@code head}, at
     * least {@link #MIN_SIZE} of them when the file has that many).
     */
    static IccHeader read(byte[] head, long fileSize) throws InvalidException {
        if (fileSize < MIN_SIZE || head.length < MIN_SIZE) {
            throw new InvalidException("The file has " + fileSize + " bytes; an ICC profile has at least "
                    + MIN_SIZE + " (a 128-byte header and a tag count).");
        }
        ByteBuffer b = ByteBuffer.wrap(head);
        long declared = Integer.toUnsignedLong(b.getInt(0));
        if (declared != fileSize) {
            throw new InvalidException("The header's size field says " + declared + " bytes but the file has "
                    + fileSize + ".");
        }
        if (!"acsp".equals(sig(head, 36))) {
            throw new InvalidException("The 'acsp' signature is missing at byte 36: this is not an ICC profile.");
        }
        String deviceClass = CLASSES.get(sig(head, 12));
        if (deviceClass == null) {
            throw new InvalidException("Unknown device class '" + printable(sig(head, 12)) + "' at byte 12 (expected "
                    + "scnr, mntr, prtr, link, spac, abst or nmcl).");
        }
        String space = sig(head, 16);
        if (!SPACES.contains(space)) {
            throw new InvalidException("Unknown data colour space '" + printable(space) + "' at byte 16.");
        }
        String pcs = sig(head, 20);
        boolean pcsOk = deviceClass.equals("device_link") ? SPACES.contains(pcs) : pcs.equals("XYZ ") || pcs.equals("Lab ");
        if (!pcsOk) {
            throw new InvalidException("Invalid profile connection space '" + printable(pcs) + "' at byte 20 for a "
                    + deviceClass + " profile.");
        }
        int major = head[8] & 0xff;
        if (major < 2 || major > 5) {
            throw new InvalidException("Unsupported ICC version " + major + " at byte 8 (2 to 5 are known).");
        }
        long tags = Integer.toUnsignedLong(b.getInt(128));
        if (MIN_SIZE + tags * 12 > fileSize) {
            throw new InvalidException("The tag table (" + tags + " tags) runs past the end of the file.");
        }
        String version = major + "." + ((head[9] & 0xff) >> 4);
        return new IccHeader(fileSize, deviceClass, space.trim(), pcs.trim(), version);
    }

    private static String sig(byte[] head, int offset) {
        return new String(head, offset, 4, StandardCharsets.ISO_8859_1);
    }

    private static String printable(String sig) {
        var sb = new StringBuilder();
        for (char c : sig.toCharArray()) {
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return sb.toString();
    }
}
