#!/usr/bin/env python3
"""The bundled course (Lessons/) as a course package's `swift test`, in one run, two ways side by side:

per-lesson    the parameterized test `CourseLesson.all(in:)` writes a test case per lesson, each checked alone;
per-scenario  the `LessonTestCases` plugin's tests, a test per scenario, listing and book test, the course
              checked once for all of them.

Each way in the same package folder (a copy of Fixtures/course-package with the bundled lessons, depending on
this checkout by path, in .build/course-package/bench), its tests built first (`swift build --build-tests`),
then `swift test --skip-build --disable-xctest` timed cold (the package's `.build/lesson-cache` removed) and
warm (kept), each the median of RUNS runs. Prints seconds and the per-scenario / per-lesson ratio.

    python3 Benchmarks/course_tests.py [--runs 3]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "course-package", "bench")

PER_LESSON_TEST = """import LessonTesting
import Testing

@Test(arguments: try CourseLesson.all(in: "Lessons"))
func lesson(_ lesson: CourseLesson) {
    lesson.check()
}
"""


def make_package(per_scenario):
    fixture = os.path.join(ROOT, "Fixtures", "course-package")
    for name in ["Package.swift", "Lessons", "Tests"]:
        path = os.path.join(BENCH, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    os.makedirs(BENCH, exist_ok=True)
    # The dependency's identity is its folder's name: a link named as the fixture names the checker.
    checker = os.path.join(os.path.dirname(BENCH), "lesson-checker")
    if not os.path.islink(checker):
        os.symlink(ROOT, checker)
    manifest = open(os.path.join(fixture, "Package.swift")).read().replace(
        '.package(url: "https://example.com/lesson-checker.git", branch: "main")', '.package(path: "%s")' % checker)
    if not per_scenario:
        manifest = manifest.replace(
            '],\n            plugins: [.plugin(name: "LessonTestCases", package: "lesson-checker")]),', ']),')
    open(os.path.join(BENCH, "Package.swift"), "w").write(manifest)
    shutil.copytree(os.path.join(ROOT, "Lessons"), os.path.join(BENCH, "Lessons"))
    os.makedirs(os.path.join(BENCH, "Tests", "LessonTests"))
    test = open(os.path.join(fixture, "Tests", "LessonTests", "Lessons.swift")).read()
    open(os.path.join(BENCH, "Tests", "LessonTests", "Lessons.swift"), "w").write(
        test if per_scenario else PER_LESSON_TEST)


def run(command, check=True):
    result = subprocess.run(command, cwd=BENCH, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if check and result.returncode != 0:
        sys.exit("%s failed:\n%s" % (command, result.stdout.decode(errors="replace")[-3000:]))
    return result


def timed_test(cold):
    if cold:
        shutil.rmtree(os.path.join(BENCH, ".build", "lesson-cache"), ignore_errors=True)
    start = time.monotonic()
    result = run("swift test --skip-build --disable-xctest", check=False)
    seconds = time.monotonic() - start
    last = result.stdout.decode(errors="replace").strip().splitlines()[-1]
    return seconds, last


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    figures = {}
    for name, per_scenario in [("per-lesson", False), ("per-scenario", True)]:
        make_package(per_scenario)
        run("swift build --build-tests")
        cold, warm = [], []
        for _ in range(runs):
            seconds, last = timed_test(cold=True)
            cold.append(seconds)
            seconds, last = timed_test(cold=False)
            warm.append(seconds)
        figures[name] = (statistics.median(cold), statistics.median(warm))
        print("%-13s cold %6.2f s   warm %6.2f s   (%s)" % (name, figures[name][0], figures[name][1], last))
    (lesson_cold, lesson_warm), (scenario_cold, scenario_warm) = figures["per-lesson"], figures["per-scenario"]
    print("per-scenario / per-lesson: cold %.2f, warm %.2f" % (scenario_cold / lesson_cold, scenario_warm / lesson_warm))


if __name__ == "__main__":
    main()
