#!/usr/bin/env bash
# Engine facts benchmark: agreement with the corpus oracle, the structural pass in a cold JVM and warm (median of N
# further passes), peak heap, and pdffonts, pdfimages -list (and gs inkcov) on the same files in the same run.
# Usage: bench/run-engine-bench.sh [corpusDir (default: shared/corpus beside the repository)] [--tac] [--no-tools]
#        [--no-inkcov] [--warm-passes N (default 5)]
# The structural pass runs with -Xmx512m: finishing at all shows the heap bound holds.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.defaultLogLevel=off \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.EngineBench "$@"
