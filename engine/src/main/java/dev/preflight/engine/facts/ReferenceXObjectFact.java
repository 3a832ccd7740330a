package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

import java.util.List;

/**
 * A reference XObject drawn on a page: a form whose /Ref points at a page of another PDF (ISO 32000 8.10.4; the
 * external graphics of PDF/X-5g and -5pg). The form's own content is the proxy shown when the target is missing.
 *
 * @param pageNum      the page it is drawn on
 * @param objectId     the form's object reference, else a key of the page
 * @param bbox         the form's BBox placed on the page, in page space
 * @param refProblem   why /Ref cannot be read as a reference dictionary, else null
 * @param file         the target file as /F names it (the /UF or /F of a file specification, or a string), or null
 * @param fileSystem   the file specification's /FS (URL for a web address), or null
 * @param targetPage   /Page as written (a page index or a page label), or null when absent or of the wrong type
 * @param ids          /ID: the target's file identifier, its strings in lower-case hex (an entry that is no string
 *                     is ""); empty when absent
 */
public record ReferenceXObjectFact(int pageNum, String objectId, Box bbox, String refProblem, String file,
                                   String fileSystem, String targetPage, List<String> ids) {

    public ReferenceXObjectFact {
        ids = ids == null ? List.of() : List.copyOf(ids);
    }
}
