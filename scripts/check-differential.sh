#!/bin/sh
# Differential run of `flownav check` (issue 18: reports unchanged by speed work): two builds
# over the bundled flows, the importer's golden flows, the benchmark generators at small depths and the shared apps, in text
# and JSON, in text with every segue performed on every device, and in text with every
# transition run in the engine (--no-reuse); only the exploration's seconds and states per
# second (timing) are left out.
#
#   scripts/check-differential.sh BEFORE AFTER [WORK]
#
# BEFORE and AFTER are flownav executables. The apps are checked as folders, with their Swift
# sources when a reader is at hand (FLOWNAV_SOURCES, else beside each flownav); extra flow
# files to compare can be listed in FLOWNAV_DIFF_EXTRA (space-separated). Prints one line per
# input and exits 1 when any output differs (the two outputs are left in WORK).
set -u
before=$1
after=$2
work=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared
mkdir -p "$work/in"

inputs=""
for f in "$root"/flows/*.json "$root"/flows/regressions/*.json "$root"/Tests/FlowImportTests/Golden/*.json; do
    case $f in */flow.schema.json) ;; *) inputs="$inputs $f" ;; esac
done
if [ -d "$shared/bench" ]; then
    python3 "$shared/bench/gen-tabs.py" 3 6 2 > "$work/in/tabs.json"
    python3 "$shared/bench/gen-nav.py" 20 3 > "$work/in/nav.json"
    python3 "$shared/bench/gen-modal.py" 3 6 2 2 > "$work/in/modal.json"
    python3 "$shared/bench/gen-large.py" 300 > "$work/in/large.json"
    inputs="$inputs $work/in/tabs.json $work/in/nav.json $work/in/modal.json $work/in/large.json"
fi
if [ -d "$shared/apps" ]; then
    for a in "$shared"/apps/*/; do inputs="$inputs ${a%/}"; done
fi
inputs="$inputs ${FLOWNAV_DIFF_EXTRA:-}"

# Depths small enough for the generators to finish in seconds; the others at default bounds.
depth_of() {
    case $1 in
    "$work"/in/tabs.json) echo "--depth 7" ;;
    "$work"/in/nav.json) echo "--depth 8" ;;
    "$work"/in/modal.json) echo "--depth 7" ;;
    *) echo "" ;;
    esac
}

# The timing parts of a report, which differ from run to run.
untimed() {
    sed -e 's/^\( *\)speed: [0-9.]* s, [0-9,]* states\/s, /\1speed: /' \
        -e 's/"seconds" *: *[0-9.e+-]*/"seconds": 0/' \
        -e 's/"statesPerSecond" *: *[0-9]*/"statesPerSecond": 0/'
}

status=0
n=0
for f in $inputs; do
    n=$((n + 1))
    for variant in text json all noreuse; do
        for side in before after; do
            bin=$before
            [ $side = after ] && bin=$after
            # shellcheck disable=SC2046
            case $variant in
            text) options="--format text" ;;
            json) options="--format json" ;;
            all) options="--format text --perform all --device all" ;;
            noreuse) options="--format text --no-reuse" ;;
            esac
            # shellcheck disable=SC2046,SC2086
            { "$bin" check "$f" $(depth_of "$f") $options; echo "exit $?"; } 2> "$work/$n.$variant.$side.err" | untimed > "$work/$n.$variant.$side"
        done
        if cmp -s "$work/$n.$variant.before" "$work/$n.$variant.after" && cmp -s "$work/$n.$variant.before.err" "$work/$n.$variant.after.err"; then
            summary=$(grep -m1 '^explored:' "$work/$n.text.after" 2> /dev/null | cut -c1-70)
            [ $variant = text ] && echo "same  $f ${summary:+($summary)}"
        else
            echo "DIFF  $f ($variant): $work/$n.$variant.before and .after"
            status=1
        fi
    done
done
exit $status
