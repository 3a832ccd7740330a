package dev.preflight.engine.fixups;

/** A request naming an unknown fixup, carrying a bad parameter, or asking for nothing; the message says which. */
public class InvalidFixupRequestException extends Exception {

    public InvalidFixupRequestException(String message) {
        super(message);
    }
}
