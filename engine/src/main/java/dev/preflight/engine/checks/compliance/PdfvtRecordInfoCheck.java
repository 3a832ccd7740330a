package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentPartsFact;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** PDFVT_RECORD_INFO: the records of a PDF/VT file and how many pages each has. */
public final class PdfvtRecordInfoCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFVT_RECORD_INFO", "PDF/VT records",
            "Reports the records of a PDF/VT file (ISO 16612-2) from its document part hierarchy: how many there "
                    + "are at the record level (/RecordLevel, named by /NodeNameList; every part holding pages when "
                    + "no level is set) and how many pages each has, so the job can be checked against the run it "
                    + "was ordered for. One info finding; nothing for files without document parts.",
            "compliance", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentPartsFact parts = facts.documentParts();
        if (!parts.present() || !parts.rootNode()) {
            return;
        }
        Integer level = parts.recordLevel();
        String levelName = level != null && level >= 0 && level < parts.nodeNames().size()
                ? parts.nodeNames().get(level) : null;
        var perRecord = new ArrayList<String>();
        Map<String, Integer> detail = new LinkedHashMap<>();
        parts.pagesPerRecord().forEach((pages, records) -> {
            perRecord.add(records + " of " + pages + " page" + (pages == 1 ? "" : "s"));
            detail.put(String.valueOf(pages), records);
        });
        String where = level == null ? "document parts holding pages (no /RecordLevel)"
                : "records at level " + level + (levelName == null ? "" : " (" + levelName + ")");
        ctx.finding(parts.records() + " " + where + (perRecord.isEmpty() ? "" : ": " + String.join(", ", perRecord)))
                .detail("records", parts.records())
                .detail("record_level", level)
                .detail("level_name", levelName)
                .detail("pages_per_record", detail)
                .detail("parts", parts.parts())
                .detail("leaves", parts.leaves())
                .detail("depth", parts.depth())
                .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                .report();
    }
}
