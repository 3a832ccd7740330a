/**
 * XML parsing of untrusted input: one hardened parser set-up ({@link dev.preflight.xml.SecureXml}) used by the
 * engine's importers and XMP reader and by the server's logo sanitiser and PDF report.
 */
package dev.preflight.xml;
