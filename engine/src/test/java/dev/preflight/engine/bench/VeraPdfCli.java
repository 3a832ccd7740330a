package dev.preflight.engine.bench;

import org.verapdf.features.FeatureFactory;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.metadata.fixer.FixerFactory;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.validation.validators.ValidatorFactory;
import org.verapdf.processor.BatchProcessingHandler;
import org.verapdf.processor.BatchProcessor;
import org.verapdf.processor.FormatOption;
import org.verapdf.processor.ProcessorConfig;
import org.verapdf.processor.ProcessorFactory;
import org.verapdf.processor.TaskType;
import org.verapdf.processor.plugins.PluginsCollectionConfig;

import java.io.File;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * veraPDF's command-line validator as built from the Maven artifacts we have: its application module
 * (greenfield-apps) is not published on Maven Central, but the batch processor it drives is (veraPDF core). This
 * runs that processor the way {@code verapdf --flavour <f> --format <text|mrr> FILE...} does: Greenfield parser,
 * validation only, a report per file on standard output.
 * Arguments: {@code --flavour 2b} (default), {@code --format text} (default; also mrr, xml, json), then the files.
 */
public final class VeraPdfCli {

    private VeraPdfCli() {
    }

    public static void main(String[] args) throws Exception {
        String flavour = "2b";
        String format = "text";
        List<File> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--flavour" -> flavour = args[++i];
                case "--format" -> format = args[++i];
                default -> files.add(new File(args[i]));
            }
        }
        VeraGreenfieldFoundryProvider.initialise();
        ProcessorConfig config = ProcessorFactory.fromValues(
                ValidatorFactory.createConfig(PDFAFlavour.byFlavourId(flavour), false, -1, false),
                FeatureFactory.defaultConfig(), PluginsCollectionConfig.defaultConfig(), FixerFactory.defaultConfig(),
                EnumSet.of(TaskType.VALIDATE));
        BatchProcessor processor = ProcessorFactory.fileBatchProcessor(config);
        BatchProcessingHandler handler = ProcessorFactory.getHandler(FormatOption.fromOption(format), false,
                System.out, false);
        processor.process(files, handler);
        System.out.flush();
        System.exit(0);
    }
}
