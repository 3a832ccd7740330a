package dev.preflight.engine.view;

/**
 * A viewer request the engine cannot answer as asked: a page that does not exist, a point or region off the page,
 * a resolution out of range, or layer toggles that do not fit the document. The message is written for the
 * caller; {@link #parameter()} names the request parameter at fault in the API's spelling.
 */
public class InvalidViewRequestException extends IllegalArgumentException {

    private final String parameter;

    /**
     * @param parameter the parameter at fault: {@code page_num}, {@code dpi}, {@code x}, {@code y}, {@code region},
     *                  {@code ocg_on}, {@code ocg_off}, {@code tac_limit}, {@code channel}
     */
    public InvalidViewRequestException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
