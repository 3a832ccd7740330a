package dev.preflight.engine.view;

/** One separation of a rendered page as the greyscale plate the viewer shows. */
public final class ChannelPlates {

    private ChannelPlates() {
    }

    /**
     * The named channel as a greyscale PNG on the page's grid: dark is ink (black = 100 %, white = none), as a
     * film separation looks.
     *
     * @param name the exact ink name (case and spaces matter)
     * @throws InvalidViewRequestException when the page has no channel of that name (parameter {@code channel})
     */
    public static byte[] png(SeparationPage page, String name) {
        Channel c = page.channel(name);
        if (c == null) {
            throw new InvalidViewRequestException("channel", "Page " + page.pageNum() + " has no separation named '"
                    + name + "'; it has " + String.join(", ", page.channels().stream().map(Channel::name).toList())
                    + ".");
        }
        return Png.gray(c.plane(), c.width(), c.height());
    }
}
