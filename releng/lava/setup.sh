#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# A LAVA lab on loopback, from Debian's packages: PostgreSQL, lava-server (an admin user and API token), a worker
# with its dispatcher, the `qemu` device type and one device, qemu-01, whose QEMU boots the virtual board's Debian
# kernel with an initramfs LAVA can drive (a shell on the serial console, latency-mon at /root/latency-mon.ko), the
# USB stick on xHCI and a QMP socket; the device's user commands usb_disconnect / usb_reconnect pull and plug the
# stick over that socket (qmp-usb.py). Everything listens on 127.0.0.1 only.
#
#   releng/lava/setup.sh up      install what is missing, configure, start the daemons, wait until the device is idle
#   releng/lava/setup.sh down    stop the daemons it started (PostgreSQL too, when it started it)
#   releng/lava/setup.sh status  say what runs
#
# Needs root and the virtual board built (releng/virtual-board/build.sh). What it made: ${WQLAB_CACHE:-~/.cache/wqlab}/lava,
# whose lava.properties (url, user, token, device type, device) the tests and `wqlab --lava-server` read.
set -euo pipefail
export LC_ALL=C
source "$(dirname "${BASH_SOURCE[0]}")/../virtual-board/lib.sh"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
STATE=${WQLAB_CACHE:-$HOME/.cache/wqlab}/lava
URL=http://127.0.0.1:8000
USER_NAME=wqlab
WORKER=wqlab-worker
DEVICE=qemu-01
STICK_MIB=${WQLAB_LAVA_STICK_MIB:-1024}
say() { echo "lava: $*"; }
die() { echo "lava: ERROR: $*" >&2; exit 1; }

pid_alive() { [ -f "$STATE/run/$1.pid" ] && kill -0 "$(cat "$STATE/run/$1.pid")" 2>/dev/null; }

start_daemon() { # NAME COMMAND...: starts it in the background unless it runs, logs in $STATE/log/NAME.log
	local name=$1
	shift
	pid_alive "$name" && return 0
	setsid "$@" >"$STATE/log/$name.log" 2>&1 </dev/null &
	echo $! >"$STATE/run/$name.pid"
}

wait_for() { # SECONDS WHAT COMMAND...
	local seconds=$1 what=$2 i=0
	shift 2
	until "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -le $((seconds * 5)) ] || die "$what did not come up in $seconds s (logs: $STATE/log)"
		sleep 0.2
	done
}

install_packages() {
	vb_ensure_packages postgresql qemu-system-x86 qemu-utils e2fsprogs cpio gzip python3-yaml curl
	postgres_up
	# lava-server's postinst creates its database only when PostgreSQL answers
	vb_ensure_packages lava-server lava-dispatcher lavacli
	if ! su postgres -c "psql -lqt" | cut -d'|' -f1 | grep -qw lavaserver; then
		python3 /usr/share/lava-server/postinst.py --config --db --fixup >"$STATE/log/postinst.log" 2>&1 ||
			die "lava-server's database setup failed (log: $STATE/log/postinst.log)"
	fi
}

postgres_up() {
	pg_isready -q 2>/dev/null && return 0
	local version
	version=$(ls /etc/postgresql | sort -n | tail -n 1)
	pg_ctlcluster "$version" main start
	touch "$STATE/run/postgres.started-here"
	wait_for 60 PostgreSQL pg_isready -q
}

guest_image() { # the virtual board's kernel, its initramfs with guest-init.sh as /init, virtio_blk and the module
	local props=$VB_CACHE/x86_64/board.properties release initrd=$STATE/guest/initramfs.gz
	[ -f "$props" ] || die "the x86_64 virtual board is not built (bash releng/virtual-board/build.sh)"
	release=$(sed -n 's/^kernelRelease=//p' "$props")
	local inputs
	inputs=$( (cat "$props" "$HERE/guest-init.sh" "$VB_CACHE/kmod-out/latency-mon-amd64.ko") | sha256sum | cut -c1-16)
	if [ "$(cat "$STATE/guest/.inputs" 2>/dev/null)" = "$inputs" ]; then
		return 0
	fi
	say "guest image for kernel $release"
	rm -rf "$STATE/guest" "$STATE/kernel"
	mkdir -p "$STATE/guest" "$STATE/kernel/deb"
	# the unpacked kernel package: virtio_blk for the guest, and libguestfs' appliance kernel on the worker
	vb_download "$STATE/kernel/deb" "linux-image-$release"
	dpkg-deb -x "$STATE/kernel/deb"/linux-image-*.deb "$STATE/kernel/root"
	rm -rf "$STATE/kernel/deb"
	depmod -b "$STATE/kernel/root" "$release" # supermin reads modules.dep
	local root=$STATE/guest/root modules=lib/modules/$release/kernel/drivers/block
	mkdir -p "$root"
	(cd "$root" && zcat "$VB_CACHE/x86_64/initramfs.gz" | cpio -idm --quiet)
	mkdir -p "$root/$modules"
	cp "$STATE/kernel/root/$modules/virtio_blk.ko" "$root/$modules/"
	echo "/$modules/virtio_blk.ko" >>"$root/etc/vboard-modules"
	cp "$HERE/guest-init.sh" "$root/init"
	chmod 755 "$root/init"
	cp "$VB_CACHE/kmod-out/latency-mon-amd64.ko" "$root/root/latency-mon.ko"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$initrd"
	cp "$VB_CACHE/x86_64/vmlinuz" "$STATE/guest/vmlinuz"
	rm -rf "$root"
	echo "$inputs" >"$STATE/guest/.inputs"
}

configure() {
	mkdir -p /etc/lava-server/settings.d /etc/lava-server/dispatcher-config/devices "/etc/lava-server/dispatcher.d/$WORKER"
	cat >/etc/lava-server/settings.d/01-wqlab.yaml <<-YAML
		# written by wqlab's releng/lava/setup.sh: every socket on loopback
		ALLOWED_HOSTS: ["127.0.0.1", "localhost"]
		EVENT_SOCKET: "tcp://127.0.0.1:5500"
		INTERNAL_EVENT_SOCKET: "ipc://$STATE/run/internal.events"
		EVENT_NOTIFICATION: true
	YAML
	local release
	release=$(sed -n 's/^kernelRelease=//p' "$VB_CACHE/x86_64/board.properties")
	# libguestfs builds each test overlay's disk; KVM is not used for it, and its appliance takes the guest's kernel
	cat >"/etc/lava-server/dispatcher.d/$WORKER/env.yaml" <<-YAML
		overrides:
		  LIBGUESTFS_BACKEND: direct
		  LIBGUESTFS_BACKEND_SETTINGS: force_tcg
		  SUPERMIN_KERNEL: $STATE/kernel/root/boot/vmlinuz-$release
		  SUPERMIN_MODULES: $STATE/kernel/root/lib/modules/$release
		  SUPERMIN_KERNEL_VERSION: $release
		  LC_ALL: C.UTF-8
		  LANG: C.UTF-8
		  PATH: /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	YAML
	cat >"/etc/lava-server/dispatcher-config/devices/$DEVICE.jinja2" <<-JINJA
		{% extends 'qemu.jinja2' %}
		{# written by wqlab's releng/lava/setup.sh #}
		{% set no_kvm = True %}
		{% set memory = 2048 %}
		{% set guestfs_interface = 'virtio' %}
		{% set extra_options = ['-machine q35', '-smp 2', '-qmp unix:$STATE/run/qmp-$DEVICE.sock,server=on,wait=off', '-device qemu-xhci,id=xhci', '-drive if=none,id=stick,file=$STATE/stick.img,format=raw,readonly=on', '-device usb-storage,bus=xhci.0,drive=stick,id=stick0'] %}
		{% set user_commands = {'usb_disconnect': {'do': '/usr/bin/python3 $HERE/qmp-usb.py $STATE/run/qmp-$DEVICE.sock $STATE/stick.img disconnect'}, 'usb_reconnect': {'do': '/usr/bin/python3 $HERE/qmp-usb.py $STATE/run/qmp-$DEVICE.sock $STATE/stick.img reconnect'}} %}
	JINJA
}

accounts() { # the admin user and its token, the worker, the device type and the device: one Django shell
	[ -f "$STATE/token" ] || head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$STATE/token"
	[ -f "$STATE/password" ] || head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$STATE/password"
	chmod 600 "$STATE/token" "$STATE/password"
	lava-server manage shell -c "
from django.contrib.auth.models import User
from linaro_django_xmlrpc.models import AuthToken
from lava_scheduler_app.models import Device, DeviceType, Worker
user, _ = User.objects.get_or_create(username='$USER_NAME')
user.is_superuser = user.is_staff = True
user.set_password(open('$STATE/password').read())
user.save()
AuthToken.objects.get_or_create(user=user, secret=open('$STATE/token').read())
worker, _ = Worker.objects.get_or_create(hostname='$WORKER')
worker.health = Worker.HEALTH_ACTIVE
worker.save()
qemu, _ = DeviceType.objects.get_or_create(name='qemu')
device, _ = Device.objects.get_or_create(hostname='$DEVICE', defaults={'device_type': qemu, 'worker_host': worker})
device.worker_host = worker
device.health = Device.HEALTH_GOOD
device.save()
# a job an earlier lab left unfinished (its run killed, the lab torn down under it) keeps the device reserved
# forever: end it as canceled, which gives the device back (Idle)
from lava_scheduler_app.models import TestJob
for job in TestJob.objects.exclude(state=TestJob.STATE_FINISHED):
    job.go_state_finished(TestJob.HEALTH_CANCELED)
    job.save()
device.refresh_from_db()
if device.state != Device.STATE_IDLE:
    device.state = Device.STATE_IDLE
    device.save()
open('$STATE/worker-token', 'w').write(worker.token)
" >"$STATE/log/accounts.log" 2>&1 || { cat "$STATE/log/accounts.log" >&2; die "creating LAVA's user, worker and device failed"; }
	chmod 600 "$STATE/worker-token"
}

device_idle() {
	curl -fsS -H "Authorization: Token $(cat "$STATE/token")" "$URL/api/v0.2/devices/$DEVICE/" |
		python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d["state"]=="Idle" and d["health"]=="Good" else 1)'
}

worker_online() {
	curl -fsS -H "Authorization: Token $(cat "$STATE/token")" "$URL/api/v0.2/workers/$WORKER/" |
		python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["state"]=="Online" else 1)'
}

template() { # the lab's job template: how qemu-01 deploys and boots; wqlab adds a sequence's actions after these
	cat >"$STATE/qemu-template.yaml" <<-YAML
		# The loopback lab's job template (written by wqlab's releng/lava/setup.sh): how its qemu device deploys and
		# boots the virtual board's kernel. wqlab adds a sequence's test and command actions after these.
		device_type: qemu
		job_name: wqlab on the loopback lab
		priority: medium
		visibility: public
		timeouts:
		  job: {minutes: 30}
		  action: {minutes: 20}
		  connection: {minutes: 2}
		context:
		  arch: amd64
		actions:
		- deploy:
		    to: tmpfs
		    timeout: {minutes: 3}
		    images:
		      kernel:
		        image_arg: -kernel {kernel} -append "console=ttyS0,115200 panic=-1 wqlab.irq_cpu=0"
		        url: file://$STATE/guest/vmlinuz
		      initrd:
		        image_arg: -initrd {initrd}
		        url: file://$STATE/guest/initramfs.gz
		- boot:
		    method: qemu
		    media: tmpfs
		    timeout: {minutes: 5}
		    prompts: ['root@wqlab-lava:~# ']
	YAML
}

up() {
	[ "$(id -u)" = 0 ] || die "run as root (it installs packages and starts LAVA's daemons)"
	local t0
	t0=$(date +%s)
	mkdir -p "$STATE/run" "$STATE/log"
	install_packages
	guest_image
	bash "$(dirname "$HERE")/virtual-board/mkstick.sh" "$STATE/stick.img" "$STICK_MIB" >/dev/null
	configure
	start_daemon gunicorn gunicorn3 lava_server.wsgi --bind 127.0.0.1:8000 --workers 2 --timeout 120 \
		--log-file "$STATE/log/gunicorn-access.log"
	start_daemon publisher lava-server manage lava-publisher --host 127.0.0.1 --port 8001
	start_daemon scheduler lava-server manage lava-scheduler --event-url tcp://127.0.0.1:5500
	accounts
	wait_for 120 "lava-server on $URL" curl -fsS "$URL/api/v0.2/"
	start_daemon worker lava-worker --url "$URL/" --ws-url http://127.0.0.1:8001/ws/ --name "$WORKER" \
		--token "$(cat "$STATE/worker-token")" --ping-interval 5 --job-log-interval 1
	wait_for 120 "the worker $WORKER" worker_online
	wait_for 120 "the device $DEVICE (idle, good)" device_idle
	template
	cat >"$STATE/lava.properties" <<-PROPS
		# the loopback LAVA lab of releng/lava/setup.sh
		url=$URL
		user=$USER_NAME
		tokenFile=$STATE/token
		deviceType=qemu
		device=$DEVICE
		template=$STATE/qemu-template.yaml
		kernel=$STATE/guest/vmlinuz
		initrd=$STATE/guest/initramfs.gz
		module=/root/latency-mon.ko
	PROPS
	say "up in $(($(date +%s) - t0)) s: $URL, device $DEVICE (qemu), state $STATE"
}

down() {
	local name
	for name in worker scheduler publisher gunicorn; do
		if pid_alive "$name"; then
			kill -TERM -- "-$(cat "$STATE/run/$name.pid")" 2>/dev/null || kill "$(cat "$STATE/run/$name.pid")" || true
		fi
		rm -f "$STATE/run/$name.pid"
	done
	pkill -f "qemu-system-x86_64.*qmp-$DEVICE.sock" 2>/dev/null || true
	if [ -f "$STATE/run/postgres.started-here" ]; then
		pg_ctlcluster "$(ls /etc/postgresql | sort -n | tail -n 1)" main stop || true
		rm -f "$STATE/run/postgres.started-here"
	fi
	say "down"
}

status() {
	local name
	for name in gunicorn publisher scheduler worker; do
		if pid_alive "$name"; then say "$name runs (pid $(cat "$STATE/run/$name.pid"))"; else say "$name stopped"; fi
	done
}

case "${1:-}" in
up) up ;;
down) down ;;
status) status ;;
*) die "usage: setup.sh up|down|status" ;;
esac
