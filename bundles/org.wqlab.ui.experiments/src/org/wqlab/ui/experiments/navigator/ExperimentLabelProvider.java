package org.wqlab.ui.experiments.navigator;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.LabelProviderChangedEvent;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IMemento;
import org.eclipse.ui.navigator.ICommonContentExtensionSite;
import org.eclipse.ui.navigator.ICommonLabelProvider;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.StatusIcons;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.analysis.experiments.ExperimentSummary;

/** "name  (worst 1234.5 ms)" with a status icon; the catalog supplies the summaries and their later changes. */
public final class ExperimentLabelProvider extends LabelProvider implements ICommonLabelProvider {
    private final Runnable onCatalog = this::catalogChanged;
    private volatile Map<Path, ExperimentSummary> byDir = Map.of();

    @Override
    public void init(ICommonContentExtensionSite site) {
        WorkbenchServices.get(ExperimentCatalog.class).addListener(onCatalog);
        index();
    }

    @Override
    public String getText(Object element) {
        if (!(element instanceof ExperimentNode node)) {
            return null;
        }
        ExperimentSummary s = byDir.get(node.dir());
        if (s == null) {
            return node.folder().getName();
        }
        return s.name() + "  (worst " + DelayText.ms(s.worstUs()) + ", "
                + (s.damaged() ? ExperimentSummary.DAMAGED : DelayText.status(s.status())) + ")";
    }

    @Override
    public Image getImage(Object element) {
        if (!(element instanceof ExperimentNode node)) {
            return null;
        }
        ExperimentSummary s = byDir.get(node.dir());
        return s == null ? StatusIcons.image("experiment16") : StatusIcons.of(s);
    }

    @Override
    public String getDescription(Object element) {
        return element instanceof ExperimentNode node ? node.dir().toString() : null;
    }

    private void index() {
        Map<Path, ExperimentSummary> m = new HashMap<>();
        for (ExperimentSummary s : WorkbenchServices.get(ExperimentCatalog.class).experiments()) {
            m.put(s.dir(), s);
        }
        byDir = m;
    }

    private void catalogChanged() {
        index();
        Display display = Display.getDefault();
        display.asyncExec(() -> fireLabelProviderChanged(new LabelProviderChangedEvent(this)));
    }

    @Override
    public void restoreState(IMemento memento) {
        // nothing kept
    }

    @Override
    public void saveState(IMemento memento) {
        // nothing kept
    }

    @Override
    public void dispose() {
        WorkbenchServices.get(ExperimentCatalog.class).removeListener(onCatalog);
        super.dispose();
    }
}
