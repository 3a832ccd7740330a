#!/usr/bin/env bash
# Webhook benchmarks: latency from job completion to receipt at an HTTPS receiver on 127.0.0.1 (idle workers, busy
# workers, and what 100 ms polling sees instead), and deliveries per second beside a bare HTTPS client. Runs the real
# server in-process on H2 (set PREFLIGHT_TEST_DATABASE_URL for PostgreSQL) and prints BENCH lines.
#   bench/webhook-bench.sh [-Dbench.rounds=50] [-Dbench.events=400] [-Dbench.hooks=5]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
./mvnw -B -q install -DskipTests
./mvnw -B -pl server test -Dtest=WebhookBenchmark -Dpreflight.excludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dpreflight.argLine="-Xmx1g -Djava.awt.headless=true" "$@" | grep -E '^BENCH|Tests run|FAIL' || true
