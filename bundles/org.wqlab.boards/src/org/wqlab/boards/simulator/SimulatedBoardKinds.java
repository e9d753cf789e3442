package org.wqlab.boards.simulator;

import java.io.IOException;
import java.util.Arrays;

import org.wqlab.boards.BoardKindProvider;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.usb.UsbDriverIds;

/**
 * What every kind of simulated board shares: the stick is pulled by the simulator itself, the SSH profile is the
 * simulator's, and its generated password goes to the secret store when it starts.
 */
abstract class SimulatedBoardKinds implements BoardKindProvider {

    @Override
    public String defaultUsbDriver() {
        return UsbDriverIds.SIM_PULL;
    }

    @Override
    public String defaultUsbDriverLabel() {
        return "the simulated board's physical pull";
    }

    @Override
    public boolean usbDriverSelectable() {
        return false;
    }

    @Override
    public boolean profileEditable() {
        return false;
    }

    /** Puts the started simulator's password into the secret store under the board's name. */
    static void keepPassword(Context context, String board, SimSshServer.Login login) throws IOException {
        char[] password = login.password().toCharArray();
        try {
            context.secrets().put(board, SecretKind.PASSWORD, password);
        } catch (SecretStore.SecretStoreException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            Arrays.fill(password, '\0');
        }
    }
}
