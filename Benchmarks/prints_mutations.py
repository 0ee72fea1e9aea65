#!/usr/bin/env python3
"""How well `lesson check` finds a wrong `// Prints "…"` comment in a book's listings.

Usage: python3 Benchmarks/prints_mutations.py BOOK_FOLDER [LESSON_BINARY]
(SHOW_MISSED=1 lists each mutation that was not reported.)

Copies the book into a scratch folder, checks it unmodified (the output findings it raises, its time),
then mutates the comments: in round k, the k-th `// Prints "` comment of every listing gets a `§` after its
opening quote, and one `lesson check --no-cache --format json` of the whole copy says which mutations are
reported at the comment's own line. It prints, for listings run alone and for listings run after earlier
ones (as `lesson list` says), how many mutated comments were reported, and the listings not run.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from built_lesson import built_lesson  # noqa: E402

PRINTS = re.compile(r'//\s*Prints "')


def listings(lesson, book):
    """(file, first line, last line, how it is run) of every listing `lesson list` shows."""
    found = []
    current = None
    for line in subprocess.run([lesson, "list", book], capture_output=True, text=True).stdout.splitlines():
        if not line.startswith(" "):
            current = line
            continue
        match = re.match(r"\s+lines (\d+)-(\d+)\s+listing\s+(.*)", line)
        if match:
            how = match.group(3)
            mode = "alone" if how.startswith("run alone") else "context" if how.startswith("run after") else "not run"
            found.append((current, int(match.group(1)), int(match.group(2)), mode))
    return found


def check(lesson, book):
    started = time.monotonic()
    result = subprocess.run(
        [lesson, "check", "--no-cache", "--format", "json", book], capture_output=True, text=True)
    seconds = time.monotonic() - started
    report = json.loads(result.stdout)
    mismatches = set()
    for record in report["checks"]:
        for finding in record["findings"]:
            if finding["kind"] == "output-mismatch" and finding.get("severity", "error") == "error":
                mismatches.add((record["lesson"], finding["line"]))
    return report, mismatches, seconds


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    source = sys.argv[1].rstrip("/")
    lesson = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else built_lesson())
    scratch = tempfile.mkdtemp(prefix="lesson-mutations-")
    try:
        book = os.path.join(scratch, os.path.basename(source))
        shutil.copytree(source, book)
        runs = listings(lesson, book)
        comments = {}  # listing → its comment lines
        for (path, first, last, mode) in runs:
            with open(path, encoding="utf-8") as text:
                lines = text.read().split("\n")
            comments[(path, first, last, mode)] = [
                number for number in range(first + 1, last) if PRINTS.search(lines[number - 1])]
        report, baseline, seconds = check(lesson, book)
        totals = report["totals"]
        print(f"unmodified: {totals['passed']} passed, {totals['failed']} failed, "
              f"{len(baseline)} output findings, {seconds:.2f} s")
        for (path, line) in sorted(baseline):
            print(f"  output finding: {os.path.relpath(path, scratch)}:{line}")

        originals = {}
        for path in {key[0] for key in comments}:
            with open(path, encoding="utf-8") as text:
                originals[path] = text.read().split("\n")
        reported = {"alone": 0, "context": 0, "not run": 0}
        mutated = {"alone": 0, "context": 0, "not run": 0}
        rounds = max((len(lines) for lines in comments.values()), default=0)
        for round in range(rounds):
            targets = []
            edited = {path: list(lines) for path, lines in originals.items()}
            for (path, first, last, mode), lines in comments.items():
                if round < len(lines):
                    number = lines[round]
                    edited[path][number - 1] = PRINTS.sub(lambda m: m.group(0) + "§", edited[path][number - 1], 1)
                    targets.append((path, number, mode))
            for path, lines in edited.items():
                with open(path, "w", encoding="utf-8") as text:
                    text.write("\n".join(lines))
            _, found, _ = check(lesson, book)
            for (path, number, mode) in targets:
                mutated[mode] += 1
                if (path, number) in found:
                    reported[mode] += 1
                elif os.environ.get("SHOW_MISSED"):
                    print(f"  missed ({mode}): {os.path.relpath(path, scratch)}:{number}")
        for mode in ("alone", "context", "not run"):
            share = 100 * reported[mode] / mutated[mode] if mutated[mode] else 0
            print(f"listings {mode:8}: {sum(1 for key in comments if key[3] == mode):4} listings, "
                  f"{mutated[mode]:4} mutated comments, {reported[mode]:4} reported at their line ({share:.1f} %)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
