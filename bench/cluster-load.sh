#!/usr/bin/env bash
# Cluster load test: starts 1 and then 2 server nodes (server/target/preflight.jar, or $PREFLIGHT_JAR) on one fresh
# PostgreSQL database per run and one blob store: an s3proxy started by this script (filesystem backend in the work
# directory; its classpath is resolved once with Maven from the project's Boot parent) or, with -f or when s3proxy
# cannot be started, a shared blob directory.
#
# Mixed workload (default): for -d seconds, C concurrent clients (bench/mixed-clients.py) each loop: submit a
# one-page job, poll it until it completes, fetch its page-1 tile at 72 dpi twice (rendered, then cached), mint a
# JSON report and, every fourth loop, a PDF report. Each request goes to the next node round-robin, so a job is often
# polled, viewed and reported on a node that did not run it. Prints per run the throughput and p50/p99 latency per
# request kind, completed loops per second and how many jobs each node ran (from job_attempts), and at the end the
# scaling factor from the first node count to the others.
#
# Submit-only (-n N): submits N one-page jobs round-robin with C concurrent submitters, waits for every job and
# prints wall time, jobs/s, job latency (created -> completed) p50/p95/max and submit request latency p50/p95.
#
# Needs curl, jq, python3, psql, gs and PostgreSQL at 127.0.0.1:5432 (trust auth; override PGHOST/PGPORT/PGUSER).
# Builds the jar when it is missing.
#   bench/cluster-load.sh [-d seconds (60)] [-n jobs] [-c clients (8)] [-t worker threads per node (2)] [-f]
#                         [node counts (1 2)]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
jobs=0; conc=8; threads=2; duration=60; blobs=s3
while getopts "d:n:c:t:f" o; do
  case "$o" in d) duration=$OPTARG ;; n) jobs=$OPTARG ;; c) conc=$OPTARG ;; t) threads=$OPTARG ;; f) blobs=fs ;;
    *) exit 2 ;; esac
done
shift $((OPTIND - 1))
counts=("${@:-1}"); [ $# -eq 0 ] && counts=(1 2)
export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
for tool in curl jq python3 psql gs; do command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 1; }; done
jar=${PREFLIGHT_JAR:-server/target/preflight.jar}
[ -f "$jar" ] || ./mvnw -B -q -DskipTests package

work=$(mktemp -d)
pids=(); dbs=(); s3pid=
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  for d in "${dbs[@]}"; do psql -d postgres -qc "DROP DATABASE IF EXISTS $d WITH (FORCE)" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A one-page CMYK A4 file: the typical small job.
gs -q -sDEVICE=pdfwrite -o "$work/one.pdf" -c "<</PageSize [595 842]>> setpagedevice \
  0.1 0.5 0.9 0 setcmykcolor 72 72 451 698 rectfill showpage"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# s3proxy with its filesystem backend; the bucket is a directory. Any failure falls back to a shared directory.
s3_env=()
start_s3proxy() {
  local dir="$work/s3proxy" port; port=$(free_port); mkdir -p "$dir/blobs/preflight"
  cat > "$dir/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId>
    <version>4.1.1</version><relativePath/></parent>
  <groupId>bench</groupId><artifactId>s3proxy-classpath</artifactId><version>1</version>
  <dependencies><dependency><groupId>org.gaul</groupId><artifactId>s3proxy</artifactId><version>4.1.0</version>
  </dependency></dependencies></project>
XML
  local get=(org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath -Dmdep.outputFile="$dir/cp")
  ./mvnw -B -q -o -f "$dir/pom.xml" "${get[@]}" >/dev/null 2>&1 \
    || ./mvnw -B -q -f "$dir/pom.xml" "${get[@]}" >/dev/null 2>&1 || return 1
  cat > "$dir/s3proxy.properties" <<EOF
s3proxy.endpoint=http://127.0.0.1:$port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=bench
s3proxy.credential=bench-secret
jclouds.provider=filesystem-nio2
jclouds.filesystem.basedir=$dir/blobs
EOF
  # Its default logging is DEBUG for every request: that alone would eat a core.
  printf '<configuration><root level="WARN"/></configuration>\n' > "$dir/logback.xml"
  "$JAVA_HOME/bin/java" -Xmx256m -Dlogback.configurationFile="$dir/logback.xml" -cp "$(cat "$dir/cp")" \
    org.gaul.s3proxy.Main --properties "$dir/s3proxy.properties" > "$dir/s3proxy.log" 2>&1 &
  s3pid=$!; pids+=("$s3pid")
  # Anonymous requests answer 403 once it listens.
  for _ in $(seq 1 60); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "127.0.0.1:$port/")" = 403 ] && break; sleep 0.5
  done
  [ "$(curl -s -o /dev/null -w '%{http_code}' "127.0.0.1:$port/")" = 403 ] || return 1
  s3_env=(PREFLIGHT_BLOB_STORE=s3 PREFLIGHT_S3_ENDPOINT="http://127.0.0.1:$port" PREFLIGHT_S3_BUCKET=preflight
    PREFLIGHT_S3_REGION=us-east-1 PREFLIGHT_S3_ACCESS_KEY=bench PREFLIGHT_S3_SECRET_KEY=bench-secret
    PREFLIGHT_S3_PATH_STYLE=true)
}
if [ "$blobs" = s3 ] && ! start_s3proxy; then
  echo "s3proxy could not be started; using a shared blob directory" >&2; blobs=fs
fi

# Starts $1 nodes on a fresh database and warms them; sets db, data, ports (declared local by the caller).
start_nodes() {
  local nodes=$1
  db="preflight_bench_$(date +%s)_$RANDOM"; data="$work/data-$1"; ports=()
  dbs+=("$db")
  psql -d postgres -qc "CREATE DATABASE $db" >/dev/null
  mkdir -p "$data"
  for i in $(seq 1 "$nodes"); do
    local port; port=$(free_port); ports+=("$port")
    env ${s3_env[@]+"${s3_env[@]}"} SERVER_PORT=$port PREFLIGHT_NODE_NAME="bench-$i" PREFLIGHT_DATA_DIR="$data" \
      PREFLIGHT_DATABASE_URL="jdbc:postgresql://$PGHOST:$PGPORT/$db" PREFLIGHT_DATABASE_USER="$PGUSER" \
      PREFLIGHT_DATABASE_PASSWORD="${PGPASSWORD:-}" PREFLIGHT_RATE_LIMITS=false PREFLIGHT_WORKER_THREADS="$threads" \
      PREFLIGHT_VIEWER_WARM_TILES=false \
      "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -jar "$jar" > "$data/node-$i.log" 2>&1 &
    pids+=($!)
    # One node at a time: the first migrates the fresh database.
    for _ in $(seq 1 240); do curl -sf "127.0.0.1:$port/ready" >/dev/null && break; sleep 0.5; done
    curl -sf "127.0.0.1:$port/ready" >/dev/null || { echo "node $i did not start:"; tail -30 "$data/node-$i.log"; exit 1; }
  done
  # Warm-up: one job per node (JIT, Ghostscript first start), not counted.
  for p in "${ports[@]}"; do curl -s -F "file=@$work/one.pdf" "127.0.0.1:$p/api/v1/jobs?wait=120" >/dev/null; done
}

# Stops the server nodes (s3proxy stays up for the next run).
stop_nodes() {
  local keep=()
  for p in "${pids[@]}"; do [ "$p" = "$s3pid" ] && keep+=("$p") || kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do [ "$p" = "$s3pid" ] || wait "$p" 2>/dev/null || true; done
  pids=(${keep[@]+"${keep[@]}"})
}

per_node() {
  psql -d "$db" -Atc "SELECT a.node, COUNT(*) FROM job_attempts a JOIN jobs j ON j.id = a.job_id
    WHERE a.outcome = 'COMPLETED' AND j.created_at >= to_timestamp($1) GROUP BY a.node ORDER BY a.node" \
    | tr '|' ' ' | tr '\n' ' '
}

run() {
  local nodes=$1 db data ports
  start_nodes "$nodes"
  : > "$work/submits"
  local t0; t0=$(date +%s.%N)
  seq 0 $((jobs - 1)) | xargs -P "$conc" -I{} sh -c '
    ports="$1"; i=$2; set -- $ports; n=$#; k=$((i % n + 1)); eval port=\${$k}
    curl -s -o "'"$work"'/job-$i.json" -w "%{time_total}\n" -F "file=@'"$work"'/one.pdf" "127.0.0.1:$port/api/v1/jobs"
  ' _ "${ports[*]}" {} >> "$work/submits"
  local t1; t1=$(date +%s.%N)
  jq -r '.job_id' "$work"/job-*.json > "$work/ids"
  [ "$(grep -c . "$work/ids")" = "$jobs" ] || { echo "not every submit was accepted:"; grep -L job_id "$work"/job-*.json | head -3 | xargs cat; exit 1; }

  # Wait for all, then read each job once more for its timestamps.
  local port=${ports[0]} pending
  while :; do
    pending=$(psql -d "$db" -Atc "SELECT COUNT(*) FROM jobs WHERE status = 'QUEUED'")
    [ "$pending" = "0" ] && break
    sleep 0.2
  done
  local t2; t2=$(date +%s.%N)
  : > "$work/jobs"
  while read -r id; do curl -s "127.0.0.1:$port/api/v1/jobs/$id" >> "$work/jobs"; echo >> "$work/jobs"; done < "$work/ids"
  # Measured jobs only (the warm-up jobs were created before t0).
  per_node "$t0" > "$work/per-node"
  rm -f "$work"/job-*.json
  python3 - "$nodes" "$jobs" "$conc" "$threads" "$t0" "$t1" "$t2" "$work/jobs" "$work/submits" "$work/per-node" <<'PY'
import json, sys
from datetime import datetime
nodes, n, conc, threads = sys.argv[1:5]
t0, t1, t2 = map(float, sys.argv[5:8])
def ts(s): return datetime.fromisoformat(s.replace('Z', '+00:00')).timestamp()
jobs = [json.loads(l) for l in open(sys.argv[8]) if l.strip()]
bad = [j for j in jobs if j.get('status') != 'completed']
lat = sorted(ts(j['completed_at']) - ts(j['created_at']) for j in jobs if j.get('completed_at'))
sub = sorted(float(x) for x in open(sys.argv[9]) if x.strip())
def pct(v, p): return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]
first = min(ts(j['created_at']) for j in jobs); last = max(ts(j['completed_at']) for j in jobs if j.get('completed_at'))
print(f"nodes={nodes} jobs={n} concurrency={conc} threads/node={threads} not_completed={len(bad)}")
print(f"  wall {t2 - t0:.1f} s (submitting {t1 - t0:.1f} s); throughput {len(lat) / (last - first):.2f} jobs/s")
print(f"  job latency created->completed p50 {pct(lat, 50):.2f} s  p95 {pct(lat, 95):.2f} s  max {lat[-1]:.2f} s")
print(f"  submit request p50 {pct(sub, 50) * 1000:.0f} ms  p95 {pct(sub, 95) * 1000:.0f} ms")
print(f"  completed per node: {open(sys.argv[10]).read().strip()}")
PY
  stop_nodes
}

run_mixed() {
  local nodes=$1 db data ports
  start_nodes "$nodes"
  local t0; t0=$(date +%s.%N)
  echo "nodes=$nodes worker threads/node=$threads clients=$conc duration=${duration}s blob store=$blobs"
  python3 bench/mixed-clients.py --pdf "$work/one.pdf" --clients "$conc" --seconds "$duration" \
    --out "$work/mixed-$nodes.json" "${ports[@]}"
  echo "  jobs completed per node (job_attempts): $(per_node "$t0")"
  stop_nodes
}

echo "cluster-load: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
if [ "$jobs" -gt 0 ]; then
  for c in "${counts[@]}"; do run "$c"; done
else
  for c in "${counts[@]}"; do run_mixed "$c"; done
  files=(); for c in "${counts[@]}"; do files+=("$work/mixed-$c.json"); done
  python3 bench/mixed-clients.py --scaling "${files[@]}"
fi
