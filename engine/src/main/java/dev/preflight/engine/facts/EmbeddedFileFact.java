package dev.preflight.engine.facts;

/** A file embedded in the document (EmbeddedFiles name tree or a FileAttachment annotation). */
public record EmbeddedFileFact(String name, long size, String mimeType, int pageNum, String objectId) {
}
