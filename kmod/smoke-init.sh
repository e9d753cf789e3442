#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the initramfs that qemu-smoke.sh boots: loads /latency-mon.ko with good and
# bad parameters, takes CPU 1 offline and back, then prints the kernel log (with levels)
# between two markers on the console and powers off. Markers go to the kernel log as
# "wqlab-smoke: ..." lines so they interleave with the module's lines in time order.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo 1 >/proc/sys/kernel/printk # the console stays quiet; the log is dumped at the end

mark() { echo "wqlab-smoke: $*" >/dev/kmsg; }
dump() {
	echo "wqlab-smoke: DMESG BEGIN" >/dev/console
	dmesg -r >/dev/console
	echo "wqlab-smoke: DMESG END" >/dev/console
	poweroff -f
}
# A module that hangs the script still gets its log out: the host sees no "end" marker.
(sleep 90 && mark "watchdog: the test script did not finish" && dump) &
load() {
	mark "insmod $*"
	if insmod /latency-mon.ko "$@" 2>/dev/null; then mark "loaded"; else mark "refused"; fi
}
unload() { if rmmod latency_mon; then mark "unloaded"; else mark "rmmod failed"; fi; }
params() { for p in /sys/module/latency_mon/parameters/*; do mark "param ${p##*/}=$(cat "$p")"; done; }
cpu1() { echo "$1" >/sys/devices/system/cpu/cpu1/online && mark "cpu1 online=$1 done"; }

mark "kernel $(uname -r) $(uname -m) online $(cat /sys/devices/system/cpu/online)"

load period_ms=0
load threshold_ms=3600001
load cpu=-2
load cpu=9999
load report_all=2 classic=0
load classic=2
load cpu=-1
load report_all=1
cpu1 0
load cpu=1 classic=0
cpu1 1

load cpu=0 classic=0 report_all=1
params
sleep 1
unload

load threshold_ms=0
sleep 1
unload

load cpu=-1 classic=0 report_all=1
sleep 0.6
cpu1 0
sleep 0.5
cpu1 1
sleep 0.6
unload

mark "end"
dump
