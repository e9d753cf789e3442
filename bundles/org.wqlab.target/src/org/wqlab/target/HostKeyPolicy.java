package org.wqlab.target;

/** What to do with a host key found in no known-hosts file. A changed key is always refused. */
public enum HostKeyPolicy {
    /** Refuse unknown keys (headless default). */
    REFUSE_UNKNOWN,
    /** Ask the {@link HostKeyPrompt}; record the key in wqlab's known-hosts file when accepted. */
    ASK,
    /** Record and accept an unknown key ({@code --accept-new-host-key}); a changed key is still refused. */
    ACCEPT_NEW
}
