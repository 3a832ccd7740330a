package dev.preflight.engine.facts;

import java.util.List;

/**
 * An output intent's reference to a destination profile kept outside the file (/DestOutputProfileRef, ISO 32000-2
 * table 402; PDF/X-4p, -5pg, -5n, -6p, -6n).
 *
 * @param dictionary       the value is a dictionary (else every other field is empty)
 * @param checkSum         /CheckSum in lower-case hex, or null when absent or not a string
 * @param checkSumBytes    length of /CheckSum in bytes (16 for an MD5), or -1 when absent or not a string
 * @param checkSumMatches  whether /CheckSum is the checksum of the profile embedded beside the reference (its ICC
 *                         profile ID, or the MD5 of its bytes); null when no profile is embedded or there is no
 *                         checksum to compare
 * @param profileName      /ProfileName, or null
 * @param profileCs        /ProfileCS (the profile's colour space signature, e.g. "CMYK"), or null
 * @param iccVersion       /ICCVersion, or null
 * @param colorantTable    /ColorantTable names, in order; empty when absent
 * @param urls             the locations in /URLs that are URL file specifications or strings, as written
 * @param urlProblems      what is wrong with the other /URLs entries (and "not an array" for a non-array)
 */
public record ProfileRefFact(boolean dictionary, String checkSum, int checkSumBytes, Boolean checkSumMatches,
                             String profileName, String profileCs, String iccVersion, List<String> colorantTable,
                             List<String> urls, List<String> urlProblems) {

    public ProfileRefFact {
        colorantTable = colorantTable == null ? List.of() : List.copyOf(colorantTable);
        urls = urls == null ? List.of() : List.copyOf(urls);
        urlProblems = urlProblems == null ? List.of() : List.copyOf(urlProblems);
    }
}
