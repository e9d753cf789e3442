#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# wqlab-stick on the virtual board: mount | device | umount
#   mount   waits (30 s) for the USB disk, mounts it read-only at /run/media/sda1 (a previous mount whose
#           disk went away is detached first); prints "DISK USB-PATH MOUNTPOINT"
#   device  prints the stick's USB device path (e.g. 1-1), as /sys/bus/usb/devices names it
mnt=/run/media/sda1
usb_disk() {
	for b in /sys/block/sd*; do
		[ -e "$b/device" ] || continue
		case "$(readlink -f "$b/device")" in */usb[0-9]*) echo "${b##*/}" && return 0 ;; esac
	done
	return 1
}
usb_path() { readlink -f "/sys/block/$1/device" | tr / '\n' | grep -E '^[0-9]+-[0-9.]+$' | tail -n 1; }
case "$1" in
mount)
	umount -l "$mnt" 2>/dev/null
	mkdir -p "$mnt"
	i=0
	until d=$(usb_disk) && [ -b "/dev/$d" ] && mount -t ext4 -o ro "/dev/$d" "$mnt" 2>/dev/null; do
		i=$((i + 1))
		[ $i -le 300 ] || { echo "wqlab-stick: no USB disk to mount after 30 s" >&2; exit 1; }
		usleep 100000
	done
	echo "$d $(usb_path "$d") $mnt"
	;;
device)
	d=$(usb_disk) || { echo "wqlab-stick: no USB disk" >&2; exit 1; }
	usb_path "$d"
	;;
umount) umount "$mnt" ;;
*) echo "usage: wqlab-stick mount|device|umount" >&2; exit 2 ;;
esac
