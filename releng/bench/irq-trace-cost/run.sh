#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# What the irq tracepoints cost the monitor: latency-mon's baseline p99 on the QEMU virtual board (x86_64, real
# Debian kernel) with wqlab's trace instance recording the workqueue events and sched_switch only, and with the irq
# events added (irq_handler_entry/exit, softirq_entry/exit, irq_vectors local_timer_entry/exit), as the runner's
# capture records them: an instance of its own, trace_pipe streamed to the host over SSH. Rounds alternate the two
# so the host's load drifts into both; prints each round's p99 and the ratio of the medians (with / without).
#
# Usage: releng/bench/irq-trace-cost/run.sh [--rounds N] [--seconds S] [--period-ms P]
# Needs the product built (WQLAB_BIN overrides the launcher) and the virtual board built (wqlab vboard build). Does
# not run while another QEMU runs (the virtual board's state folder is shared).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../virtual-board/lib.sh"
source "$here/../../virtual-board/board-ssh.sh"
source "$VB_ROOT/releng/scripts/lib.sh"
rounds=4
seconds=30
period=10
while [ $# -gt 0 ]; do
	case "$1" in
	--rounds) rounds=${2:?}; shift 2 ;;
	--seconds) seconds=${2:?}; shift 2 ;;
	--period-ms) period=${2:?}; shift 2 ;;
	*) vb_die "unknown argument '$1'" ;;
	esac
done
vb_arch x86_64
wqlab=${WQLAB_BIN:-$WQLAB_PRODUCT/wqlab}
[ -x "$wqlab" ] || vb_die "no product launcher at $wqlab: build the product first or set WQLAB_BIN"
if pgrep -f '^qemu-system-' >/dev/null; then
	vb_die "a QEMU is running (another test's virtual board?): run this when it has ended"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/wqlab-irq-cost.XXXXXX")
stream=
cleanup() {
	[ -z "$stream" ] || kill "$stream" 2>/dev/null || true
	"$wqlab" vboard stop >"$work/stop.log" 2>&1 || cat "$work/stop.log" >&2
	rm -f "$VB_CACHE/stick.img" "$VB_CACHE/stick.img.mib"
	rm -rf "$work"
}
trap cleanup EXIT
timeout 900 "$wqlab" vboard build --arch x86_64 --stick-mib 64 >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
timeout 400 "$wqlab" vboard start --arch x86_64 >"$work/start.log" 2>&1 || { cat "$work/start.log" >&2; exit 1; }
vb_board_ssh_init
board_sh() { vb_board_sh "$@"; }
ko=$(sed -n 's/^module=//p' "$VB_CACHE/x86_64/board.properties")
board_sh 'cat > /tmp/latency-mon.ko' <"$ko"
tr=/sys/kernel/tracing
board_sh "[ -d $tr/instances ] || mount -t tracefs nodev $tr"
base_events="workqueue/workqueue_queue_work workqueue/workqueue_activate_work workqueue/workqueue_execute_start
	workqueue/workqueue_execute_end sched/sched_switch"
irq_events="irq/irq_handler_entry irq/irq_handler_exit irq/softirq_entry irq/softirq_exit
	irq_vectors/local_timer_entry irq_vectors/local_timer_exit"

# one_round MODE: the monitor on CPU 0 every PERIOD ms for SECONDS with the trace instance of MODE; prints its p99 (us)
one_round() {
	local mode=$1 events=$base_events inst=$tr/instances/wqlab-bench-$1-$2 e lines
	[ "$mode" = irq ] && events="$base_events $irq_events"
	board_sh "mkdir $inst" >/dev/null
	for e in $events; do board_sh "echo 1 > $inst/events/$e/enable" 2>/dev/null || true; done
	board_sh "cat $inst/trace_pipe & echo \$! > /tmp/wqlab-bench-cat.pid; wait" >"$work/trace-$mode.log" &
	stream=$!
	board_sh "dmesg -c >/dev/null; taskset -c 0 insmod /tmp/latency-mon.ko cpu=0 period_ms=$period report_all=1 classic=0"
	sleep "$seconds"
	board_sh "rmmod latency_mon; dmesg" >"$work/dmesg-$mode.log"
	board_sh 'kill "$(cat /tmp/wqlab-bench-cat.pid)"' || true
	wait "$stream" 2>/dev/null || true
	stream=
	for e in $events; do board_sh "echo 0 > $inst/events/$e/enable" 2>/dev/null || true; done
	# EBUSY until the reader of trace_pipe has closed it, as the runner's capture finds
	board_sh "i=0; until rmdir $inst 2>/dev/null || [ \$i -ge 50 ]; do i=\$((i + 1)); sleep 0.1; done" || true
	lines=$(wc -l <"$work/trace-$mode.log")
	grep -o 'delay_us=-\?[0-9]*' "$work/dmesg-$mode.log" | cut -d= -f2 | sort -n >"$work/delays-$mode"
	local n p99
	n=$(wc -l <"$work/delays-$mode")
	[ "$n" -gt 100 ] || vb_die "round $mode: only $n reports"
	p99=$(awk -v n="$n" 'BEGIN { r = int(0.99 * n); if (r < 0.99 * n) r++ } NR == r { print; exit }' "$work/delays-$mode")
	echo "$p99 $n $lines"
}

declare -a base_p99 irq_p99
for ((r = 1; r <= rounds; r++)); do
	for mode in base irq; do
		read -r p99 n lines < <(one_round "$mode" "$r")
		echo "irq-trace-cost: round $r $mode: p99 $p99 us over $n reports; $lines trace lines"
		if [ "$mode" = base ]; then base_p99+=("$p99"); else irq_p99+=("$p99"); fi
	done
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mb=$(median "${base_p99[@]}")
mi=$(median "${irq_p99[@]}")
echo "irq-trace-cost: baseline p99 (median of $rounds rounds of ${seconds} s, period $period ms): without irq events" \
	"$mb us, with them $mi us; ratio $(awk -v a="$mi" -v b="$mb" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
