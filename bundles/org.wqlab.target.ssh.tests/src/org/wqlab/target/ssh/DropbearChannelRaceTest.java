package org.wqlab.target.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DropbearChannelRaceTest {

    @ParameterizedTest
    @CsvSource({
            "SSH-2.0-dropbear_2022.83, true",
            "SSH-2.0-dropbear_2022.82, true",
            "SSH-2.0-dropbear_2024.85, true",
            "SSH-2.0-dropbear_2024.86, false",
            "SSH-2.0-dropbear_2025.88, false",
            "SSH-2.0-dropbear_2020.81, false",
            "SSH-2.0-dropbear_2019.78, false",
            "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3, false",
            "SSH-2.0-APACHE-SSHD-2.20.0, false",
            "SSH-2.0-dropbear, false"})
    void onlyTheReleasesWithTheChannelRaceGetASessionPerChannel(String serverVersion, boolean affected) {
        assertEquals(affected, DropbearChannelRace.affects(serverVersion));
    }
}
