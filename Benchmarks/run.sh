#!/usr/bin/env bash
# Benchmark of `lesson check` on a synthetic course, every figure measured side by side in one run:
#   1. one swiftc call per scenario (compile and run), on two workers: the cost without this tool;
#   2. the isolated strategy (one build per scenario), no cache;
#   3. the fast path (merged builds), cold cache;
#   4. a warm re-check with nothing changed;
#   5. a re-check after editing one scenario;
#   6. the checker's own peak memory at LESSONS and 4×LESSONS lessons;
#   7. batch grading of a class of CLASS submissions (contained), in submissions per minute, beside a plain
#      uncontained script that builds and runs each student's two test programs with swiftc; and the
#      pre-check of a 1 MiB submission;
#   8. a course with the published lessons' ratio of snippets (40 lessons, 100 scenarios, 160 snippets, 8
#      distinct, engines reprinted): cold against one swiftc per scenario, warm with the release and the
#      debug build (what `swift run lesson check` runs), one edited scenario;
#   9. a book of 1,050 distinct snippets, fragments included, checked cold;
#  10. `lesson coverage` of the bundled course: one instrumented build per scenario (--strategy isolated, how
#      coverage built before it used the executor's merged builds) against the default merged builds;
#  11. with the debug build: an author's edit of one lesson's three scenarios against a plain swiftc of that
#      lesson, the cold check against one merged swiftc per engine plus a batched parse, and the balance of
#      4 and 8 shards (and the lessons one more lesson moves);
#  12. eight course shapes generated in eight different ways (Benchmarks/course_shapes.py): cold, warm and
#      one edited lesson of each with the debug build, each beside its floor.
#
# usage: Benchmarks/run.sh [LESSONS [CLASS]]      (default 40 lessons, 120 scenarios; a class of 100)
# BENCH_PARTS="check grade coverage" chooses the parts (default all three).
# LESSON_BIN=path uses an already built binary; otherwise a release build is made. LESSON_DEBUG_BIN likewise
# for the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
lessons="${1:-40}"
class_size="${2:-100}"
parts="${BENCH_PARTS:-check grade coverage}"
work="$(mktemp -d /tmp/lesson-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if [ -z "${LESSON_BIN:-}" ]; then
    swift build -c release --product lesson >/dev/null
    LESSON_BIN="$(swift build -c release --show-bin-path)/lesson"
fi
if [ -z "${LESSON_DEBUG_BIN:-}" ] && [[ " $parts " == *" check "* ]]; then
    swift build --product lesson >/dev/null
    LESSON_DEBUG_BIN="$(swift build --show-bin-path)/lesson"
fi
now() { date +%s.%N; }
elapsed() { python3 -c "print(f'{$2 - $1:.2f}')"; }

if [[ " $parts " == *" grade "* ]]; then
    # A class cycling through the fixture submissions: correct, wrong, not building, trapping, failing a
    # hidden test.
    cases=(correct wrong no-compile trap hidden-only)
    for index in $(seq 1 "$class_size"); do
        mkdir -p "$work/class/student-$index"
        cp "Fixtures/grading/submissions/sync-engine/${cases[$((index % 5))]}/Sync.swift" "$work/class/student-$index/"
    done
    start=$(now)
    "$LESSON_BIN" grade --lesson Fixtures/grading/engine-exercise.md --exercise sync-engine \
        --hidden Fixtures/grading/hidden/sync-engine.md --submissions "$work/class" --output "$work/results" 2>/dev/null
    graded=$(elapsed "$start" "$(now)")
    rows=$(($(wc -l < "$work/results/summary.csv") - 1))
    echo "batch grading: $rows submissions (4 tests each, contained) in $graded s on $(nproc) cores:" \
        "$(python3 -c "print(f'{$rows * 60 / $graded:.0f}')") submissions per minute"
    # The same class graded by a plain script, with no protection at all: each student's visible and hidden
    # tests wrapped in functions of one main.swift each (as the grader merges them), each program built by
    # one swiftc call with the student's file and run, two students at a time.
    python3 - "$work/baseline" <<'PY'
import re, sys, os
def tests(path):
    text = open(path).read()
    blocks = re.findall(r"```swift( [^\n]*)?\n(.*?)```", text, re.S)
    return [code for info, code in blocks if "exercise=" not in (info or "")]
for kind, path in [("visible", "Fixtures/grading/engine-exercise.md"), ("hidden", "Fixtures/grading/hidden/sync-engine.md")]:
    os.makedirs(f"{sys.argv[1]}/{kind}", exist_ok=True)
    scenarios = tests(path)
    body = "".join(f"func test{n}() {{\n{code}}}\n" for n, code in enumerate(scenarios))
    calls = "".join(f"test{n}()\n" for n in range(len(scenarios)))
    open(f"{sys.argv[1]}/{kind}/main.swift", "w").write(body + calls)
PY
    swiftc_path="$(command -v swiftc)"
    start=$(now)
    seq 1 "$class_size" | xargs -P "$(nproc)" -I{} sh -c '
        for kind in visible hidden; do
            "$0" -Onone "$1/class/student-{}/Sync.swift" "$1/baseline/$kind/main.swift" -o "$1/baseline/{}-$kind" \
                2>/dev/null && "$1/baseline/{}-$kind" >/dev/null 2>&1
        done; true' "$swiftc_path" "$work"
    baseline=$(elapsed "$start" "$(now)")
    echo "the same class by a plain uncontained script (two swiftc builds and runs per student, $(nproc) at a" \
        "time): $baseline s, $(python3 -c "print(f'{$class_size * 60 / $baseline:.0f}')") submissions per minute;" \
        "the contained grader is $(python3 -c "print(f'{$baseline / $graded:.2f}')")x its speed"
    # The pre-check of a 1 MiB submission: what made the old one quadratic (`@available` left open, line
    # after line), then a `#warning` at its end, so the whole file is read and the grade stops before any build.
    python3 -c "
unit = '@available(*, message: \"x\" // (\n'
open('$work/big.swift', 'w').write(unit * (((1 << 20) - 32) // len(unit)) + '#warning(\"late\")\n')"
    start=$(now)
    "$LESSON_BIN" grade --lesson Fixtures/grading/engine-exercise.md --exercise sync-engine \
        --submission "$work/big.swift" --no-sandbox >/dev/null 2>&1 || true
    echo "pre-check of a $(wc -c < "$work/big.swift")-byte submission (refused at its last line):" \
        "$(elapsed "$start" "$(now)") s, the process included"
fi
if [[ " $parts " == *" coverage "* ]]; then
    start=$(now); "$LESSON_BIN" coverage --strategy isolated Lessons >"$work/coverage-isolated.txt"
    coverage_isolated=$(elapsed "$start" "$(now)")
    start=$(now); "$LESSON_BIN" coverage Lessons >"$work/coverage-merged.txt"
    coverage_merged=$(elapsed "$start" "$(now)")
    cmp -s "$work/coverage-isolated.txt" "$work/coverage-merged.txt" || echo "coverage: the two reports differ"
    echo "lesson coverage Lessons: one build per scenario $coverage_isolated s, merged builds $coverage_merged s:" \
        "$(python3 -c "print(f'{$coverage_isolated / $coverage_merged:.1f}')")x faster, the same report"
fi
[[ " $parts " == *" check "* ]] || exit 0

python3 Benchmarks/generate_course.py "$work/course" "$lessons" Sources/Engines
python3 Benchmarks/generate_course.py "$work/course4x" "$((lessons * 4))" Sources/Engines
scenarios=$(grep -rc '^// main.swift' "$work/course" | awk -F: '{ s += $2 } END { print s }')

# 1. One swiftc call per scenario, two at a time: each scenario with its lesson's engine, compiled and run.
baseline() {
    rm -rf "$2"
    python3 - "$1" "$2" <<'PY'
import os, re, sys
course, out = sys.argv[1], sys.argv[2]
count = 0
for root, _, files in os.walk(course):
    for name in sorted(files):
        text = open(os.path.join(root, name), encoding="utf-8").read()
        blocks = re.findall(r"```swift\n(.*?)```", text, re.S)
        engine = next(b for b in blocks if not b.startswith("// main.swift") and not b.startswith("import"))
        engine_name = engine.split()[1]
        for block in blocks:
            if block.startswith("// main.swift"):
                folder = os.path.join(out, str(count))
                os.makedirs(folder)
                open(os.path.join(folder, engine_name), "w", encoding="utf-8").write(engine)
                open(os.path.join(folder, "main.swift"), "w", encoding="utf-8").write(block)
                count += 1
PY
    local start; start=$(now)
    ls "$2" | xargs -P 2 -I{} sh -c \
        'cd "$1/{}" && swiftc -module-name main -swift-version 5 -Onone *.swift -o prog 2>/dev/null && ./prog >/dev/null' _ "$2"
    elapsed "$start" "$(now)"
}
single=$(baseline "$work/course" "$work/single")

run_check() { "$LESSON_BIN" check --color never "$@" >/dev/null 2>"$work/stats" || true; }
run_debug() { "$LESSON_DEBUG_BIN" check --color never "$@" >/dev/null 2>"$work/stats" || true; }

start=$(now); run_check --strategy isolated --no-cache "$work/course"; isolated=$(elapsed "$start" "$(now)")
start=$(now); run_check --cache-dir "$work/cache" "$work/course"; cold=$(elapsed "$start" "$(now)")
start=$(now); run_check --cache-dir "$work/cache" "$work/course"; warm=$(elapsed "$start" "$(now)")
first=$(ls "$work/course/uikit" | head -1)
sed -i 's/adim-1-2/adim-1-2b/g' "$work/course/uikit/$first"
start=$(now); run_check --cache-dir "$work/cache" "$work/course"; edited=$(elapsed "$start" "$(now)")

"$LESSON_BIN" check --no-cache --stats "$work/course" >/dev/null 2>"$work/stats40" || true
"$LESSON_BIN" check --no-cache --stats "$work/course4x" >/dev/null 2>"$work/stats160" || true
peak() { sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$1"; }

ratio() { python3 -c "print(f'{$1 / $2:.1f}x')"; }
share() { python3 -c "print(f'{100 * $1 / $2:.1f}%')"; }
echo "synthetic course: $lessons lessons, $scenarios scenarios, both engines; $(nproc) cores; $LESSON_BIN"
printf '%-52s %9s  %s\n' "what" "seconds" "compared"
printf '%-52s %9s  %s\n' "one swiftc call per scenario, 2 workers" "$single" "baseline"
printf '%-52s %9s  %s\n' "lesson check --strategy isolated --no-cache" "$isolated" "$(ratio "$single" "$isolated") faster than baseline"
printf '%-52s %9s  %s\n' "lesson check, cold cache (merged builds)" "$cold" "$(ratio "$single" "$cold") faster than baseline"
printf '%-52s %9s  %s\n' "lesson check, warm, nothing changed" "$warm" "$(share "$warm" "$cold") of cold"
printf '%-52s %9s  %s\n' "lesson check, warm, one scenario edited" "$edited" "$(share "$edited" "$cold") of cold"
printf 'peak memory of the checker: %s KiB at %s lessons, %s KiB at %s lessons\n' \
    "$(peak "$work/stats40")" "$lessons" "$(peak "$work/stats160")" "$((lessons * 4))"

# 8. The course with the published lessons' ratio of snippets, then 9. the book.
python3 Benchmarks/generate_snippet_courses.py course "$work/real" "$lessons" Sources/Engines
python3 Benchmarks/generate_snippet_courses.py book "$work/book" 50 21
count() { grep -rc "$1" "$2" | awk -F: '{ s += $2 } END { print s }'; }
real_scenarios=$(count '^// main.swift' "$work/real")
real_snippets=$(( $(count '^```swift' "$work/real") - $(ls "$work"/real/*/*.md | wc -l) - real_scenarios ))
book_snippets=$(count '^```swift' "$work/book")
real_single=$(baseline "$work/real" "$work/real-single")
start=$(now); run_check --cache-dir "$work/real-cache" "$work/real"; real_cold=$(elapsed "$start" "$(now)")
start=$(now); run_check --cache-dir "$work/real-cache" "$work/real"; real_warm=$(elapsed "$start" "$(now)")
start=$(now); run_debug --cache-dir "$work/real-cache-debug" "$work/real"; real_debug_cold=$(elapsed "$start" "$(now)")
start=$(now); run_debug --cache-dir "$work/real-cache-debug" "$work/real"; real_debug_warm=$(elapsed "$start" "$(now)")
first=$(ls "$work/real/uikit" | head -1)
sed -i 's/adim-1-2/adim-1-2b/g' "$work/real/uikit/$first"
start=$(now); run_check --cache-dir "$work/real-cache" "$work/real"; real_edited=$(elapsed "$start" "$(now)")
start=$(now); run_check --cache-dir "$work/book-cache" "$work/book"; book_cold=$(elapsed "$start" "$(now)")
start=$(now); run_debug --cache-dir "$work/book-cache-debug" "$work/book"; book_debug=$(elapsed "$start" "$(now)")

echo
echo "course with the published ratio: $lessons lessons, $real_scenarios scenarios, $real_snippets snippets (8 distinct); $(nproc) cores"
printf '%-52s %9s  %s\n' "what" "seconds" "compared"
printf '%-52s %9s  %s\n' "one swiftc call per scenario, 2 workers" "$real_single" "baseline"
printf '%-52s %9s  %s\n' "lesson check, cold cache" "$real_cold" "$(ratio "$real_single" "$real_cold") faster than baseline"
printf '%-52s %9s  %s\n' "lesson check, warm, nothing changed" "$real_warm" "$(share "$real_warm" "$real_cold") of cold"
printf '%-52s %9s  %s\n' "debug build (swift run), cold cache" "$real_debug_cold" "$(share "$real_debug_cold" "$real_cold") of cold"
printf '%-52s %9s  %s\n' "debug build (swift run), warm, nothing changed" "$real_debug_warm" "$(share "$real_debug_warm" "$real_cold") of cold"
printf '%-52s %9s  %s\n' "lesson check, warm, one scenario edited" "$real_edited" "$(share "$real_edited" "$real_cold") of cold"
# 11. An author's edit, the floors, and the shards, with the debug build (what `swift run lesson check` runs):
#     one lesson's three scenarios edited, against a plain swiftc of that lesson's engine and its three
#     scenarios wrapped in functions (best of 5, interleaved); the cold check against one merged swiftc
#     build per engine on the cores plus one batched parse of every snippet; the largest shard against the
#     mean for 4 and 8 shards, and how many lessons move between 4 shards when a lesson is added.
edit_lesson=""
for f in "$work"/real/*/*.md; do
    if [ "$(grep -c '^// main.swift' "$f")" -eq 3 ] && grep -q 'adim-' "$f"; then edit_lesson="$f"; break; fi
done
python3 - "$edit_lesson" "$work/floor" <<'PY'
import os, re, sys
lesson, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
blocks = re.findall(r"```swift\n(.*?)```", open(lesson, encoding="utf-8").read(), re.S)
engine = next(b for b in blocks if re.match(r"// \w+\.swift", b) and not b.startswith("// main.swift"))
open(os.path.join(out, engine.split()[1]), "w", encoding="utf-8").write(engine)
scenarios = [b for b in blocks if b.startswith("// main.swift")]
body = "".join(f"func scenario{n}() {{\n{code}}}\n" for n, code in enumerate(scenarios))
calls = "".join(f"scenario{n}()\n" for n in range(len(scenarios)))
open(os.path.join(out, "main.swift"), "w", encoding="utf-8").write(body + calls)
PY
run_debug --cache-dir "$work/edit-cache" "$work/real"
best_edit=""; best_floor=""
for round in 1 2 3 4 5; do
    sed -i "s/adim-\([0-9]*\)-\([0-9]*\)[a-z]*/adim-\1-\2e$round/g" "$edit_lesson"
    start=$(now); run_debug --cache-dir "$work/edit-cache" "$work/real"; edit=$(elapsed "$start" "$(now)")
    start=$(now)
    (cd "$work/floor" && swiftc -module-name main -swift-version 5 -Onone *.swift -o prog 2>/dev/null && ./prog >/dev/null)
    floor=$(elapsed "$start" "$(now)")
    best_edit=$(python3 -c "print(min(x for x in [$edit, ${best_edit:-1e9}]))")
    best_floor=$(python3 -c "print(min(x for x in [$floor, ${best_floor:-1e9}]))")
done
"$LESSON_DEBUG_BIN" check --no-cache --stats "$work/real" >/dev/null 2>"$work/edit-stats" || true
python3 - "$work/real" "$work/engine-floor" <<'PY'
import os, re, sys
course, out = sys.argv[1], sys.argv[2]
engines, snippets = {}, []
for root, _, files in os.walk(course):
    for name in sorted(files):
        blocks = re.findall(r"```swift\n(.*?)```", open(os.path.join(root, name), encoding="utf-8").read(), re.S)
        for block in blocks:
            header = re.match(r"// (\w+\.swift)", block)
            if header and header.group(1) != "main.swift":
                engines.setdefault(header.group(1), {"engine": block, "scenarios": []})
                current = header.group(1)
        for block in blocks:
            if block.startswith("// main.swift"):
                engines[current]["scenarios"].append(block)
            elif not re.match(r"// \w+\.swift", block):
                snippets.append(block)
for engine, held in engines.items():
    folder = os.path.join(out, engine)
    os.makedirs(folder)
    open(os.path.join(folder, engine), "w", encoding="utf-8").write(held["engine"])
    body = "".join(f"func scenario{n}() {{\n{code}}}\n" for n, code in enumerate(held["scenarios"]))
    cases = "".join(f"case {n}: scenario{n}()\n" for n in range(len(held["scenarios"])))
    main = body + "switch Int(CommandLine.arguments[1])! {\n" + cases + "default: break\n}\n"
    open(os.path.join(folder, "main.swift"), "w", encoding="utf-8").write(main)
    open(os.path.join(folder, "count"), "w").write(str(len(held["scenarios"])))
os.makedirs(os.path.join(out, "snippets"))
for n, snippet in enumerate(snippets):
    open(os.path.join(out, "snippets", f"s{n}.swift"), "w", encoding="utf-8").write(snippet)
PY
frontend="$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-frontend"
start=$(now)
(cd "$work/engine-floor/snippets" && "$frontend" -parse ./*.swift >/dev/null 2>&1 || true) &
for folder in "$work"/engine-floor/*.swift; do
    (cd "$folder" && swiftc -module-name main -swift-version 5 -Onone ./*.swift -o prog 2>/dev/null \
        && for n in $(seq 0 $(($(cat count) - 1))); do ./prog "$n" >/dev/null; done) &
done
wait
engine_floor=$(elapsed "$start" "$(now)")
# The shard of each lesson, read from a shard's JSON report, with the paths relative to the course (as CI
# gives them: the hash of a lesson is the hash of its path).
shards() {
    (cd "$1" && "$LESSON_DEBUG_BIN" check --shard "1/$2" --format json --cache-dir "$work/edit-cache" . 2>/dev/null) \
        | python3 -c "
import json, re, sys, os
lessons = json.load(sys.stdin)['lessons']
weights = {l['path']: len(re.findall(r'^// main.swift', open(os.path.join('$1', l['path']), encoding='utf-8').read(), re.M)) for l in lessons}
load = {}
for l in lessons: load[l['shard']] = load.get(l['shard'], 0) + weights[l['path']]
mean = sum(load.values()) / $2
print(f'{max(load.values())} {mean:.1f} {max(load.values()) / mean:.2f}')
json.dump({l['path']: l['shard'] for l in lessons}, open('$work/owners-$2-' + os.path.basename('$1'), 'w'))"
}
read -r largest4 mean4 ratio4 < <(shards "$work/real" 4)
read -r largest8 mean8 ratio8 < <(shards "$work/real" 8)
# One lesson more: a copy of the course with a new lesson (a copy of the first, its labels renamed).
cp -r "$work/real" "$work/real41"
first=$(ls "$work/real41/uikit" | head -1)
sed 's/adim-/yeni-/g' "$work/real41/uikit/$first" > "$work/real41/uikit/999-yeni.md"
shards "$work/real41" 4 >/dev/null
moved=$(python3 -c "
import json
a = json.load(open('$work/owners-4-real')); b = json.load(open('$work/owners-4-real41'))
print(sum(1 for path in a if path in b and a[path] != b[path]))")
debug_cold=$(sed -n 's/^lesson: \([0-9.]*\) s.*/\1/p' "$work/edit-stats")
echo
echo "the author's edit and the floors (debug build, what swift run lesson check runs); $(nproc) cores"
printf '%-52s %9s  %s\n' "what" "seconds" "compared"
printf '%-52s %9s  %s\n' "plain swiftc of the edited lesson (engine + 3 wrapped)" "$best_floor" "floor of the edit (best of 5)"
printf '%-52s %9s  %s\n' "lesson check, one lesson's 3 scenarios edited" "$best_edit" "$(ratio "$best_edit" "$best_floor") the floor (best of 5)"
printf '%-52s %9s  %s\n' "one merged swiftc per engine, both at once, + parse" "$engine_floor" "floor of the cold check"
printf '%-52s %9s  %s\n' "lesson check --no-cache (debug build)" "$debug_cold" "$(ratio "$debug_cold" "$engine_floor") the floor, $(ratio "$real_single" "$debug_cold") faster than one swiftc per scenario"
echo "shards without durations: 4 shards, the largest $largest4 scenarios against a mean of $mean4 (${ratio4}x);" \
    "8 shards, $largest8 against $mean8 (${ratio8}x); adding a lesson moves $moved of $lessons lessons between 4 shards"
echo
echo "book: $book_snippets distinct snippets (fragments included), no scenario; $(nproc) cores"
printf '%-52s %9s  %s\n' "lesson check, cold cache" "$book_cold" \
    "$(python3 -c "print(f'{$book_snippets / $book_cold:.0f}')") snippets per second"
printf '%-52s %9s  %s\n' "debug build (swift run), cold cache" "$book_debug" \
    "$(python3 -c "print(f'{$book_snippets / $book_debug:.0f}')") snippets per second"

# 12. Four course shapes, each generated differently, with the debug build: cold, warm and an edit, each
#     beside its floor.
echo
python3 Benchmarks/course_shapes.py "$LESSON_DEBUG_BIN"
