#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# How well a twin fitted to the virtual board's real kernel predicts its next run, over several rounds: each round
# runs the report procedure (its wait for a report replaced by a sleep) with device_del at 256, 512 and 1024 MiB
# cached, fits `wqlab predict` to those three runs, predicts 768 MiB, runs 768 MiB right after and prints the
# prediction's error. The end prints the spread of the errors (min, median, max) and how many rounds were within
# 15 %. Under TCG the stall follows the host's load; this measures how much that moves a prediction.
#
# Usage: releng/virtual-board/predict-spread.sh [--arch x86_64|arm64] [--rounds N]   (default 5 rounds)
# Needs the product built (./mvnw verify; WQLAB_BIN overrides the launcher) and jq. About 2 min a round (x86_64).
set -euo pipefail
export LC_ALL=C
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/board-ssh.sh"
source "$(dirname "${BASH_SOURCE[0]}")/runs.sh"

arch=x86_64
rounds=5
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=${2:?}; shift 2 ;;
	--rounds) rounds=${2:?}; shift 2 ;;
	*) vb_die "unknown argument '$1'" ;;
	esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || vb_die "--rounds must be a positive number, not '$rounds'"
vb_arch "$arch"
wqlab=${WQLAB_BIN:-$WQLAB_PRODUCT/wqlab}
[ -x "$wqlab" ] || vb_die "no product launcher at $wqlab: build the product first (./mvnw verify) or set WQLAB_BIN"
command -v jq >/dev/null || vb_die "jq is needed (apt-get install jq)"
work=$(mktemp -d "${TMPDIR:-/tmp}/wqlab-predict-spread.XXXXXX")
cleanup() {
	"$wqlab" vboard stop >/dev/null 2>&1 || true
	rm -f "$VB_CACHE/stick.img" "$VB_CACHE/stick.img.mib"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
failed=0
fail() { echo "spread: FAIL: $*" >&2; failed=$((failed + 1)); }

timeout 900 "$wqlab" vboard build --arch "$VB_ARCH" --stick-mib 1024
timeout 400 "$wqlab" vboard start --arch "$VB_ARCH"
vb_board_ssh_init
dev=$(vb_board_sh wqlab-stick device)
vb_no_wait_sequence "$work/no-wait.wqseq"

errors=()
for ((r = 1; r <= rounds; r++)); do
	from=()
	for mib in 256 512 1024; do
		vb_no_wait_run "$mib"
		[ "$worst" -gt 0 ] && from+=("$exp")
	done
	predicted=$(vb_predict_json 768 "${from[@]}")
	predicted_ms=$(jq -r '(.predictedWorstUs // -1000) / 1000 | floor' <<<"$predicted")
	vb_no_wait_run 768
	if [ "$predicted_ms" -gt 0 ] && [ "$worst" -gt 0 ]; then
		err=$(awk -v p="$predicted_ms" -v m="$worst" 'BEGIN { printf "%.1f", (m - p) * 100 / p }')
		errors+=("$err")
		echo "spread: round $r: fitted on $(jq -c '[.residuals[]? | {mib: .cachedMib, ms: (.measuredWorstUs / 1000 | floor)}]' <<<"$predicted");" \
			"768 MiB predicted $predicted_ms ms, measured $worst ms, error $err %"
	else
		echo "spread: round $r: no figure (predicted $predicted_ms ms, measured $worst ms)"
	fi
done
[ "${#errors[@]}" -gt 0 ] || vb_die "no round gave a prediction and a measurement"
printf '%s\n' "${errors[@]}" | sort -g | awk -v n="${#errors[@]}" -v rounds="$rounds" '
	{ e[NR] = $1; a = $1 < 0 ? -$1 : $1; if (a <= 15) within++ }
	END { printf "spread: %d of %d rounds: error min %s %%, median %s %%, max %s %%; within 15 %%: %d\n",
		n, rounds, e[1], (n % 2 ? e[(n + 1) / 2] : (e[n / 2] + e[n / 2 + 1]) / 2), e[n], within }'
[ "$failed" = 0 ]
