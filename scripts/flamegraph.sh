#!/usr/bin/env bash
# Profiles a release wow-sim run with perf and draws a flamegraph with inferno, then prints the
# top self-time hotspots and a breakdown by category (GC, Lua VM, mlua FFI, parse/load, …).
#
# Usage: scripts/flamegraph.sh [--frame-pointers] [--dwarf] [--headless] [--out DIR] [--freq HZ] [-- WOW_SIM_ARGS…]
#   default WOW_SIM_ARGS: --no-addons --no-saved-vars lua-errors
#   --frame-pointers  build with frame pointers (RUSTFLAGS=-C force-frame-pointers=yes,
#                     CFLAGS=-fno-omit-frame-pointer) into target/fp, so the Rust callers of the
#                     Lua C functions appear in the stacks
#   --dwarf           unwind with DWARF (perf --call-graph dwarf) instead of frame pointers:
#                     complete stacks without a rebuild, but much larger perf.data
#   --headless        build without the window (--no-default-features): the same start-up, a
#                     much shorter build
#   --out DIR         where perf.data, stacks.folded and flamegraph.svg go (default target/profile)
#   --freq HZ         sampling frequency (default 999)
#   --top N           hotspots to print (default 25)
# Environment: CARGO_TARGET_DIR is honoured for the normal build; WOWSIM_FP_TARGET_DIR overrides
# target/fp; PERF names the perf binary (default: perf from PATH).
set -euo pipefail

die() {
  echo "flamegraph.sh: error: $*" >&2
  exit 1
}
note() { echo "flamegraph.sh: $*" >&2; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
frame_pointers=0
dwarf=0
features=()
out="$root/target/profile"
freq=999
top=25
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --frame-pointers) frame_pointers=1 ;;
    --dwarf) dwarf=1 ;;
    --headless) features=(--no-default-features -p wow-sim) ;;
    --out)
      [[ $# -ge 2 ]] || die "--out needs a folder"
      out="$2"
      shift
      ;;
    --freq)
      [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die "--freq needs a number"
      freq="$2"
      shift
      ;;
    --top)
      [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die "--top needs a number"
      top="$2"
      shift
      ;;
    -h | --help)
      sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    --)
      shift
      args=("$@")
      break
      ;;
    *) die "unknown option '$1' (wow-sim's own arguments go after --; see --help)" ;;
  esac
  shift
done
if [[ ${#args[@]} -eq 0 ]]; then
  args=(--no-addons --no-saved-vars lua-errors)
fi

# --- perf: installed and permitted? -------------------------------------------------------
perf="${PERF:-perf}"
if ! command -v "$perf" >/dev/null 2>&1; then
  die "perf ('$perf') is not installed. On Debian install the package linux-perf
  (sudo apt-get install -y linux-perf; on Ubuntu: linux-tools-common linux-tools-\$(uname -r))."
fi
if ! "$perf" --version >/dev/null 2>&1; then
  die "'perf --version' fails: perf does not match this kernel ($(uname -r)). Install the linux-perf
  (Debian) or linux-tools-\$(uname -r) (Ubuntu) package for the running kernel."
fi
paranoid="$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo unknown)"
probe="$(mktemp -t wowsim-perf-probe.XXXXXX)"
if ! "$perf" record -q -g -o "$probe" -- true >/dev/null 2>"$probe.err"; then
  cat "$probe.err" >&2
  rm -f "$probe" "$probe.old" "$probe.err"
  if [[ "$(id -u)" -eq 0 ]]; then
    die "perf is not permitted to sample here even as root (kernel.perf_event_paranoid = $paranoid).
  This is usually a container that blocks perf_event_open: start it with --cap-add PERFMON
  (or --privileged), or profile on the host. On the host: sudo sysctl kernel.perf_event_paranoid=1"
  fi
  die "perf is not permitted to sample here (kernel.perf_event_paranoid = $paranoid, user $(id -un)).
  Allow it for this boot with:   sudo sysctl kernel.perf_event_paranoid=1
  or run this script as root."
fi
rm -f "$probe" "$probe.old" "$probe.err"

# --- inferno: find it or install it --------------------------------------------------------
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
find_tool() {
  if command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  elif [[ -x "$cargo_bin/$1" ]]; then
    echo "$cargo_bin/$1"
  fi
}
collapse="$(find_tool inferno-collapse-perf)"
flamegraph="$(find_tool inferno-flamegraph)"
if [[ -z "$collapse" || -z "$flamegraph" ]]; then
  note "inferno is not installed; running 'cargo install inferno' (a few minutes, once)"
  cargo install inferno || die "'cargo install inferno' failed; install it by hand and re-run"
  collapse="$(find_tool inferno-collapse-perf)"
  flamegraph="$(find_tool inferno-flamegraph)"
  [[ -n "$collapse" && -n "$flamegraph" ]] || die "inferno installed but its tools are not in PATH or $cargo_bin"
fi

# --- build ---------------------------------------------------------------------------------
cd "$root"
if [[ $frame_pointers -eq 1 ]]; then
  target_dir="${WOWSIM_FP_TARGET_DIR:-$root/target/fp}"
  note "building release wow-sim with frame pointers into $target_dir"
  RUSTFLAGS="${RUSTFLAGS:-} -C force-frame-pointers=yes" \
    CFLAGS="${CFLAGS:-} -fno-omit-frame-pointer" \
    CARGO_TARGET_DIR="$target_dir" \
    cargo build --release "${features[@]}" --bin wow-sim || die "the release build failed"
else
  target_dir="${CARGO_TARGET_DIR:-$root/target}"
  note "building release wow-sim into $target_dir"
  cargo build --release "${features[@]}" --bin wow-sim || die "the release build failed"
fi
bin="$target_dir/release/wow-sim"
[[ -x "$bin" ]] || die "the build finished but $bin is missing"

# --- record --------------------------------------------------------------------------------
mkdir -p "$out"
data="$out/perf.data"
if [[ $dwarf -eq 1 ]]; then
  callgraph=(--call-graph dwarf,16384)
else
  callgraph=(-g)
fi
note "recording: perf record ${callgraph[*]} --freq $freq -m 512K -o $data -- $bin ${args[*]}"
set +e
"$perf" record "${callgraph[@]}" --freq "$freq" -m 512K -o "$data" -- "$bin" "${args[@]}" \
  >"$out/wow-sim.stdout" 2>"$out/wow-sim.stderr"
status=$?
set -e
# wow-sim exits 0 (no Lua errors) or 1 (Lua errors found); both are normal runs.
if [[ $status -ne 0 && $status -ne 1 ]]; then
  tail -n 20 "$out/wow-sim.stderr" >&2 || true
  die "the profiled run failed with exit status $status (output above, full text in $out/wow-sim.stderr)"
fi
[[ -s "$data" ]] || die "perf wrote no samples to $data"
note "wow-sim exited with $status; its stdout/stderr are in $out/wow-sim.stdout / .stderr"

# --- fold and draw -------------------------------------------------------------------------
folded="$out/stacks.folded"
svg="$out/flamegraph.svg"
"$perf" script -i "$data" 2>"$out/perf-script.stderr" | "$collapse" --all >"$folded" \
  || die "perf script | inferno-collapse-perf failed (see $out/perf-script.stderr)"
[[ -s "$folded" ]] || die "no stacks after folding; is $data empty?"
"$flamegraph" --title "wow-sim ${args[*]}" <"$folded" >"$svg" || die "inferno-flamegraph failed"

# --- report --------------------------------------------------------------------------------
# inferno weights each sample by its period: nanoseconds for the software clock events
# (cpu-clock, task-clock; what perf falls back to in VMs), cycles for the hardware event.
event="$("$perf" evlist -i "$data" 2>/dev/null | head -n 1)"
total="$(awk '{ s += $NF } END { printf "%.0f", s }' "$folded")"
echo
if [[ "$event" == *clock* ]]; then
  echo "Event $event: $(awk -v t="$total" 'BEGIN { printf "%.3f", t / 1e9 }') s of CPU sampled at ~$freq Hz"
else
  echo "Event ${event:-unknown}: total weight $total (percentages below are of this total)"
fi
echo
echo "Top $top hotspots by self time (the innermost frame of each sample):"
awk '{
  n = $NF
  stack = substr($0, 1, length($0) - length(n) - 1)
  k = split(stack, f, ";")
  self[f[k]] += n
  total += n
} END {
  for (s in self) printf "%8.2f%%  %12.0f  %s\n", 100 * self[s] / total, self[s], s
}' "$folded" | sort -k2,2nr | awk -v n="$top" 'NR <= n'

echo
echo "By category (inclusive for the first four: any frame of the sample matches; the rest by"
echo "the innermost frame):"
awk '
function category(stack, leaf) {
  if (stack ~ /luaL_traceback|stack_frames/) return "error tracebacks (luaL_traceback, stack_frames)"
  if (stack ~ /(^|;)(luaC_|sweep|propagate)/) return "GC (luaC_*, sweep*, propagate*)"
  if (stack ~ /(^|;)(luaY_|luaX_)|roxmltree|wowsim_xml|wowsim_savedvars::(parser|lexer)/) return "parse/load (luaY_*, luaX_*, roxmltree, wowsim_xml, SavedVariables)"
  if (stack ~ /compute_frame_rect|wowsim_layout/) return "layout (compute_frame_rect, wowsim_layout)"
  if (leaf ~ /^(malloc|free|cfree|realloc|calloc|_int_malloc|_int_free|_int_realloc|malloc_consolidate|unlink_chunk|tcache_|__GI___libc_|__libc_malloc|__libc_free|__libc_realloc|__rust_alloc|__rust_dealloc|__rust_realloc|luaM_realloc_|mi_|_mi_)|mlua::memory::|alloc::alloc::/) return "allocation (malloc/free/realloc, mimalloc, __rust_alloc, Lua allocator)"
  if (leaf ~ /[Hh]ash|hashbrown|FxHasher|sip::/) return "hashing"
  if (leaf ~ /^__(memmove|memcpy|memset|memcmp)|^mem(cpy|move|set|cmp)$/) return "memory copies (memcpy/memmove/memset)"
  if (stack ~ /serde_json|serde_core/) return "JSON (serde_json: the embedded API reference)"
  if (leaf ~ /^(luaV_|luaH_|luaD_|luaF_|luaS_|luaT_|luaO_|luaG_|luaE_|lua_|luaL_|index2adr|luaB_|str_|tab_|math_|singlestep|reallymarkobject)/) return "Lua VM (luaV_execute, luaH_*, luaD_*, Lua C API, stdlib)"
  if (leaf ~ /mlua::/) return "mlua FFI (mlua::)"
  if (leaf ~ /wowsim_|wow_sim::/) return "wow-sim Rust code"
  if (leaf ~ /_\[k\]$|^\[unknown\]$|^0x/) return "kernel / unknown"
  return "other"
}
{
  n = $NF
  stack = substr($0, 1, length($0) - length(n) - 1)
  k = split(stack, f, ";")
  cat[category(stack, f[k])] += n
  total += n
} END {
  for (c in cat) printf "%8.2f%%  %12.0f  %s\n", 100 * cat[c] / total, cat[c], c
}' "$folded" | sort -k2,2nr

echo
echo "wow-sim stages, inclusive (a sample counts for every stage on its stack; Rust frames need"
echo "--frame-pointers or --dwarf, otherwise these read low):"
awk '
BEGIN {
  n = 0
  name[++n] = "Simulator::new (VM, API, discovery)";  pat[n] = "Simulator::new"
  name[++n] = "Simulator::start (addons, log-in events)"; pat[n] = "Simulator::start"
  name[++n] = "  load_addon (files of each addon)";  pat[n] = "addons::load_addon"
  name[++n] = "    compile Lua (luaY_parser)";       pat[n] = "luaY_parser"
  name[++n] = "    UI XML (load_xml_file)";          pat[n] = "xmlload::load_xml_file|wowsim_xml::"
  name[++n] = "    XML instantiation (xmlui, incl. the scripts it runs)"; pat[n] = "wowsim_core::xmlui::"
  name[++n] = "    script handlers (fire_script: OnLoad, OnShow…)"; pat[n] = "widgets::fire_script"
  name[++n] = "    SavedVariables read";             pat[n] = "savedvars::restore_file"
  name[++n] = "  events (fire_event)";               pat[n] = "events::fire_event"
  name[++n] = "Simulator::run_for / tick";           pat[n] = "Simulator::run_for|Simulator::tick"
  name[++n] = "Simulator::logout";                   pat[n] = "Simulator::logout"
  name[++n] = "  SavedVariables write";              pat[n] = "savedvars::save_file"
  name[++n] = "Lua bytecode running (luaV_execute)"; pat[n] = "luaV_execute"
  name[++n] = "GC (luaC_*)";                         pat[n] = "luaC_"
  name[++n] = "error tracebacks";                    pat[n] = "luaL_traceback|stack_frames"
  name[++n] = "closing the VM (drop Simulator, lua_close)"; pat[n] = "drop_in_place<wowsim_core::simulator::Simulator>|lua_close"
}
{
  w = $NF
  total += w
  for (i = 1; i <= n; i++) if ($0 ~ pat[i]) sum[i] += w
} END {
  for (i = 1; i <= n; i++) printf "%8.2f%%  %s\n", 100 * sum[i] / total, name[i]
}' "$folded"

if ! grep -q 'luaV_execute' "$folded"; then
  note "warning: no luaV_execute frame in the stacks; the run may have executed almost no Lua"
fi
echo
echo "perf data:      $data"
echo "folded stacks:  $folded"
echo "flamegraph:     $svg"
