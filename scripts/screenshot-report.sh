#!/bin/sh
# Takes the README's screenshot of `flownav check --format html`: the report of the demo flow
# (which has findings: the container quirk, init(coder:) traps), opened in headless Chromium.
# Not run by CI (it needs Chromium and Graphviz); `make screenshot` runs it.
#   sh scripts/screenshot-report.sh [FLOW] [OUT.png]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "$(dirname "${2:-$root/docs/images/check-report.png}")" && pwd)/$(basename "${2:-check-report.png}")
# From the package's folder, so that the report names the flow as `flows/…`.
cd "$root"
flow=${1:-flows/segue-actions.json}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "screenshot-report: Chromium is not installed (Debian: apt-get install chromium)" >&2
    exit 2
fi
swift build -c release --package-path "$root" --product flownav >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Exit status 1 only says the flow has findings, which is the point of the picture.
"$root/.build/release/flownav" check "$flow" --format html --output "$tmp/report.html" || [ $? -eq 1 ]
# --no-sandbox: Chromium refuses to run as root otherwise (containers, CI images).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1280,1900 --screenshot="$out" "file://$tmp/report.html" 2>/dev/null
echo "wrote $out"
