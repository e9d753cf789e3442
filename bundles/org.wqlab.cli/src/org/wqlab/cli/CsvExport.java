package org.wqlab.cli;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.core.samples.LogContent;

/** {@code wqlab export --csv}: the CSV format lives in org.wqlab.report (the workbench exports the same file). */
final class CsvExport {

    static final String HEADER = org.wqlab.report.export.CsvExport.HEADER;

    private CsvExport() {
    }

    static void write(Path file, LogContent c) throws IOException {
        org.wqlab.report.export.CsvExport.write(file, c);
    }
}
