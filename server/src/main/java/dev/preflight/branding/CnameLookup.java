package dev.preflight.branding;

import java.util.Optional;

/** Asks DNS what a hostname is an alias of. */
interface CnameLookup {

    /**
     * The target of the hostname's CNAME record (lower case, no trailing dot), or empty when it has none.
     *
     * @throws DnsLookupException when DNS could not be asked (timeout, server failure)
     */
    Optional<String> cname(String host) throws DnsLookupException;

    /** DNS did not answer usefully. */
    final class DnsLookupException extends Exception {
        DnsLookupException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
