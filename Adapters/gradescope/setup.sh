#!/usr/bin/env bash
# Gradescope autograder set-up, run once when the autograder image is built (Gradescope's Ubuntu 22.04
# base image, as root, with network). The autograder zip holds this repository (or the course repository
# that holds it) at /autograder/source, with exercise.conf beside this script's copy.
#
# It installs the Swift toolchain and util-linux, builds `lesson` in release mode, puts it on PATH, and
# installs run_autograder where Gradescope runs it.
set -euo pipefail

SWIFT_VERSION="${SWIFT_VERSION:-6.0.3}"
source_dir="${AUTOGRADER_SOURCE:-/autograder/source}"

apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    binutils ca-certificates curl git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-11-dev \
    libpython3-dev libsqlite3-0 libstdc++-11-dev libxml2-dev libz3-dev pkg-config python3 tzdata unzip \
    util-linux zlib1g-dev

if ! command -v swift >/dev/null 2>&1; then
    archive="swift-${SWIFT_VERSION}-RELEASE-ubuntu22.04"
    curl -fsSL "https://download.swift.org/swift-${SWIFT_VERSION}-release/ubuntu2204/swift-${SWIFT_VERSION}-RELEASE/${archive}.tar.gz" \
        -o /tmp/swift.tar.gz
    mkdir -p /opt/swift
    tar -xzf /tmp/swift.tar.gz -C /opt/swift --strip-components=1
    rm /tmp/swift.tar.gz
    ln -sf /opt/swift/usr/bin/* /usr/local/bin/
fi

swift build -c release --product lesson --package-path "$source_dir"
install -m 0755 "$source_dir/.build/release/lesson" /usr/local/bin/lesson
install -m 0755 "$source_dir/Adapters/gradescope/run_autograder" /autograder/run_autograder
lesson grade --check-sandbox
