#!/usr/bin/env bash
# Classroom 50 grader: grades the student's repository checked out in the current folder and writes its
# result (classroom50/result/v1: score, max-score, each test's test-name, passed, score and max-score) to
# RESULT (default result.json). Exits 0 whatever the grade, and when grading cannot run writes a result
# of no test that says why on stderr.
#
#   Adapters/classroom50/grade.sh EXERCISE LESSON [SUBMISSION] [RESULT]
#
# EXERCISE is exercise=ID in the lesson, LESSON the lesson's path, SUBMISSION the student's file or folder
# (default: the current folder). Settings (environment): LESSON_BIN (default: lesson on PATH),
# LESSON_HIDDEN (a hidden-tests file, kept outside the student's repository).
set -uo pipefail

if [ $# -lt 2 ] || [ $# -gt 4 ]; then
    echo "usage: $0 EXERCISE LESSON [SUBMISSION] [RESULT]" >&2
    exit 2
fi
exercise="$1"
lesson_path="$2"
submission="${3:-.}"
result="${4:-result.json}"
lesson="${LESSON_BIN:-lesson}"

hidden=()
[ -n "${LESSON_HIDDEN:-}" ] && hidden=(--hidden "$LESSON_HIDDEN")
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
if "$lesson" grade --exercise "$exercise" --lesson "$lesson_path" --submission "$submission" "${hidden[@]}" \
    --format classroom50 --output "$folder"; then
    cp "$folder/results.json" "$result"
else
    echo "grading could not run (see above)" >&2
    printf '{\n  "schema" : "classroom50/result/v1",\n  "score" : 0,\n  "max-score" : 0,\n  "tests" : []\n}\n' > "$result"
fi
exit 0
