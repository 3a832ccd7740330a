package dev.preflight.engine.imports;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a JDF 1.x or XJDF 2.x job ticket supplied next to a PDF. Intents are found wherever they sit (JDF
 * ResourcePool, XJDF ProductList/Product/Intent); values may be attributes (XJDF) or spans with Actual/Preferred
 * (JDF 1.x). The root product's own intents win over those of nested parts.
 */
public final class JdfSidecar {

    private JdfSidecar() {
    }

    /** Parses a ticket; anything that is not JDF or XJDF (or is hostile XML) gives a readable exception. */
    public static JdfTicket parse(byte[] jdf) throws InvalidReportException {
        Document document = ReportXml.parse(jdf, "JDF file");
        Element root = document.getDocumentElement();
        String rootName = Elements.localName(root);
        boolean xjdf = rootName.equals("XJDF");
        if (!xjdf && !rootName.equals("JDF")) {
            throw new InvalidReportException("JDF file must have root <JDF> (JDF 1.x) or <XJDF> (XJDF 2.x), found <"
                    + rootName + ">");
        }
        String rawVersion = Elements.attr(root, "Version");
        String version = (xjdf ? "XJDF " : "JDF ") + (rawVersion != null ? rawVersion : (xjdf ? "2.x" : "1.x"));

        Element product = rootProduct(root, xjdf);
        String jobName = Elements.attr(root, "DescriptiveName");
        if (jobName == null && product != null) {
            jobName = Elements.attr(product, "DescriptiveName");
        }
        String productType = Elements.attr(root, "ProductType");
        if (productType == null && product != null) {
            productType = Elements.attr(product, "ProductType");
        }
        String intentType = Elements.attr(root, "Type") != null ? Elements.attr(root, "Type")
                : Elements.attr(root, "Types");

        Element layout = intent(root, product, "LayoutIntent");
        double[] trim = dimensions(value(layout, "FinishedDimensions"));
        if (trim == null) {
            trim = dimensions(value(layout, "Dimensions"));
        }
        if (trim == null) {
            trim = finalComponentDimensions(root);
        }
        Integer pages = Elements.integer(firstNumber(value(layout, "Pages")));
        if (pages == null) {
            Element runList = first(root, "RunList");
            pages = runList == null ? null : Elements.integer(Elements.attr(runList, "NPage"));
        }

        Element colour = intent(root, product, "ColorIntent");
        Integer front = null;
        Integer back = null;
        Set<String> names = new LinkedHashSet<>();
        if (colour != null) {
            List<String> frontNames = new ArrayList<>();
            List<String> backNames = new ArrayList<>();
            boolean sided = false;
            for (Element e : withDescendants(colour)) {
                String side = Elements.attr(e, "Surface") != null ? Elements.attr(e, "Surface")
                        : Elements.attr(e, "Side");
                if (side == null) {
                    continue;
                }
                List<String> sideNames = colourNames(e);
                if (side.equalsIgnoreCase("Front")) {
                    sided = true;
                    frontNames.addAll(sideNames);
                } else if (side.equalsIgnoreCase("Back")) {
                    sided = true;
                    backNames.addAll(sideNames);
                }
            }
            names.addAll(frontNames);
            names.addAll(backNames);
            if (sided) {
                front = frontNames.size();
                back = backNames.size();
            }
            String numColors = value(colour, "NumColors");
            if (numColors != null) {
                String[] parts = numColors.strip().split("[\\s/]+");
                Integer f = Elements.integer(parts[0]);
                Integer b = parts.length > 1 ? Elements.integer(parts[1]) : null;
                if (f != null) {
                    front = f;
                    back = b != null ? b : back;
                }
            }
            if (names.isEmpty()) {
                names.addAll(colourNames(colour));
            }
            if (front == null && !names.isEmpty()) {
                front = names.size();
            }
            if (back == null && front != null && isOneSided(layout)) {
                back = 0;
            }
        }

        Element mediaIntent = intent(root, product, "MediaIntent");
        Element media = first(root, "Media");
        String mediaName = firstNonNull(value(mediaIntent, "StockBrand"), value(mediaIntent, "MediaQuality"),
                Elements.attr(mediaIntent, "DescriptiveName"), Elements.attr(media, "DescriptiveName"),
                Elements.attr(media, "StockBrand"), Elements.attr(media, "MediaQuality"));
        Double weight = Elements.number(firstNumber(firstNonNull(value(mediaIntent, "Weight"),
                Elements.attr(media, "Weight"))));
        String mediaType = firstNonNull(value(mediaIntent, "MediaType"), Elements.attr(media, "MediaType"));
        String binding = value(intent(root, product, "BindingIntent"), "BindingType");

        return new JdfTicket(version, Elements.attr(root, "JobID"), jobName, productType, intentType,
                trim == null ? null : trim[0], trim == null ? null : trim[1], pages, front, back,
                List.copyOf(names), mediaName, weight, mediaType, binding);
    }

    /** XJDF: the Product with IsRoot="true", else the first; JDF: the root node itself. */
    private static Element rootProduct(Element root, boolean xjdf) {
        if (!xjdf) {
            return root;
        }
        Element first = null;
        for (Element p : Elements.children(Elements.child(root, "ProductList"), "Product")) {
            if ("true".equalsIgnoreCase(Elements.attr(p, "IsRoot"))) {
                return p;
            }
            if (first == null) {
                first = p;
            }
        }
        return first;
    }

    /** The intent in the root product's own scope if there is one, else the first anywhere in the ticket. */
    private static Element intent(Element root, Element product, String name) {
        if (product != null && product != root) {
            for (Element i : Elements.children(product, "Intent")) {
                Element found = Elements.child(i, name);
                if (found != null) {
                    return found;
                }
            }
        }
        Element pool = Elements.child(root, "ResourcePool");
        Element own = Elements.child(pool, name);
        if (own != null) {
            return own;
        }
        return first(root, name);
    }

    private static Element first(Element root, String name) {
        List<Element> found = Elements.descendants(root, name);
        return found.isEmpty() ? null : found.getFirst();
    }

    /** An intent value: the XJDF attribute, or the JDF 1.x span's Actual, else Preferred. */
    private static String value(Element intent, String name) {
        if (intent == null) {
            return null;
        }
        String attr = Elements.attr(intent, name);
        if (attr != null) {
            return attr;
        }
        Element span = Elements.child(intent, name);
        if (span == null) {
            return null;
        }
        String actual = Elements.attr(span, "Actual");
        return actual != null ? actual : Elements.attr(span, "Preferred");
    }

    /** "w h [d]" in points (XYPair or shape); null when not two positive numbers. */
    private static double[] dimensions(String value) {
        if (value == null) {
            return null;
        }
        String[] parts = value.strip().split("\\s+");
        if (parts.length < 2) {
            return null;
        }
        Double w = Elements.number(parts[0]);
        Double h = Elements.number(parts[1]);
        if (w == null || h == null || w <= 0 || h <= 0) {
            return null;
        }
        return new double[] {w, h};
    }

    private static double[] finalComponentDimensions(Element root) {
        for (Element c : Elements.descendants(root, "Component")) {
            String type = Elements.attr(c, "ComponentType");
            if (type != null && type.contains("FinalProduct")) {
                double[] d = dimensions(Elements.attr(c, "Dimensions"));
                if (d != null) {
                    return d;
                }
            }
        }
        return null;
    }

    private static List<String> colourNames(Element e) {
        List<String> names = new ArrayList<>();
        String used = Elements.attr(e, "ColorsUsed");
        if (used != null) {
            for (String n : used.strip().split("\\s+")) {
                names.add(n);
            }
        }
        for (Element spec : Elements.descendants(e, "SeparationSpec")) {
            String n = Elements.attr(spec, "Name");
            if (n != null && !names.contains(n)) {
                names.add(n);
            }
        }
        return names;
    }

    private static List<Element> withDescendants(Element e) {
        List<Element> all = new ArrayList<>();
        java.util.ArrayDeque<Element> stack = new java.util.ArrayDeque<>();
        stack.push(e);
        while (!stack.isEmpty()) {
            Element next = stack.pop();
            all.add(next);
            List<Element> children = Elements.children(next);
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.push(children.get(i));
            }
        }
        return all;
    }

    private static boolean isOneSided(Element layout) {
        String sides = value(layout, "Sides");
        return sides != null && sides.toLowerCase(Locale.ROOT).startsWith("onesided");
    }

    /** The first number of a span value such as "16" or "135 135". */
    private static String firstNumber(String value) {
        if (value == null) {
            return null;
        }
        String[] parts = value.strip().split("[\\s~]+");
        return parts.length == 0 ? null : parts[0];
    }

    @SafeVarargs
    private static <T> T firstNonNull(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
