#!/usr/bin/env bash
# Renders the HTML report of the bundled course (check and engine coverage) with headless Chromium and
# saves the screenshots shown in the README: docs/report.png and docs/coverage.png.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product lesson >/dev/null
lesson="$(swift build --show-bin-path)/lesson"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$lesson" check --no-cache --format html --output "$work/report.html" Lessons
"$lesson" coverage --format html --output "$work/coverage.html" Lessons
for page in report coverage; do
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1500 \
        --screenshot="docs/$page.png" "file://$work/$page.html" 2>/dev/null
done
ls -la docs/report.png docs/coverage.png
