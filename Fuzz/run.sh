#!/usr/bin/env bash
# Builds the libFuzzer targets (once) and runs each for a budget.
#   Fuzz/run.sh [SECONDS] [TARGET...]     default: 60 seconds, every target
# FUZZ_CONFIG=debug builds faster (CI's smoke run); the default is release.
# Corpora grow in .build-fuzz/corpus/TARGET (seeded from the bundled flows and transcripts and
# ../shared); crashes are written to .build-fuzz/crashes/TARGET. Exit status 1 on a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-loader fuzz-commands fuzz-transcript)
scratch=.build-fuzz
config=${FUZZ_CONFIG:-release}
swift build --package-path Fuzz --scratch-path "$scratch" -c "$config" -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -Ev '^\[|ld.gold: warning' || true
status=0
for t in "${targets[@]}"; do
  corpus=$scratch/corpus/$t crashes=$scratch/crashes/$t
  mkdir -p "$corpus" "$crashes"
  case $t in
    fuzz-loader) dict=flow; cp -n flows/*.json "$corpus"/ 2>/dev/null || true ;;
    fuzz-commands) dict=commands; printf 'where\nselect 1\ntap addBroken\nback\n' > "$corpus/seed-1" ;;
    fuzz-transcript) dict=transcript; cp -n flows/*.flownav "$corpus"/ 2>/dev/null || true ;;
  esac
  echo "== $t: $seconds s"
  if ! "$scratch/$config/$t" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -max_len=65536 \
      -dict="Fuzz/dictionaries/$dict.dict" -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" \
      2> "$scratch/$t.log"; then
    status=1
    echo "$t: a crash; see $scratch/$t.log and $crashes/"
  fi
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$scratch/$t.log" || true
done
exit $status
