#!/usr/bin/env bash
# The main job: installs the packages, builds sgk, prints the device, and runs every documented
# kernel on every ISA this CPU has at sub-group sizes 8, 16 and 32, verified against its scalar
# reference, with its throughput and its speedup over the scalar backend.
# Usage: scripts/run.sh [sgk suite options, e.g. --json or --quick]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
build="$root/build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target sgk_cli
"$build/tools/sgk" info >&2
"$build/tools/sgk" suite "$@"
