package dev.preflight.platform;

/**
 * An outbound destination the guard will not send to: not HTTPS, unresolvable, or resolving to an address that is
 * not public. The message says why, in words a customer can act on.
 */
public class DestinationRefusedException extends RuntimeException {

    public DestinationRefusedException(String message) {
        super(message);
    }
}
