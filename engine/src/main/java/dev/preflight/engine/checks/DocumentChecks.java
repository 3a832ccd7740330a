package dev.preflight.engine.checks;

import dev.preflight.engine.checks.compliance.Pdfx6PageOutputIntentCheck;
import dev.preflight.engine.checks.compliance.Pdfx6PdfVersionCheck;
import dev.preflight.engine.checks.compliance.PdfvtDocumentPartsCheck;
import dev.preflight.engine.checks.compliance.PdfvtNotPdfx4Check;
import dev.preflight.engine.checks.compliance.PdfvtRecordInfoCheck;
import dev.preflight.engine.checks.compliance.PdfvtVersionKeyCheck;
import dev.preflight.engine.checks.compliance.PdfxActionsCheck;
import dev.preflight.engine.checks.compliance.PdfxAnnotationNotPrintingCheck;
import dev.preflight.engine.checks.compliance.PdfxAnnotationTypeCheck;
import dev.preflight.engine.checks.compliance.PdfxBoxesNestingCheck;
import dev.preflight.engine.checks.compliance.PdfxColorSpaceCheck;
import dev.preflight.engine.checks.compliance.PdfxDatesMissingCheck;
import dev.preflight.engine.checks.compliance.PdfxEncryptedCheck;
import dev.preflight.engine.checks.compliance.PdfxExternalGraphicsRefCheck;
import dev.preflight.engine.checks.compliance.PdfxExternalProfileRefCheck;
import dev.preflight.engine.checks.compliance.PdfxFontsNotEmbeddedCheck;
import dev.preflight.engine.checks.compliance.PdfxNColorantsCheck;
import dev.preflight.engine.checks.compliance.PdfxOptionalContentCheck;
import dev.preflight.engine.checks.compliance.PdfxOutputIntentMissingCheck;
import dev.preflight.engine.checks.compliance.PdfxOutputProfileCheck;
import dev.preflight.engine.checks.compliance.PdfxPdfVersionCheck;
import dev.preflight.engine.checks.compliance.PdfxTitleMissingCheck;
import dev.preflight.engine.checks.compliance.PdfxTransparencyCheck;
import dev.preflight.engine.checks.compliance.PdfxTrappedCheck;
import dev.preflight.engine.checks.compliance.PdfxTrimAndArtCheck;
import dev.preflight.engine.checks.compliance.PdfxTrimOrArtMissingCheck;
import dev.preflight.engine.checks.compliance.PdfxVersionKeyMissingCheck;
import dev.preflight.engine.checks.compliance.PdfxVersionMismatchCheck;
import dev.preflight.engine.checks.compliance.PdfxVersionNotAllowedCheck;
import dev.preflight.engine.checks.compliance.PdfxXmpMissingCheck;
import dev.preflight.engine.checks.font.FontCountCheck;
import dev.preflight.engine.checks.font.FontPropertyCheck;
import dev.preflight.engine.checks.metadata.CreatorInfoCheck;
import dev.preflight.engine.checks.metadata.MetadataFieldMissingCheck;
import dev.preflight.engine.checks.metadata.TitleMismatchCheck;
import dev.preflight.engine.checks.metadata.TrappedMismatchCheck;
import dev.preflight.engine.checks.metadata.TrappedUndefinedCheck;
import dev.preflight.engine.checks.metadata.XmpMissingCheck;
import dev.preflight.engine.checks.metadata.XmpUnparseableCheck;
import dev.preflight.engine.checks.optionalcontent.ConfigsPresentCheck;
import dev.preflight.engine.checks.optionalcontent.HiddenContentCheck;
import dev.preflight.engine.checks.optionalcontent.LayerNameDuplicateCheck;
import dev.preflight.engine.checks.optionalcontent.LayerRuleCheck;
import dev.preflight.engine.checks.optionalcontent.OptionalContentPresentCheck;
import dev.preflight.engine.checks.outputintent.OutputConditionNotExpectedCheck;
import dev.preflight.engine.checks.outputintent.OutputIntentMissingCheck;
import dev.preflight.engine.checks.outputintent.OutputIntentMultipleCheck;
import dev.preflight.engine.checks.outputintent.OutputIntentRuleCheck;
import dev.preflight.engine.checks.outputintent.PageOutputIntentCheck;
import dev.preflight.engine.checks.page.BleedInsufficientCheck;
import dev.preflight.engine.checks.page.BleedTooLargeCheck;
import dev.preflight.engine.checks.page.ContentBeyondBleedCheck;
import dev.preflight.engine.checks.page.MixedSizeCheck;
import dev.preflight.engine.checks.page.OrientationMixedCheck;
import dev.preflight.engine.checks.page.PageCountCheck;
import dev.preflight.engine.checks.page.PageRuleCheck;
import dev.preflight.engine.checks.page.PageSizeNotExpectedCheck;
import dev.preflight.engine.checks.page.PageSizeOutOfRangeCheck;
import dev.preflight.engine.checks.page.SafetyMarginCheck;
import dev.preflight.engine.checks.processing.CreasingRequiredCheck;
import dev.preflight.engine.checks.processing.DielineWithoutStepsCheck;
import dev.preflight.engine.checks.processing.ProcessingStepsPresentCheck;
import dev.preflight.engine.checks.processing.ProductTypeStepsCheck;
import dev.preflight.engine.checks.processing.SpecialInkKnockoutCheck;
import dev.preflight.engine.checks.processing.StepsNotOverprintCheck;
import dev.preflight.engine.checks.processing.StepsNotSpotCheck;
import dev.preflight.engine.checks.processing.StepsPrintCheck;
import dev.preflight.engine.checks.processing.StepsSpotInArtworkCheck;
import dev.preflight.engine.checks.processing.StepsUnknownTypeCheck;
import dev.preflight.engine.checks.structure.AcroFormCheck;
import dev.preflight.engine.checks.structure.ActionTypeCheck;
import dev.preflight.engine.checks.structure.ActionsPresentCheck;
import dev.preflight.engine.checks.structure.AnnotationRuleCheck;
import dev.preflight.engine.checks.structure.AnnotationsPresentCheck;
import dev.preflight.engine.checks.structure.ContentStreamProblemCheck;
import dev.preflight.engine.checks.structure.DamagedCheck;
import dev.preflight.engine.checks.structure.EmbeddedFilesCheck;
import dev.preflight.engine.checks.structure.EncryptedCheck;
import dev.preflight.engine.checks.structure.FileSizeCheck;
import dev.preflight.engine.checks.structure.IncrementalUpdatesCheck;
import dev.preflight.engine.checks.structure.LzwCompressionCheck;
import dev.preflight.engine.checks.structure.PageThumbnailsCheck;
import dev.preflight.engine.checks.structure.PdfVersionLimitCheck;
import dev.preflight.engine.checks.structure.PrintRestrictedCheck;
import dev.preflight.engine.checks.structure.SignatureCheck;
import dev.preflight.engine.checks.structure.TaggedStateCheck;

import java.util.List;

/** The document-level checks: structure, fonts, page geometry, metadata, output intents, layers, processing steps
 * and PDF/X and PDF/VT conformance. */
public final class DocumentChecks {

    private DocumentChecks() {
    }

    /** Every document-level check, in catalogue order. */
    public static List<Check> all() {
        return List.of(
                // structure
                AnnotationRuleCheck.formFieldPrints(),
                AnnotationRuleCheck.noAppearance(),
                new AnnotationsPresentCheck(),
                AnnotationRuleCheck.printerMark(),
                AnnotationRuleCheck.prints(),
                AnnotationRuleCheck.trapNet(),
                new AcroFormCheck(),
                new ActionsPresentCheck(),
                new DamagedCheck(),
                new EmbeddedFilesCheck(),
                new EncryptedCheck(),
                new FileSizeCheck(),
                new IncrementalUpdatesCheck(),
                new LzwCompressionCheck(),
                new PageThumbnailsCheck(),
                ActionTypeCheck.importData(),
                ActionTypeCheck.javaScript(),
                ActionTypeCheck.launch(),
                PdfVersionLimitCheck.tooNew(),
                PdfVersionLimitCheck.tooOld(),
                new PrintRestrictedCheck(),
                SignatureCheck.broken(),
                SignatureCheck.signed(),
                ActionTypeCheck.submitForm(),
                TaggedStateCheck.tagged(),
                TaggedStateCheck.untagged(),
                new ContentStreamProblemCheck(),
                // font
                FontPropertyCheck.bitmapOnly(),
                new FontCountCheck(),
                FontPropertyCheck.courier(),
                FontPropertyCheck.damaged(),
                FontPropertyCheck.glyphsMissing(),
                FontPropertyCheck.licenseRestricted(),
                FontPropertyCheck.multipleMaster(),
                FontPropertyCheck.notEmbedded(),
                FontPropertyCheck.notSubset(),
                FontPropertyCheck.standard14NotEmbedded(),
                FontPropertyCheck.type3(),
                FontPropertyCheck.type1(),
                FontPropertyCheck.textNotExtractable(),
                // page
                new PageCountCheck(),
                PageRuleCheck.bleedBoxMissing(),
                new BleedInsufficientCheck(),
                PageRuleCheck.bleedOutsideMedia(),
                new BleedTooLargeCheck(),
                new ContentBeyondBleedCheck(),
                PageRuleCheck.cropNotMedia(),
                new OrientationMixedCheck(),
                PageRuleCheck.rotated(),
                new SafetyMarginCheck(),
                MixedSizeCheck.pageSize(),
                new PageSizeNotExpectedCheck(),
                new PageSizeOutOfRangeCheck(),
                PageRuleCheck.trimBoxMissing(),
                PageRuleCheck.trimOutsideBleed(),
                PageRuleCheck.trimOutsideMedia(),
                MixedSizeCheck.trimSize(),
                PageRuleCheck.userUnit(),
                // metadata
                MetadataFieldMissingCheck.creationDate(),
                new CreatorInfoCheck(),
                MetadataFieldMissingCheck.modDate(),
                new TitleMismatchCheck(),
                MetadataFieldMissingCheck.title(),
                new TrappedMismatchCheck(),
                new TrappedUndefinedCheck(),
                new XmpMissingCheck(),
                new XmpUnparseableCheck(),
                // outputintent
                new OutputConditionNotExpectedCheck(),
                OutputIntentRuleCheck.identifierMissing(),
                new OutputIntentMissingCheck(),
                new OutputIntentMultipleCheck(),
                OutputIntentRuleCheck.notCmyk(),
                new PageOutputIntentCheck(),
                OutputIntentRuleCheck.present(),
                OutputIntentRuleCheck.profileDamaged(),
                OutputIntentRuleCheck.profileMissing(),
                OutputIntentRuleCheck.registryNameMissing(),
                // optionalcontent
                new ConfigsPresentCheck(),
                new HiddenContentCheck(),
                LayerRuleCheck.hidden(),
                new LayerNameDuplicateCheck(),
                LayerRuleCheck.nameEmpty(),
                LayerRuleCheck.notPrinting(),
                new OptionalContentPresentCheck(),
                // processing
                new CreasingRequiredCheck(),
                new ProcessingStepsPresentCheck(),
                new ProductTypeStepsCheck(),
                new StepsNotSpotCheck(),
                new StepsNotOverprintCheck(),
                new StepsSpotInArtworkCheck(),
                new StepsUnknownTypeCheck(),
                new StepsPrintCheck(),
                new DielineWithoutStepsCheck(),
                SpecialInkKnockoutCheck.white(),
                SpecialInkKnockoutCheck.varnish(),
                // compliance
                new PdfxActionsCheck(),
                new PdfxAnnotationTypeCheck(),
                new PdfxAnnotationNotPrintingCheck(),
                new PdfxBoxesNestingCheck(),
                new PdfxDatesMissingCheck(),
                new PdfxEncryptedCheck(),
                new PdfxFontsNotEmbeddedCheck(),
                new PdfxOutputIntentMissingCheck(),
                new PdfxOutputProfileCheck(),
                new PdfxOptionalContentCheck(),
                new PdfxPdfVersionCheck(),
                new PdfxTitleMissingCheck(),
                new PdfxTransparencyCheck(),
                new PdfxTrappedCheck(),
                new PdfxTrimAndArtCheck(),
                new PdfxTrimOrArtMissingCheck(),
                new PdfxVersionKeyMissingCheck(),
                new PdfxVersionMismatchCheck(),
                new PdfxVersionNotAllowedCheck(),
                new PdfxColorSpaceCheck(),
                new PdfxXmpMissingCheck(),
                new PdfxExternalProfileRefCheck(),
                new PdfxExternalGraphicsRefCheck(),
                new PdfxNColorantsCheck(),
                new Pdfx6PdfVersionCheck(),
                new Pdfx6PageOutputIntentCheck(),
                new PdfvtVersionKeyCheck(),
                new PdfvtDocumentPartsCheck(),
                new PdfvtNotPdfx4Check(),
                new PdfvtRecordInfoCheck()
        );
    }
}
