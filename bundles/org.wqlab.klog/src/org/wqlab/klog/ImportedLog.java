package org.wqlab.klog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.wqlab.core.model.InputException;
import org.wqlab.core.samples.LogContent;
import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/**
 * A log file of any format read through the importers: the first that reads it (by content) turns it into kernel-log
 * text, which is parsed in the same pass (on a second thread, overlapping the writes) and, when asked, copied
 * elsewhere (an experiment's {@code kernel.log}).
 *
 * @param note the importer's sentence for the experiment's notes, or ""
 * @param year the year of the first date without one and where it came from, when the log has such dates
 */
public record ImportedLog(LogImporter importer, String note, LogContent content, Optional<LogYear> year) {

    /** Reads {@code log} without keeping the kernel-log text. */
    public static ImportedLog read(Path log, LogImporters importers) throws InputException {
        return read(log, importers, null);
    }

    /**
     * Reads {@code log}, writing the kernel-log text the importer makes to {@code copy} as well (null: no copy, and
     * the parse runs on this thread, having no writes to overlap). A missing file, one no importer reads, or one that
     * is not kernel-log text is bad input naming the file (and line).
     */
    public static ImportedLog read(Path log, LogImporters importers, KernelLogOutput copy) throws InputException {
        if (!Files.isRegularFile(log)) {
            throw new InputException(log, 0, Files.exists(log) ? "not a regular file" : "no such file");
        }
        LogHead head;
        Optional<LogYear> year;
        try {
            head = LogHead.of(log);
            year = LogYear.of(log, head);
        } catch (IOException e) {
            throw new InputException(log, 0, "cannot read: " + e.getMessage(), e);
        }
        LogImporter importer = importers.readerOf(log, head);
        LogContentSink sink = new LogContentSink();
        KlogParser parser = new KlogParser(sink);
        year.ifPresent(y -> parser.yearHint(y.year()));
        String note;
        try {
            if (copy == null) {
                note = importer.importInto(log, parser::feed);
                parser.finish();
            } else {
                try (BackgroundParse parse = new BackgroundParse(parser)) { // the copy's writes and the parse overlap
                    note = importer.importInto(log, (bytes, off, len) -> {
                        copy.write(bytes, off, len);
                        parse.write(bytes, off, len);
                    });
                    parse.finish();
                }
            }
        } catch (IOException e) {
            throw new InputException(log, 0, "cannot read: " + e.getMessage(), e);
        }
        LogContent content = sink.content(parser.lines());
        KlogFiles.checkText(log, content);
        return new ImportedLog(importer, note, content, year);
    }
}
