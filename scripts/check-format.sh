#!/usr/bin/env bash
# The C and C++ sources follow .clang-format (clang-format 14): lists the files that do not.
# Usage: scripts/check-format.sh [SOURCE_DIR]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
command -v clang-format >/dev/null || { echo "clang-format not installed"; exit 1; }
bad=0 n=0
while IFS= read -r f; do
  n=$((n + 1))
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "not formatted: $f"; bad=$((bad + 1)); }
done < <(git ls-files '*.c' '*.h' '*.cc' '*.inc' 2>/dev/null || find . -name '*.[ch]' -o -name '*.cc' -o -name '*.inc')
echo "format: $n files, $bad not following .clang-format"
[ "$bad" -eq 0 ]
