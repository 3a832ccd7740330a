#!/usr/bin/env python3
"""Where a command's CPU time goes, by kind of process: runs COMMAND (e.g. bin/test), reads /proc once a second for
every process on the machine, and prints, when the command ends, the CPU seconds (user + system) of each kind (the
test JVMs of each module and pass, the Maven processes, the servers the tests start, Chromium, Ghostscript,
PostgreSQL...) beside the wall time. A process that lives less than a second between two readings may be missed;
what the machine runs besides (other services) is listed too, under its own name.

    python3 bench/suite-cpu.py [--out FILE.json] -- COMMAND [ARG...]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import threading
import time

HZ = os.sysconf("SC_CLK_TCK")


def kind(cmd):
    line = " ".join(cmd)
    exe = os.path.basename(cmd[0]) if cmd and cmd[0] else ""
    if "surefire" in line or "failsafe" in line:
        tree = " (PostgreSQL pass's tree)" if "preflight-pg-pass" in line else ""
        for module in ("engine", "cli", "clients", "server"):
            if f"/{module}/" in line:
                return f"test JVM: {module}{tree}"
        return "test JVM: other" + tree
    if "plexus-classworlds" in line or "org.codehaus.plexus.classworlds" in line:
        return "Maven"
    if "PreflightApplication" in line or "preflight.jar" in line:
        return "server started by a test (jar or classes)"
    if exe == "java":
        return "other JVM"
    if "chrom" in exe:
        return "Chromium + chromedriver"
    if exe.startswith("gs"):
        return "Ghostscript"
    if "postgres" in exe:
        return "PostgreSQL"
    return exe[:40] or "(kernel threads, no command line)"


def sample(seen, stop):
    first = True
    while not stop.is_set():
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / HZ
                key = (pid, fields[19])  # a pid with its start time: one process
                if key not in seen:
                    with open(f"/proc/{pid}/cmdline") as f:
                        # what ran before the command counts from the first reading, the rest from its start
                        seen[key] = [kind(f.read().split("\0")), cpu, cpu if first else 0.0]
                else:
                    seen[key][1] = cpu
            except (OSError, IndexError, ValueError):
                pass
        first = False
        stop.wait(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        ap.error("no command")
    seen, stop = {}, threading.Event()
    t = threading.Thread(target=sample, args=(seen, stop), daemon=True)
    start = time.monotonic()
    t.start()
    rc = subprocess.call(command)
    wall = time.monotonic() - start
    stop.set()
    t.join()
    totals = collections.Counter()
    for k, cpu, before in seen.values():
        totals[k] += cpu - before
    total = sum(totals.values())
    print(f"\nwall {wall:.0f} s, CPU {total:.0f} s ({total / wall:.2f} cores on average), exit {rc}")
    for k, cpu in totals.most_common():
        if cpu >= 1:
            print(f"{cpu:8.0f} s  {100 * cpu / total:5.1f} %  {k}")
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"wall_s": round(wall), "exit": rc, "cpu_s": {k: round(v) for k, v in totals.most_common()}},
                      f, indent=1)
    sys.exit(rc)


if __name__ == "__main__":
    main()
