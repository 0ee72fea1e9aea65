#!/usr/bin/env bash
# Exercism test runner interface, from a pack `lesson pack exercism` wrote (the test runner's repository:
# this script is /opt/test-runner/bin/run.sh in its image): bin/run.sh SLUG INPUT_DIR OUTPUT_DIR. Grades the
# solution in INPUT_DIR and writes OUTPUT_DIR/results.json (version 3); exits 0 once it is written, whatever
# the grade. Exercism's runner passes the same folder as INPUT_DIR and OUTPUT_DIR.
#
# Exercism gives a run 20 s in all. The checker gets LESSON_TIME_BUDGET minus 2 s for its builds and tests
# (each test within its own limit and the budget; a test the budget cuts short is an `error` that says so),
# and is stopped 1 s before LESSON_TIME_BUDGET, leaving time to write a results.json that says what happened.
#
# Settings (environment): LESSON_BIN (default: the pack's bin/lesson), LESSON_TIME_BUDGET (whole seconds,
# default 18), LESSON_TEST_TIMEOUT (seconds one test may run, default 10).
set -uo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 SLUG INPUT_DIR OUTPUT_DIR" >&2
    exit 2
fi
slug="$1"
input="${2%/}"
output="${3%/}"
pack="$(cd "$(dirname "$0")/.." && pwd)"
budget="${LESSON_TIME_BUDGET:-18}"
test_timeout="${LESSON_TEST_TIMEOUT:-10}"
mkdir -p "$output"
# shellcheck source=../../common/lesson-adapter.sh
. "$pack/lesson-adapter.sh"

fail() {
    printf '{\n  "version": 3,\n  "status": "error",\n  "message": %s,\n  "tests": []\n}\n' "$(json_string "$1")" \
        > "$output/results.json"
    exit 0
}

adapter_read_pack "$pack" || fail "the test runner is not configured: $pack/exercise.conf is missing or incomplete"
[ "$slug" = "$EXERCISE" ] || fail "this test runner grades the exercise $EXERCISE, not $slug"
adapter_find_checker || fail "the test runner has no lesson checker: pack one with lesson pack, or set LESSON_BIN"
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 4 ]; then
    fail "LESSON_TIME_BUDGET must be a whole number of seconds, at least 4"
fi
adapter_grade "$budget" exercism "$input" "$output" --timeout "$test_timeout"
status=$?
if [ $status -ne 0 ] || [ ! -s "$output/results.json" ]; then fail "$(adapter_failure $status "$budget")"; fi
rm -f "$output/instructor.json"
exit 0
