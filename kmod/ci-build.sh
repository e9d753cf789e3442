#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds latency-mon.ko for real, as CI does:
#   amd64: against Debian's linux-headers-amd64 (installed with apt-get)
#   arm64: cross-compiled with Debian's aarch64-linux-gnu gcc against Debian's arm64
#          headers, downloaded and unpacked (not installed) into the cache, their
#          scripts/ and tools/ pointed at the host's linux-kbuild package
# and checks the sources with the kernel's checkpatch.pl (taken from Debian's
# linux-source package once, then cached). Fails on any compiler or modpost warning
# or error, on any checkpatch report, and on a vermagic or ELF machine mismatch.
#
# Usage: kmod/ci-build.sh [OUTDIR]        (default: kmod/out)
# Writes OUTDIR/latency-mon-amd64.ko, OUTDIR/latency-mon-arm64.ko, OUTDIR/vermagic.txt
# and the logs OUTDIR/build-<arch>.log, OUTDIR/checkpatch.log.
# Needs root only while a package is missing (Debian 12; registries: Debian only).
# Cache: ${WQLAB_CACHE:-$HOME/.cache/wqlab}/kmod; a second run does no apt work at all.
# The kernel ABI (6.1.0-<n>) is resolved at run time from linux-headers-amd64.
set -euo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive

t_start=$(date +%s%N)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out_arg=${1:-$here/out}
mkdir -p "$out_arg"
out=$(cd "$out_arg" && pwd)
cache=${WQLAB_CACHE:-$HOME/.cache/wqlab}/kmod
sources=(latency-mon.c Kbuild Makefile)
packages=(make gcc binutils kmod perl xz-utils linux-headers-amd64 gcc-aarch64-linux-gnu)

say() { echo "kmod: $*"; }
die() { echo "kmod: ERROR: $*" >&2; exit 1; }
need_root() { [ "$(id -u)" = 0 ] || die "$1 needs root (run as root, or install it first)"; }

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9 # one run at a time per cache

apt_log=$out/apt.log
: >"$apt_log"
apt_updated=no
apt_update() {
	if [ "$apt_updated" = no ]; then
		need_root "apt-get update"
		say "apt-get update"
		apt-get update -q -o DPkg::Lock::Timeout=300 >>"$apt_log" 2>&1 || { tail -20 "$apt_log" >&2; die "apt-get update failed (log: $apt_log)"; }
		apt_updated=yes
	fi
}
apt_install() {
	apt_update
	say "apt-get install $*"
	apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "$@" >>"$apt_log" 2>&1 ||
		{ tail -20 "$apt_log" >&2; die "apt-get install $* failed (log: $apt_log)"; }
}
installed() { [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]; }

# --- packages (once: an installed set costs nothing) -------------------------------
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	need_root "dpkg --add-architecture arm64"
	say "dpkg --add-architecture arm64"
	dpkg --add-architecture arm64
	apt_updated=no # the arm64 package lists are not there yet
fi
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

# --- the amd64 headers: ABI and version at run time -------------------------------
resolve_abi() {
	abi=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 | sed -n 's/.*linux-headers-\([0-9][^ ,]*\)-amd64.*/\1/p')
	[ -n "$abi" ] || die "cannot read the kernel ABI from linux-headers-amd64's Depends"
	installed "linux-headers-$abi-amd64" || die "linux-headers-$abi-amd64 is not installed"
	ver=$(dpkg-query -W -f='${Version}' "linux-headers-$abi-amd64")
	kdir_amd64=/usr/src/linux-headers-$abi-amd64
	[ -d "$kdir_amd64" ] || die "no amd64 kernel build dir at $kdir_amd64"
	kbuild=$(readlink -f "$kdir_amd64/scripts") # /usr/lib/linux-kbuild-<series>/scripts
	kbuild=${kbuild%/scripts}
	[ -x "$kbuild/scripts/mod/modpost" ] || die "no modpost under $kbuild (linux-kbuild package)"
	kbuild_pkg=$(dpkg-query -S "$kbuild/scripts/mod/modpost" | cut -d: -f1)
	series=${kbuild_pkg#linux-kbuild-} # e.g. 6.1
}
resolve_abi

# --- the arm64 headers, unpacked into the cache ----------------------------------
download() { # download DIR PACKAGE... (into DIR, as root or not)
	(cd "$1" && shift && apt-get download -q -o APT::Sandbox::User="$(id -un)" "$@") >>"$apt_log" 2>&1
}
arm64_paths() {
	arm64_dir=$cache/headers-$abi-arm64_$ver
	kdir_arm64=$arm64_dir/usr/src/linux-headers-$abi-arm64
}
fetch_arm64() { # into $1; fails (no exit) when the mirror does not serve $ver
	download "$1" "linux-headers-$abi-arm64:arm64=$ver" "linux-headers-$abi-common=$ver"
}
unpack_arm64() { # from $1
	local common=$arm64_dir/usr/src/linux-headers-$abi-common deb
	say "unpacking linux-headers-$abi-arm64 $ver into $arm64_dir"
	rm -rf "$arm64_dir"
	mkdir -p "$arm64_dir"
	for deb in "$1"/*.deb; do dpkg -x "$deb" "$arm64_dir"; done
	rm -rf "${arm64_dir:?}/lib" "${arm64_dir:?}/usr/share" # only the build trees are needed
	if [ ! -f "$kdir_arm64/Makefile" ] || [ ! -d "$common" ]; then
		die "unexpected layout in the arm64 headers packages"
	fi
	# The arch tree includes the common tree by absolute path, and both point scripts/ and
	# tools/ at linux-kbuild by a relative path that does not exist here: use the host's
	# (its programs run on the build host; the same Debian version as the headers).
	sed -i "s#^include /usr/src/linux-headers-$abi-common/#include $common/#" "$kdir_arm64/Makefile"
	grep -q "^include $common/Makefile" "$kdir_arm64/Makefile" || die "cannot repoint $kdir_arm64/Makefile"
	for t in "$kdir_arm64" "$common"; do
		ln -sfn "$kbuild/scripts" "$t/scripts"
		ln -sfn "$kbuild/tools" "$t/tools"
	done
	touch "$arm64_dir/.complete"
	# keep one ABI in the cache
	find "$cache" -mindepth 1 -maxdepth 1 -name 'headers-*-arm64_*' ! -path "$arm64_dir" -exec rm -rf {} +
}
arm64_paths
if [ ! -e "$arm64_dir/.complete" ]; then
	tmp=$(mktemp -d "$cache/tmp.XXXXXX")
	if ! fetch_arm64 "$tmp"; then
		# The mirror has moved on since linux-headers-amd64 was installed: move with it.
		say "linux-headers-$abi-arm64 $ver cannot be downloaded; updating to Debian's current ABI"
		apt_update
		apt_install linux-headers-amd64
		resolve_abi
		arm64_paths
		fetch_arm64 "$tmp" || { tail -20 "$apt_log" >&2; die "cannot download linux-headers-$abi-arm64 $ver (log: $apt_log)"; }
	fi
	unpack_arm64 "$tmp"
	rm -rf "$tmp"
fi
dpkg --compare-versions "$(dpkg-query -W -f='${Version}' "$kbuild_pkg")" ge "$ver" ||
	die "$kbuild_pkg is older than the arm64 headers ($ver): apt-get install $kbuild_pkg"

# --- checkpatch.pl from Debian's linux-source (about 140 MB, once; 3 files kept) --
prepare_checkpatch() {
	local dir=$cache/checkpatch tmp deb
	[ -e "$dir/.complete" ] && return 0
	tmp=$(mktemp -d "$cache/tmp.XXXXXX")
	say "fetching checkpatch.pl from linux-source-$series (once)"
	if ! download "$tmp" "linux-source-$series"; then
		rm -rf "$tmp"
		apt_update
		tmp=$(mktemp -d "$cache/tmp.XXXXXX")
		download "$tmp" "linux-source-$series" || { rm -rf "$tmp"; die "cannot download linux-source-$series (log: $apt_log)"; }
	fi
	deb=$(ls "$tmp"/linux-source-"$series"_*.deb)
	mkdir -p "$tmp/x"
	dpkg --fsys-tarfile "$deb" | tar -xOf - "./usr/src/linux-source-$series.tar.xz" | xz -dc -T2 |
		tar -xf - -C "$tmp/x" --strip-components=2 \
			"linux-source-$series/scripts/checkpatch.pl" \
			"linux-source-$series/scripts/spelling.txt" \
			"linux-source-$series/scripts/const_structs.checkpatch"
	rm -rf "$dir"
	mkdir -p "$dir"
	mv "$tmp"/x/* "$dir/"
	dpkg-deb -f "$deb" Version >"$dir/VERSION"
	rm -rf "$tmp"
	touch "$dir/.complete"
}
prepare_checkpatch
say "checkpatch.pl (linux-source-$series $(cat "$cache/checkpatch/VERSION")) --strict on ${sources[*]}"
if ! (cd "$here" && perl "$cache/checkpatch/checkpatch.pl" --no-tree --strict --show-types --no-summary-file \
	-f "${sources[@]}") >"$out/checkpatch.log" 2>&1; then
	cat "$out/checkpatch.log" >&2
	die "checkpatch.pl reported problems (above)"
fi
grep -E '^(ERROR|WARNING|CHECK):' "$out/checkpatch.log" >&2 && die "checkpatch.pl reported problems (log: $out/checkpatch.log)"
grep '^total:' "$out/checkpatch.log" | sed 's/^/kmod: checkpatch: /'

# --- builds ----------------------------------------------------------------------
# build ARCH KDIR [make args...]: in a copy of the sources, so the checkout stays clean
# and the two builds cannot mix objects.
build() {
	local arch=$1 kdir=$2 bdir=$cache/build/$1 log=$out/build-$1.log n
	shift 2
	rm -rf "$bdir"
	mkdir -p "$bdir"
	(cd "$here" && cp "${sources[@]}" "$bdir/")
	say "building for $arch against $kdir"
	if ! make -C "$bdir" KDIR="$kdir" W=1 "$@" >"$log" 2>&1; then
		cat "$log" >&2
		die "the $arch build failed (log: $log)"
	fi
	n=$(grep -Eic 'warning:|error:' "$log" || true)
	if [ "$n" != 0 ]; then
		grep -Ei 'warning:|error:' "$log" >&2
		die "the $arch build printed $n warning/error lines (log: $log)"
	fi
	[ -f "$bdir/latency-mon.ko" ] || die "the $arch build made no latency-mon.ko (log: $log)"
	cp "$bdir/latency-mon.ko" "$out/latency-mon-$arch.ko"
}
# check ARCH RELEASE ELF-MACHINE: the .ko is for the kernel and CPU it claims
check() {
	local ko=$out/latency-mon-$1.ko vermagic machine
	vermagic=$(modinfo -F vermagic "$ko")
	machine=$(readelf -h "$ko" | sed -n 's/^ *Machine: *//p')
	case "$vermagic" in "$2 "*) ;; *) die "$ko: vermagic '$vermagic' is not for $2" ;; esac
	[ "$machine" = "$3" ] || die "$ko: ELF machine '$machine', expected '$3'"
	[ "$(modinfo -F name "$ko")" = latency_mon ] || die "$ko: module name is not latency_mon"
	printf '%s: %s\n' "latency-mon-$1.ko" "$vermagic" >>"$out/vermagic.txt.new"
	say "$(basename "$ko"): vermagic=$vermagic; srcversion=$(modinfo -F srcversion "$ko"); machine=$machine"
}

rm -f "$out/vermagic.txt.new" "$out"/latency-mon-*.ko
build amd64 "$kdir_amd64"
build arm64 "$kdir_arm64" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
check amd64 "$abi-amd64" "Advanced Micro Devices X86-64"
check arm64 "$abi-arm64" "AArch64"
mv "$out/vermagic.txt.new" "$out/vermagic.txt"

ms=$((($(date +%s%N) - t_start) / 1000000))
elapsed=$((ms / 1000)).$(printf '%03d' $((ms % 1000)))
say "OK: 2 modules built for Debian $ver ($abi), 0 warnings, checkpatch clean, in ${elapsed}s; output in $out"
