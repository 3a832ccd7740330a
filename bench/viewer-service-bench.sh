#!/usr/bin/env bash
# Viewer service benchmark: the viewer's HTTP routes on the corpus next to mutool draw, pdftoppm and gs (the device our renderer uses, and tiffsep) on
# the same pages, in one run: cold tile at 150 dpi, warm tile p50, separations of a page, densitometer after the
# first call, heap while rendering the 352-page corpus file at 150 dpi. Runs the real server in-process (H2,
# filesystem blobs) with -Xmx512m and prints BENCH lines; tables go to server/target/viewer-service-bench.md.
# The corpus is measured in two halves, each by a fresh server JVM warmed on the other half (bench.fold=0, then 1;
# the second run merges both into the tables), so that no measured file was opened by its JVM before.
#   bench/viewer-service-bench.sh [-Dbench.corpus=/path/to/corpus/pdfs]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
rm -f server/target/viewer-service-bench-fold*.tsv
for fold in 0 1; do
  ./mvnw -B -pl server -am test -Dtest=ViewerServiceBenchmark -Dpreflight.excludedGroups=none \
    -Dsurefire.failIfNoSpecifiedTests=false -Dpreflight.skipEngineTests=true -Dbench.fold=$fold \
    -Dpreflight.argLine="-Xmx512m -Djava.awt.headless=true -Dbench.fold=$fold" "$@" \
    | grep -E '^BENCH|Tests run|FAIL' || true
done
