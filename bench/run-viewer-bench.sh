#!/usr/bin/env bash
# Viewer rendering benchmark of the engine: tiles at 150 dpi next to mutool draw and pdftoppm, separations next to
# a direct gs tiffsep call, densitometer readings from stored separations, and peak heap over the largest corpus
# file. Usage: bench/run-viewer-bench.sh [corpusDir (default: shared/corpus beside the repository)]
# The JVM runs with -Xmx512m: finishing at all shows the heap bound holds. Cold tiles are measured in two more JVMs,
# each warmed on one half of the corpus and measuring the other. BENCH_JAVA_OPTS=-Dbench.tilesOnly=true measures the
# tiles alone.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true ${BENCH_JAVA_OPTS:-} -Dorg.slf4j.simpleLogger.defaultLogLevel=off \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.ViewerBench "$@"
