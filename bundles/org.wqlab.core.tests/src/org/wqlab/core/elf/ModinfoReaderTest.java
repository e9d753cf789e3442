package org.wqlab.core.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads real objects built by gcc (testdata/elf/make-testdata.sh) with a .modinfo section like a kernel module's. */
class ModinfoReaderTest {

    private static byte[] testdata(String name) throws IOException {
        try (InputStream in = ModinfoReaderTest.class.getResourceAsStream("/testdata/elf/" + name)) {
            assertNotNull(in, "missing test data " + name);
            return in.readAllBytes();
        }
    }

    @Test
    void readsX86ObjectIdentityAndModinfo() throws IOException {
        ModuleInfo info = ModinfoReader.read("latency_mon-x86_64.o", testdata("latency_mon-x86_64.o"));

        assertEquals(64, info.identity().bits());
        assertTrue(info.identity().littleEndian());
        assertEquals("x86_64", info.identity().machine().name());
        assertEquals(ElfMachine.EM_X86_64, info.identity().machine().code());
        assertTrue(info.identity().isRelocatable());
        assertEquals("latency_mon", info.name().orElseThrow());
        assertEquals("6.1.0-28-amd64 SMP preempt mod_unload modversions ", info.vermagic().orElseThrow());
        assertEquals("6.1.0-28-amd64", info.kernelRelease().orElseThrow());
        assertEquals("6A1F2B3C4D5E6F7A8B9C0D1", info.srcversion().orElseThrow());
        assertEquals("GPL", info.license().orElseThrow());
        assertEquals("", info.value("depends").orElseThrow());
        assertEquals(15, info.entries().size());
    }

    @Test
    void mergesParameterTypesAndDescriptions() throws IOException {
        ModuleInfo info = ModinfoReader.read("latency_mon-x86_64.o", testdata("latency_mon-x86_64.o"));

        List<String> names = info.parameters().stream().map(ModuleParameter::name).sorted().toList();
        assertEquals(List.of("classic", "cpu", "period_ms", "threshold_ms"), names);
        assertEquals(new ModuleParameter("cpu", "int", "CPU to monitor, -1 for all"), info.parameter("cpu").orElseThrow());
        assertEquals(new ModuleParameter("classic", "bool", ""), info.parameter("classic").orElseThrow());
        assertEquals("uint", info.parameter("period_ms").orElseThrow().type());
        assertEquals(4, info.values("parmtype").size());
    }

    @Test
    void reads32BitObject() throws IOException {
        ModuleInfo info = ModinfoReader.read("latency_mon-i386.o", testdata("latency_mon-i386.o"));

        assertEquals(32, info.identity().bits());
        assertEquals("i386", info.identity().machine().name());
        assertEquals("5.10.0-i686", info.kernelRelease().orElseThrow());
        assertEquals("latency_mon", info.name().orElseThrow());
    }

    @Test
    void readsAarch64ObjectWhenCrossCompilerProducedIt() throws IOException {
        assumeTrue(ModinfoReaderTest.class.getResource("/testdata/elf/latency_mon-aarch64.o") != null,
                "aarch64 test object not generated (no aarch64-linux-gnu-gcc when make-testdata.sh ran)");
        ModuleInfo info = ModinfoReader.read("latency_mon-aarch64.o", testdata("latency_mon-aarch64.o"));

        assertEquals("aarch64", info.identity().machine().name());
        assertEquals(64, info.identity().bits());
        assertEquals("5.10.41-yocto-standard", info.kernelRelease().orElseThrow());
    }

    @Test
    void readsBigEndianObject() throws IOException {
        assumeTrue(ModinfoReaderTest.class.getResource("/testdata/elf/latency_mon-aarch64_be.o") != null,
                "big-endian test object not generated (no aarch64-linux-gnu-gcc when make-testdata.sh ran)");
        ModuleInfo info = ModinfoReader.read("latency_mon-aarch64_be.o", testdata("latency_mon-aarch64_be.o"));

        assertFalse(info.identity().littleEndian());
        assertEquals("ELF64 big-endian aarch64", info.identity().describe());
        assertEquals("5.10.41-yocto-standard SMP preempt mod_unload aarch64_be", info.vermagic().orElseThrow());
        assertEquals(4, info.parameters().size());
    }

    @Test
    void readsFromDiskAndNamesFileInErrors(@TempDir Path dir) throws IOException {
        Path ko = dir.resolve("latency-mon.ko");
        Files.write(ko, testdata("latency_mon-x86_64.o"));
        assertEquals("latency_mon", ModinfoReader.read(ko).name().orElseThrow());
        assertEquals(ko.toString(), ModinfoReader.read(ko).source());

        Path missing = dir.resolve("absent.ko");
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> ModinfoReader.read(missing));
        assertTrue(e.getMessage().startsWith(missing.toString()), e.getMessage());
    }

    @Test
    void objectWithoutModinfoIsNotAModule() throws IOException {
        byte[] bytes = testdata("no-modinfo-x86_64.o");
        assertEquals("x86_64", ModinfoReader.identify("no-modinfo-x86_64.o", bytes).machine().name());
        ElfFormatException e = assertThrows(ElfFormatException.class,
                () -> ModinfoReader.read("no-modinfo-x86_64.o", bytes));
        assertEquals("no-modinfo-x86_64.o: no .modinfo section: not a kernel module", e.getMessage());
    }

    @Test
    void textFileIsNotElf(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("README.txt");
        Files.writeString(text, "hello, this is not a module\n");
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> ModinfoReader.read(text));
        assertEquals(text + ": not an ELF file (no ELF magic at the start)", e.getMessage());
        assertEquals(text.toString(), e.source());
    }

    @Test
    void emptyAndCompressedFilesAreRefusedClearly() {
        ElfFormatException empty = assertThrows(ElfFormatException.class, () -> ModinfoReader.read("e.ko", new byte[0]));
        assertEquals("e.ko: not an ELF file (only 0 bytes)", empty.getMessage());
        byte[] xz = {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 0};
        ElfFormatException compressed = assertThrows(ElfFormatException.class, () -> ModinfoReader.read("m.ko.xz", xz));
        assertTrue(compressed.getMessage().startsWith("m.ko.xz: xz-compressed"), compressed.getMessage());
    }

    @Test
    void everyTruncationIsACleanErrorNamingTheFile() throws IOException {
        byte[] full = testdata("latency_mon-x86_64.o");
        for (int length = 0; length < full.length; length++) {
            byte[] cut = Arrays.copyOf(full, length);
            ElfFormatException e = assertThrows(ElfFormatException.class, () -> ModinfoReader.read("cut.ko", cut),
                    "length " + length);
            assertTrue(e.getMessage().startsWith("cut.ko: "), e.getMessage());
        }
    }

    @Test
    void truncatedHeaderSaysSo() throws IOException {
        byte[] cut = Arrays.copyOf(testdata("latency_mon-x86_64.o"), 40);
        ElfFormatException e = assertThrows(ElfFormatException.class, () -> ModinfoReader.read("h.ko", cut));
        assertEquals("h.ko: truncated ELF header (40 of 64 bytes)", e.getMessage());
    }

    @Test
    void modinfoStringsSplitOnNulAndRejectNonKeyValue() throws ElfFormatException {
        byte[] section = "a=1\0\0b=x=y\0c=\0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<ModinfoEntry> entries = ModinfoReader.parseModinfo("s", section);
        assertEquals(List.of(new ModinfoEntry("a", "1"), new ModinfoEntry("b", "x=y"), new ModinfoEntry("c", "")),
                entries);
        ElfFormatException e = assertThrows(ElfFormatException.class,
                () -> ModinfoReader.parseModinfo("s.ko", "a=1\0garbage\0".getBytes()));
        assertTrue(e.getMessage().contains("offset 4"), e.getMessage());
        assertFalse(ElfMachine.of(9999).isKnown());
    }
}
