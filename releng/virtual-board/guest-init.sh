#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the wqlab QEMU virtual board (busybox ash, runs as PID 1 from the initramfs).
# Loads the modules listed by build.sh, brings up the user-mode network, mounts the USB stick
# read-only at /run/media/sda1 (the default sequence's path), steers the xHCI interrupt to the CPU
# named by wqlab.irq_cpu= on the kernel command line, then starts dropbear (key login only).
/bin/busybox mkdir -p /proc /sys /dev /run /tmp /sbin /usr/bin /usr/sbin /var/log
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /run/media
mount -t devpts devpts /dev/pts
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
log() { echo "wqlab-vboard: $*"; }

while read -r module args; do
	# shellcheck disable=SC2086 # module parameters are words
	insmod "$module" $args || log "insmod $module failed"
done </etc/vboard-modules

irq_cpu=0
for w in $(cat /proc/cmdline); do
	case "$w" in wqlab.irq_cpu=*) irq_cpu=${w#wqlab.irq_cpu=} ;; esac
done

hostname vboard
ip link set lo up
ip link set eth0 up
ip addr add 10.0.2.15/24 dev eth0
ip route add default via 10.0.2.2

wqlab-stick mount || log "no USB stick mounted"

# q35 routes the xHCI interrupt to CPU 1: the stall must land on the monitored CPU
mask=$(printf '%x' $((1 << irq_cpu)))
for irq in $(awk '/xhci/ { sub(":", "", $1); print $1 }' /proc/interrupts); do
	echo "$mask" >"/proc/irq/$irq/smp_affinity" && log "xhci irq $irq -> cpu $irq_cpu (mask $mask)"
done

dropbear -r /etc/dropbear/dropbear_ed25519_host_key -s -E -p 22 2>/var/log/dropbear.log
log "ready: $(uname -r) $(uname -m), $(nproc) CPUs"
while true; do sleep 3600; done
