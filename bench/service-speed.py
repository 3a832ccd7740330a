#!/usr/bin/env python3
"""One round of the service speed benchmark against a packaged jar (standard library only).

  service-speed.py --jar server/target/preflight.jar --port 18180 [--aot app.aot] [--label now] [--out round.json]

Starts the jar on a fresh data directory (H2 and files, auth mode none), then measures, in this order, what a new
user meets:
  ready_s         JVM start until GET /ready answers 200
  openapi_s       the first GET /openapi.json after that
  job_p50_ms      one-page engine job (POST /api/v1/jobs?wait=30, preflight_source=engine), p50 of 20 after 5
                  warm-ups, on the corpus's pypdfsamples__crazyones-pdfa.pdf
  health_rps, job_rps, read_ratio
                  GET /health and GET /api/v1/jobs/{job_id} throughput with the same client: 8 Python threads with
                  keep-alive connections, 5 s each after a 2 s warm-up, job_rps / health_rps
and with --wrk also the same two with wrk (2 threads, 8 connections), a much lighter client.
"""
import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preflight_http import Server, multipart  # noqa: E402

CORPUS_FILE = "pypdfsamples__crazyones-pdfa.pdf"


def submit(port, pdf):
    body, ctype = multipart({"preflight_source": "engine"}, CORPUS_FILE, pdf)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    t = time.perf_counter()
    c.request("POST", "/api/v1/jobs?wait=30", body=body, headers={"Content-Type": ctype})
    r = c.getresponse()
    out = r.read()
    elapsed = time.perf_counter() - t
    c.close()
    if r.status != 200:
        raise SystemExit(f"submit answered {r.status}: {out[:300]!r}")
    return elapsed, json.loads(out)


def throughput(port, path, threads=8, seconds=5.0):
    counts = [0] * threads
    errors = [0] * threads
    stop = time.perf_counter() + seconds

    def worker(i):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            if r.status == 200:
                counts[i] += 1
            else:
                errors[i] += 1
        c.close()

    ts = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if sum(errors):
        raise SystemExit(f"{path}: {sum(errors)} answers were not 200")
    return sum(counts) / seconds


def wrk(port, path):
    out = subprocess.run(["wrk", "-t2", "-c8", "-d5s", f"http://127.0.0.1:{port}{path}"], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1])
    raise SystemExit("wrk printed no rate:\n" + out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--port", type=int, default=18180)
    ap.add_argument("--aot", help="start with -XX:AOTCache=<file>")
    ap.add_argument("--java", default=os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64") + "/bin/java")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus"))
    ap.add_argument("--label", default="")
    ap.add_argument("--wrk", action="store_true")
    ap.add_argument("--out")
    a = ap.parse_args()
    pdf = open(os.path.join(a.corpus, "pdfs", CORPUS_FILE), "rb").read()
    server = Server(a.java, a.jar, a.port, ["-Xmx2g"] + ([f"-XX:AOTCache={a.aot}"] if a.aot else []),
                    prefix="preflight-speed-")
    result = {"label": a.label, "jar": a.jar, "aot": a.aot}
    try:
        result["ready_s"] = round(server.wait_ready(), 2)
        c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=120)
        t = time.perf_counter()
        c.request("GET", "/openapi.json")
        r = c.getresponse()
        r.read()
        result["openapi_s"] = round(time.perf_counter() - t, 3)
        times = []
        job = None
        for i in range(25):
            elapsed, job = submit(a.port, pdf)
            if i >= 5:
                times.append(elapsed * 1000)
        result["job_p50_ms"] = round(statistics.median(times), 1)
        result["job_ms"] = [round(x, 1) for x in times]
        result["analysis_ms"] = job.get("duration_ms")
        path = "/api/v1/jobs/" + job["job_id"]
        throughput(a.port, "/health", seconds=2)
        throughput(a.port, path, seconds=2)
        result["health_rps"] = round(throughput(a.port, "/health"))
        result["job_rps"] = round(throughput(a.port, path))
        result["read_ratio"] = round(result["job_rps"] / result["health_rps"], 2)
        if a.wrk and shutil.which("wrk"):
            result["wrk_health_rps"] = round(wrk(a.port, "/health"))
            result["wrk_job_rps"] = round(wrk(a.port, path))
            result["wrk_read_ratio"] = round(result["wrk_job_rps"] / result["wrk_health_rps"], 2)
    finally:
        server.stop()
    line = json.dumps(result)
    print(line)
    if a.out:
        with open(a.out, "a") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
