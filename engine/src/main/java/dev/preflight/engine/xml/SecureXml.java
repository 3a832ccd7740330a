package dev.preflight.engine.xml;

import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;

/**
 * The engine's one set-up of an XML parser for untrusted input (imported reports, JDF tickets, XMP packets). A
 * DOCTYPE is refused outright, so no DTD is read and no entity is declared or expanded: no external entities (XXE),
 * no billion laughs. Nothing is fetched (no external DTD, schema or entity, no XInclude), the JDK's secure-processing
 * limits are on and elements nest at most {@value #MAX_ELEMENT_DEPTH} deep. Always the JDK's own parser, whatever
 * else is on the class path, so that every feature set here is one it honours.
 * <p>
 * The server has its own copy of this set-up ({@code dev.preflight.platform.SecureXml}): its modules other than
 * analysis, imports and viewer may not depend on the engine.
 */
public final class SecureXml {

    /** Deepest element nesting accepted: deeper only serves to exhaust the stacks of recursive readers (XPath). */
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
