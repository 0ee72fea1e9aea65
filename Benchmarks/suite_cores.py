#!/usr/bin/env python3
"""Where the test suite's time goes: runs `swift test --skip-build` (build first), samples /proc/stat every
half second, and prints the wall time and the average busy cores of the XCTest run, of the Swift Testing run
after it, and of each XCTest class, slowest first.

usage: python3 Benchmarks/suite_cores.py [--cold-course-package] [--filter PATTERN] [LOG]
  --cold-course-package  remove .build/course-package first, as on a fresh clone
  --filter PATTERN       run only the tests `swift test --filter PATTERN` runs
  LOG                    where the test output goes (default: a temporary file, removed)
(run from the repository root)
"""
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def busy_cores(samples, stop):
    """Appends (time, busy cores over the last half second) until `stop` is set."""
    def read():
        with open("/proc/stat") as stat:
            values = list(map(int, stat.readline().split()[1:]))
        return sum(values), values[3] + values[4]
    total, idle = read()
    cores = os.cpu_count()
    while not stop.wait(0.5):
        now_total, now_idle = read()
        spent = max(1, now_total - total)
        samples.append((time.time(), cores * (spent - (now_idle - idle)) / spent))
        total, idle = now_total, now_idle


def stamp(text):
    return datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=datetime.timezone.utc).timestamp()


def average(samples, start, end):
    inside = [cores for moment, cores in samples if start <= moment - 0.25 <= end]
    return sum(inside) / len(inside) if inside else 0.0


def main():
    arguments = sys.argv[1:]
    if "--cold-course-package" in arguments:
        arguments.remove("--cold-course-package")
        shutil.rmtree(".build/course-package", ignore_errors=True)
    test_filter = []
    if "--filter" in arguments:
        at = arguments.index("--filter")
        test_filter = arguments[at:at + 2]
        del arguments[at:at + 2]
    if any(a.startswith("-") for a in arguments) or len(arguments) > 1:
        sys.exit(__doc__)
    log = arguments[0] if arguments else tempfile.mktemp(prefix="suite-cores.", suffix=".log")
    subprocess.run(["swift", "build", "--build-tests"], check=True, capture_output=True)
    samples, stop = [], threading.Event()
    sampler = threading.Thread(target=busy_cores, args=(samples, stop))
    sampler.start()
    start = time.time()
    with open(log, "w") as output:
        status = subprocess.run(["swift", "test", "--skip-build"] + test_filter, stdout=output, stderr=subprocess.STDOUT).returncode
    end = time.time()
    stop.set()
    sampler.join()
    text = open(log).read()
    if not arguments:
        os.remove(log)
    began, classes, cases, case_began = {}, [], [], {}
    for line in text.splitlines():
        case = re.match(r"Test Case '([^']+)' (?:started at (.*)|(?:passed|failed) \((.*) seconds\))", line.strip())
        if case and case.group(2):
            case_began[case.group(1)] = stamp(case.group(2))
        elif case and case.group(1) in case_began:
            start = case_began[case.group(1)]
            cases.append((case.group(1), start, start + float(case.group(3))))
        match = re.match(r"Test Suite '([^']+)' (started|passed|failed) at (.*)", line.strip())
        if not match:
            continue
        name, event, moment = match.groups()
        if event == "started":
            began[name] = stamp(moment)
        elif name in began:
            classes.append((name, began[name], stamp(moment)))
    whole = next(((s, e) for n, s, e in classes if n == "All tests"), None)
    print(f"swift test --skip-build: {end - start:.1f} s, exit status {status}, {os.cpu_count()} cores")
    if whole:
        print(f"  XCTest         {whole[1] - whole[0]:6.1f} s  {average(samples, *whole):.2f} cores")
        print(f"  Swift Testing  {end - whole[1]:6.1f} s  {average(samples, whole[1] + 1, end):.2f} cores (and start-up)")
    print("XCTest classes, slowest first:")
    rows = [(e - s, n, average(samples, s, e)) for n, s, e in classes if n not in ("All tests",) and not n.endswith(".xctest")]
    for seconds, name, cores in sorted(rows, reverse=True)[:25]:
        print(f"  {seconds:6.1f} s  {cores:.2f} cores  {name}")
    print("XCTest tests that leave the most core-seconds idle (of at least one second):")
    cores = os.cpu_count()
    rows = [((e - s) * (cores - average(samples, s, e)), e - s, n, average(samples, s, e)) for n, s, e in cases if e - s >= 1]
    for idle, seconds, name, used in sorted(rows, reverse=True)[:20]:
        print(f"  {idle:5.1f} idle  {seconds:6.1f} s  {used:.2f} cores  {name}")


if __name__ == "__main__":
    main()
