package dev.preflight.xml;

import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;

/**
 * The one set-up of an XML parser for untrusted input, for the engine (imported reports, JDF tickets, XMP packets)
 * and the server (uploaded SVG logos, the report template's XHTML). A DOCTYPE is refused outright, so no DTD is read
 * and no entity is declared or expanded: no external entities (XXE), no billion laughs. Nothing is fetched (no
 * external DTD, schema, entity or stylesheet, no XInclude), the JDK's secure-processing limits are on and elements
 * nest at most {@value #MAX_ELEMENT_DEPTH} deep. Always the JDK's own implementation, whatever else is on the class
 * path. A library of its own (module {@code xml}), so that both sides use one copy without the server's other
 * modules depending on the engine.
 */
public final class SecureXml {

    /** Deepest element nesting accepted: deeper only serves to exhaust the stacks of recursive readers. */
    public static final int MAX_ELEMENT_DEPTH = 1000;

    private static final String DOCTYPE_REFUSED = "DOCTYPE declarations (DTDs, entities) are not allowed";

    private SecureXml() {
    }

    /** Parses namespace-aware into a DOM; anything not well-formed or not allowed is an {@link InvalidXmlException}. */
    public static Document parse(byte[] bytes) throws InvalidXmlException {
        try {
            return newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
        } catch (SAXParseException e) {
            throw new InvalidXmlException(reason(e), e.getLineNumber(), e.getColumnNumber(), e);
        } catch (SAXException e) {
            throw new InvalidXmlException(reason(e), -1, -1, e);
        } catch (IOException e) {
            // Reading a byte array fails only when the declared encoding does not match the bytes.
            throw new InvalidXmlException("unreadable: " + e.getMessage(), -1, -1, e);
        }
    }

    /**
     * A namespace-aware DOM builder with the settings above, whose errors are thrown (never printed). Not
     * thread-safe: one per parse, or one per thread.
     */
    public static DocumentBuilder newDocumentBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", MAX_ELEMENT_DEPTH);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setValidating(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(THROWING);
            // Should a DOCTYPE ever get through, no entity is resolved from outside the document.
            builder.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
        }
    }

    /**
     * Writes a DOM node as UTF-8 XML. It only serialises a tree already parsed (no parser is involved), and fetches
     * nothing: no external DTD or stylesheet access.
     */
    public static byte[] write(Node node) {
        try {
            TransformerFactory factory = TransformerFactory.newDefaultInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            Transformer t = factory.newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            var out = new ByteArrayOutputStream();
            t.transform(new DOMSource(node), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerConfigurationException e) {
            throw new IllegalStateException("the JDK XML serialiser lacks a required security feature", e);
        } catch (TransformerException e) {
            throw new IllegalStateException("could not write the XML: " + e.getMessage(), e);
        }
    }

    /** What went wrong, in words for whoever sent the document. */
    static String reason(SAXException e) {
        String message = e.getMessage() == null ? "malformed XML" : e.getMessage();
        return message.contains("DOCTYPE") ? DOCTYPE_REFUSED : message;
    }

    private static final ErrorHandler THROWING = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };
}
