#!/usr/bin/env python3
"""How long `lesson lsp` takes to publish a lesson's diagnostics after a save, beside `lesson check` of that
lesson from the command line (docs/editors.md).

Usage: python3 Benchmarks/lsp_recheck.py [LESSON_FILE] [LESSON_BINARY]   (default: the bundled course's first
UIKit lesson, the debug `lesson` `swift build --show-bin-path` names). Both run with --no-cache, so that each check builds and runs the
lesson's programs, five times each, alternating; the script prints each side's times and the ratio of
their medians.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from built_lesson import built_lesson  # noqa: E402

lesson = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else sorted(
    os.path.join("Lessons/uikit", f) for f in os.listdir("Lessons/uikit") if f.endswith(".md"))[0])
binary = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else built_lesson())
work = tempfile.mkdtemp(prefix="lsp-recheck-")
copy = os.path.join(work, os.path.basename(lesson))
shutil.copy(lesson, copy)
uri = "file://" + copy

server = subprocess.Popen([binary, "lsp", "--no-cache"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=work)


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        header += server.stdout.read(1)
    length = int(header.split(b":")[1].split(b"\r")[0])
    return json.loads(server.stdout.read(length))


def diagnostics():
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            return message


send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
receive()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": open(copy).read()}}})
diagnostics()

saves, checks = [], []
for _ in range(5):
    started = time.monotonic()
    send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
    diagnostics()
    saves.append(time.monotonic() - started)
    started = time.monotonic()
    subprocess.run([binary, "check", "--no-cache", copy], capture_output=True, cwd=work)
    checks.append(time.monotonic() - started)
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()
shutil.rmtree(work)
print(f"lesson: {os.path.relpath(lesson)}")
print("lsp, save to diagnostics: " + ", ".join(f"{s:.2f}" for s in saves) + " s")
print("lesson check of the file: " + ", ".join(f"{s:.2f}" for s in checks) + " s")
print(f"ratio of the medians: {statistics.median(saves) / statistics.median(checks):.2f}x")
