#!/usr/bin/env bash
# CodeGrade unit-test step: grades the student's files in the current folder and writes JUnit XML where
# CodeGrade reads it ($CG_JUNIT_XML_LOCATION): one test case per test, a hidden test named as the student
# sees it and without its details. Exits 0 once the XML is written.
#
#   Adapters/codegrade/run.sh EXERCISE LESSON [HIDDEN]
#
# Settings (environment): LESSON_BIN (default: lesson on PATH), CG_JUNIT_XML_LOCATION (default:
# results.xml).
set -uo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 EXERCISE LESSON [HIDDEN]" >&2
    exit 2
fi
lesson="${LESSON_BIN:-lesson}"
xml="${CG_JUNIT_XML_LOCATION:-results.xml}"
hidden=()
[ $# -eq 3 ] && hidden=(--hidden "$3")
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
"$lesson" grade --exercise "$1" --lesson "$2" --submission . "${hidden[@]}" --format junit --output "$folder" || exit 1
cp "$folder/results.xml" "$xml"
