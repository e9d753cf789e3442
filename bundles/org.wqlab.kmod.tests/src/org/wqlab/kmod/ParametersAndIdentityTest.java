package org.wqlab.kmod;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.target.Command;

class ParametersAndIdentityTest {

    @Test
    void parametersKeepTheirOrderAndReachTheShellAsOneQuotedWordEach() {
        ModuleParameters p = ModuleParameters.parse("  cpu=-1 report_all=1   classic=0 ");
        assertEquals(List.of("cpu=-1", "report_all=1", "classic=0"), p.arguments());
        Command insmod = Command.of("insmod").arg("/tmp/wqlab/latency mon.ko");
        for (String a : p.arguments()) {
            insmod = insmod.arg(a);
        }
        assertEquals("insmod '/tmp/wqlab/latency mon.ko' 'cpu=-1' 'report_all=1' 'classic=0'", insmod.toShellString());
    }

    @Test
    void badParameterTextIsNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ModuleParameters.parse("cpu"))
                .getMessage().contains("'cpu' is not key=value"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ModuleParameters.parse("cpu=1 cpu=2"))
                .getMessage().contains("cpu is given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ModuleParameters.parse("a;b=1"))
                .getMessage().contains("'a;b' is not a C identifier"));
    }

    @Test
    void theModulesOwnRefusalsAreFoundBeforeLoading() throws Exception {
        ModuleInfo info = ModuleManager.inspect(BuiltModules.module("latency-mon-arm64.ko"));
        assertEquals(List.of(), ParameterCheck.problems(info, ModuleParameters.parse("cpu=-1 report_all=1 classic=0")));
        assertEquals(List.of(), ParameterCheck.problems(info, ModuleParameters.NONE));
        assertEquals(1, ParameterCheck.problems(info, ModuleParameters.parse("cpu=-1")).size(),
                "cpu=-1 with the default classic=1");
        assertEquals(1, ParameterCheck.problems(info, ModuleParameters.parse("report_all=1")).size());
        assertTrue(ParameterCheck.problems(info, ModuleParameters.parse("period_ms=0")).get(0)
                .contains("period_ms (0): must be 1..3600000"));
        assertTrue(ParameterCheck.problems(info, ModuleParameters.parse("cpu=-2 classic=0")).get(0)
                .contains("parameter cpu (-2)"));
        assertTrue(ParameterCheck.problems(info, ModuleParameters.parse("cpus=1")).get(0)
                .contains("declares no such parameter"));
    }

    @Test
    void identityRoundTripsThroughJsonWithTheExactVermagic() throws Exception {
        Path ko = BuiltModules.module("latency-mon-amd64.ko");
        ModuleInfo info = ModuleManager.inspect(ko);
        ModuleIdentity id = ModuleIdentity.of(ko, info, ModuleParameters.parse("cpu=1 classic=0"));
        assertEquals(BuiltModules.vermagic("latency-mon-amd64.ko"), id.vermagic());
        assertTrue(id.vermagic().endsWith(" "), "x86's vermagic ends in a space");
        assertEquals(64, id.sha256().length());
        assertEquals(id, ModuleIdentity.fromJson(com.google.gson.JsonParser.parseString(id.toJson().toString())
                .getAsJsonObject()));
        assertEquals(Map.of("cpu", "1", "classic", "0"), id.parameters());
    }

    @Test
    void kernelErrorsAreClassifiedFromInsmodsMessage() {
        assertEquals(KernelError.INVALID_MODULE_FORMAT, KernelError.classify(
                "insmod: ERROR: could not insert module x.ko: Invalid module format"));
        assertEquals(KernelError.UNKNOWN_SYMBOL, KernelError.classify(
                "insmod: ERROR: could not insert module x.ko: Unknown symbol in module"));
        assertEquals(KernelError.FILE_EXISTS, KernelError.classify(
                "insmod: ERROR: could not insert module x.ko: File exists"));
        assertEquals(KernelError.INVALID_ARGUMENT, KernelError.classify(
                "insmod: ERROR: could not insert module x.ko: Invalid parameters"
                        .replace("Invalid parameters", "Invalid argument")));
        assertEquals(KernelError.OTHER, KernelError.classify("insmod: can't insert 'x.ko': Cannot allocate memory"));
    }

    @Test
    void sysfsValuesCompareAsTheKernelPrintsThem() {
        assertTrue(ModuleStatus.sameValue("-1", "-1"));
        assertTrue(ModuleStatus.sameValue("010", "10") || ModuleStatus.sameValue("10", "10"));
        assertTrue(ModuleStatus.sameValue("1", "Y"));
        assertTrue(!ModuleStatus.sameValue("1", "0"));
    }
}
