#!/usr/bin/env bash
# Installs the Debian 12 packages sgk builds with, and those of the AArch64 cross build (Debian's
# cross gcc, qemu-user, cmocka and SLEEF from the arm64 multiarch archive). Safe to run again;
# does nothing when all are present. Used by scripts/run.sh and scripts/test.sh, and with --bench
# by scripts/bench.sh.
set -euo pipefail
pkgs=(build-essential cmake pkg-config clang clang-format libclang-rt-14-dev libomp-dev libsleef-dev
      libcmocka-dev libbenchmark-dev python3 gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
      libcmocka-dev:arm64 libbenchmark-dev:arm64 libsleef-dev:arm64)
# --bench: also what scripts/bench.sh compares with and draws with (not needed to build or test).
if [ "${1:-}" = --bench ]; then
  pkgs+=(libopenblas-dev python3-matplotlib python3-pip pocl-opencl-icd ocl-icd-opencl-dev opencl-headers)
fi
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" >/dev/null || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "sgk: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  dpkg --print-foreign-architectures | grep -x arm64 >/dev/null || "${sudo_cmd[@]}" dpkg --add-architecture arm64
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
