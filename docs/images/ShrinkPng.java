import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;

/**
 * java ShrinkPng.java IN OUT HEIGHT BITS: keeps the top HEIGHT rows of a screenshot and keeps BITS bits of each colour
 * channel (fewer distinct colours compress much better; the interface's flat colours barely change). Used by
 * readme-screenshot.sh to keep the README's picture small.
 */
public class ShrinkPng {
    public static void main(String[] args) throws Exception {
        BufferedImage in = ImageIO.read(new File(args[0]));
        int height = Math.min(in.getHeight(), Integer.parseInt(args[2]));
        int bits = Integer.parseInt(args[3]);
        int mask = (0xFF << (8 - bits)) & 0xFF;
        BufferedImage out = new BufferedImage(in.getWidth(), height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < in.getWidth(); x++) {
                int rgb = in.getRGB(x, y);
                int r = stretch((rgb >> 16) & mask, mask);
                int g = stretch((rgb >> 8) & mask, mask);
                int b = stretch(rgb & mask, mask);
                out.setRGB(x, y, (r << 16) | (g << 8) | b);
            }
        }
        ImageIO.write(out, "png", new File(args[1]));
    }

    /** Spreads the kept levels over 0..255, so that white stays white and black black. */
    private static int stretch(int value, int mask) {
        return Math.round(value * 255f / mask);
    }
}
