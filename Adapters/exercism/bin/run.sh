#!/usr/bin/env bash
# Exercism test runner interface: bin/run.sh SLUG INPUT_DIR OUTPUT_DIR
# Grades the solution in INPUT_DIR for exercise SLUG (exercise=SLUG in a lesson) and writes
# OUTPUT_DIR/results.json (version 3). Always exits 0 once results.json is written.
#
# Exercism gives a test run 20 s in all. The grader gets LESSON_TIME_BUDGET minus 2 s for its builds and
# tests (tests run at once, each within its own limit and the budget; a test the budget cuts short is an
# `error` that says so), and is stopped 1 s before LESSON_TIME_BUDGET, leaving time to write a results.json
# that says what happened.
#
# Settings (environment):
#   LESSON_BIN           the lesson executable (default: lesson on PATH)
#   LESSONS_DIR          the course's lessons, searched for the exercise (default: /opt/course/Lessons)
#   LESSON_HIDDEN_DIR    a folder of hidden tests, SLUG.md each (default: none)
#   LESSON_TIME_BUDGET   whole seconds for the whole run (default: 18, under Exercism's 20)
#   LESSON_TEST_TIMEOUT  seconds one test may run (default: 10)
set -uo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 SLUG INPUT_DIR OUTPUT_DIR" >&2
    exit 2
fi
slug="$1"
input="${2%/}"
output="${3%/}"
lesson="${LESSON_BIN:-lesson}"
lessons="${LESSONS_DIR:-/opt/course/Lessons}"
budget="${LESSON_TIME_BUDGET:-18}"
test_timeout="${LESSON_TEST_TIMEOUT:-10}"
mkdir -p "$output"

if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 4 ]; then
    echo "LESSON_TIME_BUDGET must be a whole number of seconds, at least 4" >&2
    exit 2
fi

hidden=()
if [ -n "${LESSON_HIDDEN_DIR:-}" ]; then
    # The whole folder of hidden tests stays out of the student's sight, whichever exercise this is.
    hidden=(--hide "$LESSON_HIDDEN_DIR")
    if [ -f "$LESSON_HIDDEN_DIR/$slug.md" ]; then
        hidden+=(--hidden "$LESSON_HIDDEN_DIR/$slug.md")
    fi
fi

errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
timeout --kill-after=0.5 "$((budget - 1))" "$lesson" grade --exercise "$slug" --lessons "$lessons" \
    --submission "$input" "${hidden[@]}" --format exercism --output "$output" \
    --budget "$((budget - 2))" --timeout "$test_timeout" 2>"$errors"
status=$?
if [ $status -ne 0 ] || [ ! -s "$output/results.json" ]; then
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then
        message="grading did not finish within the ${budget} s budget"
    else
        message="$(head -c 2000 "$errors")"
    fi
    python3 -c 'import json, sys; print(json.dumps({"version": 3, "status": "error", "message": sys.argv[1], "tests": []}, indent=2))' \
        "$message" > "$output/results.json"
fi
exit 0
