package dev.preflight.engine.facts;

import java.util.List;

/**
 * How the file was written over time: its revisions (one per {@code startxref ... %%EOF} section, the first-page
 * section of a linearized file not counted) and its digital signatures.
 *
 * @param revisions  revisions in the file (1 for a file written once); 0 when the file's bytes were not read
 * @param linearized the file starts with a linearization dictionary
 * @param signatures every signature dictionary of a signature field, in field order
 */
public record RevisionsFact(int revisions, boolean linearized, List<SignatureFact> signatures) {

    public RevisionsFact {
        signatures = signatures == null ? List.of() : List.copyOf(signatures);
    }

    /** Nothing known: the file's bytes were not at hand. */
    public static RevisionsFact unknown() {
        return new RevisionsFact(0, false, List.of());
    }

    /** Earlier revisions the file carries, under the latest one (0 when unknown). */
    public int earlierRevisions() {
        return Math.max(0, revisions - 1);
    }

    /**
     * One digital signature.
     *
     * @param field     the signature field's fully qualified name, or null
     * @param subFilter /SubFilter (adbe.pkcs7.detached, ETSI.CAdES.detached, ...), or null
     * @param signer    /Name, or null
     * @param byteRange the /ByteRange numbers as written (empty when missing or not numbers)
     * @param fileSize  size of the whole file in bytes
     */
    public record SignatureFact(String field, String subFilter, String signer, List<Long> byteRange,
                                long fileSize) {

        public SignatureFact {
            byteRange = byteRange == null ? List.of() : List.copyOf(byteRange);
        }

        /** The byte range is two well-formed parts starting at the file's first byte, the gap between them. */
        public boolean byteRangeWellFormed() {
            if (byteRange.size() != 4) {
                return false;
            }
            long a = byteRange.get(0);
            long b = byteRange.get(1);
            long c = byteRange.get(2);
            long d = byteRange.get(3);
            return a == 0 && b >= 0 && c >= b && d >= 0;
        }

        /** Bytes of the file after the signed range ends: written after signing (negative: range past the end). */
        public long bytesAfterRange() {
            if (byteRange.size() != 4) {
                return fileSize;
            }
            return fileSize - (byteRange.get(2) + byteRange.get(3));
        }

        /** The signed range still reaches the end of the file. */
        public boolean coversFile() {
            return byteRangeWellFormed() && bytesAfterRange() == 0;
        }
    }
}
