#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds the wqlab QEMU virtual board from Debian packages only, into the cache:
#   the Debian 6.1 kernel image (apt-get download + dpkg -x: unpacked, never installed), the modules the
#   board needs from it (virtio net, xHCI, usb-storage, sd, ext4, crc32c_generic; dependencies resolved
#   with modprobe --show-depends), latency-mon built against the matching headers by kmod/ci-build.sh
#   (which resolves the kernel ABI from linux-headers-amd64 at run time) and installed under extra/ with
#   depmod, busybox-static, dropbear-bin and trace-cmd with their shared libraries, a host key and a client key made
#   here (never committed), and an initramfs holding all of it; then a USB stick image (mkstick.sh).
#
# Usage: releng/virtual-board/build.sh [--arch x86_64|arm64] [--stick-mib N] [--no-stick]
#   --stick-mib N  size of the test file sample.txt on the stick (default 1024; the stick is rebuilt
#                  only when the size changes)
# Output: ${WQLAB_CACHE:-~/.cache/wqlab}/vboard/<arch>/{vmlinuz,initramfs.gz,board.properties},
#         .../vboard/ssh/{id_ed25519,id_ed25519.pub,dropbear_ed25519_host_key}, .../vboard/stick.img
# A second run with the same inputs does nothing. Needs root only while a host package is missing.
set -euo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

arch=x86_64
stick_mib=1024
stick=yes
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=${2:?--arch needs a value}; shift 2 ;;
	--stick-mib) stick_mib=${2:?--stick-mib needs a value}; shift 2 ;;
	--no-stick) stick=no; shift ;;
	*) vb_die "unknown argument '$1' (usage: build.sh [--arch x86_64|arm64] [--stick-mib N] [--no-stick])" ;;
	esac
done
[[ "$stick_mib" =~ ^[1-9][0-9]*$ ]] || vb_die "--stick-mib: '$stick_mib' is not a positive whole number"
vb_arch "$arch"
t_start=$(date +%s)
mkdir -p "$VB_CACHE"
exec 8>"$VB_CACHE/.build.lock"
flock 8

vb_ensure_packages "$VB_QEMU_PKG" cpio gzip kmod e2fsprogs openssh-client binutils

abi_installed() { dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null | sed -n 's/.*linux-headers-\([0-9][^ ,]*\)-amd64.*/\1/p'; }
inputs=$( (cat "$VB_HERE/build.sh" "$VB_HERE/lib.sh" "$VB_HERE/guest-init.sh" "$VB_HERE/guest-stick.sh" \
	"$VB_ROOT/kmod/latency-mon.c" "$VB_ROOT/kmod/Kbuild"; abi_installed) | sha256sum | cut -c1-16)
out=$VB_CACHE/$VB_ARCH
if [ -f "$out/board.properties" ] && grep -qx "inputs=$inputs" "$out/board.properties"; then
	vb_say "$VB_ARCH board is up to date ($out)"
else
	# --- latency-mon for this kernel (and the ABI), by the kmod build CI runs --------------------
	kmod_inputs=$( (cat "$VB_ROOT/kmod/latency-mon.c" "$VB_ROOT/kmod/Kbuild" "$VB_ROOT/kmod/Makefile"; abi_installed) |
		sha256sum | cut -c1-16)
	if [ "$(cat "$VB_CACHE/kmod-out/.inputs" 2>/dev/null)" != "$kmod_inputs" ] || [ -z "$(abi_installed)" ]; then
		vb_say "building latency-mon with kmod/ci-build.sh"
		bash "$VB_ROOT/kmod/ci-build.sh" "$VB_CACHE/kmod-out" >"$VB_CACHE/kmod-build.log" 2>&1 ||
			{ tail -20 "$VB_CACHE/kmod-build.log" >&2; vb_die "kmod/ci-build.sh failed (log: $VB_CACHE/kmod-build.log)"; }
		echo "$kmod_inputs" >"$VB_CACHE/kmod-out/.inputs"
	fi
	ko=$VB_CACHE/kmod-out/latency-mon-$VB_DEB.ko
	abi=$(modinfo -F vermagic "$ko" | sed -n "s/^\([0-9][^ ]*\)-$VB_DEB .*/\1/p")
	[ -n "$abi" ] || vb_die "cannot read the kernel ABI from $ko"
	ver=$(dpkg-query -W -f='${Version}' "linux-headers-$abi-amd64")
	release=$abi-$VB_DEB

	# --- Debian packages, unpacked (never installed) -------------------------------------------
	# sysroot DEBARCH: $VB_CACHE/sysroot-<abi>_<ver>-<debarch> with the kernel, busybox, dropbear and its libraries
	sysroot() {
		local d=$VB_CACHE/sysroot-${abi}_$ver-$1 tmp deps deb
		if [ ! -e "$d/.complete" ]; then
			vb_say "downloading linux-image-$abi-$1 $ver, busybox-static, dropbear-bin, trace-cmd ($1)"  >&2
			rm -rf "$d"
			tmp=$(mktemp -d "$VB_CACHE/tmp.XXXXXX")
			# dropbear's and trace-cmd's libraries: their Depends, recursively, resolved now (names move between
			# Debian releases)
			mapfile -t deps < <(apt-cache depends --recurse --no-recommends --no-suggests --no-enhances --no-breaks \
				--no-replaces --no-conflicts --no-pre-depends "dropbear-bin:$1" "trace-cmd:$1" | grep -v '^ ' |
				grep -v '^<' | sort -u)
			vb_download "$tmp" "linux-image-$abi-$1:$1=$ver" "busybox-static:$1" "${deps[@]}"
			mkdir -p "$d"
			for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$d"; done
			rm -rf "$tmp" "$d/usr/share"
			touch "$d/.complete"
			find "$VB_CACHE" -mindepth 1 -maxdepth 1 -name "sysroot-*-$1" ! -path "$d" -exec rm -rf {} +
		fi
		echo "$d"
	}
	sys=$(sysroot "$VB_DEB")

	# --- keys: made here, kept in the cache, shared by both arches -------------------------------
	keys=$VB_CACHE/ssh
	mkdir -p "$keys"
	chmod 700 "$keys"
	[ -f "$keys/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C wqlab-vboard -f "$keys/id_ed25519"
	if [ ! -f "$keys/dropbear_ed25519_host_key" ]; then
		hs=$(sysroot amd64) # dropbearkey runs here; the key file is the same on every arch
		"$hs/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --library-path "$hs/lib/x86_64-linux-gnu:$hs/usr/lib/x86_64-linux-gnu" \
			"$hs/usr/bin/dropbearkey" -t ed25519 -f "$keys/dropbear_ed25519_host_key" >/dev/null 2>&1 ||
			vb_die "dropbearkey failed"
		"$hs/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --library-path "$hs/lib/x86_64-linux-gnu:$hs/usr/lib/x86_64-linux-gnu" \
			"$hs/usr/bin/dropbearkey" -y -f "$keys/dropbear_ed25519_host_key" | grep '^ssh-ed25519 ' \
			>"$keys/host_key.pub"
	fi
	fingerprint=$(ssh-keygen -l -E sha256 -f "$keys/host_key.pub" | awk '{print $2}')

	# --- the initramfs ------------------------------------------------------------------------
	root=$(mktemp -d "$VB_CACHE/root.XXXXXX")
	trap 'rm -rf "$root"' EXIT
	mkdir -p "$root"/{bin,sbin,etc/dropbear,root/.ssh,usr/sbin,lib/modules,run/media,tmp,var/log}
	cp "$sys/bin/busybox" "$root/bin/busybox"
	ln -s busybox "$root/bin/sh"
	cp "$VB_HERE/guest-init.sh" "$root/init"
	cp "$VB_HERE/guest-stick.sh" "$root/sbin/wqlab-stick"
	chmod 755 "$root/init" "$root/sbin/wqlab-stick"
	cp "$sys/usr/sbin/dropbear" "$root/usr/sbin/dropbear"
	# trace-cmd, to record the kernel's own trace beside wqlab's (its report is what `wqlab import --trace` reads);
	# of libtraceevent's plugins only sched_switch's, whose output format the importer converts
	mkdir -p "$root/usr/bin"
	cp "$sys/usr/bin/trace-cmd" "$root/usr/bin/trace-cmd"
	plugins=$(cd "$sys" && find usr/lib -type d -path '*/traceevent/plugins' | head -n 1)
	[ -n "$plugins" ] || vb_die "no traceevent plugins in the downloaded libtraceevent1-plugin"
	mkdir -p "$root/$plugins"
	cp "$sys/$plugins/plugin_sched_switch.so" "$root/$plugins/"
	# in_sys PATH: PATH inside the sysroot, its symlinks followed inside the sysroot (absolute ones too)
	in_sys() {
		local p=$1 t
		while [ -L "$sys$p" ]; do
			t=$(readlink "$sys$p")
			case "$t" in /*) p=$t ;; *) p=$(dirname "$p")/$t ;; esac
		done
		echo "$sys$p"
	}
	# copy_libs ELF: its interpreter and NEEDED libraries (recursively) from the sysroot, into the initramfs
	# (libraries under /lib/<triplet>, where the loader looks without an ld.so.cache)
	copy_libs() {
		local interp lib f rel
		interp=$(readelf -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
		if [ -n "$interp" ] && [ ! -e "$root$interp" ]; then
			mkdir -p "$root$(dirname "$interp")"
			cp "$(in_sys "$interp")" "$root$interp"
		fi
		for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			f=$(cd "$sys" && find lib usr/lib -name "$lib" \( -type f -o -type l \) 2>/dev/null | head -n 1)
			[ -n "$f" ] || vb_die "$1 needs $lib: not in the downloaded packages"
			case "$f" in usr/lib/*) rel=/lib/${f#usr/lib/} ;; *) rel=/$f ;; esac
			[ -e "$root$rel" ] && continue
			mkdir -p "$root$(dirname "$rel")"
			cp "$(in_sys "/$f")" "$root$rel"
			copy_libs "$root$rel"
		done
	}
	copy_libs "$root/usr/sbin/dropbear"
	copy_libs "$root/usr/bin/trace-cmd"
	cat >"$root/etc/passwd" <<-'PW'
		root:x:0:0:root:/root:/bin/sh
	PW
	echo 'root:x:0:' >"$root/etc/group"
	echo /bin/sh >"$root/etc/shells"
	cp "$keys/dropbear_ed25519_host_key" "$root/etc/dropbear/"
	cp "$keys/id_ed25519.pub" "$root/root/.ssh/authorized_keys"
	chmod 700 "$root/root" "$root/root/.ssh"
	chmod 600 "$root/root/.ssh/authorized_keys" "$root/etc/dropbear/dropbear_ed25519_host_key"

	mods=$sys/lib/modules/$release
	[ -d "$mods" ] || vb_die "no modules for $release in linux-image-$release"
	depmod -b "$sys" "$release"
	: >"$root/etc/vboard-modules"
	for m in virtio_pci virtio_net xhci_pci usb_storage sd_mod crc32c_generic ext4; do
		modprobe -d "$sys" -S "$release" --show-depends "$m" | while read -r kind path rest; do
			[ "$kind" = insmod ] || continue
			# accelerated variants the emulated CPUs lack (no SSE4.2/PCLMUL): the generic ones do the work
			case "$path" in */arch/*/crypto/*) continue ;; esac
			rel=/lib/modules/$release/${path#"$mods"/}
			grep -qx "$rel" "$root/etc/vboard-modules" && continue
			mkdir -p "$root$(dirname "$rel")"
			cp "$path" "$root$rel"
			echo "$rel" >>"$root/etc/vboard-modules"
		done
	done
	mkdir -p "$root/lib/modules/$release/extra"
	cp "$ko" "$root/lib/modules/$release/extra/latency-mon.ko"
	# busybox's modinfo finds modules.dep entries by the underscore name only (latency_mon); given
	# "latency-mon" it opens /lib/modules/RELEASE/latency-mon: that name leads to the module too
	ln -s extra/latency-mon.ko "$root/lib/modules/$release/latency-mon"
	cp "$mods"/modules.order "$mods"/modules.builtin* "$root/lib/modules/$release/"
	depmod -b "$root" "$release"
	mkdir -p "$out"
	(cd "$root" && find . | cpio -o -H newc -R 0:0 --quiet | gzip -6) >"$out/initramfs.gz.new"
	mv "$out/initramfs.gz.new" "$out/initramfs.gz"
	cp "$sys/boot/vmlinuz-$release" "$out/vmlinuz"
	cat >"$out/board.properties" <<-PROPS
		# the wqlab QEMU virtual board, written by releng/virtual-board/build.sh
		arch=$VB_ARCH
		kernelRelease=$release
		debianVersion=$ver
		kernel=$out/vmlinuz
		initrd=$out/initramfs.gz
		module=$ko
		key=$keys/id_ed25519
		hostKeyFingerprint=$fingerprint
		qemu=$VB_QEMU
		built=$(date -u +%Y-%m-%dT%H:%M:%SZ)
		inputs=$inputs
	PROPS
	# the unpacked packages (about 700 MB) are not needed any more: a rebuild downloads them again (seconds)
	rm -rf "$sys" "$VB_CACHE/sysroot-${abi}_$ver-amd64"
	vb_say "$VB_ARCH board: Debian $release ($ver), initramfs $(du -k "$out/initramfs.gz" | cut -f1) KiB," \
		"$(wc -l <"$root/etc/vboard-modules") modules + latency-mon; host key $fingerprint"
fi

if [ "$stick" = yes ]; then
	bash "$VB_HERE/mkstick.sh" "$VB_CACHE/stick.img" "$stick_mib"
fi
vb_say "done in $(($(date +%s) - t_start)) s; cache $VB_CACHE uses $(du -sh "$VB_CACHE" | cut -f1)"
