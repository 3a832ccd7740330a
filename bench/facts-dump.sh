#!/usr/bin/env bash
# Writes the facts of every corpus file as JSON (one file each) into OUT_DIR, to compare two builds of the facts
# pass with `diff -r`: a speed change must leave every fact as it was.
# Usage: bench/facts-dump.sh OUT_DIR [corpusDir (default: shared/corpus beside the repository)]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.defaultLogLevel=off \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.FactsDump "$@"
