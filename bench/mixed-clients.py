#!/usr/bin/env python3
"""Mixed-workload clients for bench/cluster-load.sh (standard library only).

  mixed-clients.py --pdf one.pdf --clients 8 --seconds 60 --out run.json PORT [PORT...]
      Runs the clients against the nodes on 127.0.0.1:PORT for the given time, prints a table of throughput and
      p50/p99 latency per request kind and writes the numbers to --out.
  mixed-clients.py --scaling run-1.json run-2.json ...
      Prints the scaling factor of each later run against the first.

One client loop: submit the PDF (POST /api/v1/jobs), poll GET /api/v1/jobs/{id} every 0.25 s until it is terminal,
GET the page-1 tile at 72 dpi twice (the first renders, the second is served from the tile cache), POST a JSON report
and, every fourth loop of a client, a PDF report. Each request goes to the next node round-robin. Requests still
running when the time is up finish but are not counted; a loop counts as completed when its last request did.
"""
import argparse
import http.client
import itertools
import json
import sys
import threading
import time
import uuid

KINDS = ["submit", "poll", "tile (render)", "tile (cached)", "report json", "report json+pdf"]


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


class Nodes:
    def __init__(self, ports):
        self.ports = ports
        self.counter = itertools.count()

    def next(self):
        return self.ports[next(self.counter) % len(self.ports)]


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    try:
        start = time.monotonic()
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        return resp.status, data, time.monotonic() - start
    finally:
        conn.close()


def client(idx, nodes, pdf, deadline, samples, errors, loops, lock):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"one.pdf\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + pdf + f"\r\n--{boundary}--\r\n".encode()
    multipart = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    as_json = {"Content-Type": "application/json"}
    n = 0
    while time.monotonic() < deadline:
        n += 1
        done = []  # (kind, seconds) of this loop, recorded only when the request ended before the deadline

        def call(kind, method, path, payload=None, headers=None, ok=(200, 201, 202)):
            status, data, secs = request(nodes.next(), method, path, payload, headers)
            if time.monotonic() > deadline:
                return None
            if status not in ok:
                with lock:
                    errors[kind] = errors.get(kind, 0) + 1
                    if errors[kind] <= 3:
                        print(f"  client {idx}: {kind} -> {status} {data[:200]!r}", file=sys.stderr)
                return None
            with lock:
                samples[kind].append(secs)
            return data

        data = call("submit", "POST", "/api/v1/jobs", body, multipart)
        if data is None:
            continue
        job = json.loads(data)["job_id"]
        status = None
        while time.monotonic() < deadline:
            data = call("poll", "GET", f"/api/v1/jobs/{job}")
            if data is None:
                break
            status = json.loads(data)["status"]
            if status in ("completed", "failed", "canceled", "cancelled"):
                break
            time.sleep(0.25)
        if status != "completed":
            continue
        tile = f"/api/v1/viewer/jobs/{job}/pages/1/tile?dpi=72"
        if call("tile (render)", "GET", tile) is None or call("tile (cached)", "GET", tile) is None:
            continue
        formats = ["json", "pdf"] if n % 4 == 0 else ["json"]
        kind = "report json+pdf" if len(formats) == 2 else "report json"
        if call(kind, "POST", f"/api/v1/jobs/{job}/reports", json.dumps({"formats": formats}).encode(),
                as_json) is None:
            continue
        with lock:
            loops.append(time.monotonic())


def run(args):
    pdf = open(args.pdf, "rb").read()
    nodes = Nodes(args.ports)
    samples = {k: [] for k in KINDS}
    errors, loops, lock = {}, [], threading.Lock()
    start = time.monotonic()
    deadline = start + args.seconds
    threads = [threading.Thread(target=client, args=(i, nodes, pdf, deadline, samples, errors, loops, lock))
               for i in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    secs = args.seconds
    result = {"nodes": len(args.ports), "clients": args.clients, "seconds": secs,
              "loops_per_s": len(loops) / secs, "errors": errors, "kinds": {}}
    print(f"  {'request kind':<16} {'count':>6} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}")
    for k in KINDS:
        v = samples[k]
        row = {"count": len(v), "per_s": len(v) / secs, "p50_ms": pct(v, 50) * 1000, "p99_ms": pct(v, 99) * 1000}
        result["kinds"][k] = row
        print(f"  {k:<16} {row['count']:>6} {row['per_s']:>7.2f} {row['p50_ms']:>8.0f} {row['p99_ms']:>8.0f}"
              f" {errors.get(k, 0):>6}")
    total = sum(len(v) for v in samples.values())
    result["requests_per_s"] = total / secs
    print(f"  all requests {total / secs:.2f}/s; completed loops (job submitted, analysed, viewed, reported) "
          f"{len(loops)} = {len(loops) / secs:.2f}/s")
    json.dump(result, open(args.out, "w"))


def scaling(files):
    runs = [json.load(open(f)) for f in files]
    base = runs[0]
    for r in runs[1:]:
        f = r["loops_per_s"] / base["loops_per_s"] if base["loops_per_s"] else float("nan")
        q = r["requests_per_s"] / base["requests_per_s"] if base["requests_per_s"] else float("nan")
        print(f"scaling {base['nodes']} -> {r['nodes']} nodes: completed loops x{f:.2f}, all requests x{q:.2f}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pdf")
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--out")
    p.add_argument("--scaling", nargs="+")
    p.add_argument("ports", nargs="*", type=int)
    args = p.parse_args()
    if args.scaling:
        scaling(args.scaling)
    else:
        run(args)


if __name__ == "__main__":
    main()
