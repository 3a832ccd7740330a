package dev.preflight.fixups;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Fixup settings ({@code preflight.fixups.*}).
 *
 * @param ghostscript     Ghostscript executable of the fixups that re-distil (PREFLIGHT_GHOSTSCRIPT)
 * @param timeoutSeconds  time bound of one fixup's tool run
 * @param maxMainMemoryMb PDFBox main-memory budget per document; beyond it, scratch files
 */
@ConfigurationProperties("preflight.fixups")
record FixupsProperties(String ghostscript, int timeoutSeconds, int maxMainMemoryMb) {

    FixupsProperties {
        ghostscript = ghostscript == null || ghostscript.isBlank() ? "gs" : ghostscript.trim();
        timeoutSeconds = timeoutSeconds > 0 ? timeoutSeconds : 300;
        maxMainMemoryMb = maxMainMemoryMb > 0 ? maxMainMemoryMb : 256;
    }
}
