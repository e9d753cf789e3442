# SPDX-License-Identifier: GPL-2.0
# Shared by the virtual board's scripts (build.sh, mkstick.sh, e2e-test.sh). Source it; do not run it.
# Paths: ${WQLAB_CACHE:-~/.cache/wqlab}/vboard holds everything these scripts make (nothing in the checkout).

VB_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
VB_ROOT=$(cd "$VB_HERE/../.." && pwd)
VB_CACHE=${WQLAB_CACHE:-$HOME/.cache/wqlab}/vboard

vb_say() { echo "vboard: $*"; }
vb_die() { echo "vboard: ERROR: $*" >&2; exit 1; }
vb_installed() { [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]; }

# vb_arch ARCH: sets VB_ARCH (x86_64|arm64), VB_DEB (amd64|arm64), VB_QEMU, VB_QEMU_PKG
vb_arch() {
	case "$1" in
	x86_64 | amd64) VB_ARCH=x86_64 VB_DEB=amd64 VB_QEMU=qemu-system-x86_64 VB_QEMU_PKG=qemu-system-x86 ;;
	arm64 | aarch64) VB_ARCH=arm64 VB_DEB=arm64 VB_QEMU=qemu-system-aarch64 VB_QEMU_PKG=qemu-system-arm ;;
	*) vb_die "unknown arch '$1' (x86_64 or arm64)" ;;
	esac
}

# vb_ensure_packages PKG...: installs the missing ones (root only), like releng/scripts/lib.sh
vb_ensure_packages() {
	local missing=() p
	for p in "$@"; do vb_installed "$p" || missing+=("$p"); done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" = 0 ] || vb_die "missing packages: ${missing[*]} (sudo apt-get install ${missing[*]})"
	vb_say "apt-get install ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -q -o DPkg::Lock::Timeout=300 &&
		apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "${missing[@]}"; } >"$VB_CACHE/apt.log" 2>&1 ||
		{ tail -20 "$VB_CACHE/apt.log" >&2; vb_die "apt-get install ${missing[*]} failed (log: $VB_CACHE/apt.log)"; }
}

# vb_download DIR PKG...: apt-get download into DIR (root or not)
vb_download() {
	local dir=$1
	shift
	(cd "$dir" && apt-get download -q -o APT::Sandbox::User="$(id -un)" "$@") >>"$VB_CACHE/apt.log" 2>&1 ||
		{ tail -20 "$VB_CACHE/apt.log" >&2; vb_die "apt-get download $* failed (log: $VB_CACHE/apt.log)"; }
}
