#!/usr/bin/env bash
# Builds the libFuzzer targets (once) and runs each for a budget.
#   Fuzz/run.sh [SECONDS] [TARGET...]     default: 60 seconds, every target
# FUZZ_CONFIG=debug builds faster (CI's smoke run); the default is release.
# FLOWNAV_SHARED names the folder with storyboards/ and apps/ for seeds (default ../shared).
# Corpora grow in .build-fuzz/corpus/TARGET, seeded at run time (never committed) from the
# bundled flows, transcripts, apps and import fixtures and from $FLOWNAV_SHARED (default
# ../shared: storyboards/ and apps/, when there); crashes are written to
# .build-fuzz/crashes/TARGET. Exit status 1 on a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-loader fuzz-commands fuzz-transcript fuzz-import fuzz-sources)
# FUZZ_SCRATCH=.build (CI) shares the debug build's swift-syntax, which is built with the same
# flags, instead of building it a second time; flownav's own modules are rebuilt instrumented.
scratch=${FUZZ_SCRATCH:-.build-fuzz}
config=${FUZZ_CONFIG:-release}
shared=${FLOWNAV_SHARED:-../shared}
# Copies files matching NAME patterns under the folders given into a corpus, each under a name
# made from its path (apps have many a Main.storyboard); files over MAX bytes are left out
# (libFuzzer would cut them, and a cut XML file is only a parse error).
seed() {
  local corpus=$1 max=$2; shift 2
  local folders=() names=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do folders+=("$1"); shift; done
  shift
  for n in "$@"; do names+=(-o -name "$n"); done
  for f in "${folders[@]}"; do
    [ -d "$f" ] || continue
    find "$f" -type f -size -"$max"c \( "${names[@]:1}" \) -print0 |
      while IFS= read -r -d '' file; do
        name=$(printf '%s' "$file" | tr '/ ' '__')
        [ -e "$corpus/$name" ] || cp "$file" "$corpus/$name"
      done
  done
}
# FLOWNAV_FUZZ=1: flownav's modules instrumented, swift-syntax not (see Package.swift).
FLOWNAV_FUZZ=1 swift build --package-path Fuzz --scratch-path "$scratch" -c "$config" 2>&1 | grep -Ev '^\[|ld.gold: warning' || true
status=0
for t in "${targets[@]}"; do
  corpus=$scratch/corpus/$t crashes=$scratch/crashes/$t max_len=65536
  mkdir -p "$corpus" "$crashes"
  case $t in
    fuzz-loader) dict=flow; cp -n flows/*.json "$corpus"/ 2>/dev/null || true ;;
    fuzz-commands) dict=commands; printf 'where\nselect 1\ntap addBroken\nback\n' > "$corpus/seed-1" ;;
    fuzz-transcript) dict=transcript; cp -n flows/*.flownav "$corpus"/ 2>/dev/null || true ;;
    fuzz-import) dict=storyboard max_len=262144
      seed "$corpus" $max_len flows/apps Tests/FlowImportTests/Fixtures "$shared/storyboards" "$shared/apps" -- '*.storyboard' '*.xib' ;;
    fuzz-sources) dict=swift
      seed "$corpus" $max_len flows/apps "$shared/apps" -- '*.swift' ;;
  esac
  echo "== $t: $seconds s"
  if ! "$scratch/$config/$t" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -max_len=$max_len \
      -dict="Fuzz/dictionaries/$dict.dict" -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" \
      2> "$scratch/$t.log"; then
    status=1
    echo "$t: a crash; see $scratch/$t.log and $crashes/"
  fi
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$scratch/$t.log" || true
done
exit $status
