#!/usr/bin/env python3
"""The adoption path of a site with old failing posts, step by step, on a copy of SITE:

    python3 Benchmarks/baseline_adoption.py SITE [LESSON]

1. `lesson check` fails (exit 1) without a baseline;
2. `--write-baseline lesson-baseline.json`, then `lesson check` passes (exit 0) with it;
3. prose and a passing block inserted at the top of 20 failing posts: still exit 0;
4. one passing block broken: exactly 1 failed check;
5. a baselined block given a new error: it fails again;
6. two writes of the baseline give the same bytes.

Each step prints its result; the script exits 1 when any step does not hold. LESSON is the `lesson` binary
(default: the debug `lesson` of this checkout, `swift build --show-bin-path`).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from built_lesson import built_lesson  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check(lesson, site, *arguments):
    result = subprocess.run(
        [lesson, 'check', '--no-cache', '--format', 'json', *arguments, '.'], cwd=site, capture_output=True,
        text=True)
    report = json.loads(result.stdout) if result.stdout.strip() else {'checks': [], 'totals': {}}
    return result.returncode, report


def failing_posts(report):
    return sorted({c['lesson'] for c in report['checks'] if c['status'] in ('failed', 'baselined')})


def insert_at_top(path, text):
    with open(path, encoding='utf-8') as file:
        content = file.read()
    match = re.match(r'(---\n.*?\n---\n)', content, re.S)
    head = match.group(1) if match else ''
    with open(path, 'w', encoding='utf-8') as file:
        file.write(head + text + content[len(head):])


def insert_line(path, index, text):
    """Inserts `text` as line `index` (0-based) of the file, and returns the file's lines before."""
    with open(path, encoding='utf-8') as file:
        lines = file.read().split('\n')
    with open(path, 'w', encoding='utf-8') as file:
        file.write('\n'.join(lines[:index] + [text] + lines[index:]))
    return lines


def main():
    site = sys.argv[1]
    lesson = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else built_lesson())
    work = tempfile.mkdtemp(prefix='baseline-adoption-')
    copy = os.path.join(work, 'site')
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns('.git'))
    held = True

    def step(name, ok, detail):
        nonlocal held
        held = held and ok
        print('%-58s %s  (%s)' % (name, 'holds' if ok else 'FAILS', detail))

    status, report = check(lesson, copy, '--no-baseline')
    totals = report['totals']
    step('1. without a baseline: exit 1', status == 1,
         'exit %d, %d passed, %d failed' % (status, totals.get('passed', 0), totals.get('failed', 0)))
    subprocess.run([lesson, 'check', '--no-cache', '--write-baseline', 'lesson-baseline.json', '.'], cwd=copy,
                   capture_output=True)
    first = open(os.path.join(copy, 'lesson-baseline.json'), 'rb').read()
    status, report = check(lesson, copy)
    step('2. with the baseline it wrote: exit 0', status == 0,
         'exit %d, %d baselined' % (status, report['totals'].get('baselined', 0)))
    posts = failing_posts(report)[:20]
    for post in posts:
        insert_at_top(os.path.join(copy, post), 'An editor\'s note added above the post.\n\n```swift\nlet note = 1\n```\n\n')
    status, report = check(lesson, copy)
    step('3. prose and a passing block atop %d failing posts: exit 0' % len(posts), status == 0,
         'exit %d, %d failed, %d baselined' % (status, report['totals'].get('failed', 0),
                                               report['totals'].get('baselined', 0)))
    passing = next(c for c in report['checks'] if c['status'] == 'passed' and c['kind'] == 'snippet')
    path = os.path.join(copy, passing['lesson'])
    lines = insert_line(path, passing['line'], 'let broken = (1 +')
    status, report = check(lesson, copy)
    failed = [c for c in report['checks'] if c['status'] == 'failed']
    step('4. one passing block broken: exactly 1 failed check', len(failed) == 1 and status == 1,
         'exit %d, %d failed: %s' % (status, len(failed), ', '.join('%s:%d' % (c['lesson'], c['line']) for c in failed)))
    with open(path, 'w', encoding='utf-8') as file:
        file.write('\n'.join(lines))
    known = next(c for c in report['checks'] if c['status'] == 'baselined' and c['kind'] == 'snippet')
    insert_line(os.path.join(copy, known['lesson']), known['line'], 'let another = (2 *')
    status, report = check(lesson, copy)
    again = [c for c in report['checks'] if c['status'] == 'failed']
    step('5. a baselined block given a new error: it fails again',
         status == 1 and [(c['lesson'], c['line']) for c in again] == [(known['lesson'], known['line'])],
         'exit %d, failed: %s' % (status, ', '.join('%s:%d' % (c['lesson'], c['line']) for c in again)))
    subprocess.run([lesson, 'check', '--no-cache', '--write-baseline', 'again.json', '.'], cwd=copy,
                   capture_output=True)
    subprocess.run([lesson, 'check', '--no-cache', '--write-baseline', 'again2.json', '.'], cwd=copy,
                   capture_output=True)
    a = open(os.path.join(copy, 'again.json'), 'rb').read()
    b = open(os.path.join(copy, 'again2.json'), 'rb').read()
    step('6. two writes give the same bytes', a == b and len(first) > 0, '%d bytes' % len(a))
    shutil.rmtree(work)
    sys.exit(0 if held else 1)


main()
