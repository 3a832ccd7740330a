package dev.preflight.engine.facts;

/**
 * A stream the page walk touched whose data does not decode completely, so a RIP will print it truncated or not at
 * all.
 *
 * @param pageNum  the first page whose walk touched the stream
 * @param objectId the stream's object ("12 0 R"), or a page-local name when it is a direct object
 * @param kind     content, form, image or icc_profile (an ICC profile of a content colour space whose header is
 *                 unreadable; its colour is judged from /N)
 * @param filter   the filter whose data is damaged (FlateDecode, DCTDecode, ...), or null for a wrong /Length
 * @param problem  what is wrong, in words
 */
public record DamagedStreamFact(int pageNum, String objectId, String kind, String filter, String problem) {
}
