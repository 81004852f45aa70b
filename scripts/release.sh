#!/usr/bin/env bash
# Builds release tarballs of wow-sim for Linux x86_64 and Windows x86_64 (cross-compiled with
# the GNU target and Debian's mingw-w64 toolchain) into OUT_DIR (default target/dist):
#   wow-sim-<version>-x86_64-unknown-linux-gnu.tar.gz   (wow-sim, README.md, licences)
#   wow-sim-<version>-x86_64-pc-windows-gnu.tar.gz      (wow-sim.exe, the same)
# and a SHA256SUMS file. Usage:
#   scripts/release.sh [--headless] [--target TRIPLE]... [OUT_DIR]
#   --headless   build without the window (--no-default-features --features fetch): much
#                shorter builds, the binary CI needs
#   --target T   only this target (repeatable); default both
# Needs for Windows: `rustup target add x86_64-pc-windows-gnu` and the package
# gcc-mingw-w64-x86-64 (x86_64-w64-mingw32-gcc, also used to compile Lua, ring and mimalloc).
# Honours CARGO_TARGET_DIR. With wine (WINE, or Debian's wine64) the Windows binary's --version
# is run.
set -euo pipefail
cd "$(dirname "$0")/.."

features=()
targets=()
out=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --headless) features=(--no-default-features --features fetch); shift ;;
    --target) targets+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "release: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(x86_64-unknown-linux-gnu x86_64-pc-windows-gnu)
target_dir=${CARGO_TARGET_DIR:-target}
out=${out:-$target_dir/dist}
# Debian's wine64 package puts the loader outside PATH.
wine=${WINE:-$(command -v wine64 || command -v wine || { [[ -x /usr/lib/wine/wine64 ]] && echo /usr/lib/wine/wine64; } || true)}
host=$(rustc -vV | sed -n 's/^host: //p')
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
mkdir -p "$out"

for t in "${targets[@]}"; do
  exe=wow-sim
  case $t in
    x86_64-unknown-linux-gnu) ;;
    x86_64-pc-windows-gnu)
      exe=wow-sim.exe
      command -v x86_64-w64-mingw32-gcc >/dev/null \
        || { echo "release: x86_64-w64-mingw32-gcc not found (apt-get install gcc-mingw-w64-x86-64)" >&2; exit 1; }
      rustup target list --installed 2>/dev/null | grep -qx "$t" \
        || { echo "release: the Rust standard library for $t is missing (rustup target add $t)" >&2; exit 1; }
      export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
      export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
      export AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
      ;;
    *) echo "release: unsupported target $t" >&2; exit 2 ;;
  esac
  echo "release: building $t ${features[*]}"
  # The host target builds where `cargo build --release` and `cargo install` do (shared
  # artifacts); others under target/<triple>.
  if [[ $t == "$host" ]]; then
    cargo build --release --locked -p wow-sim "${features[@]}"
    bin=$target_dir/release/$exe
  else
    cargo build --release --locked -p wow-sim --target "$t" "${features[@]}"
    bin=$target_dir/$t/release/$exe
  fi
  name=wow-sim-$version-$t
  stage=$(mktemp -d)
  mkdir "$stage/$name"
  cp "$bin" "$stage/$name/"
  # The release profile keeps line tables for profiling; users get a stripped binary.
  strip_tool=strip
  [[ $t == x86_64-pc-windows-gnu ]] && strip_tool=x86_64-w64-mingw32-strip
  "$strip_tool" "$stage/$name/$exe"
  cp README.md "$stage/$name/"
  mkdir "$stage/$name/licenses"
  cp crates/wowsim-render/fonts/LICENSE "$stage/$name/licenses/DejaVu-font-LICENSE"
  cp crates/wowsim-data/NOTICE "$stage/$name/licenses/wowsim-data-NOTICE"
  cp crates/wowsim-xml/data/NOTICE "$stage/$name/licenses/wowsim-xml-data-NOTICE"
  tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
  rm -rf "$stage"
  echo "release: $out/$name.tar.gz"
  if [[ $t == x86_64-pc-windows-gnu && -n $wine ]]; then
    echo "release: under wine, $exe --version: $(WINEDEBUG=-all "$wine" "$bin" --version)"
  fi
done
(cd "$out" && sha256sum wow-sim-"$version"-*.tar.gz > SHA256SUMS)
echo "release: $out/SHA256SUMS"
