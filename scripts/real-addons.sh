#!/bin/bash
# Lays out public copies of real addons as a user would have them installed. The corpus (the
# earlier sets of docs/real-addons.md and the addons of issue #18 part 6) now lives in
# scripts/corpus/: corpus.toml lists the addons and the sources of their libraries, pack.py
# packages them by their .pkgmeta, run.sh runs wow-sim on each set, classify.py attributes the
# records. This script is kept for the old command line. Usage:
#   MIRROR=DIR scripts/real-addons.sh OUT_DIR [SET...]
#   (writes OUT_DIR/AddOns/<set>/<folder>, the sets OUT_DIR/per/<set>, OUT_DIR/sources.tsv)
set -euo pipefail
OUT=${1:?usage: MIRROR=DIR real-addons.sh OUT_DIR [SET...]}
shift
exec python3 "$(dirname "$0")/corpus/pack.py" "$OUT" "$@"
