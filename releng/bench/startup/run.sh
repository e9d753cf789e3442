#!/usr/bin/env bash
# Start-up benchmark: launch-to-window-mapped of the wqlab workbench and of a minimal RCP product (one empty
# workbench window, the same target platform, OSGi launcher and launcher script), side by side on one virtual display.
#   releng/bench/startup/run.sh [RUNS]        RUNS per product, default 5 (after one unmeasured warm-up start each)
# Builds what is missing: the wqlab product (./mvnw -DskipTests verify) and the minimal product (its own small
# reactor in this folder, never part of the main build). Prints every start, the medians and their ratio; goal <= 1.5.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$WQLAB_ROOT"
HERE="$WQLAB_ROOT/releng/bench/startup"
RUNS=${1:-5}
MINIMAL="$HERE/org.wqlab.bench.startup.product/target/products/org.wqlab.bench.startup.product/linux/gtk/x86_64/minimal"

wqlab_ensure_packages xvfb xauth libgtk-3-0 libx11-dev gcc
wqlab_use_java

if [ ! -d "$WQLAB_PRODUCT/plugins" ]; then
    wqlab_log "building the wqlab product"
    ./mvnw -B -ntp -q -DskipTests verify
fi
if [ ! -d "$MINIMAL/plugins" ] || [ -n "$(find "$HERE"/org.wqlab.bench.startup.* "$HERE/pom.xml" -path "*/target" -prune -o -type f -newer "$MINIMAL/plugins" -print -quit)" ]; then
    wqlab_log "building the minimal RCP product"
    ./mvnw -B -ntp -q -f "$HERE/pom.xml" verify
    touch "$MINIMAL/plugins"
fi
# the very launcher script wqlab ships, so both start the same way
install -m 755 "$WQLAB_LAUNCHER_SOURCE" "$MINIMAL/wqlab"

work=$(mktemp -d "${TMPDIR:-/tmp}/wqlab-startup-bench.XXXXXX")
wqlab_on_exit 'rm -rf "$work"'
gcc -O2 -Wall -o "$work/wait-mapped" "$HERE/wait-mapped.c" -lX11
unset DISPLAY
wqlab_start_xvfb

# start NAME HOME TITLE: launches HOME/wqlab with a fresh workspace, prints "FIRST_WINDOW_S WINDOW_S" after launch
start() {
    local name=$1 home=$2 title=$3 data="$work/data-$1-$RANDOM"
    local fifo="$work/waiter-$RANDOM"
    mkfifo "$fifo"
    "$work/wait-mapped" "$title" 120 >"$fifo" &
    local waiter=$!
    exec 8<"$fifo"
    local line
    read -r line <&8
    [ "$line" = ready ] || wqlab_die "wait-mapped did not start"
    local t0
    t0=$(date +%s%N)
    setsid "$home/wqlab" -data "$data" >"$work/$name.log" 2>&1 &
    local app=$!
    local first="" shown="" key value
    while read -r key value <&8; do
        case $key in
            first-window) first=$value ;;
            window) shown=$value ;;
        esac
    done
    exec 8<&-
    rm -f "$fifo"
    wait "$waiter" || { kill -TERM -- "-$app" 2>/dev/null; cat "$work/$name.log" >&2; wqlab_die "$name: no window titled '$title'"; }
    kill -TERM -- "-$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
    awk -v t0="$t0" -v a="$first" -v b="$shown" 'BEGIN { printf "%.2f %.2f\n", (a - t0) / 1e9, (b - t0) / 1e9 }'
}

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

wqlab_log "warm-up start of each (configuration caches filled; not measured)"
start wqlab "$WQLAB_PRODUCT" "wqlab - Latency Lab" >/dev/null
start minimal "$MINIMAL" "Minimal RCP" >/dev/null

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-4s %-22s %-22s %s\n' run "wqlab first/workbench" "minimal first/workbench" "ratio"
wq=() mi=() wq_first=()
for i in $(seq 1 "$RUNS"); do
    read -r wf ws < <(start wqlab "$WQLAB_PRODUCT" "wqlab - Latency Lab")
    read -r mf ms < <(start minimal "$MINIMAL" "Minimal RCP")
    wq+=("$ws") mi+=("$ms") wq_first+=("$wf")
    printf '%-4s %-22s %-22s %.2f\n' "$i" "$wf s / $ws s" "$mf s / $ms s" "$(awk -v a="$ws" -v b="$ms" 'BEGIN { print a / b }')"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
mw=$(median "${wq[@]}") mm=$(median "${mi[@]}") mf=$(median "${wq_first[@]}")
ratio=$(awk -v a="$mw" -v b="$mm" 'BEGIN { printf "%.2f", a / b }')
echo "median launch-to-window-mapped: wqlab $mw s (its splash after $mf s), minimal RCP $mm s; ratio $ratio (goal <= 1.5)"
