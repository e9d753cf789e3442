#!/bin/sh
# Regenerates the module objects the simulator tests insmod (real toolchain output, not hand-made bytes):
#  latency_mon-rcar-aarch64.o  aarch64, vermagic of the rcar-h3-default profile (loads)
#  latency_mon-x86_64.o        x86_64, a Debian 6.1 vermagic (refused: wrong architecture and vermagic)
set -eu
cd "$(dirname "$0")"
gcc -c -O2 -DVERMAGIC='"6.1.0-28-amd64 SMP preempt mod_unload modversions "' \
    latency-mon-modinfo.c -o latency_mon-x86_64.o
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  aarch64-linux-gnu-gcc -c -O2 -DVERMAGIC='"5.4.72-yocto-standard SMP preempt mod_unload aarch64"' \
      latency-mon-modinfo.c -o latency_mon-rcar-aarch64.o
else
  echo "aarch64-linux-gnu-gcc not installed: latency_mon-rcar-aarch64.o not regenerated" >&2
fi
