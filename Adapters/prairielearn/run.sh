#!/usr/bin/env bash
# PrairieLearn external grader entry point (the question's externalGradingOptions.entrypoint). Reads the
# student's files from /grade/student and writes /grade/results/results.json: score from 0 to 1, each test's
# points, and gradable false when the submission does not build (PrairieLearn then counts no attempt). The
# exercise is configured in /grade/tests/exercise.conf (the question's tests/ folder):
#
#   EXERCISE=sync-engine                        # exercise=ID in the lesson
#   LESSON=Lessons/uikit/07-exercise.md         # relative to /grade/serverFilesCourse
#   HIDDEN=hidden/sync-engine.md                # optional, relative to /grade/tests
#
# Settings (environment): GRADE_ROOT (default /grade), LESSON_BIN (default: lesson on PATH),
# LESSON_TIME_BUDGET (whole seconds for the run, default 25: under the question's timeout, which is 30 s
# unless it sets another).
set -uo pipefail

root="${GRADE_ROOT:-/grade}"
lesson="${LESSON_BIN:-lesson}"
results="$root/results"
budget="${LESSON_TIME_BUDGET:-25}"
mkdir -p "$results"

fail() {
    python3 -c 'import json, sys; print(json.dumps({"gradable": False, "score": 0, "message": sys.argv[1], "output": "", "tests": []}, indent=2))' \
        "$1" > "$results/results.json"
    exit 0
}

config="$root/tests/exercise.conf"
[ -f "$config" ] || fail "the grader is not configured: $config is missing"
EXERCISE=""
LESSON=""
HIDDEN=""
# shellcheck disable=SC1090
. "$config"
if [ -z "$EXERCISE" ] || [ -z "$LESSON" ]; then fail "exercise.conf must set EXERCISE and LESSON"; fi
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 6 ]; then
    fail "LESSON_TIME_BUDGET must be a whole number of seconds, at least 6"
fi

hidden=()
[ -n "$HIDDEN" ] && hidden=(--hidden "$root/tests/$HIDDEN" --hide "$root/tests")
errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
timeout --kill-after=1 "$((budget - 1))" "$lesson" grade --exercise "$EXERCISE" \
    --lesson "$root/serverFilesCourse/$LESSON" --submission "$root/student" "${hidden[@]}" \
    --format prairielearn --output "$results" --budget "$((budget - 3))" 2>"$errors"
status=$?
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
    fail "grading did not finish within the ${budget} s budget"
elif [ $status -ne 0 ]; then
    fail "$(head -c 2000 "$errors")"
fi
rm -f "$results/instructor.json"
