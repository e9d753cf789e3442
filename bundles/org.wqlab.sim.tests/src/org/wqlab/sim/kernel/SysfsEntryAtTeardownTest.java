package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.GIB;
import static org.wqlab.sim.kernel.Scenario.MS;
import static org.wqlab.sim.kernel.Scenario.SEC;

import org.junit.jupiter.api.Test;

/**
 * As the kernel's usb_disconnect(): the "USB disconnect" line at the start of hub_event's teardown, the device's sysfs
 * entry removed at its end, after the cache invalidation; back with the enumeration after a plug.
 */
class SysfsEntryAtTeardownTest {

    @Test
    void sysfsEntryStaysThroughTheTeardownAndGoesAtItsEnd() {
        Scenario s = new Scenario("rcar-h3-default");
        s.originalMonitorOn(0).run(SEC);
        s.dd(GIB);
        s.run(SEC);
        long mark = s.logMark();
        s.kernel.usb().disconnectAtHub();
        s.run(100 * MS);
        assertFalse(s.kernel.usb().present(), "the hub saw the stick go");
        assertTrue(s.kernel.logSince(mark).stream().anyMatch(e -> e.text().startsWith("usb 2-1: USB disconnect")));
        assertTrue(s.kernel.usb().inSysfs(), "the entry stays while the cache is invalidated");
        s.run(15 * SEC);
        WorkRecord hub = s.kernel.groundTruth().workRecords("hub_event").get(0);
        assertTrue(hub.endNs() - hub.startNs() > SEC, "a 1 GiB teardown takes seconds");
        assertFalse(s.kernel.usb().inSysfs(), "gone once hub_event ended");
        s.kernel.usb().plug();
        s.run(SEC);
        assertTrue(s.kernel.usb().inSysfs() && s.kernel.usb().present() && s.kernel.usb().mounted());
        assertEquals(3, s.kernel.usb().deviceNumber());
    }
}
