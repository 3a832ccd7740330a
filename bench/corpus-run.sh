#!/usr/bin/env bash
# Runs every PDF of the shared corpus through a running-from-scratch service (engine mode, a GWG profile with ink
# checks) and prints one line per file: status, pages, findings, seconds, and the error of failed jobs.
# Proves that no corpus file crashes the worker or runs past the per-job time bound.
#   bench/corpus-run.sh [corpus-dir] [profile-id]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus/pdfs}"
profile="${2:-gwg2022-sheetcmyk-cmyk}"
[ -d "$corpus" ] || { echo "no corpus at $corpus"; exit 0; }
port=18181
data=$(mktemp -d)
SERVER_PORT=$port PREFLIGHT_DATA_DIR="$data" PREFLIGHT_ANALYSIS_TIMEOUT_S="${PREFLIGHT_ANALYSIS_TIMEOUT_S:-600}" \
  bin/preflight > "$data/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do curl -sf "localhost:$port/health" >/dev/null && break; sleep 1; done
printf '%-55s %-10s %5s %8s %7s  %s\n' file status pages findings seconds error
total=0; failed=0
for f in "$corpus"/*.pdf; do
  start=$(date +%s.%N)
  out=$(curl -s -F "file=@$f" -F "profile_id=$profile" "localhost:$port/api/v1/jobs?wait=900")
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  echo "$out" | python3 -c "
import json,sys
d=json.loads(sys.stdin.read())
print('%-55s %-10s %5s %8s %7.2f  %s' % (sys.argv[1], d.get('status'), d.get('page_count'), d.get('summary',{}).get('total_findings'), float(sys.argv[2]), (d.get('error') or '')[:90]))
" "$(basename "$f")" "$secs"
  total=$((total+1))
done
kill -0 $pid 2>/dev/null && echo "server still alive after $total files: yes" || echo "server died"
curl -s "localhost:$port/ready"; echo
