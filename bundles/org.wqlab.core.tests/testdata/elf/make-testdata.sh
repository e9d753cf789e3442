#!/bin/sh
# Regenerates the ELF test objects from the C sources beside this script (real toolchain output).
# x86_64 and i386 with the host gcc; aarch64 (little and big endian) with aarch64-linux-gnu-gcc when installed.
set -eu
cd "$(dirname "$0")"
gcc -c -O2 -DVERMAGIC='"6.1.0-28-amd64 SMP preempt mod_unload modversions "' \
    modinfo-sample.c -o latency_mon-x86_64.o
gcc -c -O2 no-modinfo.c -o no-modinfo-x86_64.o
gcc -m32 -c -O2 -DVERMAGIC='"5.10.0-i686 SMP mod_unload 686 "' modinfo-sample.c -o latency_mon-i386.o
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  aarch64-linux-gnu-gcc -c -O2 -DVERMAGIC='"5.10.41-yocto-standard SMP preempt mod_unload aarch64"' \
      modinfo-sample.c -o latency_mon-aarch64.o
  aarch64-linux-gnu-gcc -mbig-endian -c -O2 -DVERMAGIC='"5.10.41-yocto-standard SMP preempt mod_unload aarch64_be"' \
      modinfo-sample.c -o latency_mon-aarch64_be.o
else
  echo "aarch64-linux-gnu-gcc not installed: latency_mon-aarch64.o not regenerated" >&2
fi
