package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDICCBased;
import org.apache.pdfbox.pdmodel.graphics.color.PDIndexed;
import org.apache.pdfbox.pdmodel.graphics.color.PDPattern;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns PDFBox colour spaces into {@link PaintColor}s. One instance per document: colour spaces are described once
 * (keyed by their COS object) and equal colours are shared, which keeps the element lists small.
 */
final class ColorFacts {

    private static final int MAX_FUNCTION_BYTES = 4 << 20;

    private final Map<COSBase, PaintColor> templates = new IdentityHashMap<>();
    private final Map<String, PaintColor> deviceTemplates = new HashMap<>();
    private final Map<PaintColor, PaintColor> interned = new HashMap<>();
    private final Map<COSBase, IccHeader> iccHeaders = new IdentityHashMap<>();
    /** Where unreadable content profiles are recorded (null: not recorded, e.g. in the viewer's inspection). */
    private StreamIntegrity streams;
    /** The page being walked, for the damage record of a profile first met on it. */
    private int page;

    /** Records unreadable ICC profiles of content colour spaces as damaged streams of the page being walked. */
    void recordDamageIn(StreamIntegrity streams) {
        this.streams = streams;
    }

    void page(int pageNum) {
        this.page = pageNum;
    }

    /*
     * The graphics state keeps one PDColor (immutable) until a colour operator sets another, so consecutive elements
     * mostly repeat the fill or the stroke colour: the last two answers are kept by identity.
     */
    private PDColor lastColor;
    private PDColorSpace lastSpace;
    private PaintColor lastPaint;
    private PDColor priorColor;
    private PDColorSpace priorSpace;
    private PaintColor priorPaint;

    /** The colour as painted: space description plus the current component values. */
    PaintColor of(PDColor color, PDColorSpace space) {
        if (lastPaint != null && color == lastColor && space == lastSpace) {
            return lastPaint;
        }
        if (priorPaint != null && color == priorColor && space == priorSpace) {
            PaintColor p = priorPaint;
            priorColor = lastColor;
            priorSpace = lastSpace;
            priorPaint = lastPaint;
            lastColor = color;
            lastSpace = space;
            lastPaint = p;
            return p;
        }
        PaintColor p = describeColor(color, space);
        priorColor = lastColor;
        priorSpace = lastSpace;
        priorPaint = lastPaint;
        lastColor = color;
        lastSpace = space;
        lastPaint = p;
        return p;
    }

    private PaintColor describeColor(PDColor color, PDColorSpace space) {
        PaintColor t = template(space);
        List<Double> values = new ArrayList<>();
        if (color != null && !(space instanceof PDPattern)) {
            for (float f : color.getComponents()) {
                values.add(round(f));
            }
        }
        return intern(new PaintColor(t.space(), t.iccSpace(), t.base(), t.alternate(), t.colorants(), values,
                t.tintKey(), t.objectId()));
    }

    /** The colour space alone (no values): images and shadings. */
    PaintColor template(PDColorSpace space) {
        if (space == null) {
            return intern(PaintColor.device("DeviceGray"));
        }
        COSBase cos = space.getCOSObject();
        if (cos instanceof COSName n) {
            return deviceTemplates.computeIfAbsent(n.getName(), k -> intern(describe(space)));
        }
        if (cos == null) {
            return intern(describe(space));
        }
        PaintColor t = templates.get(cos);
        if (t == null) {
            t = intern(describe(space));
            templates.put(cos, t);
        }
        return t;
    }

    PaintColor intern(PaintColor c) {
        PaintColor prior = interned.putIfAbsent(c, c);
        return prior == null ? c : prior;
    }

    /** The ICC header of a profile stream, read once per stream. */
    IccHeader icc(COSStream stream) {
        if (stream == null) {
            return new IccHeader(null, null, "no ICC profile stream");
        }
        return iccHeaders.computeIfAbsent(stream, s -> {
            try (InputStream in = stream.createInputStream()) {
                byte[] b = in.readNBytes(8 << 20);
                return IccHeader.parse(b);
            } catch (IOException | RuntimeException e) {
                return new IccHeader(null, null, "the ICC profile could not be decoded: " + e.getMessage());
            }
        });
    }

    private PaintColor describe(PDColorSpace space) {
        String objectId = objectId(space.getCOSObject());
        try {
            if (space instanceof PDICCBased icc) {
                String iccSpace = iccSpace(icc);
                return new PaintColor("ICCBased", iccSpace, null, null, List.of(), List.of(), null, objectId);
            }
            if (space instanceof PDIndexed idx) {
                PDColorSpace base = idx.getBaseColorSpace();
                String iccSpace = base instanceof PDICCBased bi ? iccSpace(bi) : null;
                if (base instanceof PDSeparation || base instanceof PDDeviceN) {
                    // an Indexed image or fill over a spot space prints on the spot plates its lookup table inks
                    List<String> names = base instanceof PDSeparation sep ? List.of(sep.getColorantName())
                            : ((PDDeviceN) base).getColorantNames();
                    COSBase baseArray = arrayItem(space, 1);
                    COSBase alt = baseArray instanceof COSArray ba && ba.size() > 2 ? ba.getObject(2) : null;
                    COSBase fn = baseArray instanceof COSArray ba && ba.size() > 3 ? ba.getObject(3) : null;
                    String altFamily = family(base instanceof PDSeparation sep ? sep.getAlternateColorSpace()
                            : ((PDDeviceN) base).getAlternateColorSpace());
                    return new PaintColor("Indexed", null, family(base), altFamily, inked(idx, space, names),
                            List.of(), tintKey(alt, fn), objectId);
                }
                return new PaintColor("Indexed", iccSpace, family(base), null, List.of(), List.of(), null, objectId);
            }
            if (space instanceof PDSeparation sep) {
                COSBase alt = arrayItem(space, 2);
                COSBase fn = arrayItem(space, 3);
                String altFamily = family(sep.getAlternateColorSpace());
                return new PaintColor("Separation", null, null, altFamily, List.of(sep.getColorantName()),
                        List.of(), tintKey(alt, fn), objectId);
            }
            if (space instanceof PDDeviceN dn) {
                COSBase alt = arrayItem(space, 2);
                COSBase fn = arrayItem(space, 3);
                String altFamily = family(dn.getAlternateColorSpace());
                return new PaintColor("DeviceN", null, null, altFamily, dn.getColorantNames(), List.of(),
                        tintKey(alt, fn), objectId);
            }
            if (space instanceof PDPattern p) {
                PDColorSpace under = p.getUnderlyingColorSpace();
                return new PaintColor("Pattern", null, under == null ? null : family(under), null, List.of(),
                        List.of(), null, objectId);
            }
            return new PaintColor(space.getName(), null, null, null, List.of(), List.of(), null, objectId);
        } catch (IOException | RuntimeException e) {
            return new PaintColor(space.getName(), null, null, null, List.of(), List.of(), null, objectId);
        }
    }

    /**
     * The base colorants that some entry of an Indexed lookup table gives a non-zero tint; a colorant every entry
     * leaves at 0 puts no ink on its plate.
     */
    private static List<String> inked(PDIndexed idx, PDColorSpace space, List<String> names) {
        COSBase lookup = arrayItem(space, 3);
        byte[] table;
        try {
            if (lookup instanceof COSString str) {
                table = str.getBytes();
            } else if (lookup instanceof COSStream st) {
                try (InputStream in = st.createInputStream()) {
                    table = in.readNBytes(256 * 32 * 4);
                }
            } else {
                return names;
            }
        } catch (IOException | RuntimeException e) {
            return names; // an unreadable table: assume every colorant may print
        }
        int n = names.size();
        if (n == 0) {
            return names;
        }
        var out = new ArrayList<String>();
        for (int c = 0; c < n; c++) {
            for (int i = c; i < table.length; i += n) {
                if (table[i] != 0) {
                    out.add(names.get(c));
                    break;
                }
            }
        }
        return out;
    }

    private String iccSpace(PDICCBased icc) {
        COSStream profile = icc.getPDStream().getCOSObject();
        IccHeader h = icc(profile);
        if (h.colorSpace() != null) {
            return h.colorSpace();
        }
        // embedded but unreadable: judged from /N, and said so (not treated as absent)
        String judged = switch (icc.getNumberOfComponents()) {
            case 1 -> "GRAY";
            case 3 -> "RGB";
            case 4 -> "CMYK";
            default -> null;
        };
        if (streams != null) {
            streams.unreadableProfile(profile, page, objectId(profile),
                    (h.problem() == null ? "the ICC profile header is unreadable" : h.problem())
                            + (judged == null ? "; its /N gives no colour space either"
                            : "; its colour is judged from /N " + icc.getNumberOfComponents() + " as " + judged));
        }
        return judged;
    }

    /** Family name for the base or alternate of a special colour space. */
    private String family(PDColorSpace cs) {
        if (cs == null) {
            return null;
        }
        return cs.getName();
    }

    private static COSBase arrayItem(PDColorSpace space, int i) {
        if (space.getCOSObject() instanceof COSArray a && a.size() > i) {
            return a.getObject(i);
        }
        return null;
    }

    /** Hash of the alternate space and the tint transform, independent of the colorant name (GWG R0023). */
    String tintKey(COSBase alternate, COSBase function) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            StringBuilder sb = new StringBuilder();
            canonical(alternate, sb, md, 0);
            sb.append('|');
            canonical(function, sb, md, 0);
            md.update(sb.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void canonical(COSBase b, StringBuilder sb, MessageDigest md, int depth) {
        if (depth > 12) {
            sb.append("...");
            return;
        }
        if (b instanceof COSObject o) {
            b = o.getObject();
        }
        if (b == null) {
            sb.append("null");
        } else if (b instanceof COSName n) {
            sb.append('/').append(n.getName());
        } else if (b instanceof COSNumber num) {
            sb.append(round(num.floatValue()));
        } else if (b instanceof COSString s) {
            sb.append('(').append(HexFormat.of().formatHex(s.getBytes())).append(')');
        } else if (b instanceof COSArray a) {
            sb.append('[');
            for (int i = 0; i < a.size(); i++) {
                canonical(a.getObject(i), sb, md, depth + 1);
                sb.append(' ');
            }
            sb.append(']');
        } else if (b instanceof COSDictionary d) {
            var sorted = new TreeMap<String, COSBase>();
            for (var e : d.entrySet()) {
                String k = e.getKey().getName();
                if (!(d instanceof COSStream) || !(k.equals("Length") || k.equals("Filter")
                        || k.equals("DecodeParms"))) {
                    sorted.put(k, e.getValue());
                }
            }
            sb.append("<<");
            for (var e : sorted.entrySet()) {
                sb.append('/').append(e.getKey()).append(' ');
                canonical(e.getValue(), sb, md, depth + 1);
            }
            sb.append(">>");
            if (d instanceof COSStream s) {
                try (InputStream in = s.createInputStream()) {
                    byte[] data = in.readNBytes(MAX_FUNCTION_BYTES);
                    if (s.getCOSName(COSName.TYPE) == null && isPostScriptFunction(s)) {
                        // Type 4 functions differ only in whitespace between writers.
                        data = new String(data, StandardCharsets.ISO_8859_1).strip().replaceAll("\\s+", " ")
                                .getBytes(StandardCharsets.ISO_8859_1);
                    }
                    md.update(data);
                } catch (IOException | RuntimeException e) {
                    sb.append("!undecodable");
                }
            }
        } else {
            sb.append(b);
        }
    }

    private static boolean isPostScriptFunction(COSStream s) {
        return s.getInt(COSName.FUNCTION_TYPE) == 4;
    }

    static String objectId(COSBase b) {
        if (b == null) {
            return null;
        }
        COSObjectKey k = b.getKey();
        return k == null ? null : k.getNumber() + " " + k.getGeneration() + " R";
    }

    static double round(double v) {
        return Math.round(v * 10000.0) / 10000.0;
    }
}
