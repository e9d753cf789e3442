package org.wqlab.ui.boards;

import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.swt.graphics.Image;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardRuns;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.SourcedBoard;

/**
 * What the Boards view's tree shows: a row per board (the saved ones, then the ones board sources list) with its
 * probed facts below it, and the columns' texts, each as the board's kind says (BoardKindProvider#hostText,
 * #disconnectedText); no I/O, the registry's last known state.
 */
final class BoardColumns {
    private final BoardRegistry registry;
    private final Function<String, Image> images;

    BoardColumns(BoardRegistry registry, Function<String, Image> images) {
        this.registry = registry;
        this.images = images;
    }

    static String statusText(BoardStatus status) {
        if (status instanceof BoardStatus.Starting s) {
            return "starting: " + s.detail();
        }
        return status instanceof BoardStatus.Failed f ? "error: " + f.message() : status.label();
    }

    ITreeContentProvider content() {
        return new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return Stream.concat(registry.entries().stream(),
                        registry.sourcedBoards().stream().map(SourcedBoard::entry))
                        .map(e -> new BoardRow(e.name())).toArray();
            }

            @Override
            public Object[] getChildren(Object parent) {
                if (parent instanceof BoardRow row) {
                    return registry.entry(row.name()).flatMap(BoardEntry::facts)
                            .map(f -> FactRows.of(row.name(), f).toArray()).orElse(new Object[0]);
                }
                return new Object[0];
            }

            @Override
            public Object getParent(Object element) {
                return element instanceof FactRow f ? new BoardRow(f.boardName()) : null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return element instanceof BoardRow row
                        && registry.entry(row.name()).map(e -> e.facts().isPresent()).orElse(false);
            }
        };
    }

    ColumnLabelProvider name() {
        return new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return element instanceof BoardRow r ? r.name() : element instanceof FactRow f ? f.label() : "";
            }

            @Override
            public Image getImage(Object element) {
                return element instanceof BoardRow ? images.apply("icons/board16.png") : null;
            }
        };
    }

    ColumnLabelProvider host() {
        return new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                if (element instanceof BoardRow r) {
                    return registry.entry(r.name()).map(e -> registry.kind(e.kind()).map(k -> k.hostText(e))
                            .orElse(e.profile().host())).orElse("") + listedBy(r.name());
                }
                return "";
            }
        };
    }

    /** Who owns a board a source lists (" (listed by LAVA server lab1)"), empty for a saved board. */
    private String listedBy(String name) {
        return registry.sourcedBoards().stream().filter(b -> b.entry().name().equals(name)).findFirst()
                .map(b -> " (listed by " + b.sourceName() + ")").orElse("");
    }

    ColumnLabelProvider status() {
        return new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                if (element instanceof FactRow f) {
                    return f.value();
                }
                if (!(element instanceof BoardRow r)) {
                    return "";
                }
                Optional<BoardRuns.Run> run = registry.runs().running(r.name());
                if (run.isPresent()) {
                    return "running '" + run.get().sequence() + "'";
                }
                Optional<String> unavailable = registry.entry(r.name()).flatMap(registry::unavailable);
                if (unavailable.isPresent()) {
                    return "unavailable: " + unavailable.get();
                }
                BoardStatus status = registry.status(r.name());
                if (status instanceof BoardStatus.Disconnected) {
                    Optional<String> more = registry.entry(r.name())
                            .flatMap(e -> registry.kind(e.kind()).flatMap(k -> k.disconnectedText(e)));
                    if (more.isPresent()) {
                        return more.get();
                    }
                }
                return statusText(status);
            }

            @Override
            public Image getImage(Object element) {
                return element instanceof BoardRow r
                        ? images.apply("icons/status-" + registry.status(r.name()).label() + "16.png") : null;
            }

            @Override
            public String getToolTipText(Object element) {
                if (element instanceof FactRow f) {
                    return f.label() + ": " + f.value();
                }
                if (!(element instanceof BoardRow r)) {
                    return null;
                }
                String status = statusText(registry.status(r.name()));
                // a kind with a state of its own (the virtual board's VM) says it beside the connection's
                return registry.entry(r.name()).flatMap(e -> registry.kind(e.kind())
                        .filter(k -> k.disconnectedText(e).isPresent()).map(k -> status + "; " + k.hostText(e)))
                        .orElse(status);
            }
        };
    }
}
