#!/usr/bin/env bash
# A new user's first minutes, this build beside an earlier one, in one run (issue "house and speed"): JVM start to
# /ready, the first GET /openapi.json, a one-page engine job (p50 of 20 after 5 warm-ups) and job reads against
# /health. Each build runs unpacked as bin/preflight runs it; this build also from its ahead-of-time cache (the
# baseline has no training mode to make one). Rounds alternate the builds so that both see the same machine.
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
bin/aot-cache server/target/preflight.jar "$work/now" >/dev/null
"$JAVA_HOME/bin/java" -Djarmode=tools -jar "$work/baseline/server/target/preflight.jar" extract \
  --destination "$work/baseline-app" >/dev/null
out=target/service-speed.jsonl; mkdir -p target
for r in $(seq 1 "$rounds"); do
  python3 bench/service-speed.py --jar "$work/baseline-app/preflight.jar" --label baseline --wrk --out "$out"
  python3 bench/service-speed.py --jar "$work/now/preflight.jar" --label now --wrk --out "$out"
  python3 bench/service-speed.py --jar "$work/now/preflight.jar" --aot "$work/now/preflight.aot" --label now+aot \
    --wrk --out "$out"
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])][-3 * int(sys.argv[2]):]
keys = ["ready_s", "openapi_s", "job_p50_ms", "read_ratio", "wrk_read_ratio"]
print(f"{'build':14}" + "".join(f"{k:>16}" for k in keys))
for label in ["baseline", "now", "now+aot"]:
    mine = [r for r in rows if r["label"] == label]
    print(f"{label:14}" + "".join(f"{statistics.median(r[k] for r in mine):>16}" for k in keys))
PY
