#!/usr/bin/env python3
"""A whole job as a user sees it, beside the commands a user would run instead (standard library only).

  whole-job.py --jar server/target/preflight.jar [--corpus DIR] [--profile gwg2022-sheetcmyk-cmyk] [--rounds 3]
               [--only NAME-PART] [--extra FILE ...] [--out results.json]

Starts the jar on a fresh data directory (H2 and files, auth mode none), warms it with one pass over the files, then
for every PDF measures, alternating the two sides, --rounds times:
  job     POST /api/v1/jobs?wait=600 under the profile (structural checks and the ink pass), wall time of the request
  tools   gs -sDEVICE=inkcov -r72 + pdffonts + pdfimages -list on the same file, one after the other
and prints the medians per file, their ratio, and the totals. Files whose job fails, or that a tool refuses
(encrypted, damaged), are listed but left out of the totals.
"""
import argparse
import glob
import http.client
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preflight_http import Server, multipart  # noqa: E402


def job(port, path, profile):
    body, ctype = multipart({"profile_id": profile}, os.path.basename(path), open(path, "rb").read())
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
    t = time.perf_counter()
    c.request("POST", "/api/v1/jobs?wait=600", body=body, headers={"Content-Type": ctype})
    r = c.getresponse()
    out = json.loads(r.read())
    elapsed = time.perf_counter() - t
    c.close()
    return elapsed, out


def tools(path):
    t = time.perf_counter()
    ok = True
    for cmd in (["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=inkcov", "-r72", "-o", "/dev/null", path],
                ["pdffonts", path], ["pdfimages", "-list", path]):
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ok = ok and r.returncode == 0
    return time.perf_counter() - t, ok


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--port", type=int, default=18182)
    ap.add_argument("--java", default=os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64") + "/bin/java")
    ap.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus", "pdfs"))
    ap.add_argument("--profile", default="gwg2022-sheetcmyk-cmyk")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only")
    ap.add_argument("--extra", nargs="*", default=[])
    ap.add_argument("--jvm-opts", default="-Xmx2g")
    ap.add_argument("--out")
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.corpus, "*.pdf"))) + a.extra
    if a.only:
        files = [f for f in files if a.only in os.path.basename(f)]
    server = Server(a.java, a.jar, a.port, a.jvm_opts.split(), prefix="preflight-wholejob-")
    rows = []
    try:
        server.wait_ready()
        for f in files:  # warm-up pass: JIT, caches, warm Ghostscript processes
            job(a.port, f, a.profile)
            tools(f)
        for f in files:
            js, ts, ok_tools, status, pages = [], [], True, None, None
            for i in range(a.rounds):
                if i % 2 == 0:
                    e, out = job(a.port, f, a.profile)
                    t, ok = tools(f)
                else:
                    t, ok = tools(f)
                    e, out = job(a.port, f, a.profile)
                js.append(e)
                ts.append(t)
                ok_tools = ok_tools and ok
                status, pages = out.get("status"), out.get("page_count")
            row = {"file": os.path.basename(f), "pages": pages, "status": status, "tools_ok": ok_tools,
                   "job_s": round(statistics.median(js), 3), "tools_s": round(statistics.median(ts), 3)}
            row["ratio"] = round(row["job_s"] / row["tools_s"], 2) if row["tools_s"] > 0 else None
            rows.append(row)
            print(f"{row['file'][:52]:52} {str(pages):>5} {status:10} {row['job_s']:8.3f} {row['tools_s']:8.3f} "
                  f"{row['ratio']:6.2f}{'' if ok_tools else '  (a tool refused the file)'}", flush=True)
    finally:
        server.stop()
    counted = [r for r in rows if r["status"] == "completed" and r["tools_ok"]]
    jt = sum(r["job_s"] for r in counted)
    tt = sum(r["tools_s"] for r in counted)
    print(f"total over {len(counted)} files (both sides succeeded): job {jt:.2f} s, tools {tt:.2f} s, "
          f"ratio {jt / tt:.2f}; worst file ratio {max(r['ratio'] for r in counted):.2f}; "
          f"files above 3x: {sum(1 for r in counted if r['ratio'] > 3)}")
    if a.out:
        json.dump({"profile": a.profile, "rows": rows, "job_s": jt, "tools_s": tt}, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()
