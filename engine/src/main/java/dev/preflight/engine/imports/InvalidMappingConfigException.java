package dev.preflight.engine.imports;

/** A custom import mapping whose config cannot work; the message names the offending key and is shown to the client. */
public class InvalidMappingConfigException extends IllegalArgumentException {

    public InvalidMappingConfigException(String message) {
        super(message);
    }

    public InvalidMappingConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
