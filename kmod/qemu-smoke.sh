#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Loads the modules that ci-build.sh built into the Debian kernels they were built for,
# booted under QEMU (software emulation, 2 CPUs): amd64 on q35, arm64 on virt. The guest
# runs smoke-init.sh; this script checks the kernel log it returns against the line
# contract: refusals of bad parameters, start/report/stop lines, levels, per-CPU seq
# without gaps, CPU hotplug, unload.
#
# Usage: kmod/qemu-smoke.sh [OUTDIR]   (default kmod/out: where ci-build.sh put the .ko files)
# Writes OUTDIR/dmesg-<arch>.txt (the guest's kernel log, `dmesg -r`) and OUTDIR/serial-<arch>.log.
# Needs root while a package is missing: qemu-system-x86 qemu-system-arm cpio. The guests' busybox
# (busybox-static, both arches) is downloaded and unpacked, not installed: it conflicts with busybox.
# Cache: ${WQLAB_CACHE:-$HOME/.cache/wqlab}/kmod/vm-<abi>_<version> (kernels, busyboxes).
# shellcheck disable=SC2016 # the checks are passed to eval in single quotes on purpose
set -euo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out_arg=${1:-$here/out}
out=$(cd "$out_arg" && pwd)
cache=${WQLAB_CACHE:-$HOME/.cache/wqlab}/kmod
packages=(qemu-system-x86 qemu-system-arm cpio gzip)

say() { echo "kmod smoke: $*"; }
die() { echo "kmod smoke: ERROR: $*" >&2; exit 1; }
installed() { [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]; }

for a in amd64 arm64; do [ -f "$out/latency-mon-$a.ko" ] || die "no $out/latency-mon-$a.ko: run kmod/ci-build.sh first"; done
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9

missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || die "installing ${missing[*]} needs root"
	say "apt-get install ${missing[*]}"
	{ apt-get update -q -o DPkg::Lock::Timeout=300 &&
		apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "${missing[@]}"; } >"$out/smoke-apt.log" 2>&1 ||
		{ tail -20 "$out/smoke-apt.log" >&2; die "apt-get failed (log: $out/smoke-apt.log)"; }
fi

# The kernels the modules were built for: the release in each vermagic, the version of its headers.
abi=$(modinfo -F vermagic "$out/latency-mon-amd64.ko" | sed -n 's/^\([0-9][^ ]*\)-amd64 .*/\1/p')
[ -n "$abi" ] || die "cannot read the kernel ABI from $out/latency-mon-amd64.ko"
ver=$(dpkg-query -W -f='${Version}' "linux-headers-$abi-amd64")
vm=$cache/vm-${abi}_$ver
if [ ! -e "$vm/.complete" ]; then
	say "fetching linux-image-$abi-amd64/arm64 $ver and busybox-static (amd64, arm64)"
	rm -rf "$vm"
	mkdir -p "$vm/debs"
	(cd "$vm/debs" && apt-get download -q -o APT::Sandbox::User="$(id -un)" \
		"linux-image-$abi-amd64=$ver" "linux-image-$abi-arm64:arm64=$ver" busybox-static:amd64 busybox-static:arm64) \
		>>"$out/smoke-apt.log" 2>&1 || { tail -20 "$out/smoke-apt.log" >&2; die "cannot download the kernel images"; }
	for a in amd64 arm64; do
		dpkg -x "$(ls "$vm"/debs/linux-image-*_"$a".deb)" "$vm/x-$a"
		dpkg -x "$(ls "$vm"/debs/busybox-static_*_"$a".deb)" "$vm/x-$a"
		cp "$vm/x-$a/boot/vmlinuz-$abi-$a" "$vm/vmlinuz-$a"
		cp "$vm/x-$a/bin/busybox" "$vm/busybox-$a"
	done
	rm -rf "$vm/debs" "$vm"/x-*
	touch "$vm/.complete"
	find "$cache" -mindepth 1 -maxdepth 1 -name 'vm-*' ! -path "$vm" -exec rm -rf {} +
fi

# boot ARCH BUSYBOX QEMU-ARGS...: the guest's kernel log into $out/dmesg-ARCH.txt
boot() {
	local arch=$1 busybox=$2 root
	shift 2
	root=$(mktemp -d)
	mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev"
	cp "$busybox" "$root/bin/busybox"
	cp "$here/smoke-init.sh" "$root/init"
	chmod 755 "$root/init"
	cp "$out/latency-mon-$arch.ko" "$root/latency-mon.ko"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$vm/initramfs-$arch.gz"
	rm -rf "$root"
	say "booting Debian $abi-$arch under QEMU"
	timeout 300 "$@" -smp 2 -m 512 -accel tcg -display none -monitor none -no-reboot \
		-initrd "$vm/initramfs-$arch.gz" -serial "file:$out/serial-$arch.log" ||
		die "QEMU for $arch failed or timed out (console: $out/serial-$arch.log)"
	sed -n '/^wqlab-smoke: DMESG BEGIN/,/^wqlab-smoke: DMESG END/p' "$out/serial-$arch.log" |
		sed '1d;$d' | tr -d '\r' >"$out/dmesg-$arch.txt"
	[ -s "$out/dmesg-$arch.txt" ] || die "the $arch guest returned no kernel log (console: $out/serial-$arch.log)"
}

# check ARCH: the contract, on $out/dmesg-ARCH.txt
failed=0
passed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "kmod smoke: FAIL [$arch] $*" >&2; }
expect() { if "$@"; then ok; else bad "$last"; fi; }
# segment TITLE: the log lines from the marker "insmod TITLE" to the next insmod marker or the end
segment() {
	awk -v m="wqlab-smoke: insmod $1" '
		index($0, "wqlab-smoke: insmod ") { on = (substr($0, index($0, "wqlab-smoke: ")) == m) }
		index($0, "wqlab-smoke: end") { on = 0 }
		on' "$log"
}
has() { grep -qE -- "$2" <<<"$1"; }
refused() { # refused PARAMS MESSAGE-REGEX
	local s
	s=$(segment "$1")
	last="insmod $1 is refused with: $2"
	expect has "$s" 'wqlab-smoke: refused$'
	expect has "$s" "^<3>\\[ *[0-9.]+\\] latency_mon: $2"
	last="insmod $1 prints no start line"
	expect eval '! has "$s" "latency_mon: start"'
}
# reports SEGMENT CPU-REGEX: every latency_mon line is start/report/stop, levels and seq right
reports_ok() {
	awk -v thr="$2" '
		/latency_mon: (loading out-of-tree|module verification)/ { next }
		/latency_mon: start / { next }
		/latency_mon: stop$/ { stopped = 1; next }
		/latency_mon: / {
			if (stopped) { print "report after stop: " $0; bad = 1; next }
			if (!match($0, /^<[0-9]+>\[ *[0-9.]+\] latency_mon: cpu=[0-9]+ seq=[0-9]+ delay_us=-?[0-9]+$/)) {
				print "not a contract line: " $0; bad = 1; next
			}
			lvl = substr($0, 2, index($0, ">") - 2)
			split(substr($0, index($0, "cpu=")), f, /[ =]/)
			c = f[2]; s = f[4]; d = f[6]
			if ((d > thr * 1000) != (lvl == 2) || (lvl != 2 && lvl != 6)) { print "wrong level: " $0; bad = 1 }
			if (s != last[c] + 1) { print "seq gap on cpu " c ": " $0; bad = 1 }
			last[c] = s; n[c]++
		}
		/DELAY:/ { print "classic line in a classic=0 run: " $0; bad = 1 }
		END { for (c in n) printf "cpu%s=%d ", c, n[c]; print ""; exit bad }' <<<"$1"
}

check() {
	arch=$1
	log=$out/dmesg-$arch.txt
	local s r
	last="the test script ran to its end (no watchdog)"
	expect grep -q 'wqlab-smoke: end$' "$log"
	last="no Oops, BUG, WARNING or taint beyond the out-of-tree/unsigned ones"
	expect eval '! grep -qE "\] (BUG|Oops|WARNING|Kernel panic|general protection)|Tainted: .*[DWL]" "$log"'
	last="every log line is one record (<level>[time] text)"
	expect eval '! grep -qvE "^<[0-9]+>\[ *[0-9]+\.[0-9]+\] " "$log"'

	refused "period_ms=0" 'invalid parameter period_ms \(0\): must be 1\.\.3600000$'
	refused "threshold_ms=3600001" 'invalid parameter threshold_ms \(3600001\)'
	refused "cpu=-2" 'invalid parameter cpu \(-2\): must be -1 or a possible CPU 0\.\.'
	refused "cpu=9999" 'invalid parameter cpu \(9999\)'
	refused "report_all=2 classic=0" 'invalid parameter report_all \(2\): must be 0 or 1$'
	refused "classic=2" 'invalid parameter classic \(2\): must be 0 or 1$'
	refused "cpu=-1" 'invalid parameters: cpu=-1 needs classic=0'
	refused "report_all=1" 'invalid parameters: report_all=1 needs classic=0'
	refused "cpu=1 classic=0" 'CPU 1 is offline'

	s=$(segment "cpu=0 classic=0 report_all=1")
	last="cpu=0 classic=0 report_all=1: start line"
	expect has "$s" '^<6>\[ *[0-9.]+\] latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=1$'
	for p in cpu=0 classic=0 report_all=1 period_ms=100 threshold_ms=9; do
		last="cpu=0 classic=0 report_all=1: sysfs parameter $p"
		expect has "$s" "wqlab-smoke: param $p\$"
	done
	last="cpu=0 classic=0 report_all=1: reports (contract, levels, seq from 1 without gaps, none after stop)"
	if r=$(reports_ok "$s" 9); then ok; else bad "$last: $r"; fi
	last="cpu=0 classic=0 report_all=1: at least 5 reports in 1 s, all for cpu 0 ($r)"
	expect eval '[[ "$r" =~ ^cpu0=([5-9]|[1-9][0-9])\ $ ]]'
	last="cpu=0 classic=0 report_all=1: stop line, then unloaded"
	expect has "$s" '^<6>\[ *[0-9.]+\] latency_mon: stop$'
	expect has "$s" 'wqlab-smoke: unloaded$'

	s=$(segment "threshold_ms=0")
	last="classic threshold_ms=0: start line"
	expect has "$s" '^<6>\[ *[0-9.]+\] latency_mon: start cpu=0 period_ms=100 threshold_ms=0 report_all=0$'
	last="classic threshold_ms=0: DELAY lines at KERN_CRIT, positive, nothing else"
	expect has "$s" '^<2>\[ *[0-9.]+\] DELAY: [1-9][0-9]*$'
	expect eval '! has "$s" "DELAY: (-|0)|<[013-7]>\[ *[0-9.]+\] DELAY|latency_mon: cpu="'
	expect has "$s" 'latency_mon: stop$'

	s=$(segment "cpu=-1 classic=0 report_all=1")
	last="cpu=-1: start line"
	expect has "$s" '^<6>\[ *[0-9.]+\] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1$'
	last="cpu=-1: reports (contract, levels, per-CPU seq without gaps across offline/online)"
	if r=$(reports_ok "$s" 9); then ok; else bad "$last: $r"; fi
	last="cpu=-1: both CPUs report ($r)"
	expect eval '[[ "$r" =~ cpu0=[0-9]+ && "$r" =~ cpu1=[0-9]+ ]]'
	last="cpu=-1: no cpu=1 report while CPU 1 is offline"
	expect eval '! sed -n "/cpu1 online=0 done/,/cpu1 online=1 done/p" <<<"$s" | grep -q "latency_mon: cpu=1 "'
	last="cpu=-1: CPU 1 reports again once online"
	expect eval 'sed -n "/cpu1 online=1 done/,\$p" <<<"$s" | grep -q "latency_mon: cpu=1 "'
	last="cpu=-1: stop line, then unloaded"
	expect has "$s" 'latency_mon: stop$'
	expect has "$s" 'wqlab-smoke: unloaded$'
}

boot amd64 "$vm/busybox-amd64" qemu-system-x86_64 -M q35 -kernel "$vm/vmlinuz-amd64" \
	-append "console=ttyS0 panic=-1 loglevel=1"
check amd64
boot arm64 "$vm/busybox-arm64" qemu-system-aarch64 -M virt -cpu cortex-a57 -kernel "$vm/vmlinuz-arm64" \
	-append "console=ttyAMA0 panic=-1 loglevel=1"
check arm64

[ "$failed" = 0 ] || die "$failed of $((passed + failed)) checks failed (logs: $out/dmesg-*.txt)"
say "$passed checks passed on Debian $abi amd64 and arm64 kernels; logs in $out/dmesg-{amd64,arm64}.txt"
