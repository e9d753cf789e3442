package org.wqlab.target;

public enum SecretKind {
    /** Login password, also used to answer keyboard-interactive prompts. */
    PASSWORD,
    /** Passphrase of the profile's private key file. */
    KEY_PASSPHRASE
}
