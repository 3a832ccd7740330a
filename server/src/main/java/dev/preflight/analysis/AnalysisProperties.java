package dev.preflight.analysis;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Analysis settings ({@code preflight.analysis.*}).
 *
 * @param maxMainMemoryMb        PDFBox main-memory budget per document (the rest spills to scratch files)
 * @param inkDpi                 Ghostscript render resolution for ink and TAC
 * @param ghostscript            Ghostscript executable
 * @param maxLocationsPerCheck   findings kept per check (all occurrences are still counted in details)
 */
@ConfigurationProperties("preflight.analysis")
record AnalysisProperties(int maxMainMemoryMb, int inkDpi, String ghostscript, int maxLocationsPerCheck) {
}
