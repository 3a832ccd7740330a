package dev.preflight.engine.facts;

/**
 * An action found in the document (JavaScript, Launch, URI, SubmitForm, ImportData, GoToR, ...).
 *
 * @param type     action /S
 * @param trigger  where it hangs: catalog OpenAction, catalog AA, names JavaScript, page AA, annotation A/AA,
 *                 field AA
 * @param pageNum  1-based page, 0 for document level
 */
public record ActionFact(String type, String trigger, int pageNum, String objectId) {
}
