package org.wqlab.live;

/**
 * The worst delay seen after one USB disconnect, up to the next disconnect (or now).
 *
 * @param worstDelayUs the largest delay since the disconnect, or {@link Integer#MIN_VALUE} if no sample came yet
 * @param worstCpu     the CPU of that sample
 * @param worstTimeUs  its board time
 */
public record DisconnectWorst(long disconnectUs, String device, int worstDelayUs, int worstCpu, long worstTimeUs,
        long samples) {
}
