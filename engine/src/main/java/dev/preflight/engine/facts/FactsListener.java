package dev.preflight.engine.facts;

import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Receives a document's facts while the document is still open, so a caller can derive more from the same pass
 * (the viewer's info and font list, for one) instead of opening and walking the file again.
 */
@FunctionalInterface
public interface FactsListener {

    /** Called once, after the facts are collected and before any check runs; must not close the document. */
    void collected(DocumentFacts facts, PDDocument document);
}
