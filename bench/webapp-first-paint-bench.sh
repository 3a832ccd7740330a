#!/usr/bin/env bash
# Web app first paint: time from navigation to the viewer's first complete page of a 14-page job with warm tiles, in
# headless Debian Chromium (needs chromium and chromium-driver). Runs the real server in-process and prints BENCH lines.
#   bench/webapp-first-paint-bench.sh [-Dbench.rounds=15]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
./mvnw -B -pl server -am verify -Dtest=ViewerFirstPaintBenchmark -Dpreflight.excludedGroups=none \
  -Dsurefire.failIfNoSpecifiedTests=false -Dpreflight.skipEngineTests=true "$@" | grep -E '^BENCH|Tests run|FAIL' || true
