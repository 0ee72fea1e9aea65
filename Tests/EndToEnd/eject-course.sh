#!/usr/bin/env bash
# Every scenario of a course, ejected with `lesson eject` and run with `swift run` in its own package: each
# must print exactly its expected output (expected-output.txt). Scenarios without an expected block are
# ejected and built, not compared; an exercise's starter is not ejected.
#
#   Tests/EndToEnd/eject-course.sh [LESSONS_DIR] [WORK_DIR]     (default: Lessons; a few seconds a scenario)
set -euo pipefail
checker=$(cd "$(dirname "$0")/../.." && pwd)
lesson="$(swift build --package-path "$checker" --show-bin-path)/lesson"
[ -x "$lesson" ] || { echo "build the checker first: swift build" >&2; exit 2; }
lessons=${1:-Lessons}
[ -e "$lessons" ] || { echo "no such file or folder: $lessons" >&2; exit 2; }
work=${2:-$(mktemp -d)}
mkdir -p "$work"
# Compared as the checker compares: text that is canonically equivalent (NFC and NFD) is the same.
same() {
    python3 -c 'import sys, unicodedata as u; a, b = (u.normalize("NFC", open(p, encoding="utf-8").read()) for p in sys.argv[1:]); sys.exit(a != b)' "$1" "$2"
}
count=0
differ=0
starters=0
while IFS= read -r line; do
    file=${line%%:*}
    rest=${line#*:}
    number=${rest%%:*}
    count=$((count + 1))
    folder="$work/$count"
    rm -rf "$folder"
    if ! "$lesson" eject "$file:$number" "$folder" > /dev/null 2> "$work/eject.err"; then
        # An exercise's starter is the student's to write: eject refuses it, and says so.
        if grep -q "starter is the student's to write" "$work/eject.err"; then starters=$((starters + 1)); continue; fi
        cat "$work/eject.err" >&2
        exit 1
    fi
    if ! (cd "$folder" && swift run --quiet 2>"$folder/build.log" > "$folder/printed.txt"); then
        echo "FAILED to build or run: $file:$number (see $folder/build.log)"
        differ=$((differ + 1))
    elif [ -f "$folder/expected-output.txt" ] && ! same "$folder/printed.txt" "$folder/expected-output.txt"; then
        echo "DIFFERS: $file:$number"
        diff "$folder/expected-output.txt" "$folder/printed.txt" | head -5 || true
        differ=$((differ + 1))
    fi
done < <("$lesson" list "$lessons" | awk '/^[^ ]/ { file = $0 } / scenario  / { split($2, range, "-"); print file ":" range[1] }')
echo "$((count - starters)) scenarios ejected and run with swift run, $differ differ ($starters exercise starters left out)"
[ "$differ" -eq 0 ]
