#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the LAVA lab's guest (busybox ash, PID 1 from the initramfs): the virtual board's kernel, modules and
# USB stick, with what LAVA needs instead of SSH: a root shell on the serial console (LAVA waits for its prompt),
# virtio_blk and a /dev/disk/by-uuid link for the test overlay's disk (LAVA mounts it by UUID).
/bin/busybox mkdir -p /proc /sys /dev /run /tmp /sbin /usr/bin /usr/sbin /var/log /root
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /run/media /dev/disk/by-uuid
mount -t devpts devpts /dev/pts
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
log() { echo "wqlab-lava-guest: $*"; }

while read -r module args; do
	# shellcheck disable=SC2086 # module parameters are words
	insmod "$module" $args || log "insmod $module failed"
done </etc/vboard-modules

irq_cpu=0
for w in $(cat /proc/cmdline); do
	case "$w" in wqlab.irq_cpu=*) irq_cpu=${w#wqlab.irq_cpu=} ;; esac
done
hostname wqlab-lava

# an ext2/3/4 superblock holds the filesystem UUID at byte 1128
for disk in /sys/block/vd*; do
	[ -e "$disk" ] || continue
	dev=/dev/${disk##*/}
	hex=$(dd if="$dev" bs=1 skip=1128 count=16 2>/dev/null | od -An -tx1 | tr -d ' \n')
	[ ${#hex} -eq 32 ] || continue
	uuid=$(echo "$hex" | sed 's/^\(.\{8\}\)\(.\{4\}\)\(.\{4\}\)\(.\{4\}\)\(.\{12\}\)$/\1-\2-\3-\4-\5/')
	ln -sf "$dev" "/dev/disk/by-uuid/$uuid" && log "$dev is /dev/disk/by-uuid/$uuid"
done

wqlab-stick mount || log "no USB stick mounted"

mask=$(printf '%x' $((1 << irq_cpu)))
for irq in $(awk '/xhci/ { sub(":", "", $1); print $1 }' /proc/interrupts); do
	echo "$mask" >"/proc/irq/$irq/smp_affinity" && log "xhci irq $irq -> cpu $irq_cpu (mask $mask)"
done

log "ready: $(uname -r) $(uname -m), $(nproc) CPUs"
export PS1='root@wqlab-lava:~# '
while true; do
	setsid cttyhack sh
done
