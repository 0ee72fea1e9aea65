#!/usr/bin/env python3
"""Where the test suite's CPU goes: runs `swift test --skip-build` (build first) under `perf record -a` with the
real-time clock, then sets every sample against the XCTest test that was running when it was taken, and prints
the core-seconds of each class and test, with the programs that used them (`swift-frontend`, `ld.gold`, the
lessons' programs, ...). Samples taken outside any XCTest test (the Swift Testing run, a background build) are
counted apart. Needs `perf` (linux-perf) and root, or a `perf_event_paranoid` that lets this user sample the
whole machine.

usage: python3 Benchmarks/suite_cpu.py [--filter PATTERN] [--top N] [--keep DIR]
  --filter PATTERN  run only the tests `swift test --filter PATTERN` runs (no course package build beside them
                    unless the whole suite runs)
  --top N           how many classes and tests to print (default 25)
  --keep DIR        keep the test output and perf's data in DIR (default: a temporary folder, removed)
(run from the repository root)
"""
import argparse
import bisect
import collections
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile

RATE = 97  # samples a second a core: few enough not to slow the suite


def tests_in(log):
    """(start, end, name) of every XCTest test the log names, in order of start."""
    started, spans = {}, []
    with open(log, errors="replace") as lines:
        for line in lines:
            match = re.match(r"Test Case '([^']+)' started at (\S+ \S+)", line)
            if match:
                moment = datetime.datetime.strptime(match.group(2), "%Y-%m-%d %H:%M:%S.%f")
                started[match.group(1)] = moment.replace(tzinfo=datetime.timezone.utc).timestamp()
                continue
            match = re.match(r"Test Case '([^']+)' (?:passed|failed|skipped) \(([0-9.]+) seconds\)", line)
            if match and match.group(1) in started:
                start = started.pop(match.group(1))
                spans.append((start, start + float(match.group(2)), match.group(1)))
    return sorted(spans)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filter")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep")
    arguments = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("suite_cpu.py: perf is not installed (apt-get install linux-perf)")
    folder = arguments.keep or tempfile.mkdtemp(prefix="suite-cpu-")
    os.makedirs(folder, exist_ok=True)
    log, data = os.path.join(folder, "tests.log"), os.path.join(folder, "perf.data")
    command = ["swift", "test", "--skip-build"] + (["--filter", arguments.filter] if arguments.filter else [])
    with open(log, "w") as output:
        status = subprocess.call(
            ["perf", "record", "-k", "CLOCK_REALTIME", "-a", "-F", str(RATE), "-o", data, "--"] + command,
            stdout=output, stderr=subprocess.STDOUT)
    spans = tests_in(log)
    starts = [span[0] for span in spans]
    script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,time"], capture_output=True, text=True).stdout
    by_test, by_class = collections.Counter(), collections.Counter()
    programs = collections.defaultdict(collections.Counter)
    outside, idle = collections.Counter(), 0
    for line in script.splitlines():
        parts = line.rsplit(None, 1)
        if len(parts) != 2:
            continue
        program, moment = parts[0].strip(), float(parts[1].rstrip(":"))
        if program == "swapper":
            idle += 1
            continue
        index = bisect.bisect_right(starts, moment) - 1
        if index >= 0 and moment <= spans[index][1] + 0.05:
            name = spans[index][2]
            by_test[name] += 1
            by_class[name.split(".")[0]] += 1
            programs[name.split(".")[0]][program] += 1
        else:
            outside[program] += 1
    print(f"{' '.join(command)}: exit status {status}; core-seconds (samples at {RATE} Hz a core)")
    print(f"  in XCTest tests {sum(by_test.values()) / RATE:.1f}, outside them {sum(outside.values()) / RATE:.1f},"
          f" idle {idle / RATE:.1f}")
    print("  outside, by program: " + ", ".join(f"{p} {n / RATE:.1f}" for p, n in outside.most_common(6)))
    print("XCTest classes:")
    for name, count in by_class.most_common(arguments.top):
        used = ", ".join(f"{p} {n / RATE:.1f}" for p, n in programs[name].most_common(4))
        print(f"  {count / RATE:7.1f}  {name}  [{used}]")
    print("XCTest tests:")
    for name, count in by_test.most_common(arguments.top):
        print(f"  {count / RATE:7.1f}  {name}")
    if not arguments.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
