package dev.preflight.engine.facts;

import dev.preflight.xml.InvalidXmlException;
import dev.preflight.xml.SecureXml;
import org.apache.pdfbox.cos.COSStream;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Reads the document XMP packet with a DOM parser that refuses DOCTYPEs and external entities. Properties are found
 * by namespace and local name, whether written as elements or as attributes of rdf:Description.
 */
final class XmpReader {

    private static final int MAX_XMP_BYTES = 8 << 20;
    private static final String DC = "http://purl.org/dc/elements/1.1/";
    private static final String XMP = "http://ns.adobe.com/xap/1.0/";
    private static final String PDF = "http://ns.adobe.com/pdf/1.3/";
    private static final String PDFX_ID = "http://www.npes.org/pdfx/ns/id/";
    private static final String PDFA_ID = "http://www.aiim.org/pdfa/ns/id/";
    private static final String PDFVT_ID = "http://www.npes.org/pdfvt/ns/id/";

    private XmpReader() {
    }

    static DocumentInfoFact.XmpFact read(COSStream stream) {
        Document dom;
        try {
            byte[] b = FactsCollector.readBounded(stream, MAX_XMP_BYTES);
            dom = parse(b);
        } catch (Exception e) {
            return new DocumentInfoFact.XmpFact(true, "the XMP metadata could not be parsed: "
                    + Problems.describe(e), null, null, null, null, null, null, null, null, null);
        }
        Element root = dom.getDocumentElement();
        return new DocumentInfoFact.XmpFact(true, null, find(root, DC, "title"), find(root, XMP, "CreatorTool"),
                find(root, PDF, "Producer"), find(root, PDF, "Trapped"), find(root, PDFX_ID, "GTS_PDFXVersion"),
                find(root, PDFA_ID, "part"), find(root, PDFA_ID, "conformance"), find(root, XMP, "CreateDate"),
                find(root, XMP, "ModifyDate"), find(root, PDFVT_ID, "GTS_PDFVTVersion"),
                find(root, PDFVT_ID, "GTS_PDFVTModDate"));
    }

    private static Document parse(byte[] b) throws InvalidXmlException {
        return SecureXml.parse(trimPacket(b));
    }

    /** Drops bytes after the last closing tag (padding, garbage) that would make the parser fail. */
    private static byte[] trimPacket(byte[] b) {
        int end = b.length;
        while (end > 0 && b[end - 1] != '>') {
            end--;
        }
        int start = 0;
        while (start < end && b[start] != '<') {
            start++;
        }
        // Keep a UTF-8 BOM / UTF-16 detection simple: only trim when the packet is single-byte based.
        if (start > 0 && (b[0] == (byte) 0xFE || b[0] == (byte) 0xFF)) {
            return b;
        }
        return java.util.Arrays.copyOfRange(b, start, end);
    }

    private static String find(Element root, String ns, String local) {
        NodeList els = root.getElementsByTagNameNS(ns, local);
        if (els.getLength() > 0) {
            Element e = (Element) els.item(0);
            // rdf:Alt / rdf:Seq / rdf:Bag: the first rdf:li
            NodeList lis = e.getElementsByTagNameNS("http://www.w3.org/1999/02/22-rdf-syntax-ns#", "li");
            String v = lis.getLength() > 0 ? lis.item(0).getTextContent() : e.getTextContent();
            return v == null ? null : v.strip();
        }
        return attribute(root, ns, local, 0);
    }

    private static String attribute(Node n, String ns, String local, int depth) {
        if (depth > 64) {
            return null;
        }
        if (n instanceof Element e) {
            NamedNodeMap attrs = e.getAttributes();
            for (int i = 0; i < attrs.getLength(); i++) {
                Attr a = (Attr) attrs.item(i);
                if (ns.equals(a.getNamespaceURI()) && local.equals(a.getLocalName())) {
                    return a.getValue().strip();
                }
            }
        }
        for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c.getNodeType() == Node.ELEMENT_NODE) {
                String v = attribute(c, ns, local, depth + 1);
                if (v != null) {
                    return v;
                }
            }
        }
        return null;
    }
}
