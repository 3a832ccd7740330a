#!/usr/bin/env bash
# Start-up with and without the bean definitions written at build time (platform.BuildTimeBeans), each from a JDK
# ahead-of-time cache trained the same way: this build's jar is unpacked twice, one copy trained and started as
# shipped, the other trained and started with -Dspring.aot.enabled=false (the ordinary start: class-path scan,
# configuration classes parsed, conditions evaluated). Starts alternate; each is a fresh data directory, timed from the
# JVM's launch until /ready answers 200.
#   bench/build-time-beans.sh [STARTS (default 5)]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
java="$JAVA_HOME/bin/java"
starts="${1:-5}"
work=$(mktemp -d /tmp/build-time-beans.XXXX)
trap 'rm -rf "$work"' EXIT
./mvnw -B -q -Dmaven.test.skip=true -Dpreflight.skipEngineTests=true -pl server -am package
jar=server/target/preflight.jar

train() { # OUTDIR [java options]
  local out="$1"; shift
  "$java" -Djarmode=tools -jar "$jar" extract --destination "$out" >/dev/null
  "$java" "$@" -Xmx1g -XX:AOTCacheOutput="$out/preflight.aot" -Xlog:aot=error -Xlog:cds=error \
    -jar "$out/preflight.jar" --preflight.training.dir="$work/train-$(basename "$out")" \
    --preflight.platform.openapi-cache-dir="$out" --preflight.platform.conformance-rules-dir="$out" \
    >"$work/train-$(basename "$out").log" 2>&1
}
train "$work/build-time"
train "$work/ordinary" -Dspring.aot.enabled=false

ready() { # OUTDIR [java options]: seconds from launch to /ready
  local out="$1"; shift
  local data; data=$(mktemp -d "$work/data.XXXX")
  local port=$((20000 + RANDOM % 20000))
  local t0; t0=$(date +%s.%N)
  "$java" "$@" -Xmx2g -XX:AOTCache="$out/preflight.aot" -jar "$out/preflight.jar" --server.port="$port" \
    --preflight.platform.data-dir="$data" >"$data.log" 2>&1 &
  local pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/ready"; do
    kill -0 "$pid" 2>/dev/null || { echo "the server exited:" >&2; tail -n 20 "$data.log" >&2; exit 1; }
    sleep 0.02
  done
  local t1; t1=$(date +%s.%N)
  grep -q 'Starting AOT-processed' "$data.log" && mode=build-time || mode=ordinary
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$mode $(echo "$t1 - $t0" | bc)"
}
results=()
for i in $(seq 1 "$starts"); do
  results+=("$(ready "$work/build-time")")
  results+=("$(ready "$work/ordinary" -Dspring.aot.enabled=false)")
done
printf '%s\n' "${results[@]}" | python3 -c '
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
for mode in ("build-time", "ordinary"):
    xs = [float(t) for m, t in rows if m == mode]
    print(f"{mode:11} median {statistics.median(xs):.2f} s  runs " + " ".join(f"{x:.2f}" for x in xs))
'
