#!/usr/bin/env python3
"""Writes the lexer's corpus: every ```swift block of a DocC catalog, and the code of every ```swifttest
block (its `->` and `>>` lines and the lines that continue them, prefixes removed), one JSON object a line,
{"source": "PATH:LINE", "code": "..."}, in file order.

    python3 Fixtures/lexer/extract.py TSPL.docc > Fixtures/lexer/tspl-blocks.jsonl
"""
import json
import os
import re
import sys

FENCE = re.compile(r'^( *)(```+)(swift|swifttest)\s*$')


def blocks(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence, language = len(match.group(1)), match.group(2), match.group(3)
        start = index + 1
        body = []
        index += 1
        while index < len(lines) and lines[index].strip() != fence:
            body.append(lines[index][indent:] if lines[index][:indent].strip() == '' else lines[index])
            index += 1
        index += 1
        code = body if language == 'swift' else test_code(body)
        if code:
            yield start, '\n'.join(code) + '\n'


def test_code(body):
    code = []
    continuing = False
    for line in body:
        if line.startswith('-> ') or line.startswith('>> ') or line in ('->', '>>'):
            code.append(line[3:])
            continuing = True
        elif line[:2] in ('<-', '<<', '/>', '</', '!$', '!!'):
            continuing = False
        elif continuing:
            code.append(line[3:] if line.startswith('   ') else line)
    return code


def main(root):
    base = os.path.dirname(os.path.abspath(root))
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith('.md'):
                continue
            path = os.path.join(folder, name)
            for line, code in blocks(path):
                record = {'source': '%s:%d' % (os.path.relpath(path, base), line), 'code': code}
                print(json.dumps(record, ensure_ascii=False))


main(sys.argv[1])
