#!/usr/bin/env python3
"""How well `lesson check` runs a book's hidden tests, and how fast (docs/book-tests.md).

Usage: python3 Benchmarks/book_tests.py BOOK_FOLDER [LESSON_BINARY]
(SHOW_MISSED=1 lists each seeded edit that was not found where it was made.)

Copies the book into scratch folders and runs `lesson check --no-cache --format json` on each:
1. the unmodified book: how many tests are reported as `book-test` checks, how many pass, how long it takes;
2. one expected output line (`<-`, `<<`, `</`) of every passing test changed: how many are found at that line;
3. `--update` on that copy: how many changed lines it writes back as they were;
4. one `!$ error:` line of every passing test that states one changed: how many are found at that line;
5. ten listings that show their test's code, one code line of each edited: how many are `listing-drift`
   warnings at that line;
6. the floor: every test built with one plain `swiftc` and run, two at a time (FLOOR_JOBS=1: one at a
   time), to compare with step 1 (the whole book, listings and tests, checked cold), both in this run.
Seeded (SEED, default 2026), so that two runs make the same edits.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from built_lesson import built_lesson  # noqa: E402

HEADER = re.compile(r"^\s*- test: (.*)$")
OUTPUT = re.compile(r"^(\s*)(<-|<<|</)( ?)(.*)$")
ERROR = re.compile(r"^(\s*!\$ error: )(.*)$")


def check(lesson, book, *extra):
    started = time.monotonic()
    result = subprocess.run(
        [lesson, "check", "--no-cache", "--format", "json", *extra, book], capture_output=True, text=True)
    seconds = time.monotonic() - started
    return json.loads(result.stdout) if result.stdout.strip().startswith("{") else None, seconds


def book_tests(report):
    """(lesson, line, name) → the book-test check (two tests may start at one `- test:` line)."""
    return {(r["lesson"], r["line"], r["name"]): r for r in report["checks"] if r["kind"] == "book-test"}


def tests_of(path):
    """Each test of a file: its name, header line, and its lines (number, text), blocks in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    tests = {}
    for index, line in enumerate(lines):
        match = HEADER.match(line)
        if not match:
            continue
        names = [n.strip() for part in re.findall(r"`([^`]*)`", match.group(1)) for n in part.split(",")]
        body = []
        cursor = index + 1
        while cursor < len(lines) and "-->" not in lines[cursor] and not HEADER.match(lines[cursor]):
            body.append((cursor + 1, lines[cursor]))
            cursor += 1
        for name in names:
            entry = tests.setdefault(name, {"line": index + 1, "lines": []})
            entry["lines"] += body
    return tests


def markdown_files(book):
    for folder, _, files in sorted(os.walk(book)):
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def edit_lines(root, edits):
    """edits: path → {line: new text}."""
    for path, changes in edits.items():
        full = os.path.join(root, path)
        lines = open(full, encoding="utf-8").read().split("\n")
        for number, text in changes.items():
            lines[number - 1] = text
        open(full, "w", encoding="utf-8").write("\n".join(lines))


def found_at(report, path, line, kinds):
    return any(
        f["line"] == line and f["kind"] in kinds and r["lesson"].endswith(path)
        for r in report["checks"] for f in r["findings"])


def main():
    book = os.path.abspath(sys.argv[1])
    lesson = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else built_lesson())
    rng = random.Random(int(os.environ.get("SEED", "2026")))
    scratch = tempfile.mkdtemp(prefix="book-tests-")
    name = os.path.basename(book)

    def fresh(label):
        root = os.path.join(scratch, label)
        shutil.copytree(book, os.path.join(root, name))
        return root

    base = fresh("base")
    report, cold = check(lesson, os.path.join(base, name))
    checks = book_tests(report)
    files = {os.path.relpath(p, base): tests_of(p) for p in markdown_files(os.path.join(base, name))}
    total_tests = sum(len(t) for t in files.values())
    passed = {k for k, r in checks.items() if r["status"] == "passed" and not any(f["kind"] == "not-run" for f in r["findings"])}
    not_run = sum(1 for r in checks.values() if any(f["kind"] == "not-run" for f in r["findings"]))
    print(f"tests in the book: {total_tests}; reported as book-test checks: {len(checks)} "
          f"({100 * len(checks) / total_tests:.1f} %)")
    print(f"passed unmodified: {len(passed)} ({100 * len(passed) / total_tests:.1f} %); not run (notes): {not_run}; "
          f"failed: {len(checks) - len(passed) - not_run}")
    print(f"cold check of the whole book (listings and tests): {cold:.2f} s")

    def passing(path, name, test):
        return (os.path.join(base, path), test["line"], "test " + name) in passed

    # 2 and 3: one expected output line of every passing test.
    output_edits, originals = {}, {}
    for path, tests in files.items():
        for test_name, test in tests.items():
            outputs = [(n, t) for n, t in test["lines"] if OUTPUT.match(t)]
            if not passing(path, test_name, test) or not outputs or any((path, n) in originals for n, _ in outputs):
                continue
            number, text = rng.choice(outputs)
            output_edits.setdefault(path, {})[number] = text + " §"
            originals[(path, number)] = text
    root = fresh("outputs")
    edit_lines(root, output_edits)
    edited, _ = check(lesson, os.path.join(root, name))
    missed = [k for k in originals if not found_at(edited, k[0], k[1], {"output-mismatch"})]
    print(f"changed expected output lines found at their line: {len(originals) - len(missed)} of {len(originals)} "
          f"({100 * (len(originals) - len(missed)) / len(originals):.1f} %)")
    if os.environ.get("SHOW_MISSED"):
        for item in missed: print("  missed output edit", item)
    subprocess.run([lesson, "check", "--no-cache", "--update", os.path.join(root, name)], capture_output=True)
    restored = 0
    for (path, number), text in originals.items():
        lines = open(os.path.join(root, path), encoding="utf-8").read().split("\n")
        restored += lines[number - 1].rstrip() == text.rstrip()
    print(f"--update restored: {restored} of {len(originals)} ({100 * restored / len(originals):.1f} %)")

    # 4: one expected error of every passing test that states one.
    error_edits = {}
    for path, tests in files.items():
        for test_name, test in tests.items():
            errors = [(n, t) for n, t in test["lines"] if ERROR.match(t)]
            if passing(path, test_name, test) and errors and not any(n in error_edits.get(path, {}) for n, _ in errors):
                number, text = rng.choice(errors)
                match = ERROR.match(text)
                error_edits.setdefault(path, {})[number] = match.group(1) + "§ " + match.group(2)
    root = fresh("errors")
    edit_lines(root, error_edits)
    edited, _ = check(lesson, os.path.join(root, name))
    seeded = [(p, n) for p, c in error_edits.items() for n in c]
    missed = [k for k in seeded if not found_at(edited, k[0], k[1], {"expected-diagnostic"})]
    print(f"changed expected errors found at their line: {len(seeded) - len(missed)} of {len(seeded)} "
          f"({100 * (len(seeded) - len(missed)) / max(1, len(seeded)):.1f} %)")
    if os.environ.get("SHOW_MISSED"):
        for item in missed: print("  missed error edit", item)

    # 5: ten listings that show their test's code, one code line each.
    drifted = {(r["lesson"], f["line"]) for r in report["checks"] for f in r["findings"] if f["kind"] == "listing-drift"}
    candidates = []
    for path, tests in files.items():
        lines = open(os.path.join(base, path), encoding="utf-8").read().split("\n")
        for test in tests.values():
            shown = [t for _, t in test["lines"] if t.strip().startswith("->")]
            start = test["line"] - 1
            while start > 0 and "<!--" not in lines[start]: start -= 1
            end = start - 1
            while end > 0 and not lines[end].strip(): end -= 1
            if not shown or not lines[end].strip().startswith("```"):
                continue
            opening = end - 1
            while opening > 0 and not lines[opening].strip().startswith("```"): opening -= 1
            if lines[opening].strip().lower() != "```swift":
                continue
            code = [i + 1 for i in range(opening + 1, end)
                    if lines[i].strip() and not lines[i].strip().startswith("//") and lines[i].strip() not in "{}"]
            if code and not any(l.endswith(path) and opening < n <= end for l, n in drifted):
                candidates.append((path, code))
    chosen = rng.sample(candidates, min(10, len(candidates)))
    listing_edits = {}
    for path, code in chosen:
        number = rng.choice(code)
        text = open(os.path.join(base, path), encoding="utf-8").read().split("\n")[number - 1]
        # Before a trailing comment: an edit inside the comment changes no code.
        code, comment = (text.split("//", 1)[0].rstrip(), " //" + text.split("//", 1)[1]) if "//" in text else (text, "")
        listing_edits.setdefault(path, {})[number] = code + " + 0" + comment
    root = fresh("listings")
    edit_lines(root, listing_edits)
    edited, _ = check(lesson, os.path.join(root, name))
    seeded = [(p, n) for p, c in listing_edits.items() for n in c]
    found = [found_at(edited, p, n, {"listing-drift"}) for p, n in seeded]
    print(f"edited listings found as listing-drift at their line: {sum(found)} of {len(seeded)}")
    if os.environ.get("SHOW_MISSED"):
        for item, hit in zip(seeded, found):
            if not hit: print("  missed listing edit", item)

    # 6: the floor: every test built with one plain swiftc and run, two at a time (the check's cores).
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    every = [(p, t) for p, ts in files.items() for t in ts.values()]
    work = os.path.join(scratch, "plain")
    os.makedirs(work)
    sources = []
    for index, (path, test) in enumerate(every):
        program = []
        for _, text in test["lines"]:
            stripped = text.strip()
            if stripped[:2] in ("->", ">>"):
                program.append(stripped[3:])
            elif stripped[:2] == "/>":
                program.append('print("' + stripped[3:] + '")')
            elif stripped and stripped[:2] not in ("<-", "<<", "</", "!$", "!!", "xx") and not stripped.startswith("```"):
                program.append(text)
        source = os.path.join(work, f"t{index}.swift")
        open(source, "w", encoding="utf-8").write("\n".join(program) + "\n")
        sources.append(source)

    def build_and_run(source):
        built = subprocess.run([swiftc, "-swift-version", "5", source, "-o", source + ".out"], capture_output=True)
        if built.returncode == 0:
            try:
                subprocess.run([source + ".out"], capture_output=True, timeout=30)
            except subprocess.TimeoutExpired:
                pass

    from concurrent.futures import ThreadPoolExecutor
    jobs = int(os.environ.get("FLOOR_JOBS", "2"))
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(build_and_run, sources))
    floor = time.monotonic() - started
    print(f"every test built with one plain swiftc and run, {jobs} at a time: {len(sources)} tests in {floor:.1f} s; "
          f"the cold check took {cold:.2f} s = 1/{floor / cold:.1f} of that")
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
