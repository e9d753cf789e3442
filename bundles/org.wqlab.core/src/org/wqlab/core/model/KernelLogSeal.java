package org.wqlab.core.model;

/**
 * What an experiment's kernel log was when its run or import ended, so that a log cut short, emptied or changed
 * afterwards is found.
 *
 * @param bytes      the log's length
 * @param tailBytes  how many bytes before {@code bytes} the hash covers (the last block, or the whole shorter log)
 * @param tailSha256 SHA-256 of those bytes, lower-case hex
 */
public record KernelLogSeal(long bytes, long tailBytes, String tailSha256) {
}
