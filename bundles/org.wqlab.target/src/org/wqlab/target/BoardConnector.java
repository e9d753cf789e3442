package org.wqlab.target;

/** Opens connections to boards; implemented by the SSH bundle and registered as an OSGi service. */
public interface BoardConnector {

    /**
     * Connects and authenticates; verifies the host key according to the profile's policy, asking {@code prompt} when
     * the policy is {@link HostKeyPolicy#ASK}.
     */
    BoardConnection connect(BoardProfile profile, HostKeyPrompt prompt) throws TransportException;
}
