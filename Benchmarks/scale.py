#!/usr/bin/env python3
"""How the checker's cost grows with its input, measured side by side in one run.

1. Courses of generate_course.py at SMALL and LARGE lessons (default 500 and 2,500, five times as many):
   `lesson check --stats`, cold (an empty cache) and warm (the same cache again), and `lesson merge` of the
   JSON reports of two shards. Prints each phase's seconds at both sizes and their ratio (at most 5.5 for
   five times the lessons is linear), the peak memory, and warm as a share of cold.
2. Pathological inputs at two sizes each: an info string of one word and of many words, a list nested
   deep, a string and an array literal of megabytes on one line of a scenario (`lesson list`), and a
   language-server stream without a header end, after which a request must still be answered.

usage: scale.py LESSON_BINARY [--sizes SMALL,LARGE] [--copies] [--work DIR]

--copies makes each course of copies of the published lessons (Lessons/, a folder per copy, as a course of
many tracks would be) instead of generate_course.py's lessons.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = os.path.join(HERE, "..", "Sources", "Engines")


def check(lesson, course, cache):
    """Runs lesson check --stats; returns (seconds by phase, peak KiB, total seconds, last line)."""
    result = subprocess.run([lesson, "check", "--stats", "--cache-dir", cache, course],
                            capture_output=True, text=True)
    phases = {}
    for line in result.stderr.splitlines():
        found = re.match(r"  (\S.*?)\s{2,}([0-9.]+) s", line)
        if found:
            phases[found.group(1)] = float(found.group(2))
    peak = re.search(r"peak memory (\d+) KiB", result.stderr)
    total = re.search(r"lesson: ([0-9.]+) s", result.stderr)
    return phases, int(peak.group(1)) if peak else 0, float(total.group(1)) if total else 0.0, \
        result.stdout.strip().splitlines()[-1]


def merge_seconds(lesson, course, cache, work):
    """Seconds `lesson merge` takes to join the JSON reports of two shards of COURSE (checked warm first)."""
    reports = []
    for index in (1, 2):
        report = os.path.join(work, f"shard-{index}.json")
        subprocess.run([lesson, "check", "--shard", f"{index}/2", "--format", "json", "--output", report,
                        "--cache-dir", cache, course], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        reports.append(report)
    return timed([lesson, "merge", "--format", "json", "--output", os.path.join(work, "merged.json")] + reports)


def copy_published(course, size):
    """SIZE lessons: copies of Lessons/ (its solutions/ left out), one folder per copy, the last one cut short."""
    published = os.path.join(HERE, "..", "Lessons")
    lessons = sorted(os.path.relpath(os.path.join(folder, name), published)
                     for folder, folders, names in os.walk(published) if "solutions" not in folder
                     for name in names if name.endswith(".md"))
    for index in range(size):
        source = lessons[index % len(lessons)]
        target = os.path.join(course, f"copy-{index // len(lessons)}", source)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(published, source), target)


def courses(lesson, sizes, work, copies):
    measured = {}
    for size in sizes:
        course = os.path.join(work, f"{'copies' if copies else 'course'}-{size}")
        if not os.path.isdir(course):
            if copies:
                copy_published(course, size)
            else:
                subprocess.run([sys.executable, os.path.join(HERE, "generate_course.py"), course, str(size),
                                ENGINES], check=True, stdout=subprocess.DEVNULL)
        cache = os.path.join(work, f"cache-{'copies-' if copies else ''}{size}")
        shutil.rmtree(cache, ignore_errors=True)
        cold = check(lesson, course, cache)
        warm = check(lesson, course, cache)
        merged = merge_seconds(lesson, course, cache, work)
        measured[size] = (cold, warm, merged)
        print(f"{size} lessons: {cold[3]}", flush=True)
    small, large = sizes
    factor = large / small
    print(f"\nphases, cold: {small} and {large} lessons ({factor:g}x), and their ratio")
    print(f"| phase | {small} | {large} | ratio |")
    print("|---|---|---|---|")
    for phase in measured[small][0][0]:
        a, b = measured[small][0][0][phase], measured[large][0][0].get(phase, 0.0)
        ratio = f"{b / a:.1f}x" if a >= 0.05 else "-"
        print(f"| {phase} | {a:.2f} s | {b:.2f} s | {ratio} |")
    (cold_s, warm_s) = measured[small], measured[large]
    print(f"| whole check | {cold_s[0][2]:.2f} s | {warm_s[0][2]:.2f} s | {warm_s[0][2] / cold_s[0][2]:.1f}x |")
    print(f"| peak memory | {cold_s[0][1] // 1024} MiB | {warm_s[0][1] // 1024} MiB | "
          f"{warm_s[0][1] / cold_s[0][1]:.1f}x |")
    merges = [measured[size][2] for size in sizes]
    print(f"| lesson merge of two shards | {merges[0]:.2f} s | {merges[1]:.2f} s | {merges[1] / merges[0]:.1f}x |")
    for size in sizes:
        cold, warm, _ = measured[size]
        print(f"warm at {size} lessons: {warm[2]:.2f} s, {100 * warm[2] / cold[2]:.1f} % of cold")


def timed(command, stdin=None):
    start = time.monotonic()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, input=stdin)
    return time.monotonic() - start


def pathological(lesson, work):
    def write(name, text):
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path

    cases = [
        ("info string, one word", [1 << 20, 10 << 20],
         lambda n: "```swift " + "x" * n + "\nlet x = 1\n```\n"),
        ("info string, many words", [1 << 20, 10 << 20],
         lambda n: "```swift " + " ".join("a%d" % i for i in range(n // 8)) + "\nlet x = 1\n```\n"),
        ("list nested N deep", [500, 1000],
         lambda n: "\n".join("  " * d + f"- item {d}" for d in range(n)) + "\n"),
        ("a line of N bytes in a scenario", [1 << 20, 10 << 20],
         lambda n: "```swift\n// main.swift — long\nlet a = \"" + "y" * n + "\"\nprint(a.count)\n```\n"),
        ("an array literal of N bytes on one line", [1 << 20, 10 << 20],
         lambda n: "```swift\n// main.swift — long\nlet a = [" + ", ".join("7" for _ in range(n // 3))
         + "]\nprint(a.count)\n```\n"),
    ]
    print("\npathological inputs (lesson list), two sizes each")
    print("| input | small | large | time ratio |")
    print("|---|---|---|---|")
    for name, sizes, make in cases:
        times = [timed([lesson, "list", write(f"case-{size}.md", make(size))]) for size in sizes]
        print(f"| {name} ({sizes[0]:,} / {sizes[1]:,}) | {times[0]:.2f} s | {times[1]:.2f} s | "
              f"{times[1] / times[0]:.1f}x for {sizes[1] / sizes[0]:g}x |")
    for size in [2 << 20, 4 << 20]:
        seconds = lsp_without_header(lesson, size)
        print(f"| language server: {size >> 20} MiB without a header end, then a request | "
              f"answered {seconds:.2f} s after the last byte | | |")


def lsp_without_header(lesson, size):
    """Seconds from the last byte of SIZE bytes without a header end to the answer of a request after it."""
    server = subprocess.Popen([lesson, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    piece = b"x" * 4096
    for _ in range(size // len(piece)):
        server.stdin.write(piece)
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}).encode()
    server.stdin.write(b"\r\n\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()
    start = time.monotonic()
    answer = b""
    while b'"id":1' not in answer and b'"id" : 1' not in answer:
        chunk = os.read(server.stdout.fileno(), 65536)
        if not chunk:
            break
        answer += chunk
    seconds = time.monotonic() - start
    server.kill()
    server.wait()
    return seconds


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    lesson = os.path.abspath(arguments[0])
    sizes = [500, 2500]
    work = None
    if "--sizes" in arguments:
        sizes = [int(part) for part in arguments[arguments.index("--sizes") + 1].split(",")]
    if "--work" in arguments:
        work = arguments[arguments.index("--work") + 1]
        os.makedirs(work, exist_ok=True)
    work = work or tempfile.mkdtemp(prefix="lesson-scale-")
    copies = "--copies" in arguments
    courses(lesson, sizes, work, copies)
    if not copies:
        pathological(lesson, work)


if __name__ == "__main__":
    main()
