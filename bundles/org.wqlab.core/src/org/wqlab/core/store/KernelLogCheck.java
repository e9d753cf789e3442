package org.wqlab.core.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.KernelLogSeal;

/**
 * Seals a kernel log when its run or import ends (length and a hash of its last block) and tells whether it is
 * still what was sealed. An experiment sealed before wqlab kept the seal is checked for a missing or empty log only.
 */
public final class KernelLogCheck {

    /** How much of the log's end the seal hashes: enough to notice a changed tail, cheap on a 4 GB log. */
    public static final int TAIL_BYTES = 64 * 1024;

    private KernelLogCheck() {
    }

    /** The seal of the log as it is now. */
    public static KernelLogSeal seal(Path log) throws IOException {
        long size = Files.size(log);
        long tail = Math.min(size, TAIL_BYTES);
        return new KernelLogSeal(size, tail, sha256(log, size - tail, tail));
    }

    /**
     * Why the experiment's kernel log is damaged, as a sentence naming the file, or empty when it is intact. A run
     * still under way is not checked.
     */
    public static Optional<String> damage(ExperimentFolder folder, ExperimentMetadata metadata) {
        if (metadata.status() == ExperimentStatus.RUNNING) {
            return Optional.empty();
        }
        Path log = folder.kernelLog();
        KernelLogSeal seal = metadata.kernelLog();
        String recorder = metadata.sequence().isEmpty() ? "the import" : "the run";
        String recorded = seal == null ? "" : "; " + recorder + " recorded " + bytes(seal.bytes());
        if (!Files.isRegularFile(log)) {
            return damaged(log + " is missing" + recorded);
        }
        long size;
        try {
            size = Files.size(log);
        } catch (IOException e) {
            return damaged(log + " cannot be read (" + e.getMessage() + ")" + recorded);
        }
        if (seal == null) {
            return size == 0 ? damaged(log + " is 0 bytes") : Optional.empty();
        }
        if (size < seal.bytes()) {
            return damaged(log + " is " + bytes(size) + recorded);
        }
        String now;
        try {
            now = sha256(log, seal.bytes() - seal.tailBytes(), seal.tailBytes());
        } catch (IOException e) {
            return damaged(log + " cannot be read (" + e.getMessage() + ")" + recorded);
        }
        if (!now.equalsIgnoreCase(seal.tailSha256())) {
            return damaged(log + " has changed: its " + bytes(seal.tailBytes()) + " before byte "
                    + group(seal.bytes()) + " are not those " + recorder + " recorded");
        }
        return Optional.empty();
    }

    private static Optional<String> damaged(String what) {
        return Optional.of(what + ": the experiment is damaged");
    }

    private static String bytes(long n) {
        return group(n) + (n == 1 ? " byte" : " bytes");
    }

    /** 812344 as "812 344". */
    static String group(long n) {
        String digits = Long.toString(n);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < digits.length(); i++) {
            if (i > 0 && (digits.length() - i) % 3 == 0 && Character.isDigit(digits.charAt(i - 1))) {
                sb.append(' ');
            }
            sb.append(digits.charAt(i));
        }
        return sb.toString();
    }

    static String sha256(Path file, long from, long length) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(8192);
            long position = from;
            long end = from + length;
            while (position < end) {
                buf.clear().limit((int) Math.min(buf.capacity(), end - position));
                int n = channel.read(buf, position);
                if (n < 0) {
                    throw new IOException(file + ": ended at byte " + position + " while reading its last block");
                }
                buf.flip();
                digest.update(buf);
                position += n;
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
