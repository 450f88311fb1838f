#!/usr/bin/env bash
# Installs the OpenCL runtimes bench_kernels compares sgk with, into .peers/ of this checkout:
# PoCL from Debian (pocl-opencl-icd, with the ICD loader and headers) and Intel's CPU OpenCL
# runtime from PyPI (intel-opencl-rt, plus intel-cmplr-lib-rt and tbb, which it needs but does not
# declare; Debian's libtbb12 is too old for it). The wheel's own .icd file names a placeholder
# path, so this writes one naming the unpacked library, and .peers/env.sh, which points
# OCL_ICD_VENDORS at .peers/icd (both runtimes) and LD_LIBRARY_PATH at their libraries.
# Usage: scripts/install-peers.sh; then `. .peers/env.sh` (scripts/bench.sh does both).
# A runtime that cannot be installed is reported and left out; nothing is faked.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers="$root/.peers"
mkdir -p "$peers/icd" "$peers/wheels"
[ -f /etc/OpenCL/vendors/pocl.icd ] && cp /etc/OpenCL/vendors/pocl.icd "$peers/icd/" ||
  echo "install-peers: PoCL is not installed (pocl-opencl-icd): left out" >&2

pip_py=""
for py in python3 /usr/bin/python3; do
  if "$py" -m pip --version >/dev/null 2>&1; then pip_py=$py; break; fi
done
intel="$peers/intel"
if [ ! -f "$intel/ok" ]; then
  if [ -z "$pip_py" ]; then
    echo "install-peers: no pip (python3-pip): Intel's OpenCL runtime left out" >&2
  elif "$pip_py" -m pip download -q --no-deps -d "$peers/wheels" intel-opencl-rt intel-cmplr-lib-rt tbb \
      >"$peers/pip.log" 2>&1; then
    rm -rf "$intel" && mkdir -p "$intel"
    for whl in "$peers"/wheels/*.whl; do "$pip_py" -m zipfile -e "$whl" "$intel/"; done
    touch "$intel/ok"
  else
    cat "$peers/pip.log" >&2
    echo "install-peers: PyPI did not deliver intel-opencl-rt: Intel's OpenCL runtime left out" >&2
  fi
fi
libdirs=""
if [ -f "$intel/ok" ]; then
  ocl=$(find "$intel" -name 'libintelocl.so' | head -1)
  echo "$ocl" >"$peers/icd/intel-cpu.icd"
  for lib in libimf.so libtbb.so.12; do
    d=$(dirname "$(find "$intel" -name "$lib" | head -1)")
    libdirs="$libdirs${libdirs:+:}$d"
  done
fi
cat >"$peers/env.sh" <<ENV
# Written by scripts/install-peers.sh: the OpenCL runtimes of .peers/icd for bench_kernels.
export OCL_ICD_VENDORS="$peers/icd"
export LD_LIBRARY_PATH="$libdirs\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
ENV
echo "install-peers: $(ls "$peers/icd" | tr '\n' ' ')in $peers/icd; use: . $peers/env.sh" >&2
