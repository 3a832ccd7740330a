#!/usr/bin/env bash
# Profiles the engine's structural pass over the corpus with Java Flight Recorder (execution samples every 1 ms)
# and prints where the walking thread's time went, by stage and by method.
# Usage: bench/profile-structural.sh cold|warm [passes (warm, default 3)] [corpusDir ("" for the default)] [file-name part]
# cold: the first pass of a fresh JVM; warm: one unrecorded pass, then the recorded ones.
# The recording stays in engine/target/structural-<mode>.jfr (`jfr view hot-methods` reads it too).
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.defaultLogLevel=off \
  -XX:FlightRecorderOptions=stackdepth=256 -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.StructuralProfile "$@"
