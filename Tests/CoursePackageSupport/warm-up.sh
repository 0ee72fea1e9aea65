#!/usr/bin/env bash
# Starts the fixture course package's build in the background, at idle priority, and returns at once: what
# `CoursePackageWarmUp` starts in a whole `swift test`, started by `.ci/run` while the package itself builds,
# so that it takes the cores that build leaves idle. The copy is `CoursePackageCopy.make`'s (the fixture with
# this checkout as its dependency, by path, through the link `lesson-checker`), in the same folders, so that
# the tests' own copies find its build folder built. The job holds `warm-up.lock` while it runs and stops
# when the process PID (the caller) is gone.
# usage: Tests/CoursePackageSupport/warm-up.sh PID   (from the repository root)
set -euo pipefail
checkout=$PWD
base=$checkout/.build/course-package
url='.package(url: "https://example.com/lesson-checker.git", branch: "main")'
mkdir -p "$base/scratch"
ln -sfn "$checkout" "$base/lesson-checker"
rm -rf "$base/course"
cp -R Fixtures/course-package "$base/course"
ln -s "$base/scratch" "$base/course/.build"
manifest=$base/course/Package.swift
IFS= read -r -d '' text <"$manifest" || true
if [ "${text//"$url"/}" != "${text/"$url"/}" ] || [ "${text/"$url"/}" = "$text" ]; then
    echo "warm-up.sh: $manifest does not name $url once" >&2
    exit 1
fi
printf '%s' "${text/"$url"/.package(path: \"$base/lesson-checker\")}" >"$manifest"
cd "$base/course"
SWIFT_TEST_PID=$1 JOB_CGROUP=/sys/fs/cgroup/cpu/lesson-tests-warm-up-ci-$1 JOB_RECORD=$base/warm-up.cgroup \
    setsid flock "$base/warm-up.lock" /bin/sh "$checkout/Tests/CoursePackageSupport/background-job.sh" \
    sh -c "swift build --build-tests && swift build --product lesson" </dev/null >"$base/warm-up.log" 2>&1 &
