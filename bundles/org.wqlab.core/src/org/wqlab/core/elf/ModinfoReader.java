package org.wqlab.core.elf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the ELF header and the {@code .modinfo} section of a kernel module ({@code .ko}) or any ELF object,
 * 32 or 64 bit, either byte order, without running any tool. Errors name the file and say what is wrong.
 */
public final class ModinfoReader {

    /** Larger files are refused: a kernel module is a few MB at most, even with debug info. */
    public static final long MAX_FILE_BYTES = 512L * 1024 * 1024;

    private static final int SHF_COMPRESSED = 0x800;
    private static final int SHT_NOBITS = 8;
    private static final int SHN_XINDEX = 0xffff;

    private ModinfoReader() {
    }

    public static ModuleInfo read(Path file) throws IOException {
        String source = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new ElfFormatException(source, "no such file");
        }
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw new ElfFormatException(source, "file is too large for a kernel module (" + size + " bytes)");
        }
        return read(source, Files.readAllBytes(file));
    }

    public static ModuleInfo read(String source, InputStream in) throws IOException {
        return read(source, in.readNBytes((int) MAX_FILE_BYTES));
    }

    /** Reads the identity only (class, byte order, type, machine); works on any ELF file. */
    public static ElfIdentity identify(String source, byte[] bytes) throws ElfFormatException {
        return new Parser(source, bytes).identity();
    }

    public static ModuleInfo read(String source, byte[] bytes) throws ElfFormatException {
        Parser parser = new Parser(source, bytes);
        ElfIdentity identity = parser.identity();
        byte[] modinfo = parser.section(".modinfo");
        return new ModuleInfo(source, identity, parseModinfo(source, modinfo));
    }

    static List<ModinfoEntry> parseModinfo(String source, byte[] section) throws ElfFormatException {
        List<ModinfoEntry> entries = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= section.length; i++) {
            if (i < section.length && section[i] != 0) {
                continue;
            }
            if (i > start) {
                String text = new String(section, start, i - start, StandardCharsets.UTF_8);
                int eq = text.indexOf('=');
                if (eq <= 0) {
                    throw new ElfFormatException(source,
                            ".modinfo entry at offset " + start + " is not key=value: \"" + text + "\"");
                }
                entries.add(new ModinfoEntry(text.substring(0, eq), text.substring(eq + 1)));
            }
            start = i + 1;
        }
        return entries;
    }

    private static final class Parser {
        private final String source;
        private final byte[] bytes;
        private final ByteBuffer buf;
        private final boolean is64;
        private final ElfIdentity identity;

        Parser(String source, byte[] bytes) throws ElfFormatException {
            this.source = source;
            this.bytes = bytes;
            rejectCompressedFile();
            if (bytes.length < 16 || bytes[0] != 0x7f || bytes[1] != 'E' || bytes[2] != 'L' || bytes[3] != 'F') {
                throw new ElfFormatException(source, bytes.length < 4
                        ? "not an ELF file (only " + bytes.length + " bytes)"
                        : "not an ELF file (no ELF magic at the start)");
            }
            int elfClass = bytes[4];
            if (elfClass != 1 && elfClass != 2) {
                throw new ElfFormatException(source, "unknown ELF class " + elfClass);
            }
            int data = bytes[5];
            if (data != 1 && data != 2) {
                throw new ElfFormatException(source, "unknown ELF byte order " + data);
            }
            is64 = elfClass == 2;
            buf = ByteBuffer.wrap(bytes).order(data == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            int headerSize = is64 ? 64 : 52;
            if (bytes.length < headerSize) {
                throw new ElfFormatException(source,
                        "truncated ELF header (" + bytes.length + " of " + headerSize + " bytes)");
            }
            int type = u16(16);
            int machine = u16(18);
            identity = new ElfIdentity(is64 ? 64 : 32, data == 1, type, ElfMachine.of(machine));
        }

        ElfIdentity identity() {
            return identity;
        }

        private void rejectCompressedFile() throws ElfFormatException {
            if (startsWith(0x1f, 0x8b)) {
                throw new ElfFormatException(source, "gzip-compressed, not an ELF file (decompress the .ko.gz first)");
            }
            if (startsWith(0xfd, '7', 'z', 'X', 'Z', 0)) {
                throw new ElfFormatException(source, "xz-compressed, not an ELF file (decompress the .ko.xz first)");
            }
            if (startsWith(0x28, 0xb5, 0x2f, 0xfd)) {
                throw new ElfFormatException(source, "zstd-compressed, not an ELF file (decompress the .ko.zst first)");
            }
        }

        private boolean startsWith(int... magic) {
            if (bytes.length < magic.length) {
                return false;
            }
            for (int i = 0; i < magic.length; i++) {
                if ((bytes[i] & 0xff) != magic[i]) {
                    return false;
                }
            }
            return true;
        }

        byte[] section(String wanted) throws ElfFormatException {
            long shoff = is64 ? u64(0x28) : u32(0x20);
            int shentsize = u16(is64 ? 0x3a : 0x2e);
            long shnum = u16(is64 ? 0x3c : 0x30);
            int shstrndx = u16(is64 ? 0x3e : 0x32);
            if (shoff == 0) {
                throw new ElfFormatException(source, "no section header table, so no " + wanted + " section");
            }
            int minEntry = is64 ? 64 : 40;
            if (shentsize < minEntry) {
                throw new ElfFormatException(source, "bad section header entry size " + shentsize);
            }
            checkRange(shoff, shentsize, "section header table");
            if (shnum == 0) {
                shnum = sectionField(shoff, shentsize, 0, Field.SIZE);
            }
            if (shstrndx == SHN_XINDEX) {
                shstrndx = (int) sectionField(shoff, shentsize, 0, Field.LINK);
            }
            checkRange(shoff, shnum * shentsize, "section header table (" + shnum + " entries)");
            if (shstrndx >= shnum) {
                throw new ElfFormatException(source, "section name table index " + shstrndx + " out of range");
            }
            long namesOffset = sectionField(shoff, shentsize, shstrndx, Field.OFFSET);
            long namesSize = sectionField(shoff, shentsize, shstrndx, Field.SIZE);
            checkRange(namesOffset, namesSize, "section name table");
            for (int i = 0; i < shnum; i++) {
                long nameIndex = sectionField(shoff, shentsize, i, Field.NAME);
                if (nameIndex >= namesSize || !wanted.equals(cString(namesOffset + nameIndex, namesOffset + namesSize))) {
                    continue;
                }
                long type = sectionField(shoff, shentsize, i, Field.TYPE);
                long flags = sectionField(shoff, shentsize, i, Field.FLAGS);
                long offset = sectionField(shoff, shentsize, i, Field.OFFSET);
                long size = sectionField(shoff, shentsize, i, Field.SIZE);
                if (type == SHT_NOBITS) {
                    return new byte[0];
                }
                if ((flags & SHF_COMPRESSED) != 0) {
                    throw new ElfFormatException(source, wanted + " section is compressed; not supported");
                }
                checkRange(offset, size, wanted + " section");
                byte[] content = new byte[(int) size];
                System.arraycopy(bytes, (int) offset, content, 0, (int) size);
                return content;
            }
            throw new ElfFormatException(source, "no " + wanted + " section: not a kernel module");
        }

        private enum Field { NAME, TYPE, FLAGS, OFFSET, SIZE, LINK }

        private long sectionField(long shoff, int shentsize, long index, Field field) {
            int base = (int) (shoff + index * shentsize);
            if (is64) {
                return switch (field) {
                    case NAME -> u32(base);
                    case TYPE -> u32(base + 4);
                    case FLAGS -> u64(base + 8);
                    case OFFSET -> u64(base + 0x18);
                    case SIZE -> u64(base + 0x20);
                    case LINK -> u32(base + 0x28);
                };
            }
            return switch (field) {
                case NAME -> u32(base);
                case TYPE -> u32(base + 4);
                case FLAGS -> u32(base + 8);
                case OFFSET -> u32(base + 0x10);
                case SIZE -> u32(base + 0x14);
                case LINK -> u32(base + 0x18);
            };
        }

        private void checkRange(long offset, long length, String what) throws ElfFormatException {
            if (offset < 0 || length < 0 || offset > bytes.length || length > bytes.length - offset) {
                throw new ElfFormatException(source, "truncated: " + what + " at offset " + offset + " length "
                        + length + " runs past the end of the file (" + bytes.length + " bytes)");
            }
        }

        private String cString(long from, long limit) {
            int end = (int) from;
            while (end < limit && bytes[end] != 0) {
                end++;
            }
            return new String(bytes, (int) from, end - (int) from, StandardCharsets.UTF_8);
        }

        private int u16(int at) {
            return Short.toUnsignedInt(buf.getShort(at));
        }

        private long u32(int at) {
            return Integer.toUnsignedLong(buf.getInt(at));
        }

        private long u64(int at) {
            long v = buf.getLong(at);
            return v < 0 ? Long.MAX_VALUE : v;
        }
    }
}
