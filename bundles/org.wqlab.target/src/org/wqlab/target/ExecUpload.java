package org.wqlab.target;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Upload for boards without SFTP (dropbear without sftp-server, busybox systems): the file is piped into
 * {@code cat > TMP} over an exec channel, then renamed. Both names are quoted, and reach the script as $1 and $2.
 */
public final class ExecUpload {

    // $3 is the expected size: a cancelled or broken upload ends cat early, and must not be renamed into place
    private static final String SCRIPT = "cat > \"$1\" && n=$(wc -c < \"$1\") && [ $n -eq \"$3\" ]"
            + " && mv -f -- \"$1\" \"$2\" || { rm -f -- \"$1\"; echo \"incomplete: $n of $3 bytes\" >&2; exit 1; }";

    private ExecUpload() {
    }

    public static void upload(BoardConnection connection, Path localFile, String remotePath,
            TransferProgress progress, Duration timeout) throws TransportException {
        String board = connection.profile().name();
        String temporary = remotePath + ".wqlab-part";
        long total;
        try {
            total = Files.size(localFile);
        } catch (IOException e) {
            throw new TransportException.RemoteIo(board, "cannot read local file " + localFile + ": " + e, e);
        }
        StringBuilder errors = new StringBuilder();
        int exit;
        try (InputStream in = new ProgressInput(Files.newInputStream(localFile), total, progress)) {
            exit = connection.exec(Command.shellScript(SCRIPT, temporary, remotePath, Long.toString(total)), in, OutputSink.DISCARD,
                    (b, off, len) -> errors.append(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8)),
                    timeout);
        } catch (IOException e) {
            throw new TransportException.RemoteIo(board, "cannot read local file " + localFile + ": " + e, e);
        }
        if (exit != 0) {
            throw new TransportException.RemoteIo(board,
                    "upload to " + remotePath + " failed (exit " + exit + "): " + errors.toString().strip(), null);
        }
    }

    private static final class ProgressInput extends FilterInputStream {
        private final long total;
        private final TransferProgress progress;
        private long done;

        ProgressInput(InputStream in, long total, TransferProgress progress) {
            super(in);
            this.total = total;
            this.progress = progress;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                done += n;
                if (!progress.transferred(done, total)) {
                    throw new InterruptedIOException("upload cancelled");
                }
            }
            return n;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }
}
