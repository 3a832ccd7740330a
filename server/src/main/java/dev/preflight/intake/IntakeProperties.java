package dev.preflight.intake;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Intake settings ({@code preflight.intake.*}).
 *
 * @param batch limits of {@code POST /api/v1/batch}
 * @param icc   limits of tenant ICC uploads
 */
@ConfigurationProperties("preflight.intake")
record IntakeProperties(Batch batch, Icc icc) {

    IntakeProperties {
        batch = batch == null ? new Batch(0, 0, 0, 0, 0) : batch;
        icc = icc == null ? new Icc(0) : icc;
    }

    /**
     * @param maxItems                files plus archive members one batch may hold
     * @param maxArchiveEntries       entries (files and folders) one ZIP may declare; more refuses the whole ZIP
     * @param maxTotalInflatedBytes   bytes all members of a batch may inflate to together; more refuses the batch
     * @param maxEntryInflatedBytes   bytes one member may inflate to (the tenant's upload limit applies as well)
     * @param maxCompressionRatio     inflated-to-compressed ratio above which a member is refused as a ZIP bomb
     *                                (judged once it has inflated past 1 MiB, so tiny files never trip it)
     */
    record Batch(int maxItems, int maxArchiveEntries, long maxTotalInflatedBytes, long maxEntryInflatedBytes,
                 int maxCompressionRatio) {

        Batch {
            maxItems = maxItems > 0 ? maxItems : 100;
            maxArchiveEntries = maxArchiveEntries > 0 ? maxArchiveEntries : 1000;
            maxTotalInflatedBytes = maxTotalInflatedBytes > 0 ? maxTotalInflatedBytes : 2L * 1024 * 1024 * 1024;
            maxEntryInflatedBytes = maxEntryInflatedBytes > 0 ? maxEntryInflatedBytes : Long.MAX_VALUE;
            maxCompressionRatio = maxCompressionRatio > 0 ? maxCompressionRatio : 100;
        }
    }

    /** @param maxUploadBytes largest ICC profile a tenant may upload (413 above) */
    record Icc(long maxUploadBytes) {

        Icc {
            maxUploadBytes = maxUploadBytes > 0 ? maxUploadBytes : 16L * 1024 * 1024;
        }
    }
}
