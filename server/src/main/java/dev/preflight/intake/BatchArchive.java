package dev.preflight.intake;

import dev.preflight.platform.UnprocessableException;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Expands the ZIP parts of a batch into files, defending against hostile archives. Conditions that make the whole
 * batch suspect refuse it (422, nothing stored): more entries than allowed in one archive, more files than a batch
 * may hold, more inflated bytes in total than allowed. Everything else is judged member by member, and a refused
 * member is reported with one of these codes:
 * <ul>
 *   <li>{@code unsafe_path}: an absolute path, a drive letter, a {@code ..} segment or a control character;</li>
 *   <li>{@code symlink}: a symbolic link;</li>
 *   <li>{@code encrypted}: an encrypted member;</li>
 *   <li>{@code unsupported_compression}: a compression method the reader cannot inflate;</li>
 *   <li>{@code too_large}: it inflates past the per-member limit (the tenant's upload limit at most);</li>
 *   <li>{@code zip_bomb}: it inflates past the allowed compression ratio;</li>
 *   <li>{@code unreadable_member}: its data is damaged;</li>
 *   <li>{@code nested_archive}: it is itself a ZIP;</li>
 *   <li>{@code empty}, {@code unsupported_type}: it is empty, or not a PDF nor an image or PostScript file the
 *       service converts.</li>
 * </ul>
 * Folders and macOS resource forks ({@code __MACOSX/}) are skipped silently. Members are never written under their
 * own names: each goes to a fresh file in the batch's scratch directory, so a path trick can reach nothing.
 */
final class BatchArchive {

    /** Inflated size below which the compression ratio is not judged (tiny text-like files compress very well). */
    static final long RATIO_FLOOR = 1024 * 1024;

    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:.*");

    /** The limits one batch runs under. */
    record Limits(int maxItems, int maxArchiveEntries, long maxEntryBytes, long maxTotalInflatedBytes,
                  int maxCompressionRatio) {
    }

    /** What a batch has used up so far: inputs and inflated bytes. */
    static final class Budget {
        private final Limits limits;
        private int items;
        private long inflated;

        Budget(Limits limits) {
            this.limits = limits;
        }

        void countItem() {
            items++;
            if (items > limits.maxItems()) {
                throw new UnprocessableException("The batch holds more than " + limits.maxItems()
                        + " files (archive members included); split it into several batches.");
            }
        }

        private void inflated(long bytes) {
            inflated += bytes;
            if (inflated > limits.maxTotalInflatedBytes()) {
                throw new UnprocessableException("The batch's archives inflate to more than "
                        + limits.maxTotalInflatedBytes() + " bytes in total; the batch was refused as a ZIP bomb.");
            }
        }
    }

    private BatchArchive() {
    }

    /** True when the file starts with a ZIP signature (a local file header, or the end record of an empty ZIP). */
    static boolean isZip(Path file) throws IOException {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        }
        return n == 4 && head[0] == 'P' && head[1] == 'K'
                && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6) || (head[2] == 7 && head[3] == 8));
    }

    /**
     * Expands one ZIP part into accepted and refused inputs.
     *
     * @param inputType the kind of a member's content (pdf, jpeg, ...), empty when the service does not take it
     * @throws UnprocessableException when the archive or the batch exceeds a whole-batch limit
     */
    static List<BatchInput> expand(int part, String archiveName, Path zip, Path scratch, Budget budget,
                                   Function<Path, Optional<String>> inputType) throws IOException {
        Limits limits = budget.limits;
        int declared;
        try {
            declared = countEntries(zip, limits.maxArchiveEntries() + 1);
        } catch (IOException e) {
            budget.countItem();
            return List.of(BatchInput.refused(part, archiveName, null, "unreadable_archive",
                    "The file looks like a ZIP archive but cannot be read as one: " + e.getMessage()));
        }
        if (declared > limits.maxArchiveEntries()) {
            throw new UnprocessableException("The archive '" + archiveName + "' has more than "
                    + limits.maxArchiveEntries() + " entries; at most " + limits.maxArchiveEntries()
                    + " are accepted.");
        }
        var out = new ArrayList<BatchInput>();
        try (ZipFile archive = ZipFile.builder().setPath(zip).get()) {
            List<ZipArchiveEntry> entries = Collections.list(archive.getEntries());
            if (entries.size() > limits.maxArchiveEntries()) {
                throw new UnprocessableException("The archive '" + archiveName + "' has " + entries.size()
                        + " entries; at most " + limits.maxArchiveEntries() + " are accepted.");
            }
            int seq = 0;
            for (ZipArchiveEntry entry : entries) {
                String name = entry.getName();
                if (entry.isDirectory() || name.startsWith("__MACOSX/")) {
                    continue;
                }
                budget.countItem();
                out.add(member(part, archiveName, archive, entry, scratch.resolve("member-" + part + "-" + seq++),
                        budget, inputType));
            }
        } catch (IOException e) {
            out.clear();
            out.add(BatchInput.refused(part, archiveName, null, "unreadable_archive",
                    "The ZIP archive cannot be read: " + e.getMessage()));
        }
        return out;
    }

    private static BatchInput member(int part, String archiveName, ZipFile archive, ZipArchiveEntry entry,
                                     Path target, Budget budget, Function<Path, Optional<String>> inputType) {
        String name = entry.getName();
        Limits limits = budget.limits;
        String unsafe = unsafePath(name);
        if (unsafe != null) {
            return BatchInput.refused(part, name, archiveName, "unsafe_path", unsafe);
        }
        if (entry.isUnixSymlink()) {
            return BatchInput.refused(part, name, archiveName, "symlink",
                    "The member is a symbolic link; only regular files are accepted.");
        }
        if (entry.getGeneralPurposeBit().usesEncryption()) {
            return BatchInput.refused(part, name, archiveName, "encrypted",
                    "The member is encrypted; send it unencrypted.");
        }
        if (!archive.canReadEntryData(entry)) {
            return BatchInput.refused(part, name, archiveName, "unsupported_compression",
                    "The member uses a compression method this server cannot read (use Deflate or Store).");
        }
        long compressed = Math.max(entry.getCompressedSize(), 1);
        long written = 0;
        try (InputStream in = archive.getInputStream(entry); OutputStream o = Files.newOutputStream(target)) {
            byte[] buffer = new byte[64 * 1024];
            int r;
            while ((r = in.read(buffer)) != -1) {
                written += r;
                budget.inflated(r);
                if (written > limits.maxEntryBytes()) {
                    return BatchInput.refused(part, name, archiveName, "too_large", "The member inflates to more "
                            + "than " + limits.maxEntryBytes() + " bytes, this tenant's limit for one file.");
                }
                if (written > RATIO_FLOOR && written > compressed * limits.maxCompressionRatio()) {
                    return BatchInput.refused(part, name, archiveName, "zip_bomb", "The member inflates more than "
                            + limits.maxCompressionRatio() + " times its compressed size (" + compressed
                            + " bytes); refused as a ZIP bomb.");
                }
                o.write(buffer, 0, r);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof UnprocessableException u) {
                throw u;
            }
            return BatchInput.refused(part, name, archiveName, "unreadable_member",
                    "The member's data cannot be inflated: " + e.getMessage());
        }
        return judged(part, name, archiveName, target, written, inputType);
    }

    /** Judges a file by its content: empty, a nested archive, of no accepted kind, or accepted. */
    static BatchInput judged(int part, String name, String archiveName, Path file, long size,
                             Function<Path, Optional<String>> inputType) {
        try {
            if (size == 0) {
                return BatchInput.refused(part, name, archiveName, "empty", "The file is empty.");
            }
            if (isZip(file)) {
                return BatchInput.refused(part, name, archiveName, "nested_archive",
                        "The member is itself a ZIP archive; nested archives are not expanded.");
            }
        } catch (IOException e) {
            return BatchInput.refused(part, name, archiveName, "unreadable_member", "The file cannot be read.");
        }
        if (inputType.apply(file).isEmpty()) {
            return BatchInput.refused(part, name, archiveName, "unsupported_type", "The file is not a PDF, and not "
                    + "an image or PostScript file that could be converted (JPEG, PNG, TIFF, PostScript, EPS).");
        }
        return BatchInput.accepted(part, name, archiveName, file);
    }

    /**
     * Counts the central directory's entries the way the archive reader will walk them (record after record while
     * the signature holds), stopping at {@code stop}: before anything builds an object per entry, so an archive of
     * millions of tiny entries costs a bounded read, not the heap.
     */
    static int countEntries(Path zip, int stop) throws IOException {
        try (FileChannel ch = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = ch.size();
            int tail = (int) Math.min(size, 22 + 65535);
            ByteBuffer end = read(ch, size - tail, tail);
            int eocd = -1;
            for (int i = tail - 22; i >= 0; i--) {
                if (end.getInt(i) == 0x06054b50) {
                    eocd = i;
                    break;
                }
            }
            if (eocd < 0) {
                throw new IOException("no end of central directory record");
            }
            long eocdAt = size - tail + eocd;
            long cd = Integer.toUnsignedLong(end.getInt(eocd + 16));
            if (eocdAt >= 20) {
                ByteBuffer locator = read(ch, eocdAt - 20, 20);
                if (locator.getInt(0) == 0x07064b50) {
                    long zip64End = locator.getLong(8);
                    if (zip64End < 0 || zip64End + 56 > size) {
                        throw new IOException("damaged ZIP64 end of central directory locator");
                    }
                    ByteBuffer record = read(ch, zip64End, 56);
                    if (record.getInt(0) != 0x06064b50) {
                        throw new IOException("damaged ZIP64 end of central directory record");
                    }
                    cd = record.getLong(48);
                }
            }
            int count = 0;
            long at = cd;
            while (count < stop && at >= 0 && at + 46 <= size) {
                ByteBuffer header = read(ch, at, 46);
                if (header.getInt(0) != 0x02014b50) {
                    break;
                }
                count++;
                at += 46L + (header.getShort(28) & 0xffff) + (header.getShort(30) & 0xffff)
                        + (header.getShort(32) & 0xffff);
            }
            return count;
        }
    }

    private static ByteBuffer read(FileChannel ch, long position, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, position + b.position()) < 0) {
                throw new IOException("unexpected end of the archive");
            }
        }
        return b.flip();
    }

    /** Why a member's path is unsafe, or null when it is a plain relative path. */
    static String unsafePath(String name) {
        if (name.isEmpty()) {
            return "The member has no name.";
        }
        if (name.startsWith("/") || name.startsWith("\\") || DRIVE.matcher(name).matches()) {
            return "The member's path is absolute; only relative paths are accepted.";
        }
        for (String segment : name.split("[/\\\\]")) {
            if (segment.equals("..")) {
                return "The member's path climbs out of the archive ('..'); refused.";
            }
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < 0x20) {
                return "The member's path contains a control character.";
            }
        }
        return null;
    }
}
