package dev.preflight.engine.imports;

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
 * Parses untrusted XML: no DOCTYPE at all (so no DTD, no entity expansion, no XXE, no billion laughs), no external
 * resources, no XInclude, JDK secure-processing limits on.
 */
final class SecureXml {

    static final int MAX_ELEMENT_DEPTH = 1000;

    private SecureXml() {
    }

    static Document parse(byte[] bytes, String what) throws InvalidReportException {
        ImportLimits.checkSize(bytes, what);
        DocumentBuilder builder = newBuilder();
        try {
            return builder.parse(new ByteArrayInputStream(bytes));
        } catch (SAXParseException e) {
            String reason = e.getMessage() == null ? "malformed XML" : e.getMessage();
            if (reason.contains("DOCTYPE")) {
                reason = "DOCTYPE declarations (DTDs, entities) are not allowed";
            }
            throw new InvalidReportException(what + " is not well-formed XML (line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + "): " + reason, e);
        } catch (SAXException e) {
            throw new InvalidReportException(what + " is not well-formed XML: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new InvalidReportException(what + " could not be read: " + e.getMessage(), e);
        }
    }

    static DocumentBuilder newBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            // Deep nesting only serves to exhaust stacks in recursive consumers (XPath among them).
            factory.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", MAX_ELEMENT_DEPTH);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setValidating(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // Errors become exceptions; the default handler would also print them to stderr.
            builder.setErrorHandler(new ErrorHandler() {
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
            });
            // Belt and braces: even if a DOCTYPE slipped through, no entity is ever resolved from outside.
            builder.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
        }
    }
}
