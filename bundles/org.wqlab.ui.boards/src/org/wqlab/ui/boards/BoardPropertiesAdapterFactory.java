package org.wqlab.ui.boards;

import org.wqlab.ui.WorkbenchServices;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.views.properties.IPropertySource;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;

/** Adapts a selected {@link BoardRow} to an {@link IPropertySource} (registered in plugin.xml). */
public final class BoardPropertiesAdapterFactory implements IAdapterFactory {

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adaptable instanceof BoardRow row && adapterType == IPropertySource.class) {
            try {
                return adapterType.cast(new BoardPropertySource(WorkbenchServices.get(Boards.class).registry(), row.name()));
            } catch (BoardStoreException e) {
                return null;
            }
        }
        return null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] { IPropertySource.class };
    }
}
