package org.wqlab.ui.sequence;

import java.util.List;

import org.eclipse.ui.forms.DetailsPart;
import org.eclipse.ui.forms.IDetailsPage;
import org.eclipse.ui.forms.IDetailsPageProvider;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.edit.SequenceEdits;
import org.wqlab.sequence.edit.StepPath;

/** The details page of each step type, registered with the Steps page's {@link DetailsPart} by step type. */
final class StepDetailsPages {

    private StepDetailsPages() {
    }

    /** One page per step type, in {@link StepType} order. */
    static List<StepDetailsPage> all(StepForm form) {
        return List.of(new Connect(form), new LoadModule(form), new UnloadModule(form), new Run(form),
                new WaitLog(form), new Sleep(form), new Usb(StepType.USB_DISCONNECT, form),
                new Usb(StepType.USB_RECONNECT, form), new Mark(form), new Repeat(form));
    }

    /** Registers every page under its step type; a selected {@link StepPath} is shown by its step's type's page. */
    static void register(DetailsPart details, StepForm form) {
        for (StepDetailsPage page : all(form)) {
            details.registerPage(page.type(), page);
        }
        details.setPageProvider(new IDetailsPageProvider() {
            @Override
            public Object getPageKey(Object selected) {
                Sequence s = form.sequence();
                return selected instanceof StepPath p && s != null && SequenceEdits.exists(s, p)
                        ? SequenceEdits.step(s, p).type() : null;
            }

            @Override
            public IDetailsPage getPage(Object key) {
                return null;
            }
        });
    }

    static final class Connect extends StepDetailsPage {
        Connect(StepForm form) {
            super(StepType.CONNECT, form);
        }

        @Override
        protected void createFields() {
        }
    }

    static final class LoadModule extends StepDetailsPage {
        LoadModule(StepForm form) {
            super(StepType.LOAD_MODULE, form);
        }

        @Override
        protected void createFields() {
            textField("module");
            textField("file");
            textField("cpu");
            paramsField();
        }
    }

    static final class UnloadModule extends StepDetailsPage {
        UnloadModule(StepForm form) {
            super(StepType.UNLOAD_MODULE, form);
        }

        @Override
        protected void createFields() {
            textField("module");
        }
    }

    static final class Run extends StepDetailsPage {
        Run(StepForm form) {
            super(StepType.RUN, form);
        }

        @Override
        protected void createFields() {
            commandField();
            textField("timeout");
            textField("expectExit");
        }
    }

    static final class WaitLog extends StepDetailsPage {
        WaitLog(StepForm form) {
            super(StepType.WAIT_LOG, form);
        }

        @Override
        protected void createFields() {
            textField("pattern");
            textField("timeout");
        }
    }

    static final class Sleep extends StepDetailsPage {
        Sleep(StepForm form) {
            super(StepType.SLEEP, form);
        }

        @Override
        protected void createFields() {
            textField("seconds");
        }
    }

    /** usb-disconnect and usb-reconnect take the same fields. */
    static final class Usb extends StepDetailsPage {
        Usb(StepType type, StepForm form) {
            super(type, form);
        }

        @Override
        protected void createFields() {
            driverField();
            textField("device");
            textField("hub");
            textField("port");
            textField("message");
            textField("countdown");
            if (type() == StepType.USB_RECONNECT) {
                textField("mount");
            }
        }
    }

    static final class Mark extends StepDetailsPage {
        Mark(StepForm form) {
            super(StepType.MARK, form);
        }

        @Override
        protected void createFields() {
            textField("label");
        }
    }

    /** A repeat's body is edited in the tree (Add Inside); here only how often it runs. */
    static final class Repeat extends StepDetailsPage {
        Repeat(StepForm form) {
            super(StepType.REPEAT, form);
        }

        @Override
        protected void createFields() {
            textField("times");
        }
    }
}
