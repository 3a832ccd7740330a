package dev.preflight.engine.fixups;

import java.nio.file.Path;
import java.util.Map;

/** One fixup: reads a PDF, writes the fixed PDF elsewhere, and says what it changed. */
interface Fixup {

    FixupInfo info();

    /**
     * @param in       the file to fix; never written
     * @param out      where the fixed file goes
     * @param params   every parameter, coerced, defaults filled in
     * @param settings how to run
     * @throws FixupException when the file cannot be fixed; the message says why
     */
    AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings) throws FixupException;
}
