#!/usr/bin/env python3
"""The fast path against the reader's build: seeded lessons whose scenarios use what merging rewrites (their own
`print`, `max` or literal types, `lazy`, property wrappers, `consume`, local types, extensions, lifetimes,
imports, the environment, `#fileID` and `#function`, Swift 6 isolation, …), each checked with
`--strategy merged` (the default) and `--strategy isolated` (the reference), and every check compared: its
status, its actual output and its findings. A check that differs is printed with the pieces its scenario was
made of; `--reduce N` cuts the first N down to the fewest pieces and lines that still differ.

`--reader K` also builds K scenarios the way a reader does (`swiftc` of the engine file and `main.swift`, run
as `./main` in an empty folder, its output unbuffered as on a terminal) and compares their output and
whether they built with the isolated strategy's report; scenarios that print a place in their source
(`#line`, `#fileID`, …), which the checker maps to the lesson, are not sampled.

usage: differential.py LESSON_BIN [--seed S] [--lessons N] [--reduce N] [--reader K] [--keep DIR]
       differential.py LESSON_BIN --compare PATH...     (Markdown that exists: a course, a book, Fixtures)

It prints one line per differing check, then `checks: C, differ: D` (exit status 1 when D > 0). Run from
anywhere; it writes its lessons to a temporary folder (or DIR with --keep).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

FENCE = "```"

# ---------------------------------------------------------------------------------------------------------
# Engines: a ledger class and a report function, plus optional features a scenario may reach.

ENGINE_FEATURES = [
    "max", "literal", "describe", "wrapper", "deinit", "fileID", "function", "set", "foundation", "unwrap",
]


def engine_source(number, features):
    kind = f"Ledger{number}"
    lines = []
    if "foundation" in features:
        lines.append("import Foundation")
    lines += [
        f"final class {kind} {{",
        "    private(set) var entries: [String] = []",
        "    func add(_ entry: String) {",
        "        entries.append(entry)",
        '        print("add \\(entry)")',
        "    }",
    ]
    if "deinit" in features:
        lines.append('    deinit { print("ledger released") }')
    lines += ["}", f"func report(_ ledger: {kind}) {{", '    print("entries: \\(ledger.entries.count)")', "}"]
    if "max" in features:
        lines += ["func best(_ a: Int, _ b: Int) -> Int {", "    max(a, b)", "}"]
    if "literal" in features:
        lines += ["func ratio() {", "    let r = 7 / 2", '    print("ratio \\(r)")', "}"]
    if "describe" in features:
        lines += ["struct Tag {", "    let name: String", "}", "func show(_ tag: Tag) {", '    print("\\(tag)")', "}"]
    if "wrapper" in features:
        lines += [
            "@propertyWrapper",
            "struct Clamped {",
            "    private var value: Int",
            "    init(wrappedValue: Int) { value = min(wrappedValue, 10) }",
            "    var wrappedValue: Int {",
            "        get { value }",
            "        set { value = min(newValue, 10) }",
            "    }",
            "}",
        ]
    if "fileID" in features:
        lines += ["func whereAmI(_ file: String = #fileID) {", "    print(file)", "}"]
    if "function" in features:
        lines += ["func caller(_ name: String = #function) {", '    print("called from \\(name)")', "}"]
    if "set" in features:
        lines += ["func unique(_ words: [String]) -> Int {", "    Set(words).count", "}"]
    if "unwrap" in features:
        lines += ["func firstEntry(_ ledger: " + kind + ") -> String {", "    ledger.entries.first!", "}",
                  "func checked(_ n: Int) -> Int {", '    precondition(n > 0, "n must be positive")', "    return n", "}"]
    return lines


# ---------------------------------------------------------------------------------------------------------
# Scenario pieces: (name, lines, engine features it needs, Swift 6 only). `{L}` is the engine's class.

PIECES = [
    ("calls", ["let ledger = {L}()", 'ledger.add("a")', "report(ledger)"], [], False),
    ("helper", ["func twice(_ s: String) -> String { s + s }", 'print(twice("ab"))'], [], False),
    ("own-print", ['func print(_ s: String) { Swift.print("> " + s) }', 'print("hi")', "report({L}())"], [], False),
    ("own-print-int", ['func print(_ s: String) { Swift.print("> " + s) }', "print(3)"], [], False),
    ("own-max", ["func max(_ a: Int, _ b: Int) -> Int { a }", "print(best(1, 2))"], ["max"], False),
    ("own-min-value", ["let min = 3", "print(min)"], [], False),
    ("literal-type", ["typealias IntegerLiteralType = Double", "ratio()"], ["literal"], False),
    ("literal-type-own", ["typealias IntegerLiteralType = Double", "print(7 / 2)"], [], False),
    ("lazy", ["lazy var total = 3", "print(total)"], [], False),
    ("wrapper", ["@Clamped var level = 50", "print(level)"], ["wrapper"], False),
    ("consume", ['let names = ["a", "b"]', "let moved = consume names", "print(moved)"], [], False),
    ("import", ["import Foundation", 'print(String(format: "%03d", 7))'], [], False),
    ("environment", [
        "import Foundation",
        'print(ProcessInfo.processInfo.environment.keys.filter { $0.hasPrefix("LESSON") }.sorted())',
        'print(CommandLine.arguments[0].split(separator: "/").last ?? "")',
    ], [], False),
    ("local-type", ["struct Point { var x = 1 }", "print(Point())", "print(String(reflecting: Point.self))"], [], False),
    ("local-type-quiet", ["struct Spot { var x = 1 }", "print(String(reflecting: Spot.self).count)"], [], False),
    ("local-class", ["final class Node { var next: Node? }", "debugPrint(Node())"], [], False),
    ("static-in-type", ["struct Hits { static var n = 0 }", "Hits.n += 1", "print(Hits.n)"], [], False),
    ("conformance", [
        'extension Tag: CustomStringConvertible { var description: String { "tag " + name } }',
        'show(Tag(name: "x"))',
    ], ["describe"], False),
    ("extension-int", ["extension Int { var doubled: Int { self * 2 } }", "print(4.doubled)"], [], False),
    ("weak", ["final class Box {}", "var box: Box? = Box()", "weak var seen = box", "box = nil", "print(seen == nil)"],
     [], False),
    ("deinit", [
        "final class Tracked { deinit { print(\"tracked released\") } }",
        "do { let inner = Tracked(); _ = inner }",
        "let kept = Tracked()",
        'print("end")',
    ], [], False),
    ("engine-deinit", ["let held = {L}()", 'held.add("held")'], ["deinit"], False),
    ("defer", ['defer { print("deferred") }', 'print("body")'], [], False),
    ("forward-reference", ["func showCount() { print(laterCount) }", "var laterCount = 2", "showCount()"], [], False),
    ("closure-capture", ["var hits = 0", "let hit = { hits += 1 }", "hit()", "hit()", "print(hits)"], [], False),
    ("shadow-engine", ["let report = 3", "print(report)"], [], False),
    ("binding-list", ["let first = 1, best = 2", "print(first + best)"], [], False),
    ("line", ["print(#line)"], [], False),
    ("column", ["print(#column)"], [], False),
    ("fileID-own", ["print(#fileID)"], [], False),
    ("function-own", ["print(#function)"], [], False),
    ("fileID-engine", ["whereAmI()"], ["fileID"], False),
    ("function-engine", ["caller()"], ["function"], False),
    ("operator", ['func + (a: {L}, b: String) -> {L} { a.add(b); return a }', "_ = {L}() + \"op\""], [], False),
    ("own-set", ["struct Set<T> { init(_ x: [T]) {} ; var count: Int { 99 } }", 'print(unique(["a", "a"]))'], ["set"],
     False),
    ("trap", ['print("before")', "let empty: [Int] = []", "print(empty[0])"], [], False),
    ("exit", ["import Foundation", 'print("leaving")', "exit(3)"], [], False),
    ("stdin", ['print(readLine() ?? "no input")'], [], False),
    ("throws", ["enum Failure: Error { case bad }", "func fail() throws { throw Failure.bad }", "try fail()"], [], False),
    ("return", ['print("one")', "if Int.random(in: 0...0) == 0 { return }", 'print("two")'], [], False),
    ("global-func-mutates", ["var total = 0", "func add(_ n: Int) { total += n }", "add(3)", "print(total)"], [],
     False),
    ("own-abs", ["func abs(_ x: Double) -> Double { x < 0 ? -x : x }", "print(abs(-3))"], [], False),
    ("own-String", ["func String(_ n: Int) -> Int { n }", "print(String(3))"], [], False),
    ("uninitialized", ["var later: Int", "later = 4", "print(later)"], [], False),
    ("trailing-return", ["let doubled = [1, 2].map { x in return x * 2 }", "print(doubled)"], [], False),
    ("computed", ["var twice: Int { 2 * 2 }", "print(twice)"], [], False),
    ("observed", ["var level = 1 { didSet { print(\"now \\(level)\") } }", "level = 2"], [], False),
    ("engine-unwrap", ["print(firstEntry({L}()))"], ["unwrap"], False),
    ("engine-precondition", ["print(checked(0))"], ["unwrap"], False),
    ("escaping", ["var saved: [() -> Void] = []", "func keep(_ f: @escaping () -> Void) { saved.append(f) }",
                  'keep { print("kept") }', "saved.forEach { $0() }"], [], False),
    ("detached", ["let box = {L}()", 'Task.detached { box.add("t") }', 'print("sent")'], [], True),
    ("unsafe-global", ["nonisolated(unsafe) var shared = 0", "shared += 1", "print(shared)"], [], True),
    ("main-actor-closure", ["var calls = 0", "let record = { calls += 1 }", "record()", "print(calls)"], [], True),
]


def make_lesson(rng, number, engines, swift6_rate):
    engine_number, features = rng.choice(engines)
    swift6 = rng.random() < swift6_rate
    kind = f"Ledger{engine_number}"
    lines = ["---", f"title: generated {number}", "language: en"]
    if swift6:
        lines.append("swift-version: 6")
    lines += ["---", "", f"# Generated lesson {number}", "", FENCE + "swift", f"// Kernel{engine_number}.swift — kernel {engine_number}"]
    lines += engine_source(engine_number, features) + [FENCE, ""]
    usable = [p for p in PIECES if set(p[2]) <= set(features) and (swift6 or not p[3])]
    scenarios = []
    for index in range(rng.randint(1, 4)):
        pieces = [PIECES[0]] + rng.sample(usable, rng.randint(1, 2))
        rng.shuffle(pieces)
        # A piece that imports keeps its import first, as a reader writes it.
        body = []
        for piece in pieces:
            body += [line.replace("{L}", kind) for line in piece[1]]
        imports = [line for line in body if line.startswith("import ")]
        body = sorted(set(imports)) + [line for line in body if not line.startswith("import ")]
        # Names two pieces both declare would fail both ways; keep the scenario meaningful instead.
        names = [p[0] for p in pieces]
        scenarios.append((names, body))
        lines += [FENCE + "swift", f"// main.swift — scenario {number}.{index}"] + body + [FENCE, "", FENCE, "?", FENCE, ""]
    return "\n".join(lines) + "\n", scenarios, swift6


def generate(folder, seed, count, swift6_rate=0.15):
    rng = random.Random(seed)
    engines = []
    for number in range(8):
        features = [f for f in ENGINE_FEATURES if rng.random() < 0.35]
        engines.append((number, features))
    lessons = {}
    for number in range(count):
        text, scenarios, swift6 = make_lesson(rng, number, engines, swift6_rate)
        path = os.path.join(folder, f"l{number:04d}.md")
        with open(path, "w") as handle:
            handle.write(text)
        lessons[path] = (scenarios, swift6)
    return lessons


# ---------------------------------------------------------------------------------------------------------
# Checking and comparing.

def check(binary, paths, strategy, cwd):
    result = subprocess.run(
        [binary, "check", "--no-cache", "--format", "json", "--strategy", strategy] + paths,
        capture_output=True, text=True, cwd=cwd)
    text = result.stdout
    start = text.find("{")
    if start < 0:
        raise SystemExit(f"no report from {strategy}: {result.stderr[-2000:]}")
    report, _ = json.JSONDecoder().raw_decode(text[start:])
    checks = {}
    for item in report["checks"]:
        key = (item["lesson"], item["line"])
        checks[key] = {
            "kind": item.get("kind"),
            "status": item["status"],
            "actual": item.get("actual"),
            "findings": [(f.get("line"), f.get("kind"), f.get("message")) for f in item.get("findings", [])],
        }
    return checks


def differences(binary, paths, cwd):
    merged = check(binary, paths, "merged", cwd)
    isolated = check(binary, paths, "isolated", cwd)
    keys = sorted(set(merged) | set(isolated))
    return len(keys), [(key, merged.get(key), isolated.get(key)) for key in keys if merged.get(key) != isolated.get(key)]


def scenario_at(lesson_text, line):
    lines = lesson_text.split("\n")
    body = []
    for text in lines[line:]:
        if text.startswith(FENCE):
            break
        body.append(text)
    return body


def reduce_case(binary, folder, path, line):
    """The fewest lines of the scenario at `line` that still differ, each line dropped while it does."""
    text = open(path).read()
    body = scenario_at(text, line)  # header first
    engine_end = text.index(FENCE + "\n\n") + len(FENCE) + 1
    prefix = text[:engine_end] + "\n"
    work = os.path.join(folder, "reduce")
    os.makedirs(work, exist_ok=True)
    candidate = os.path.join(work, "case.md")

    def differs(kept):
        scenario = "\n".join([FENCE + "swift"] + kept + [FENCE, "", FENCE, "?", FENCE, ""])
        with open(candidate, "w") as handle:
            handle.write(prefix + scenario)
        _, found = differences(binary, [candidate], folder)
        return bool(found)

    kept = body
    if not differs(kept):
        return None
    index = 1
    while index < len(kept):
        trial = kept[:index] + kept[index + 1:]
        if differs(trial):
            kept = trial
        else:
            index += 1
    return kept


def reader_build(folder, lesson_text, fence_line):
    """Build and run one scenario as a reader does: its engine file and main.swift, `./main`."""
    lines = lesson_text.split("\n")
    engine_start = lines.index(FENCE + "swift") + 1
    engine_end = lines.index(FENCE, engine_start)
    engine_name = lines[engine_start].split()[1]
    scenario = scenario_at(lesson_text, fence_line)
    work = tempfile.mkdtemp(dir=folder)
    with open(os.path.join(work, engine_name), "w") as handle:
        handle.write("\n".join(lines[engine_start:engine_end]) + "\n")
    with open(os.path.join(work, "main.swift"), "w") as handle:
        handle.write("\n".join(scenario) + "\n")
    swift6 = "swift-version: 6" in lesson_text
    build = subprocess.run(
        ["swiftc", "-swift-version", "6" if swift6 else "5", "-Onone", engine_name, "main.swift", "-o", "main"],
        cwd=work, capture_output=True, text=True)
    if build.returncode != 0:
        return ("build failed", None)
    # Unbuffered, as on a terminal and as the checker runs every program (what is printed before a trap stays).
    run = subprocess.run(["stdbuf", "-o0", "./main"], cwd=work, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                         env={"PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"}, timeout=20)
    return ("built", run.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lessons", type=int, default=300)
    parser.add_argument("--reduce", type=int, default=0)
    parser.add_argument("--reader", type=int, default=0)
    parser.add_argument("--keep")
    parser.add_argument("--compare", nargs="+")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if arguments.compare:
        total, found = differences(binary, arguments.compare, os.getcwd())
        for key, merged, isolated in found:
            print(f"{key[0]}:{key[1]}: merged {json.dumps(merged)[:300]}")
            print(f"{' ' * len(key[0])} isolated {json.dumps(isolated)[:300]}")
        print(f"checks: {total}, differ: {len(found)}")
        sys.exit(1 if found else 0)
    folder = arguments.keep or tempfile.mkdtemp(prefix="differential-")
    os.makedirs(folder, exist_ok=True)
    course = os.path.join(folder, "course")
    shutil.rmtree(course, ignore_errors=True)
    os.makedirs(course)
    generate(course, arguments.seed, arguments.lessons)
    total, found = differences(binary, ["course"], folder)
    causes = {}
    for key, merged, isolated in found:
        path = os.path.join(folder, key[0])
        text = open(path).read()
        body = scenario_at(text, key[1])
        header = body[0] if body else ""
        print(f"{key[0]}:{key[1]}: {header}")
        for side, value in (("merged", merged), ("isolated", isolated)):
            if value is None:
                print(f"  {side:8}: no check")
                continue
            first = value["findings"][0][2].split("\n")[0] if value["findings"] else ""
            print(f"  {side:8}: {value['status']}, actual {json.dumps(value['actual'])}, {first[:120]}")
        for line in body[1:]:
            print(f"    | {line}")
    reduced = 0
    for key, _, _ in found:
        if reduced >= arguments.reduce:
            break
        reduced += 1
        kept = reduce_case(binary, folder, os.path.join(folder, key[0]), key[1])
        print(f"reduced {key[0]}:{key[1]}:")
        for line in kept or ["(no longer differs alone)"]:
            print(f"    | {line}")
    mismatched = 0
    if arguments.reader:
        isolated = check(binary, ["course"], "isolated", folder)
        rng = random.Random(arguments.seed)
        # `#sourceLocation` maps each program to its Markdown: there `#line`, `#fileID` and `#file` are the
        # lesson's (docs/performance.md), where the reader's `main.swift` has its own.
        def places(key):
            text = "\n".join(scenario_at(open(os.path.join(folder, key[0])).read(), key[1]))
            return any(word in text for word in ("#line", "#column", "#file", "whereAmI"))
        scenarios = sorted(key for key, value in isolated.items() if value["kind"] == "scenario" and not places(key))
        sample = rng.sample(scenarios, min(arguments.reader, len(scenarios)))
        for key in sample:
            text = open(os.path.join(folder, key[0])).read()
            outcome, output = reader_build(folder, text, key[1])
            ours = isolated[key]
            # A scenario is not built when its own build fails or when its lesson's engine file does not build.
            built = not any(kind in ("build-error", "engine-build-error") for _, kind, _ in ours["findings"])
            same = (outcome == "built") == built and (output is None or output == (ours["actual"] or ""))
            if not same:
                mismatched += 1
                print(f"reader's build differs at {key[0]}:{key[1]}: {outcome} {json.dumps(output)}; "
                      f"isolated: {ours['status']} {json.dumps(ours['actual'])} {ours['findings'][:1]}")
        print(f"reader's build: {len(sample)} scenarios, differ: {mismatched}")
    print(f"checks: {total}, differ: {len(found)}")
    if not arguments.keep:
        shutil.rmtree(folder, ignore_errors=True)
    sys.exit(1 if found or mismatched else 0)


if __name__ == "__main__":
    main()
