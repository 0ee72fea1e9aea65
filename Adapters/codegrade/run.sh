#!/usr/bin/env bash
# CodeGrade unit-test step, from a pack `lesson pack codegrade` wrote (uploaded as the assignment's
# fixtures): grades the student's files in the current folder and writes JUnit XML where CodeGrade reads
# it, $CG_JUNIT_XML_LOCATION: one test case per test, a hidden test with its name and its one fixed message.
# Exits 0 once the XML is written; 1 when grading could not run (CodeGrade then gives the step no points).
#
# Settings (environment): LESSON_BIN (default: the pack's bin/lesson), CG_JUNIT_XML_LOCATION (default:
# results.xml), LESSON_TIME_BUDGET (whole seconds, default 120).
set -uo pipefail

pack="$(cd "$(dirname "$0")" && pwd)"
xml="${CG_JUNIT_XML_LOCATION:-results.xml}"
budget="${LESSON_TIME_BUDGET:-120}"
# shellcheck source=../common/lesson-adapter.sh
. "$pack/lesson-adapter.sh"

if ! adapter_read_pack "$pack" || ! adapter_find_checker; then
    echo "the pack is incomplete: $pack/exercise.conf or the lesson checker is missing" >&2
    exit 1
fi
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
adapter_grade "$budget" junit . "$folder"
status=$?
if [ $status -ne 0 ]; then
    adapter_failure $status "$budget" >&2
    exit 1
fi
cp "$folder/results.xml" "$xml"
