#!/usr/bin/env bash
# Installs the Debian 12 packages sgk builds with. Safe to run again; does nothing when all are
# present. Used by scripts/run.sh and scripts/test.sh.
set -euo pipefail
pkgs=(build-essential cmake pkg-config clang clang-format libomp-dev libsleef-dev libcmocka-dev libbenchmark-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "sgk: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
