package org.wqlab.target.ssh;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

import com.jcraft.jsch.ChannelDirectTCPIP;
import com.jcraft.jsch.Proxy;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.SocketFactory;

/**
 * ProxyJump for JSch (which has no ProxyJump of its own): the target's SSH stream runs inside a direct-tcpip channel
 * of an authenticated session to the jump host, like {@code ssh -J}. No local port is opened.
 */
final class JumpProxy implements Proxy {

    private final Session jump;
    private ChannelDirectTCPIP channel;
    private InputStream in;
    private OutputStream out;

    JumpProxy(Session jump) {
        this.jump = jump;
    }

    @Override
    public void connect(SocketFactory socketFactory, String host, int port, int timeout) throws Exception {
        channel = (ChannelDirectTCPIP) jump.openChannel("direct-tcpip");
        channel.setHost(host);
        channel.setPort(port);
        in = channel.getInputStream();
        out = channel.getOutputStream();
        channel.connect(timeout);
    }

    @Override
    public InputStream getInputStream() {
        return in;
    }

    @Override
    public OutputStream getOutputStream() {
        return out;
    }

    @Override
    public Socket getSocket() {
        return null;
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.disconnect();
        }
        jump.disconnect();
    }
}
