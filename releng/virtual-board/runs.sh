# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts that run sequences on the started virtual board through the built product's CLI.
# Needs: $wqlab (the launcher), $work (a scratch folder; experiments go to $work/ws), $dev (the stick's USB device)
# and a function fail MESSAGE.

# vb_run NAME SEQUENCE-ARGS...: one headless run; sets exp (the experiment folder); 1 when it did not complete
vb_run() {
	local name=$1 json
	shift
	echo "e2e: run '$name'"
	if ! json=$(timeout 600 "$wqlab" run "$@" --board vboard --workspace "$work/ws" --var "usb.device=$dev" \
		--var after.s=3 --json 2>"$work/run.err"); then
		cat "$work/run.err" >&2
	fi
	exp=$(jq -r .experiment <<<"$json")
	jq -r '.steps[] | "  [\(.number)] \(.label): \(.outcome) (\(.durationMs) ms) \(.detail)"' <<<"$json" | cut -c1-200
	[ "$(jq -r .status <<<"$json")" = completed ] || { fail "$name: $(jq -r .summary <<<"$json")"; return 1; }
}

# vb_worst_ms: worst delay (ms) after the first USB disconnect of $exp, from wqlab's own statistics; -1 without one
vb_worst_ms() {
	"$wqlab" stats "$exp" --json | jq -r 'if (.usbDisconnects | length) == 0 then -1
		else ((.usbDisconnects[0].worstDelayUs // 0) / 1000 | floor) end'
}

# vb_no_wait_sequence FILE: the report procedure with its wait for a >= 100 ms report replaced by a 5 s sleep (at
# 256 MiB a quiet host may stall less than that, and runs of every size should end alike)
vb_no_wait_sequence() {
	jq '.steps |= map(if .type == "wait-log" then { type: "sleep", name: "after the pull", seconds: "5" } else . end)' \
		"$VB_ROOT/bundles/org.wqlab.sequence/sequences/report-procedure.wqseq" >"$1"
}

# vb_no_wait_run MIB: a run of $work/no-wait.wqseq (made by vb_no_wait_sequence) at MIB MiB cached; sets exp and
# worst (ms; -1 when the run did not complete)
vb_no_wait_run() {
	worst=-1
	vb_run "device_del, $1 MiB cached, no wait" "$work/no-wait.wqseq" --var "size.mib=$1" || return 0
	worst=$(vb_worst_ms)
	echo "e2e: device_del, $1 MiB: worst delay after the disconnect $worst ms"
}

# vb_predict_json MIB EXPERIMENT...: `wqlab predict --json` of MIB MiB from the experiments ('{}' when it fails)
vb_predict_json() {
	local mib=$1 out
	shift
	out=$("$wqlab" predict --from "$@" --var "size.mib=$mib" --json 2>"$work/predict.err") ||
		{ cat "$work/predict.err" >&2; out='{}'; }
	echo "$out"
}

# vb_within PERCENT PREDICTED MEASURED: true when both are > 0 and MEASURED is within PERCENT % of PREDICTED
vb_within() {
	[ "$2" -gt 0 ] && [ "$3" -gt 0 ] &&
		awk -v q="$1" -v p="$2" -v m="$3" 'BEGIN { d = m - p; if (d < 0) d = -d; exit !(d <= q / 100 * p) }'
}
