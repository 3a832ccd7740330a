package dev.preflight.engine.imports;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.util.ArrayList;
import java.util.List;

/** Namespace-tolerant navigation of a parsed report: elements are matched by local name only. */
final class Elements {

    private Elements() {
    }

    static String localName(Node node) {
        String local = node.getLocalName();
        return local != null ? local : node.getNodeName();
    }

    static boolean named(Node node, String localName) {
        return node != null && node.getNodeType() == Node.ELEMENT_NODE && localName(node).equals(localName);
    }

    static List<Element> children(Element parent) {
        List<Element> result = new ArrayList<>();
        if (parent == null) {
            return result;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n.getNodeType() == Node.ELEMENT_NODE) {
                result.add((Element) n);
            }
        }
        return result;
    }

    static List<Element> children(Element parent, String localName) {
        List<Element> result = new ArrayList<>();
        for (Element e : children(parent)) {
            if (localName(e).equals(localName)) {
                result.add(e);
            }
        }
        return result;
    }

    static Element child(Element parent, String localName) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (named(n, localName)) {
                return (Element) n;
            }
        }
        return null;
    }

    /** Follows a path of child names; null when any step is missing. */
    static Element path(Element from, String... names) {
        Element current = from;
        for (String name : names) {
            current = child(current, name);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    /** All descendants with the local name, in document order. */
    static List<Element> descendants(Element root, String localName) {
        List<Element> result = new ArrayList<>();
        if (root == null) {
            return result;
        }
        ArrayList<Node> stack = new ArrayList<>();
        for (Node n = root.getLastChild(); n != null; n = n.getPreviousSibling()) {
            stack.add(n);
        }
        while (!stack.isEmpty()) {
            Node n = stack.removeLast();
            if (n.getNodeType() != Node.ELEMENT_NODE) {
                continue;
            }
            if (localName(n).equals(localName)) {
                result.add((Element) n);
            }
            for (Node c = n.getLastChild(); c != null; c = c.getPreviousSibling()) {
                stack.add(c);
            }
        }
        return result;
    }

    /** Trimmed text content; null when the element is missing or blank. */
    static String text(Element e) {
        if (e == null) {
            return null;
        }
        String t = e.getTextContent();
        return t == null || t.isBlank() ? null : t.strip();
    }

    static String childText(Element parent, String localName) {
        return text(child(parent, localName));
    }

    /** Attribute value by local name (namespace ignored); null when absent or blank. */
    static String attr(Element e, String localName) {
        if (e == null) {
            return null;
        }
        if (e.hasAttribute(localName)) {
            String v = e.getAttribute(localName);
            return v.isBlank() ? null : v.strip();
        }
        var attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Node a = attributes.item(i);
            if (localName(a).equals(localName)) {
                String v = a.getNodeValue();
                return v == null || v.isBlank() ? null : v.strip();
            }
        }
        return null;
    }

    /** Case-insensitive attribute lookup, for vendors whose attribute casing is unverified. */
    static String attrIgnoreCase(Element e, String localName) {
        String exact = attr(e, localName);
        if (exact != null || e == null) {
            return exact;
        }
        var attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Node a = attributes.item(i);
            if (localName(a).equalsIgnoreCase(localName)) {
                String v = a.getNodeValue();
                return v == null || v.isBlank() ? null : v.strip();
            }
        }
        return null;
    }

    static Double number(String text) {
        if (text == null) {
            return null;
        }
        try {
            double d = Double.parseDouble(text.strip().replace(',', '.'));
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Integer integer(String text) {
        Double d = number(text);
        if (d == null || d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            return null;
        }
        return d.intValue();
    }
}
