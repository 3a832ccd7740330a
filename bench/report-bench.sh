#!/usr/bin/env bash
# Report minting benchmark: one mint per format for a one-page file and the 352-page corpus file
# (pdfjs__freeculture.pdf), median time and peak heap, beside headless Chromium printing the same HTML report.
# Runs the real server in-process under -Xmx512m (the heap goal): finishing at all shows the bound holds.
#   bench/report-bench.sh [-Dbench.corpus=/path/to/file.pdf]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
./mvnw -B -pl server -am test -Dtest=ReportBenchmark -Dpreflight.skipEngineTests=true -Dpreflight.excludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dpreflight.argLine="-Xmx512m -Djava.awt.headless=true" "$@" | grep -E '^BENCH|Tests run|FAIL' || true
