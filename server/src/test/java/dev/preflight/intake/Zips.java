package dev.preflight.intake;

import org.apache.commons.compress.archivers.zip.UnixStat;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;

/** ZIP archives for the batch tests, written in the test: friendly members and hostile ones. */
final class Zips {

    private record Member(String name, byte[] content, int method, boolean symlink, boolean directory) {
    }

    private final List<Member> members = new ArrayList<>();
    private final List<String> encrypted = new ArrayList<>();

    static Zips zip() {
        return new Zips();
    }

    /** A deflated member. */
    Zips file(String name, byte[] content) {
        members.add(new Member(name, content, ZipEntry.DEFLATED, false, false));
        return this;
    }

    /** A stored (uncompressed) member. */
    Zips stored(String name, byte[] content) {
        members.add(new Member(name, content, ZipEntry.STORED, false, false));
        return this;
    }

    Zips directory(String name) {
        members.add(new Member(name.endsWith("/") ? name : name + "/", new byte[0], ZipEntry.STORED, false, true));
        return this;
    }

    /** A Unix symbolic link pointing at {@code target}. */
    Zips symlink(String name, String target) {
        members.add(new Member(name, target.getBytes(StandardCharsets.UTF_8), ZipEntry.STORED, true, false));
        return this;
    }

    /** A member whose general-purpose flag says "encrypted" (the data itself is plain). */
    Zips encrypted(String name, byte[] content) {
        members.add(new Member(name, content, ZipEntry.STORED, false, false));
        encrypted.add(name);
        return this;
    }

    byte[] bytes() {
        var out = new ByteArrayOutputStream();
        try (var zip = new ZipArchiveOutputStream(out)) {
            for (Member m : members) {
                var e = new ZipArchiveEntry(m.name());
                e.setMethod(m.method());
                if (m.method() == ZipEntry.STORED) {
                    var crc = new java.util.zip.CRC32();
                    crc.update(m.content());
                    e.setCrc(crc.getValue());
                    e.setSize(m.content().length);
                    e.setCompressedSize(m.content().length);
                }
                if (m.symlink()) {
                    e.setUnixMode(UnixStat.LINK_FLAG | 0777);
                } else if (m.directory()) {
                    e.setUnixMode(UnixStat.DIR_FLAG | 0755);
                } else {
                    e.setUnixMode(UnixStat.FILE_FLAG | 0644);
                }
                zip.putArchiveEntry(e);
                zip.write(m.content());
                zip.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] bytes = out.toByteArray();
        for (String name : encrypted) {
            flagEncrypted(bytes, name);
        }
        return bytes;
    }

    /** A ZIP of {@code count} empty members (an entry-count bomb). */
    static byte[] manyEntries(int count) {
        var z = zip();
        for (int i = 0; i < count; i++) {
            z.stored("e" + i + ".txt", new byte[0]);
        }
        return z.bytes();
    }

    /** Sets bit 0 (encrypted) of the general-purpose flag in the local and central headers of the member. */
    private static void flagEncrypted(byte[] zip, String name) {
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 46 < zip.length; i++) {
            int sig = b.getInt(i);
            int nameAt;
            int flagAt;
            int nameLength;
            if (sig == 0x04034b50) { // local file header
                nameLength = b.getShort(i + 26) & 0xffff;
                nameAt = i + 30;
                flagAt = i + 6;
            } else if (sig == 0x02014b50) { // central directory header
                nameLength = b.getShort(i + 28) & 0xffff;
                nameAt = i + 46;
                flagAt = i + 8;
            } else {
                continue;
            }
            if (nameLength == wanted.length && nameAt + nameLength <= zip.length
                    && java.util.Arrays.equals(zip, nameAt, nameAt + nameLength, wanted, 0, wanted.length)) {
                zip[flagAt] |= 1;
            }
        }
    }
}
