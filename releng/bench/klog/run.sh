#!/usr/bin/env bash
# Kernel-log parse benchmark: the parser's throughput on a generated realistic kernel log.
#
# usage: releng/bench/klog/run.sh [CLASSPATH] [SIZE_MB] [WORKDIR]   (CLASSPATH '' or omitted: the Tycho build's jars)
#   CLASSPATH  the built org.wqlab.core, org.wqlab.klog and org.wqlab.cli classes (jars or class folders, ':'
#              separated) plus gson, e.g. with the scratch Maven build:
#              core/target/classes:klog/target/classes:cli/target/classes:~/.m2/.../gson-2.13.2.jar
#   SIZE_MB    size of the generated log, default 1024 (1 GB)
#   WORKDIR    where the log and the import workspace go, default a temp dir (deleted at the end)
# Environment: JAVA_HOME (a JDK >= 21; default /usr/lib/jvm/temurin-25-jdk-amd64).
#
# Prints: the in-process parse time (JVM warm, sample count checked, median of 3), `grep -c DELAY` on the same
# file (warm page cache, median of 3), their ratio (wall time, and CPU time as a steadier second figure on a
# shared machine; /usr/bin/time is used for grep's CPU time), and the time of the whole import command
# (`Cli import LOG --workspace DIR` in a fresh JVM, as `wqlab import` runs it).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
DEFAULT_CP="$ROOT/bundles/org.wqlab.core/target/org.wqlab.core-0.1.0-SNAPSHOT.jar:$ROOT/bundles/org.wqlab.klog/target/org.wqlab.klog-0.1.0-SNAPSHOT.jar:$ROOT/bundles/org.wqlab.cli/target/org.wqlab.cli-0.1.0-SNAPSHOT.jar:$HOME/.m2/repository/com/google/code/gson/gson/2.13.2/gson-2.13.2.jar"
CP=${1:-$DEFAULT_CP}
for entry in ${CP//:/ }; do [ -e "$entry" ] || { echo "missing $entry: build first (./mvnw -DskipTests verify)" >&2; exit 2; }; done
SIZE_MB=${2:-1024}
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAVA="$JAVA_HOME/bin/java"
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -n "${3:-}" ]; then WORK=$3; mkdir -p "$WORK"; CLEAN_WORK=0; else WORK=$(mktemp -d); CLEAN_WORK=1; fi
LOG="$WORK/bench-kernel.log"
cleanup() {
  rm -f "$LOG" "$LOG.samples"
  rm -rf "$WORK/workspace"
  if [ "$CLEAN_WORK" = 1 ]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT

now() { date +%s%N; }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }

echo "generating ${SIZE_MB} MB kernel log in $LOG ..."
SAMPLES=$("$JAVA" "$HERE/GenerateLog.java" "$LOG" "$SIZE_MB" 1)
echo "size_bytes=$(stat -c %s "$LOG") lines=$(wc -l < "$LOG") samples=$SAMPLES"
cat "$LOG" > /dev/null   # warm the page cache

PARSE_OUT=$("$JAVA" -Xmx2g -cp "$CP" "$HERE/KlogBench.java" "$LOG" "$SAMPLES" 3)
echo "$PARSE_OUT"
PARSE=$(echo "$PARSE_OUT" | sed -n 's/^parse_seconds=//p')

PARSE_CPU=$(echo "$PARSE_OUT" | sed -n 's/^parse_cpu_seconds=//p')

G=(); GC=()
for i in 1 2 3; do
  t0=$(now); COUNT=$(LC_ALL=C /usr/bin/time -f '%U %S' -o "$WORK/grep.cpu" grep -c DELAY "$LOG"); t1=$(now)
  G+=($(( (t1 - t0) / 1000000 )))
  GC+=($(awk '{printf "%d", ($1 + $2) * 1000}' "$WORK/grep.cpu"))
done
rm -f "$WORK/grep.cpu"
GREP_MS=$(median3 "${G[@]}")
GREP_CPU_MS=$(median3 "${GC[@]}")
echo "grep_c_DELAY_count=$COUNT grep_runs_ms=${G[*]} grep_seconds=$(awk "BEGIN{printf \"%.3f\", $GREP_MS/1000}")"
echo "grep_cpu_runs_ms=${GC[*]} grep_cpu_seconds=$(awk "BEGIN{printf \"%.3f\", $GREP_CPU_MS/1000}")"
awk "BEGIN{printf \"parse_to_grep_ratio=%.2f (wall time, medians; goal <= 3)\n\", $PARSE / ($GREP_MS/1000)}"
if [ "$GREP_CPU_MS" -gt 0 ]; then
  awk "BEGIN{printf \"parse_to_grep_cpu_ratio=%.2f (CPU time, medians; steadier on a shared machine)\n\", $PARSE_CPU / ($GREP_CPU_MS/1000)}"
fi

t0=$(now)
"$JAVA" -Xmx2g -cp "$CP" org.wqlab.cli.Cli import "$LOG" --workspace "$WORK/workspace" --name bench
t1=$(now)
awk "BEGIN{printf \"import_command_seconds=%.3f\n\", ($t1-$t0)/1e9}"
