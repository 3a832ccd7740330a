#!/usr/bin/env bash
# Service benchmarks: latency (wait and polling), throughput with 20 concurrent submitters, peak heap on a 500-page
# PDF. Runs the real server in-process on H2 (set PREFLIGHT_TEST_DATABASE_URL for PostgreSQL) and prints BENCH lines.
#   bench/service-bench.sh [-Dbench.rounds=30] [-Dbench.throughput.jobs=200] [-Dbench.pages=500] [-Dbench.source=engine]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
./mvnw -B -q install -DskipTests
./mvnw -B -pl server test -Dtest=ServiceBenchmark -Dpreflight.excludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dpreflight.argLine="-Xmx1g -Djava.awt.headless=true" "$@" | grep -E '^BENCH|Tests run|FAIL' || true
