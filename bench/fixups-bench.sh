#!/usr/bin/env bash
# Issue 23: each Ghostscript fixup against the bare gs command it wraps, on a few corpus files (read in place, never
# copied). For each file: wall time and peak RSS (/usr/bin/time -v) of the bare gs run, of the whole fixup process
# (JVM start, PDFBox checks before and after, gs as a child: peak RSS is the larger of the JVM and gs), and the
# fixup's own time inside the JVM (Fixups.apply, JVM start excluded). Prints Markdown table rows.
# Usage: [FIXUPS="EMBED_FONTS ..."] bench/fixups-bench.sh [corpusDir (default: shared/corpus beside the repository)]
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME="$(bin/java-home)"; export JAVA_HOME
corpus="${1:-$(cd .. && pwd)/shared/corpus}"
[ -d "$corpus/pdfs" ] || corpus=/work/shared/corpus
files=(ofc__Neddy_Flyer_HeatherRyan.pdf pdfcpu__TheGoProgrammingLanguageCh1.pdf pdfjs__tracemonkey.pdf
       pdfcpu__VectorApple.pdf)
icc="$(pwd)/server/src/main/resources/icc/profiles/fogra39.icc"
work="$(mktemp -d)"
cp_file="$work/cp"
trap 'rm -rf "$work"' EXIT
# -am: the engine needs the xml module from this reactor (its classes directory), not from a local repository
./mvnw -B -q -pl engine -am test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
cp="engine/target/test-classes:engine/target/classes:$(cat "$cp_file")"
keep=(-dAutoRotatePages=/None -dDownsampleColorImages=false -dDownsampleGrayImages=false
      -dDownsampleMonoImages=false -dAutoFilterColorImages=false -dAutoFilterGrayImages=false
      -dColorImageFilter=/FlateEncode -dGrayImageFilter=/FlateEncode)

measure() { # prints "seconds maxrss_mb" of the command
  /usr/bin/time -v "$@" >"$work/out.txt" 2>"$work/time.txt" || { echo "failed: $*" >&2; cat "$work/time.txt" >&2; }
  local wall rss
  wall=$(grep 'Elapsed (wall clock)' "$work/time.txt" | awk -F': ' '{print $2}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep 'Maximum resident set size' "$work/time.txt" | awk '{print int($6/1024)}')
  echo "$wall $rss"
}

echo "| fixup | file | bare gs s | bare gs MB | fixup process s | fixup process MB | Fixups.apply s |"
echo "|---|---|---|---|---|---|---|"
for fixup in ${FIXUPS:-CONVERT_TO_OUTPUT_INTENT EMBED_FONTS DOWNSAMPLE_IMAGES FLATTEN_TRANSPARENCY}; do
  for f in "${files[@]}"; do
    in="$corpus/pdfs/$f"
    if [ "$fixup" = CONVERT_TO_OUTPUT_INTENT ]; then
      bare=(gs -dSAFER "--permit-file-read=$icc" -dBATCH -dNOPAUSE -q -sDEVICE=pdfwrite "${keep[@]}"
            -sProcessColorModel=DeviceCMYK -sColorConversionStrategy=CMYK "-sOutputICCProfile=$icc" -dRenderIntent=1
            -o "$work/bare.pdf" "$in")
    elif [ "$fixup" = FLATTEN_TRANSPARENCY ]; then
      bare=(gs -dSAFER -dBATCH -dNOPAUSE -q -sDEVICE=pdfwrite "${keep[@]}" -dCompatibilityLevel=1.3
            -sProcessColorModel=DeviceCMYK -r300 -o "$work/bare.pdf" "$in")
    elif [ "$fixup" = DOWNSAMPLE_IMAGES ]; then
      bare=(gs -dSAFER -dBATCH -dNOPAUSE -q -sDEVICE=pdfwrite -dAutoRotatePages=/None
            -dAutoFilterColorImages=false -dAutoFilterGrayImages=false -dColorImageFilter=/FlateEncode
            -dGrayImageFilter=/FlateEncode
            -dDownsampleColorImages=true -dColorImageDownsampleType=/Bicubic -dColorImageResolution=300
            -dColorImageDownsampleThreshold=2.0 -dDownsampleGrayImages=true -dGrayImageDownsampleType=/Bicubic
            -dGrayImageResolution=300 -dGrayImageDownsampleThreshold=2.0 -dDownsampleMonoImages=true
            -dMonoImageDownsampleType=/Subsample -dMonoImageResolution=1200 -dMonoImageDownsampleThreshold=2.0
            -o "$work/bare.pdf" "$in")
    else
      bare=(gs -dSAFER -dBATCH -dNOPAUSE -q -sDEVICE=pdfwrite "${keep[@]}" -dEmbedAllFonts=true -dSubsetFonts=true
            -o "$work/bare.pdf" -c "<</NeverEmbed []>> setdistillerparams" -f "$in")
    fi
    read -r gs_s gs_mb < <(measure "${bare[@]}")
    read -r fx_s fx_mb < <(measure "$JAVA_HOME/bin/java" -Xmx512m -Djava.awt.headless=true \
        -Dorg.slf4j.simpleLogger.defaultLogLevel=off -cp "$cp" dev.preflight.engine.bench.FixupBench \
        "$fixup" "$in" "$work/fixed.pdf" "$icc")
    apply_ms=$(grep -o 'apply_ms=[0-9]*' "$work/out.txt" | cut -d= -f2 || echo "")
    apply_s=$(awk -v m="${apply_ms:-0}" 'BEGIN { printf "%.2f", m / 1000 }')
    echo "| $fixup | $f | $gs_s | $gs_mb | $fx_s | $fx_mb | $apply_s |"
  done
done
