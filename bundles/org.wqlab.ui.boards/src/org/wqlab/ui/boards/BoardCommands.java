package org.wqlab.ui.boards;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;

/**
 * What the Boards view's commands do to the selected boards: the view's own (add, edit, duplicate, remove, connect,
 * disconnect, see {@link BoardCommand}) and the actions the boards' kinds add (BoardKindProvider#actions), each in a
 * Job when it does I/O; and when each can run.
 */
final class BoardCommands {
    private final BoardRegistry registry;
    private final Supplier<List<String>> selection;
    private final Supplier<Shell> shell;
    /** Selects a board in the tree (a new or copied one). */
    private final Consumer<String> select;
    /** Shows the registry's state now, and again when a Job ends. */
    private final Runnable changed;

    BoardCommands(BoardRegistry registry, Supplier<List<String>> selection, Supplier<Shell> shell,
            Consumer<String> select, Runnable changed) {
        this.registry = registry;
        this.selection = selection;
        this.shell = shell;
        this.select = select;
        this.changed = changed;
    }

    /** Whether {@code command} can act on the selected boards now; what its handler's enablement says. */
    boolean canRun(BoardCommand command) {
        List<String> selected = selection.get();
        return switch (command) {
            case ADD -> !addableKinds().isEmpty();
            case EDIT, DUPLICATE -> selected.size() == 1 && registry.isSaved(selected.get(0));
            case REMOVE -> !selected.isEmpty() && selected.stream().allMatch(registry::isSaved);
            case CONNECT -> selected.stream().anyMatch(n -> registry.status(n) instanceof BoardStatus.Disconnected
                    || registry.status(n) instanceof BoardStatus.Failed);
            case DISCONNECT -> selected.stream().anyMatch(n -> registry.status(n) instanceof BoardStatus.Connected
                    || registry.status(n) instanceof BoardStatus.Connecting
                    || registry.status(n) instanceof BoardStatus.Starting);
        };
    }

    void run(BoardCommand command) {
        List<String> selected = selection.get();
        switch (command) {
            case ADD -> add();
            case EDIT -> edit(selected.get(0));
            case DUPLICATE -> duplicate(selected.get(0));
            case REMOVE -> remove(selected);
            case CONNECT -> connect(selected);
            case DISCONNECT -> disconnect(selected);
        }
    }

    /** Whether a kind's action can run on one of the selected boards now (and no run of it is under way). */
    boolean canRun(BoardAction action) {
        return !BoardActionJob.running(action) && !targets(action).isEmpty();
    }

    /** Runs a kind's action on each selected board it can run on, each in a Job. */
    void run(BoardAction action) {
        for (String name : targets(action)) {
            if (action.endsConnection()) {
                cancelConnectJobs(name);
            }
            Job job = new BoardActionJob(registry, name, action);
            job.addJobChangeListener(new JobChangeAdapter() {
                @Override
                public void done(IJobChangeEvent event) {
                    changed.run(); // the action is enabled again once its Job is over
                }
            });
            job.schedule();
        }
        changed.run(); // and disabled while it runs
    }

    /** The selected boards whose kind has this action and says it can run on them now. */
    private List<String> targets(BoardAction action) {
        return selection.get().stream().filter(n -> registry.entry(n)
                .filter(e -> registry.actionsOf(n).stream().anyMatch(a -> a.id().equals(action.id()))
                        && action.enabled(e, registry.status(n)))
                .isPresent()).toList();
    }

    private List<BoardKindProvider> addableKinds() {
        return registry.kinds().stream().filter(BoardKindProvider::userAddable).toList();
    }

    private Set<String> names() {
        return Set.copyOf(registry.entries().stream().map(BoardEntry::name).toList());
    }

    private void add() {
        new BoardDialog(shell.get(), null, addableKinds(), names(), result -> {
            BoardProfile profile = result.profile();
            try {
                registry.add(new BoardEntry(profile, result.kind().kind(), Optional.empty(), result.usbDriver()));
                if (!result.fieldValues().isEmpty()) {
                    registry.setFieldValues(profile.name(), result.fieldValues());
                }
                storeSecret(profile, result.secret());
            } catch (BoardStoreException | SecretStore.SecretStoreException | IllegalArgumentException e) {
                return e.getMessage();
            }
            select.accept(profile.name());
            return null;
        }).open();
    }

    private void edit(String name) {
        BoardEntry entry = registry.entry(name).orElse(null);
        if (entry == null) {
            return;
        }
        Optional<BoardKindProvider> kind = registry.kind(entry.kind());
        if (kind.isEmpty()) {
            MessageDialog.openError(shell.get(), "Edit Board", registry.unavailable(entry).orElseThrow());
            return;
        }
        new BoardDialog(shell.get(), entry, List.of(kind.get()), names(), result -> {
            BoardProfile profile = result.profile();
            try {
                registry.update(name, profile);
                registry.setUsbDriver(profile.name(), result.usbDriver());
                Map<String, String> values = result.fieldValues();
                if (!values.isEmpty()) {
                    registry.setFieldValues(profile.name(), values);
                }
                storeSecret(profile, result.secret());
            } catch (BoardStoreException | SecretStore.SecretStoreException | IllegalArgumentException e) {
                return e.getMessage();
            }
            return null;
        }).open();
    }

    private void storeSecret(BoardProfile profile, char[] secret) throws SecretStore.SecretStoreException {
        if (secret != null) {
            SecretKind kind = profile.auth() == AuthMethod.PUBLIC_KEY ? SecretKind.KEY_PASSPHRASE : SecretKind.PASSWORD;
            registry.putSecret(profile.name(), kind, secret);
        }
    }

    private void duplicate(String name) {
        try {
            select.accept(registry.duplicate(name).name());
        } catch (BoardStoreException e) {
            MessageDialog.openError(shell.get(), "Duplicate board", e.getMessage());
        }
    }

    private void remove(List<String> selected) {
        String what = selected.size() == 1 ? "board '" + selected.get(0) + "'" : selected.size() + " boards";
        if (!MessageDialog.openConfirm(shell.get(), "Remove boards", "Remove " + what
                + "? Open connections are closed. Stored passwords stay in secure storage.")) {
            return;
        }
        for (String name : selected) {
            try {
                registry.remove(name);
            } catch (BoardStoreException | IllegalArgumentException e) {
                MessageDialog.openError(shell.get(), "Remove board", e.getMessage());
                return;
            }
        }
    }

    private void connect(List<String> selected) {
        Display display = shell.get().getDisplay();
        for (String name : selected) {
            if (!(registry.status(name) instanceof BoardStatus.Connected)
                    && !(registry.status(name) instanceof BoardStatus.Connecting)) {
                new ConnectJob(registry, name, display).schedule();
            }
        }
    }

    private void disconnect(List<String> selected) {
        for (String name : selected) {
            cancelConnectJobs(name);
            new DisconnectJob(registry, name).schedule();
        }
    }

    /** A connect (or a board's start, such as the virtual board's boot) still running for the board ends too. */
    private static void cancelConnectJobs(String name) {
        for (Job job : Job.getJobManager().find(ConnectJob.FAMILY)) {
            if (job instanceof ConnectJob c && c.board().equals(name)) {
                c.cancel();
            }
        }
    }
}
