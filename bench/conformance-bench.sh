#!/usr/bin/env bash
# Conformance benchmark: our job under pdfa-2b (PDFBox facts pass plus the veraPDF child JVM) next to veraPDF
# validating the same files alone, in one JVM with -Xmx512m, warm, per file and in total.
# Usage: bench/conformance-bench.sh [files or folders (default: shared/conformance/pdfs and the 352-page corpus file)]
# veraPDF's command-line application (greenfield-apps) is not published on Maven Central; the baseline is the same
# library calls it makes for one file (Greenfield parser, PDF/A-2b validator), run in this JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
./mvnw -B -q -pl engine -am test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
if [ $# -eq 0 ]; then
  set -- ../shared/conformance/pdfs ../shared/corpus/pdfs/pdfjs__freeculture.pdf
fi
exec "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true ${BENCH_JAVA_OPTS:-} \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=off -Djava.util.logging.config.file=/dev/null \
  -cp "engine/target/test-classes:engine/target/classes:$(cat "$cp_file")" \
  dev.preflight.engine.bench.ConformanceBench "$@"
