# shellcheck shell=bash
# What every shell adapter of a pack shares (`lesson pack` writes this file beside them): the pack's
# exercise, the checker, one grading within a time budget, and a JSON string for the result an adapter
# writes when the checker could not write one. Sourced, never run.
#
# A pack folder holds exercise.conf (EXERCISE, LESSON, HIDDEN, ENGINES: paths relative to the pack),
# course/ (the lesson, the course's own engines, the hidden tests) and bin/lesson (the checker).

# Reads PACK/exercise.conf into EXERCISE, LESSON, HIDDEN and ENGINES (absolute paths). Only KEY=VALUE lines
# of those names are read: nothing in the file is run.
adapter_read_pack() {
    PACK="$(cd "$1" && pwd)"
    EXERCISE="" LESSON="" HIDDEN="" ENGINES=""
    [ -f "$PACK/exercise.conf" ] || return 1
    local key value
    while IFS='=' read -r key value || [ -n "$key" ]; do
        case "$key" in
            EXERCISE) EXERCISE="$value" ;;
            LESSON) LESSON="$PACK/$value" ;;
            HIDDEN) if [ -n "$value" ]; then HIDDEN="$PACK/$value"; fi ;;
            ENGINES) if [ -n "$value" ]; then ENGINES="$PACK/$value"; fi ;;
        esac
    done < "$PACK/exercise.conf"
    [ -n "$EXERCISE" ] && [ -n "$LESSON" ]
}

# Sets CHECKER: LESSON_BIN, else the pack's bin/lesson, else lesson on PATH. A checker built without
# --static-swift-stdlib loads the Swift runtime of the swiftc on PATH, which must be the same version.
adapter_find_checker() {
    CHECKER="${LESSON_BIN:-}"
    if [ -z "$CHECKER" ] && [ -x "$PACK/bin/lesson" ]; then CHECKER="$PACK/bin/lesson"; fi
    if [ -z "$CHECKER" ]; then CHECKER="$(command -v lesson || true)"; fi
    [ -n "$CHECKER" ] || return 1
    local swiftc
    swiftc="$(command -v swiftc || true)"
    if [ -n "$swiftc" ]; then
        export LD_LIBRARY_PATH
        LD_LIBRARY_PATH="$(dirname "$(readlink -f "$swiftc")")/../lib/swift/linux${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    fi
}

# adapter_grade BUDGET FORMAT SUBMISSION OUTPUT [OPTION ...]: grades SUBMISSION for the pack's exercise,
# with its course's own engines and hidden tests, the whole pack hidden from the student's programs. The
# checker gets BUDGET - 2 seconds (--budget) and is stopped at BUDGET - 1, so a result that says what
# happened can still be written. Returns the checker's status (124 or 137 when it was stopped); what it
# said on stderr is in ADAPTER_ERRORS.
adapter_grade() {
    local budget="$1" format="$2" submission="$3" output="$4"
    shift 4
    local options=(--exercise "$EXERCISE" --lesson "$LESSON" --hide "$PACK")
    if [ -n "$HIDDEN" ]; then options+=(--hidden "$HIDDEN"); fi
    if [ -n "$ENGINES" ]; then options+=(--engines "$ENGINES"); fi
    local errors
    errors="$(mktemp)"
    timeout --kill-after=1 "$((budget - 1))" "$CHECKER" grade "${options[@]}" --submission "$submission" \
        --format "$format" --output "$output" --budget "$((budget - 2))" "$@" 2>"$errors"
    local status=$?
    ADAPTER_ERRORS="$(head -c 2000 "$errors")"
    rm -f "$errors"
    return $status
}

# Why grading failed, for the result an adapter writes in its place.
adapter_failure() {
    local status="$1" budget="$2"
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "grading did not finish within the ${budget} s budget"
    else
        echo "grading could not run: ${ADAPTER_ERRORS:-the checker exited with status $status}"
    fi
}

# TEXT as a JSON string, quotes included: backslashes and quotes escaped, line breaks as \n, tabs as \t, other
# control characters left out.
json_string() {
    local text
    text="$(printf '%s' "$1" | tr -d '\000-\010\013-\037\177' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g')"
    printf '"%s"' "$(printf '%s' "$text" | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }')"
}
