package org.wqlab.target;

public enum SecretKind {
    /** Login password, also used to answer keyboard-interactive prompts. */
    PASSWORD,
    /** Passphrase of the profile's private key file. */
    KEY_PASSPHRASE,
    /** A lab server's API token (a LAVA server's), kept under the server's name. */
    API_TOKEN
}
