#!/usr/bin/env bash
# A new user's first minutes, this build beside an earlier one, in one run (issue "house and speed"): JVM start to
# /ready, the first GET /openapi.json, a one-page engine job (p50 of 20 after 5 warm-ups) and job reads against
# /health. Each build runs unpacked as bin/preflight runs it, without and with its ahead-of-time cache; rounds
# alternate the builds so that both see the same machine.
#   bench/service-speed.sh [BASELINE_REV (default 54f9f8b)] [ROUNDS (default 3)]
# Prints one JSON line per run (also appended to target/service-speed.jsonl) and a median table at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
base="${1:-54f9f8b}"; rounds="${2:-3}"
work=$(mktemp -d /tmp/service-speed.XXXX)
trap 'git worktree remove --force "$work/baseline" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
./mvnw -B -q -Dmaven.test.skip=true -Dpreflight.skipEngineTests=true -pl server -am package
git worktree add -q --detach "$work/baseline" "$base"
(cd "$work/baseline" && ./mvnw -B -q -Dmaven.test.skip=true -Dpreflight.skipEngineTests=true -pl server -am package)
for build in now baseline; do
  jar=server/target/preflight.jar; [ "$build" = baseline ] && jar="$work/baseline/server/target/preflight.jar"
  bin/aot-cache "$jar" "$work/$build" >/dev/null
done
out=target/service-speed.jsonl; mkdir -p target
for r in $(seq 1 "$rounds"); do
  for build in baseline now; do
    app="$work/$build/preflight.jar"
    python3 bench/service-speed.py --jar "$app" --label "$build" --wrk --out "$out"
    python3 bench/service-speed.py --jar "$app" --aot "$work/$build/preflight.aot" --label "$build+aot" --wrk --out "$out"
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])][-4 * int(sys.argv[2]):]
keys = ["ready_s", "openapi_s", "job_p50_ms", "read_ratio", "wrk_read_ratio"]
print(f"{'build':14}" + "".join(f"{k:>16}" for k in keys))
for label in ["baseline", "baseline+aot", "now", "now+aot"]:
    mine = [r for r in rows if r["label"] == label]
    print(f"{label:14}" + "".join(f"{statistics.median(r[k] for r in mine):>16}" for k in keys))
PY
