/**
 * XML parsing of untrusted input for the engine: one hardened parser set-up ({@link dev.preflight.engine.xml.SecureXml})
 * used by the importers and the facts' XMP reader.
 */
package dev.preflight.engine.xml;
