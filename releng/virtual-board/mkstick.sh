#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Makes the virtual board's USB stick: a raw image with one ext4 filesystem (mke2fs -d: no loop mount, no
# root needed) holding sample.txt, SIZE MiB of pseudo-random data (data, not zeros: mke2fs stores zero
# blocks as holes, and reading a hole never reaches the emulated USB disk). The image is sparse: only
# the file's blocks and the filesystem's metadata take disk space.
#
# Usage: releng/virtual-board/mkstick.sh IMAGE SIZE_MIB     (does nothing when IMAGE already holds SIZE_MIB)
# Disk while it runs: about 2 x SIZE_MIB (the file is staged, then copied in); afterwards about SIZE_MIB.
set -euo pipefail
export LC_ALL=C
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

image=${1:?usage: mkstick.sh IMAGE SIZE_MIB}
mib=${2:?usage: mkstick.sh IMAGE SIZE_MIB}
[[ "$mib" =~ ^[1-9][0-9]*$ ]] || vb_die "SIZE_MIB: '$mib' is not a positive whole number"
if [ -f "$image" ] && [ "$(cat "$image.mib" 2>/dev/null)" = "$mib" ]; then
	vb_say "stick $image already holds a $mib MiB sample.txt"
	exit 0
fi
mkdir -p "$(dirname "$image")"
stage=$(mktemp -d "$(dirname "$image")/stick.XXXXXX")
trap 'rm -rf "$stage"' EXIT
rm -f "$image" "$image.mib"
t0=$(date +%s)
# a fast keyed stream (AES-CTR over zeros) when openssl is there, else /dev/urandom
if command -v openssl >/dev/null; then
	head -c $((mib * 1048576)) /dev/zero |
		openssl enc -aes-128-ctr -nosalt -K 000102030405060708090a0b0c0d0e0f -iv 00000000000000000000000000000000 >"$stage/sample.txt"
else
	head -c $((mib * 1048576)) /dev/urandom >"$stage/sample.txt"
fi
# filesystem size: the file, 5 % and 64 MiB for metadata and journal
fs_mib=$((mib + mib / 20 + 64))
mke2fs -q -F -t ext4 -L WQLABSTICK -E root_owner=0:0 -d "$stage" "$image" "${fs_mib}M" ||
	vb_die "mke2fs failed for $image"
echo "$mib" >"$image.mib"
vb_say "stick $image: ext4, sample.txt $mib MiB, image ${fs_mib} MiB (on disk $(du -m "$image" | cut -f1) MiB)" \
	"in $(($(date +%s) - t0)) s"
