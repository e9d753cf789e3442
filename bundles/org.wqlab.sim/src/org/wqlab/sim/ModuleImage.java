package org.wqlab.sim;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes a minimal ELF64 little-endian relocatable object whose {@code .modinfo} holds the given strings: the
 * simulated board's preinstalled modules (the original latency-mon built for the profile's kernel). The simulator
 * runs no code from it; {@code insmod} reads its {@code .modinfo} like any uploaded module.
 */
public final class ModuleImage {

    private ModuleImage() {
    }

    public static byte[] build(int machine, List<String> modinfo) {
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        for (String s : modinfo) {
            info.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            info.write(0);
        }
        byte[] modinfoBytes = info.toByteArray();
        byte[] names = "\0.modinfo\0.shstrtab\0".getBytes(StandardCharsets.US_ASCII);
        int modinfoOff = 64;
        int namesOff = modinfoOff + modinfoBytes.length;
        int shoff = (namesOff + names.length + 7) & ~7;
        int shnum = 3;
        ByteBuffer b = ByteBuffer.allocate(shoff + shnum * 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        b.position(16);
        b.putShort((short) 1); // ET_REL
        b.putShort((short) machine);
        b.putInt(1);
        b.putLong(0);
        b.putLong(0);
        b.putLong(shoff);
        b.putInt(0);
        b.putShort((short) 64);
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.putShort((short) 64);
        b.putShort((short) shnum);
        b.putShort((short) 2);
        b.position(modinfoOff);
        b.put(modinfoBytes);
        b.put(names);
        b.position(shoff + 64);
        section(b, 1, 1, 2, modinfoOff, modinfoBytes.length);
        section(b, 10, 3, 0, namesOff, names.length);
        return b.array();
    }

    private static void section(ByteBuffer b, int name, int type, long flags, long offset, long size) {
        b.putInt(name);
        b.putInt(type);
        b.putLong(flags);
        b.putLong(0);
        b.putLong(offset);
        b.putLong(size);
        b.putInt(0);
        b.putInt(0);
        b.putLong(1);
        b.putLong(0);
    }
}
