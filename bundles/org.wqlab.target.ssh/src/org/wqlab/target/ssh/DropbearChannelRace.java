package org.wqlab.target.ssh;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dropbear 2022.82 to 2024.85 ends a whole SSH session when one channel's process exits while another channel of the
 * same session is between its open and its exec request: the server closes the new channel at once, and the data
 * that follows fails the assertion {@code !channel->sent_close} in common-channel.c (mkj/dropbear#321, fixed in
 * 2024.86). Debian 12's dropbear and many embedded images run such a release. Against them a connection runs each
 * channel on a session no other channel is using.
 */
final class DropbearChannelRace {

    private static final Pattern DROPBEAR = Pattern.compile("^SSH-2\\.0-dropbear_(\\d{4})\\.(\\d+)");
    private static final int FIRST_AFFECTED = 202282;
    private static final int FIRST_FIXED = 202486;

    private DropbearChannelRace() {
    }

    /** @param serverVersion the server's identification string, {@code SSH-2.0-dropbear_2022.83} */
    static boolean affects(String serverVersion) {
        Matcher m = serverVersion == null ? null : DROPBEAR.matcher(serverVersion);
        if (m == null || !m.find()) {
            return false;
        }
        int release = Integer.parseInt(m.group(1)) * 100 + Integer.parseInt(m.group(2));
        return release >= FIRST_AFFECTED && release < FIRST_FIXED;
    }
}
