package org.wqlab.cli;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/** The headless Eclipse application behind the {@code wqlab} launcher's verbs. */
public final class CliApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        Object args = context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        String[] argv = args instanceof String[] a ? a : new String[0];
        context.applicationRunning();
        return Integer.valueOf(Cli.run(argv, System.out, System.err));
    }

    @Override
    public void stop() {
        // verbs run to completion; nothing to interrupt
    }
}
