#!/usr/bin/env bash
# Builds wow-sim's tests for Windows (x86_64-pc-windows-gnu, Debian's mingw-w64) and runs
# them under wine. Usage: scripts/wine-test.sh [CARGO TEST ARGS…] (e.g. `--test cli_report`).
# Needs: rustup target add x86_64-pc-windows-gnu; apt-get install gcc-mingw-w64-x86-64 wine64.
# Headless build (no window). Wine 8 (Debian 12) lacks bcryptprimitives.dll, whose
# ProcessPrng Rust's standard library imports since 1.78; a stand-in (below, built with
# mingw) is put into a wine prefix of its own (WINEPREFIX, default target/wine-prefix).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
wine=${WINE:-$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)}
[[ -x $wine ]] || { echo "wine-test: no wine (apt-get install wine64)" >&2; exit 1; }
case $target_dir in /*) ;; *) target_dir=$PWD/$target_dir ;; esac
export WINEPREFIX=${WINEPREFIX:-$target_dir/wine-prefix} WINEDEBUG=${WINEDEBUG:--all}
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$wine

dll=$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll
if [[ ! -f $dll ]]; then
  "$wine" cmd /c exit >/dev/null 2>&1 || true # creates the prefix
  mkdir -p "$(dirname "$dll")"
  src=$(mktemp -d)
  cat > "$src/bcryptprimitives.c" <<'C'
/* wow-sim's stand-in for bcryptprimitives.dll under wine 8: ProcessPrng via RtlGenRandom. */
#include <windows.h>
#define SystemFunction036 NTAPI SystemFunction036
#include <ntsecapi.h>
#undef SystemFunction036
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) { return RtlGenRandom(data, (ULONG)len); }
C
  printf 'LIBRARY bcryptprimitives\nEXPORTS\nProcessPrng\n' > "$src/bcryptprimitives.def"
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dll" "$src/bcryptprimitives.c" "$src/bcryptprimitives.def" -ladvapi32
  rm -rf "$src"
fi
cargo test --target x86_64-pc-windows-gnu -p wow-sim --no-default-features --features fetch "$@"
