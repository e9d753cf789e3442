package org.wqlab.ui.experiments.navigator;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.ui.navigator.ICommonContentExtensionSite;
import org.eclipse.ui.navigator.IPipelinedTreeContentProvider;
import org.eclipse.ui.navigator.PipelinedShapeModification;
import org.eclipse.ui.navigator.PipelinedViewerUpdate;
import org.eclipse.ui.IMemento;

/**
 * Replaces, in wqlab projects, each experiment folder the resource content shows by an {@link ExperimentNode}
 * (labelled with the experiment's name, status and worst delay); the files inside stay visible below it.
 */
public final class ExperimentContentProvider implements IPipelinedTreeContentProvider {

    @Override
    @SuppressWarnings({ "rawtypes", "unchecked" })
    public void getPipelinedChildren(Object parent, Set currentChildren) {
        if (parent instanceof IProject) {
            replaceFolders(currentChildren);
        }
    }

    @Override
    @SuppressWarnings({ "rawtypes", "unchecked" })
    public void getPipelinedElements(Object input, Set currentElements) {
        replaceFolders(currentElements);
    }

    @Override
    public Object getPipelinedParent(Object object, Object suggestedParent) {
        return ExperimentNode.isExperiment(suggestedParent) ? new ExperimentNode((IFolder) suggestedParent)
                : suggestedParent;
    }

    @Override
    public PipelinedShapeModification interceptAdd(PipelinedShapeModification add) {
        replaceFolders(add.getChildren());
        return add;
    }

    @Override
    public PipelinedShapeModification interceptRemove(PipelinedShapeModification remove) {
        List<Object> nodes = new ArrayList<>();
        for (Object o : remove.getChildren()) {
            if (o instanceof IFolder f && f.getParent() instanceof IProject) {
                nodes.add(new ExperimentNode(f));
            }
        }
        @SuppressWarnings("unchecked")
        Set<Object> children = remove.getChildren();
        children.addAll(nodes);
        return remove;
    }

    @Override
    public boolean interceptRefresh(PipelinedViewerUpdate refresh) {
        return replaceFolders(refresh.getRefreshTargets());
    }

    @Override
    public boolean interceptUpdate(PipelinedViewerUpdate update) {
        return replaceFolders(update.getRefreshTargets());
    }

    @SuppressWarnings({ "rawtypes", "unchecked" })
    private static boolean replaceFolders(Set elements) {
        List<Object> experiments = new ArrayList<>();
        for (Object o : elements) {
            if (ExperimentNode.isExperiment(o)) {
                experiments.add(o);
            }
        }
        for (Object f : experiments) {
            elements.remove(f);
            elements.add(new ExperimentNode((IFolder) f));
        }
        return !experiments.isEmpty();
    }

    @Override
    public Object[] getElements(Object inputElement) {
        return new Object[0];
    }

    @Override
    public Object[] getChildren(Object parent) {
        if (parent instanceof ExperimentNode node && node.folder().isAccessible()) {
            try {
                return node.folder().members();
            } catch (CoreException e) {
                return new Object[0];
            }
        }
        return new Object[0];
    }

    @Override
    public Object getParent(Object element) {
        return element instanceof ExperimentNode node ? node.folder().getParent() : null;
    }

    @Override
    public boolean hasChildren(Object element) {
        return element instanceof ExperimentNode;
    }

    @Override
    public void inputChanged(Viewer viewer, Object oldInput, Object newInput) {
        // stateless
    }

    @Override
    public void init(ICommonContentExtensionSite site) {
        // nothing to configure
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
        // nothing held
    }
}
