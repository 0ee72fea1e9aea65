#!/usr/bin/env python3
"""Cold, warm and one edited lesson of `lesson check`, on nine course shapes generated in different ways,
each figure beside its floor, in one run:

alternating  the published ratio, written from templates (generate_snippet_courses.py): 40 lessons that
             alternate between the two engines, 2 or 3 scenarios each, 4 snippets of 8 recurring ones;
reprints     two of the bundled course's lessons (Lessons/), each reprinted 20 times one after the other in
             one folder, every copy's scenarios told apart by a line they print; every other copy has a third
             scenario, and each copy 3 more snippets: 40 lessons, 100 scenarios, 160 snippets;
chapters     8 long lessons, 12 scenarios each (4 lessons per engine), whose output is stated in `// prints:`
             comments instead of expected blocks, one snippet each;
folders      the same two bundled lessons, alternating, each of the 40 copies in a folder of its own (a course
             folder per lesson, so drift compares nothing), with 6 more snippets each and every fourth file
             written with CRLF line ends: 40 lessons, 80 scenarios, 280 snippets;
evolving     30 lessons, each in a folder of its own, whose engine grows lesson by lesson (a copy of one of the
             two engines with one more function than the lesson before), 2 or 3 scenarios each, one of which
             calls the newest function, and 4 snippets: every lesson is a program of its own;
extending    `evolving` whose engines grow by extensions of the engine's main type (`extension Screen { func
             adimN() … }`, one more each lesson), which a scenario calls on its instance;
declaring    `alternating` whose every scenario declares a type of its own (`struct Isaret`), the same name in
             every scenario;
importing    `alternating` whose every scenario imports Foundation on its second line;
swift6       `alternating` with `swift-version: 6` in every lesson's front matter (floors built in Swift 6 too).

Each scenario prints a mark of its own as its last line (`isaret L.S`), so an edit is the same on every
shape: every mark of one lesson changed, in its scenarios and their expected output, and the lesson passes.

For each shape, with the binary given (the debug build is what `swift run lesson check` runs):
  one swiftc per scenario   its lesson's engine and the scenario, built and run, 2 at a time: the cold floor;
  cold                      `lesson check --stats` with an empty cache, the median of 3 (and the share no phase
                            accounts for, in that run);
  warm                      the same again, nothing changed;
  edit                      one lesson's marks changed, checked with the cache (best of 3), beside a plain
                            swiftc of that lesson's engine and its scenarios wrapped in functions, built and
                            run (best of 3, interleaved): the edit's floor. `1st` is the first of the three
                            edits against the same floor: the one that may find no objects of the lesson's
                            engine kept.
  differ                    the checks whose status, output or findings differ between the default strategy and
                            `--strategy isolated` (the reader's build), both from an empty cache (must be 0).

usage: course_shapes.py LESSON_BIN [SHAPE ...]     (run from the repository root; default: all nine)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_course import invalidation_scenario, load_engines, sync_scenario  # noqa: E402
from generate_snippet_courses import RECURRING, course as alternating_course  # noqa: E402
from differential import differences  # noqa: E402

FENCE = "```"
COLD_SAMPLES = 3
SWIFTC = ["swiftc", "-module-name", "main", "-swift-version", "5", "-Onone"]
REPRINTED = ["Lessons/uikit/02-gorunum-denetleyicisinin-yasam-dongusu.md", "Lessons/swiftui/01-durum-ve-yeniden-hesaplama.md"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def marked(text, lesson):
    """The lesson with a last line printed by each scenario, `isaret LESSON.S`, and that line at the end of
    the scenario's expected block (the first bare fence after it)."""
    lines, out, scenario, awaiting, inside = text.split("\n"), [], 0, None, None
    for line in lines:
        if inside is None and line.startswith(FENCE):
            inside = line[3:].strip()
            header = None
        elif inside is not None and line == FENCE:
            if inside == "swift" and header == "main":
                scenario += 1
                awaiting = f"isaret {lesson}.{scenario}"
                out.append(f'print("{awaiting}")')
            elif inside == "" and awaiting:
                out.append(awaiting)
                awaiting = None
            elif inside == "swift":
                awaiting = None
            inside = None
        elif inside is not None and header is None:
            header = "main" if line.startswith("// main.swift") else "other"
        out.append(line)
    return "\n".join(out)


def alternating(out, engines):
    alternating_course(out, 40, engines)
    for root, _, files in os.walk(out):
        for name in files:
            path = os.path.join(root, name)
            lesson = int(name.split("-")[0])
            write(path, marked(open(path, encoding="utf-8").read(), lesson))


def reprints(out, engines):
    number = 0
    for source in REPRINTED:
        text = open(source, encoding="utf-8").read()
        first = re.search(r"```swift\n// main\.swift.*?```\n\n```\n.*?```\n", text, re.S).group(0)
        for copy in range(20):
            number += 1
            lesson = text + (f"\nBir kez daha:\n\n{first}" if copy % 2 == 0 else "")
            lesson += "".join(f"\nBir parca:\n\n```swift\n{RECURRING[(number + k) % len(RECURRING)]}```\n" for k in range(3))
            write(os.path.join(out, "ders", f"{number:03d}-kopya.md"), marked(lesson, number))


def chapters(out, engines):
    sync, invalidation = load_engines(engines)
    for lesson in range(1, 9):
        engine, make = (sync, sync_scenario) if lesson % 2 else (invalidation, invalidation_scenario)
        parts = [f"---\ntitle: 'Bolum {lesson}'\nlanguage: tr\n---\n\n# Bolum {lesson}\n\n```swift\n{engine}```\n"]
        for index in range(1, 13):
            code, output = make(lesson, index)
            mark = f"isaret {lesson}.{index}"
            stated = "".join(f"// {line}\n" for line in (output + mark + "\n").splitlines())
            parts.append(f"\n```swift\n{code}print(\"{mark}\")\n// prints:\n{stated}```\n")
        parts.append(f"\n```swift\n{RECURRING[lesson % len(RECURRING)]}```\n")
        write(os.path.join(out, f"{lesson:02d}-bolum.md"), "".join(parts))


def folders(out, engines):
    texts = [open(source, encoding="utf-8").read() for source in REPRINTED]
    for number in range(1, 41):
        lesson = texts[number % 2]
        lesson += "".join(f"\nParca:\n\n```swift\n{RECURRING[(number + k) % len(RECURRING)]}```\n" for k in range(6))
        lesson = marked(lesson, number)
        if number % 4 == 2:
            lesson = lesson.replace("\n", "\r\n")
        path = os.path.join(out, f"bolum-{number:03d}", f"{number:03d}-ders.md")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(lesson)


def growing(out, engines, step_of, call_of):
    """30 lessons, each in a folder of its own, alternating between the two engines, each engine followed by
    `step_of(kind, step)` for every step up to the lesson's number; each scenario prints `call_of(instance,
    lesson)`, the newest step's result."""
    sync, invalidation = load_engines(engines)
    for lesson in range(1, 31):
        base, make, kind, instance = (
            (sync, sync_scenario, "Screen", "screen") if lesson % 2 else (invalidation, invalidation_scenario, "ViewTree", "tree"))
        grown = "".join(step_of(kind, step) for step in range(1, lesson + 1))
        parts = [f"---\ntitle: 'Ders {lesson}'\nlanguage: tr\n---\n\n# Ders {lesson}\n\n```swift\n{base}{grown}```\n"]
        for index in range(1, 2 + lesson % 2 + 1):
            code, output = make(lesson, index)
            code += f"print({call_of(instance, lesson)})\n"
            output += f"adim {lesson}\n"
            parts.append(f"\n```swift\n{code}```\n\n```\n{output}```\n")
        parts += [f"\nParca:\n\n```swift\n{RECURRING[(lesson + k) % len(RECURRING)]}```\n" for k in range(4)]
        write(os.path.join(out, f"ders-{lesson:02d}", f"{lesson:02d}-ders.md"), marked("".join(parts), lesson))


def evolving(out, engines):
    growing(out, engines, lambda kind, step: f'\nfunc adim{step}() -> String {{ "adim {step}" }}\n',
            lambda instance, lesson: f"adim{lesson}()")


def extending(out, engines):
    growing(out, engines,
            lambda kind, step: f'\nextension {kind} {{\n    func adim{step}() -> String {{ "adim {step}" }}\n}}\n',
            lambda instance, lesson: f"{instance}.adim{lesson}()")


def declaring(out, engines):
    alternating(out, engines)
    for path in lessons_of(out):
        text = open(path, encoding="utf-8").read()
        text = re.sub(r'print\("(isaret [0-9.]+)"\)', r'struct Isaret { let metin: String }\nprint(Isaret(metin: "\1").metin)', text)
        write(path, text)


def importing(out, engines):
    alternating(out, engines)
    for path in lessons_of(out):
        text = open(path, encoding="utf-8").read()
        write(path, re.sub(r"(```swift\n// main\.swift[^\n]*\n)", r"\1import Foundation\n", text))


def swift6(out, engines):
    alternating(out, engines)
    for path in lessons_of(out):
        text = open(path, encoding="utf-8").read()
        write(path, text.replace("\nlanguage: tr\n", "\nlanguage: tr\nswift-version: 6\n", 1))


SHAPES = {
    "alternating": alternating, "reprints": reprints, "chapters": chapters, "folders": folders, "evolving": evolving,
    "extending": extending, "declaring": declaring, "importing": importing, "swift6": swift6,
}


def programs(path):
    """A lesson's engine files (name, code) and its scenarios' code."""
    blocks = re.findall(r"```swift\n(.*?)```", open(path, encoding="utf-8").read(), re.S)
    engines, scenarios = [], []
    for block in blocks:
        header = re.match(r"// (\w+\.swift)", block)
        if header and header.group(1) == "main.swift":
            scenarios.append(block)
        elif header and "import SwiftUI" not in block and "import UIKit" not in block:
            engines.append((header.group(1), block))
    return engines, scenarios


def lessons_of(course):
    return sorted(os.path.join(root, name) for root, _, files in os.walk(course) for name in files if name.endswith(".md"))


def counts(course):
    scenarios = snippets = 0
    for path in lessons_of(course):
        engines, found = programs(path)
        blocks = len(re.findall(r"^```swift$", open(path, encoding="utf-8").read(), re.M))
        scenarios += len(found)
        snippets += blocks - len(found) - len(engines)
    return len(lessons_of(course)), scenarios, snippets


def swift_version(path):
    """The lesson's language mode, `swift-version` in its front matter (5 without one)."""
    found = re.search(r"^swift-version: (\d+)$", open(path, encoding="utf-8").read(), re.M)
    return found.group(1) if found else "5"


def build_and_run(folder, arguments=(), version="5"):
    sources = sorted(name for name in os.listdir(folder) if name.endswith(".swift"))
    command = [version if word == "5" else word for word in SWIFTC]
    subprocess.run(command + sources + ["-o", "prog"], cwd=folder, check=True, capture_output=True)
    subprocess.run(["./prog", *arguments], cwd=folder, check=True, capture_output=True)


def one_swiftc_per_scenario(course, work):
    folders = []
    for path in lessons_of(course):
        engines, scenarios = programs(path)
        for scenario in scenarios:
            folder = os.path.join(work, str(len(folders)))
            for name, code in engines:
                write(os.path.join(folder, name), code)
            write(os.path.join(folder, "main.swift"), scenario)
            folders.append((folder, swift_version(path)))
    start = time.monotonic()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda job: build_and_run(job[0], version=job[1]), folders))
    return time.monotonic() - start


def edit_floor(lesson, folder):
    """A plain swiftc of the lesson's engine and its scenarios, each wrapped in a function, built and run."""
    engines, scenarios = programs(lesson)
    shutil.rmtree(folder, ignore_errors=True)
    for name, code in engines:
        write(os.path.join(folder, name), code)
    # An import cannot be in a function: the scenarios' imports go first, once.
    imports = sorted({line for code in scenarios for line in code.splitlines() if line.startswith("import ")})
    scenarios = ["".join(line + "\n" for line in code.splitlines() if not line.startswith("import ")) for code in scenarios]
    body = "".join(line + "\n" for line in imports)
    body += "".join(f"func scenario{n}() {{\n{code}}}\n" for n, code in enumerate(scenarios))
    write(os.path.join(folder, "main.swift"), body + "".join(f"scenario{n}()\n" for n in range(len(scenarios))))
    start = time.monotonic()
    build_and_run(folder, version=swift_version(lesson))
    return time.monotonic() - start


def check(binary, course, cache, stats=False):
    """Seconds of one `lesson check` of the course; with stats, also the share no phase accounts for."""
    command = [binary, "check", "--color", "never", "--cache-dir", cache] + (["--stats"] if stats else []) + [course]
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - start
    last = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    if result.returncode != 0 or " 0 failed" not in last:
        sys.exit(f"{course}: lesson check did not pass ({result.returncode}): {last}\n{result.stderr[-2000:]}")
    unaccounted = re.search(r"not accounted for\s+[0-9.]+ s \(([0-9.]+) %", result.stderr)
    return seconds, last, (float(unaccounted.group(1)) if unaccounted else None)


def measure(binary, shape, work):
    course = os.path.join(work, shape)
    SHAPES[shape](course, "Sources/Engines")
    lessons, scenarios, snippets = counts(course)
    single = one_swiftc_per_scenario(course, os.path.join(work, shape + "-single"))
    cache = os.path.join(work, shape + "-cache")
    # A cold check lasts about a second, so one sample is at the mercy of the machine's moment: the median of
    # three, each from an empty cache (the last one's cache is kept for warm and edit).
    colds = []
    for _ in range(COLD_SAMPLES):
        shutil.rmtree(cache, ignore_errors=True)
        colds.append(check(binary, course, cache, stats=True))
    cold, last, unaccounted = sorted(colds)[len(colds) // 2]
    warm, _, _ = check(binary, course, cache)
    checks, differing = differences(binary, [course], work)
    edited = next(path for path in lessons_of(course) if len(programs(path)[1]) == max(len(programs(p)[1]) for p in lessons_of(course)))
    lesson = int(re.match(r"\d+", os.path.basename(edited)).group(0))
    edits, floors = [], []
    for round in range(1, 4):
        text = open(edited, encoding="utf-8").read()
        write(edited, re.sub(rf"isaret {lesson}\.(e\d+\.)?", f"isaret {lesson}.e{round}.", text))
        edits.append(check(binary, course, cache)[0])
        floors.append(edit_floor(edited, os.path.join(work, shape + "-floor")))
    return {
        "shape": shape, "lessons": lessons, "scenarios": scenarios, "snippets": snippets, "last": last,
        "single": single, "cold": cold, "unaccounted": unaccounted, "warm": warm,
        "edited scenarios": len(programs(edited)[1]), "edit": min(edits), "first edit": edits[0], "floor": min(floors),
        "checks": checks, "differ": len(differing),
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    shapes = sys.argv[2:] or list(SHAPES)
    work = tempfile.mkdtemp(prefix="lesson-shapes.")
    try:
        rows = [measure(binary, shape, work) for shape in shapes]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"course shapes, {binary}, {os.cpu_count()} cores; cold floor: one swiftc per scenario, 2 at a time;"
          " edit floor: a plain swiftc of the edited lesson (best of 3)")
    print(f"{'shape':<12} {'lessons':>7} {'scen.':>5} {'snip.':>5} | {'1 swiftc/sc.':>12} {'cold':>6} {'faster':>7}"
          f" {'unacc.':>6} | {'warm':>5} {'of cold':>7} | {'edit':>5} {'floor':>5} {'ratio':>6} {'1st':>6}"
          f" | {'differ':>6}")
    for r in rows:
        unaccounted = f"{r['unaccounted']:.1f}%" if r["unaccounted"] is not None else "-"
        print(f"{r['shape']:<12} {r['lessons']:>7} {r['scenarios']:>5} {r['snippets']:>5} | {r['single']:>11.2f}s"
              f" {r['cold']:>5.2f}s {r['single'] / r['cold']:>6.1f}x {unaccounted:>6} | {r['warm']:>4.2f}s"
              f" {100 * r['warm'] / r['cold']:>6.1f}% | {r['edit']:>4.2f}s {r['floor']:>4.2f}s {r['edit'] / r['floor']:>5.2f}x"
              f" {r['first edit'] / r['floor']:>5.2f}x | {r['differ']:>6}")
    for r in rows:
        print(f"  {r['shape']}: {r['last']}; the edited lesson has {r['edited scenarios']} scenarios;"
              f" {r['differ']} of {r['checks']} checks differ from --strategy isolated")


if __name__ == "__main__":
    main()
