#!/bin/sh
# Usage: scripts/check-differential.sh BEFORE AFTER
# `check` reports (findings, coverage, state counts) of two flownav binaries, timings left out,
# on the bundled flows, the importer's golden flows, the four benchmark generators' flows and the
# shared apps: a change that must not alter reports passes when nothing differs. Put
# flownav-sources beside both binaries first, so that neither builds it in its own package.
set -u
before=$1; after=$2
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared
[ -d "$shared" ] || shared=$root/../../shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
python3 "$shared/bench/gen-tabs.py" 2 4 2 > "$work/tabs.json"
python3 "$shared/bench/gen-nav.py" 10 2 > "$work/nav.json"
python3 "$shared/bench/gen-modal.py" 2 4 2 2 > "$work/modal.json"
python3 "$shared/bench/gen-large.py" 300 > "$work/large.json"
inputs="$(ls flows/*.json flows/regressions/*.json | grep -v schema) $(ls Tests/FlowImportTests/Golden/*.json)
$work/tabs.json $work/nav.json $work/modal.json $work/large.json $(ls -d "$shared"/apps/*/)"
differ=0; n=0
for f in $inputs; do
  n=$((n + 1))
  for side in before after; do
    eval bin=\$$side
    timeout 600 "$bin" check "$f" > "$work/out" 2>&1; echo "exit $?" >> "$work/out"
    grep -v -E '^speed:|complete! \(|[0-9.]+ ?(ms|s) |seconds|MB/s' "$work/out" > "$work/$side"
  done
  if ! cmp -s "$work/before" "$work/after"; then
    echo "differs: $f"
    diff "$work/before" "$work/after" | head -10
    differ=$((differ + 1))
  fi
done
echo "$n inputs compared, $differ differ"
[ "$differ" -eq 0 ]
