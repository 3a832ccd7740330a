package dev.preflight.cli;

import java.io.PrintWriter;

/**
 * How many jobs are done, on stderr. On a terminal (bin/preflight-cli says so with -Dpreflight.cli.tty=true) one
 * line is redrawn as a bar; elsewhere (logs, CI, pipes) a line is printed whenever the count changes.
 */
final class Progress {

    private static final int WIDTH = 24;

    private final PrintWriter err;
    private final boolean tty;
    private final int total;
    private final long started = System.nanoTime();
    private int shown = -1;

    Progress(PrintWriter err, int total) {
        this.err = err;
        this.total = total;
        this.tty = Boolean.getBoolean("preflight.cli.tty");
    }

    void show(int done) {
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        if (tty) {
            int filled = total == 0 ? WIDTH : done * WIDTH / total;
            err.print("\r[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + done + "/" + total
                    + " done  " + seconds + " s ");
            err.flush();
        } else if (done != shown) {
            err.println("waiting: " + done + "/" + total + " done (" + seconds + " s)");
            err.flush();
        }
        shown = done;
    }

    void finish() {
        if (tty) {
            err.println();
            err.flush();
        }
    }
}
