package org.wqlab.target;

/** How wqlab logs in to a board. Secrets for them live in the {@link SecretStore}, never in the profile. */
public enum AuthMethod {
    /** Agent, then key files (profile's and ~/.ssh/config's), then keyboard-interactive, then password. */
    AUTO,
    /** An OpenSSH private key file (ed25519, ecdsa, rsa), optionally with a passphrase. */
    PUBLIC_KEY,
    /** The keys of the running SSH agent ($SSH_AUTH_SOCK). */
    AGENT,
    PASSWORD,
    KEYBOARD_INTERACTIVE
}
