package dev.preflight.analysis;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Analysis settings ({@code preflight.analysis.*}).
 *
 * @param maxMainMemoryMb        PDFBox main-memory budget per document (the rest spills to scratch files)
 * @param inkDpi                 Ghostscript render resolution for ink and TAC
 * @param ghostscript            Ghostscript executable
 * @param maxLocationsPerCheck   findings kept per check (all occurrences are still counted in details)
 * @param conformanceTimeoutSeconds time bound of a job's PDF/A and PDF/UA validation (kept below the job's own)
 * @param conformanceHeapMb      heap of the child JVM that validates PDF/A and PDF/UA ({@code -Xmx})
 */
@ConfigurationProperties("preflight.analysis")
record AnalysisProperties(int maxMainMemoryMb, int inkDpi, String ghostscript, int maxLocationsPerCheck,
                          @DefaultValue("120") int conformanceTimeoutSeconds,
                          @DefaultValue("512") int conformanceHeapMb) {
}
