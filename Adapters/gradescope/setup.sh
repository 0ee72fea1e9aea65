#!/usr/bin/env bash
# Gradescope autograder set-up, from a pack `lesson pack gradescope` wrote: run once as root, with network,
# when Gradescope builds the autograder's image (its Ubuntu 22.04 base image). It installs the Swift
# toolchain the pack names (SWIFT_VERSION in exercise.conf) into /opt/swift, where the pack's checker was
# built to find it, and util-linux, whose tools contain the student's programs. The pack's checker,
# bin/lesson, is not built here.
set -euo pipefail

source_dir="$(cd "$(dirname "$0")" && pwd)"
version="$(sed -n 's/^SWIFT_VERSION=//p' "$source_dir/exercise.conf")"
version="${SWIFT_VERSION:-${version:-6.0.3}}"

apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    binutils ca-certificates curl git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-11-dev \
    libpython3-dev libsqlite3-0 libstdc++-11-dev libxml2-dev libz3-dev pkg-config tzdata unzip \
    util-linux zlib1g-dev

if ! command -v swiftc >/dev/null 2>&1; then
    archive="swift-${version}-RELEASE-ubuntu22.04"
    curl -fsSL "https://download.swift.org/swift-${version}-release/ubuntu2204/swift-${version}-RELEASE/${archive}.tar.gz" \
        -o /tmp/swift.tar.gz
    mkdir -p /opt/swift
    tar -xzf /tmp/swift.tar.gz -C /opt/swift --strip-components=1
    rm /tmp/swift.tar.gz
    ln -sf /opt/swift/usr/bin/* /usr/local/bin/
fi
chmod +x "$source_dir/bin/"* "$source_dir/run_autograder"
"$source_dir/bin/lesson" grade --check-sandbox
