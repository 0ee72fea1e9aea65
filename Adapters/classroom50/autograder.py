#!/usr/bin/env python3
"""Classroom 50 autograder for an exercise checked by `lesson`, from a pack `lesson pack classroom50` wrote.

The pack is the assignment's autograder folder (`<classroom>/autograders/<assignment>/` of the classroom's
config repository), which Classroom 50 publishes as the assignment's bundle. Its runner unpacks the bundle,
sets CLASSROOM50_BUNDLE_DIR to it, and runs this file with the student's checkout as the working folder and
the submission's identity in the environment (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, USERNAME,
ASSIGNMENT_TYPE, COMMIT_URL, RELEASE_URL, REVIEW_URL). It writes ./result.json, which the runner validates,
and ./release-body.md, the submission's Release description, and exits 0 whatever the grade; a non-zero
exit says that grading could not run, and the runner then records an error.

The checker is LESSON_BIN, else the pack's bin/lesson, else lesson on PATH; it compiles with the swiftc on
PATH (GitHub's Ubuntu runner images ship the newest Swift release). A checker built without
--static-swift-stdlib runs only with the Swift it was built with: when the one found does not run, the
checker is built from the pack's checker-source/ with that swiftc first (minutes, on every run). The
grading's budget, LESSON_TIME_BUDGET (default 300 s), starts after that; LESSON_TEST_TIMEOUT (default 10 s)
bounds one test.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile


def read_pack(pack):
    """EXERCISE, LESSON, HIDDEN and ENGINES of the pack's exercise.conf; paths relative to the pack."""
    settings = {}
    for line in (pack / "exercise.conf").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key in ("EXERCISE", "LESSON", "HIDDEN", "ENGINES") and value:
            settings[key] = value
    if "EXERCISE" not in settings or "LESSON" not in settings:
        raise ValueError(f"{pack}/exercise.conf must set EXERCISE and LESSON")
    return settings


def find_checker(pack, scratch):
    """The checker, and the environment it runs in (the Swift runtime beside swiftc, for a checker built
    without --static-swift-stdlib); built from the pack's checker-source/ in `scratch` when the one found
    does not run."""
    checker = os.environ.get("LESSON_BIN") or None
    if checker is None and os.access(pack / "bin" / "lesson", os.X_OK):
        checker = str(pack / "bin" / "lesson")
    checker = checker or shutil.which("lesson")
    environment = dict(os.environ)
    swiftc = shutil.which("swiftc")
    if swiftc:
        runtime = pathlib.Path(swiftc).resolve().parent.parent / "lib" / "swift" / "linux"
        environment["LD_LIBRARY_PATH"] = os.pathsep.join(
            filter(None, [str(runtime), environment.get("LD_LIBRARY_PATH")]))
    if checker is not None and runs(checker, environment):
        return checker, environment
    source = pack / "checker-source"
    if not (source / "Package.swift").is_file():
        raise FileNotFoundError(f"no lesson checker that runs here ({checker}), and no checker-source/ to build one")
    print(f"classroom50 autograder: {checker} does not run with this Swift: building the checker", file=sys.stderr)
    build = ["swift", "build", "--product", "lesson", "--package-path", str(source), "--scratch-path", scratch]
    subprocess.run(build, env=environment, check=True, stdout=sys.stderr)
    folder = subprocess.run(build + ["--show-bin-path"], env=environment, check=True, capture_output=True, text=True)
    return str(pathlib.Path(folder.stdout.strip()) / "lesson"), environment


def runs(checker, environment):
    """Whether the checker starts: a checker built for another Swift cannot load its runtime."""
    try:
        return subprocess.run([checker, "--version"], env=environment, capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def main():
    scratch = tempfile.mkdtemp(prefix="lesson-checker-")
    try:
        return grade(scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def grade(scratch):
    """Grades the checkout in the working folder into ./result.json and ./release-body.md; 0 once written."""
    pack = pathlib.Path(os.environ.get("CLASSROOM50_BUNDLE_DIR") or pathlib.Path(__file__).parent).resolve()
    workspace = pathlib.Path.cwd()
    budget = int(os.environ.get("LESSON_TIME_BUDGET", "300"))
    try:
        settings = read_pack(pack)
        checker, environment = find_checker(pack, scratch)
    except (OSError, ValueError, subprocess.CalledProcessError) as problem:
        print(f"classroom50 autograder: {problem}", file=sys.stderr)
        return 1
    command = [checker, "grade", "--exercise", settings["EXERCISE"], "--lesson", str(pack / settings["LESSON"]),
               "--hide", str(pack), "--submission", str(workspace), "--format", "classroom50",
               "--budget", str(max(budget - 10, 10)), "--timeout", os.environ.get("LESSON_TEST_TIMEOUT", "10")]
    if "HIDDEN" in settings:
        command += ["--hidden", str(pack / settings["HIDDEN"])]
    if "ENGINES" in settings:
        command += ["--engines", str(pack / settings["ENGINES"])]
    with tempfile.TemporaryDirectory(prefix="lesson-classroom50-") as output:
        try:
            finished = subprocess.run(command + ["--output", output], env=environment, timeout=budget, check=False)
        except subprocess.TimeoutExpired:
            print(f"classroom50 autograder: grading did not finish within {budget} s", file=sys.stderr)
            return 1
        result = pathlib.Path(output) / "results.json"
        if finished.returncode != 0 or not result.is_file():
            print(f"classroom50 autograder: lesson grade exited with status {finished.returncode}", file=sys.stderr)
            return 1
        shutil.copyfile(result, workspace / "result.json")
        shutil.copyfile(pathlib.Path(output) / "release-body.md", workspace / "release-body.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
