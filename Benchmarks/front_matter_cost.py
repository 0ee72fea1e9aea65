#!/usr/bin/env python3
"""What a front matter costs beside the same bytes in a lesson's body.

Each shape is written twice: its bytes as the front matter's values, and the same bytes as prose in the
body (after a one-key front matter). `lesson check --no-cache` reads each file three times; the script
prints the best wall time of each and their ratio. Run from the package root after
`swift build`: python3 Benchmarks/front_matter_cost.py [LESSON_BINARY]
"""
import os
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from built_lesson import built_lesson  # noqa: E402

binary = sys.argv[1] if len(sys.argv) > 1 else built_lesson()
size = 1000 * 1000  # within the 1 MiB a front matter may hold

shapes = {
    "one long scalar": "title: " + "x" * (size - 8) + "\n",
    "1,000 keys of 1 KB": "".join(f"k{i}: {'y' * (size // 1000 - 8)}\n" for i in range(1000)),
    "a folded block scalar": "summary: >\n" + "".join("  " + "z" * 78 + "\n" for _ in range(size // 81)),
    "a flow list": "tags: [" + ", ".join(f"t{i}" for i in range(size // 8)) + "]\n",
}


def measure(path):
    best = None
    for _ in range(3):
        start = time.monotonic()
        subprocess.run([binary, "check", "--no-cache", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.monotonic() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


with tempfile.TemporaryDirectory() as folder:
    print(f"{'shape':26} {'front matter':>14} {'body':>10} {'ratio':>7}")
    for name, yaml in shapes.items():
        front = os.path.join(folder, "front.md")
        body = os.path.join(folder, "body.md")
        with open(front, "w") as file:
            file.write("---\n" + yaml + "---\n# Lesson\n")
        with open(body, "w") as file:
            file.write("---\ntitle: a\n---\n# Lesson\n\n" + yaml)
        front_time = measure(front)
        body_time = measure(body)
        print(f"{name:26} {front_time:12.3f} s {body_time:8.3f} s {front_time / body_time:6.2f}x")
