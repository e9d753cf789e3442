package org.wqlab.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.usb.FieldProblem;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;
import org.wqlab.usb.UsbStepFields;

/** Each driver checks its own step fields; the validator finds the drivers in the OSGi service registry. */
class UsbDriverFieldsTest {

    private static List<String> problems(String step) throws SequenceException {
        Sequence s = SequenceJson.parse("usb.wqseq", """
                {"format": "wqseq", "variables": {"hub": "1-1"}, "steps": [%s]}
                """.formatted(step));
        return SequenceValidator.problems(s, Map.of());
    }

    @Test
    void uhubctlWithoutAPortNamesThePortField() throws Exception {
        assertEquals(List.of("step 1 (pull): field 'port': the uhubctl driver needs the hub's port the stick is on"
                + " (uhubctl -p)"), problems("""
                        {"type": "usb-disconnect", "name": "pull", "driver": "uhubctl", "hub": "${hub}"}"""));
        List<String> neither = problems("""
                {"type": "usb-reconnect", "name": "plug", "driver": "uhubctl"}""");
        assertEquals(2, neither.size(), neither::toString);
        assertTrue(neither.get(0).startsWith("step 1 (plug): field 'hub': the uhubctl driver needs"), neither::toString);
        assertTrue(neither.get(1).startsWith("step 1 (plug): field 'port': "), neither::toString);
        assertEquals(List.of(), problems("""
                {"type": "usb-disconnect", "driver": "uhubctl", "hub": "${hub}", "port": "2"}"""));
    }

    @Test
    void sysfsDriversRefuseADeviceThatIsNoUsbDeviceName() throws Exception {
        assertEquals(List.of("step 1 (usb-disconnect): field 'device': '../../../tmp' is not a USB device name like"
                + " 2-1 or 1-1.4"), problems("""
                        {"type": "usb-disconnect", "driver": "sysfs-remove", "device": "../../../tmp"}"""));
        assertEquals(List.of(), problems("""
                {"type": "usb-disconnect", "driver": "sysfs-authorized", "device": "1-1.4"}"""));
    }

    @Test
    void aDriverRegisteredAsAServiceIsAcceptedAndChecksItsOwnFields() throws Exception {
        String step = """
                {"type": "usb-disconnect", "name": "relay", "driver": "lab-relay"}""";
        assertTrue(problems(step).get(0).startsWith("step 1 (relay): field 'driver': unknown driver 'lab-relay'"
                + " (one of board, " + String.join(", ", UsbDriverIds.BUILT_IN)), problems(step)::toString);

        BundleContext context = FrameworkUtil.getBundle(UsbDrivers.class).getBundleContext();
        Dictionary<String, Object> properties = new Hashtable<>(Map.of(Constants.SERVICE_DESCRIPTION, "test"));
        ServiceRegistration<UsbDisconnectDriver> registration = context.registerService(UsbDisconnectDriver.class,
                new LabRelay(), properties);
        try {
            assertEquals(List.of("step 1 (relay): field 'port': the lab relay needs its channel"), problems(step));
            assertEquals(List.of(), problems("""
                    {"type": "usb-disconnect", "name": "relay", "driver": "lab-relay", "port": "3"}"""));
            assertTrue(UsbDrivers.installed().ids().contains("lab-relay"));
        } finally {
            registration.unregister();
        }
        assertTrue(problems(step).get(0).startsWith("step 1 (relay): field 'driver': unknown driver 'lab-relay'"),
                problems(step)::toString);
    }

    /** A driver from another bundle: a relay that cuts the stick's power on a channel. */
    private static final class LabRelay implements UsbDisconnectDriver {
        @Override
        public String id() {
            return "lab-relay";
        }

        @Override
        public boolean reproducesStall() {
            return true;
        }

        @Override
        public List<FieldProblem> problems(UsbStepFields fields) {
            return fields.required("port", "the lab relay needs its channel").stream().toList();
        }

        @Override
        public void disconnect(UsbAction action) {
            throw new UnsupportedOperationException("not run in this test");
        }

        @Override
        public void reconnect(UsbAction action) {
            throw new UnsupportedOperationException("not run in this test");
        }
    }
}
