#!/usr/bin/env bash
# PrairieLearn external grader entry point, from a pack `lesson pack prairielearn` wrote: the pack is a
# folder of the course's serverFilesCourse/, which PrairieLearn copies to /grade/serverFilesCourse/, and
# this script is the question's externalGradingOptions.entrypoint (externalGradingOptions.json in the pack
# says what to put in the question's info.json). It reads the student's files in /grade/student and writes
# /grade/results/results.json: score from 0 to 1, each test's points, and gradable false with
# format_errors when the submission does not build or cannot be graded (PrairieLearn then counts no
# attempt). It exits 0 whenever it wrote a result: PrairieLearn reads none after a non-zero exit.
#
# Settings (environment): GRADE_ROOT (default /grade), LESSON_BIN (default: the pack's bin/lesson),
# LESSON_TIME_BUDGET (whole seconds for the run, default 25: under the question's timeout, 30 s unless it
# sets another).
set -uo pipefail

pack="$(cd "$(dirname "$0")" && pwd)"
root="${GRADE_ROOT:-/grade}"
results="$root/results"
budget="${LESSON_TIME_BUDGET:-25}"
mkdir -p "$results"
# shellcheck source=../common/lesson-adapter.sh
. "$pack/lesson-adapter.sh"

fail() {
    local message
    message="$(json_string "$1")"
    printf '{\n  "gradable": false,\n  "score": 0,\n  "message": %s,\n  "format_errors": [%s],\n  "output": "",\n  "tests": []\n}\n' \
        "$message" "$message" > "$results/results.json"
    exit 0
}

adapter_read_pack "$pack" || fail "the grader is not configured: $pack/exercise.conf is missing or incomplete"
adapter_find_checker || fail "the grader has no lesson checker: pack one with lesson pack, or set LESSON_BIN"
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 6 ]; then
    fail "LESSON_TIME_BUDGET must be a whole number of seconds, at least 6"
fi
adapter_grade "$budget" prairielearn "$root/student" "$results" --hide "$root/tests"
status=$?
if [ $status -ne 0 ] || [ ! -s "$results/results.json" ]; then fail "$(adapter_failure $status "$budget")"; fi
rm -f "$results/instructor.json"
