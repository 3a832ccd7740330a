package dev.preflight.engine.facts;

import java.util.List;

/**
 * How the file stores things that do not change what prints: embedded page thumbnails and streams compressed with
 * LZW.
 *
 * @param thumbnailPages 1-based pages whose dictionary has a {@code /Thumb} image
 * @param lzwStreams     streams whose filter chain includes LZWDecode: every content, form and image stream the page
 *                       walk touches, the thumbnails and the document's XMP metadata; inline images are in
 *                       {@link ImageFact#filters()}
 */
public record StorageFact(List<Integer> thumbnailPages, List<LzwStream> lzwStreams) {

    public StorageFact {
        thumbnailPages = thumbnailPages == null ? List.of() : List.copyOf(thumbnailPages);
        lzwStreams = lzwStreams == null ? List.of() : List.copyOf(lzwStreams);
    }

    /** Nothing recorded (hand-built facts in tests, or facts read before this was collected). */
    public static StorageFact none() {
        return new StorageFact(List.of(), List.of());
    }

    /**
     * One LZW-compressed stream.
     *
     * @param pageNum  the page on which it was first met (0: a document-level stream)
     * @param objectId its object reference ("12 0 R"), or a key such as "content:p1" for a direct stream
     * @param kind     content, form, image, thumbnail or metadata
     */
    public record LzwStream(int pageNum, String objectId, String kind) {
    }
}
