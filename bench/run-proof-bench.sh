#!/usr/bin/env bash
# Soft-proof tiles (issue 24): page 1 of every corpus file at 150 dpi as a proof, next to the plain PDFBox tile
# and mutool draw, then every page of the largest corpus file as proofs with the heap sampled (-Xmx512m).
# Usage: bench/run-proof-bench.sh [corpusDir (default: shared/corpus beside the repository)]; writes
# target/proof-bench.md.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true ${BENCH_JAVA_OPTS:-} -Dorg.slf4j.simpleLogger.defaultLogLevel=off \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.ProofBench "$@"
