package org.wqlab.ui.experiments;

import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.wqlab.ui.ReadOnlyPage;

/**
 * An editor that only shows what was recorded: it takes one kind of input and never has anything to save (names and
 * notes are changed from the Experiments view).
 */
public abstract class ReadOnlyEditor<I extends IEditorInput> extends ReadOnlyPage {

    private final Class<I> inputType;
    private final String inputNoun;

    protected ReadOnlyEditor(Class<I> inputType, String inputNoun) {
        this.inputType = inputType;
        this.inputNoun = inputNoun;
    }

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!inputType.isInstance(input)) {
            throw new PartInitException("not " + inputNoun + ": " + input);
        }
        super.init(site, input);
        setTitleToolTip(input.getToolTipText());
    }

    public I input() {
        return inputType.cast(getEditorInput());
    }
}
