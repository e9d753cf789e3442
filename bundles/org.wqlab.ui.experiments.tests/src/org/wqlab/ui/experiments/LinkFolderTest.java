package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.ui.testing.UiWait;

/** An experiments folder the command line filled, linked as a wqlab project: its experiments join the catalog. */
class LinkFolderTest {

    @TempDir
    Path tmp;

    @Test
    void aLinkedFolderStaysWhereItIsAndItsExperimentsAreListed() throws Exception {
        Path campaign = tmp.resolve("campaign 5.4 vs 6.12");
        ExperimentFolder f = new Workspace(campaign).create("salvator 5.4", Instant.parse("2026-11-20T10:00:00Z"));
        f.writeMetadata(ExperimentMetadata.of(f.id(), "salvator 5.4", Instant.parse("2026-11-20T10:00:00Z"),
                ExperimentStatus.COMPLETED));
        Files.writeString(f.kernelLog(), """
                [ 2001.000112] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1
                [ 2001.104230] latency_mon: cpu=0 seq=1 delay_us=4118
                [ 2008.922001] latency_mon: cpu=0 seq=2 delay_us=6781904
                [ 2011.500000] latency_mon: stop
                """, StandardCharsets.UTF_8);

        IProject project = ExperimentProjects.link(campaign, "linked campaign", new NullProgressMonitor());
        try {
            assertEquals(campaign.toRealPath(), project.getLocation().toPath().toRealPath(), "files stay in place");
            assertTrue(ExperimentProjects.isExperimentProject(project));
            Display display = PlatformUI.getWorkbench().getDisplay();
            ExperimentSummary listed = UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .filter(s -> s.dir().equals(f.dir())).findFirst().orElse(null), Duration.ofSeconds(30),
                    "the linked experiment in the catalog");
            assertEquals("salvator 5.4", listed.name());
            assertEquals(6_781_904, listed.worstUs());
            assertEquals(2, listed.count());
        } finally {
            project.delete(false, true, new NullProgressMonitor());
        }
        assertTrue(Files.exists(f.kernelLog()), "removing the project leaves the folder");
    }
}
