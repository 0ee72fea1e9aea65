"""Records, with the reference implementation, the fenced code blocks of every example of the CommonMark
spec and of seeded random documents (generate.py), for Tests/LessonKitTests/02-Reading/CommonMarkConformanceTests.

Reference: markdown-it-py 4.3.0, preset "commonmark" (pip install markdown-it-py==4.3.0). For the random
documents, a second opinion is recorded too: commonmark 0.9.2 (pip install commonmark==0.9.2), the Python
port of commonmark.js, the spec's own reference implementation (it follows spec 0.29). Where markdown-it-py
and it disagree, the test says which one the reader follows.
Spec examples: tests/test_cmark_spec/commonmark.json of the markdown-it-py 4.3.0 source distribution
(pip download --no-deps --no-binary :all: markdown-it-py==4.3.0), CommonMark spec 0.31.2.

    python3 record.py PATH/TO/commonmark.json

writes spec.json and random.json beside this script. Each block: its first and last line (1-based, the
closing fence included when there is one), its info string decoded as the reference's renderer decodes it
(backslash escapes and entities, then trimmed), and its content.
"""

import json
import sys
from pathlib import Path

import commonmark
import markdown_it
from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll

import generate

RANDOM_DOCUMENTS = 1000


def fenced_blocks(parser, markdown):
    blocks = []
    for token in parser.parse(markdown):
        if token.type != "fence":
            continue
        blocks.append({
            "start": token.map[0] + 1,
            "end": token.map[1],
            "info": unescapeAll(token.info).strip(),
            "content": token.content,
        })
    return blocks


def commonmark_js_blocks(markdown):
    """The fenced blocks commonmark.py finds: first line, decoded info string, content (its last line is
    left out: it counts a block's trailing blank lines differently)."""
    blocks = []
    for node, entering in commonmark.Parser().parse(markdown).walker():
        if entering and node.t == "code_block" and node.is_fenced:
            blocks.append({"start": node.sourcepos[0][0], "info": node.info or "", "content": node.literal or ""})
    return blocks


def compact_json(data, items):
    """The data as JSON with one example or document a line, so that a change reads well in a diff."""
    head = {key: value for key, value in data.items() if key != items}
    lines = [json.dumps(item, ensure_ascii=False) for item in data[items]]
    opening = json.dumps(head, ensure_ascii=False)[:-1] + ', "%s": [\n' % items
    return opening + ",\n".join(lines) + "\n]}\n"


def main():
    assert markdown_it.__version__ == "4.3.0", markdown_it.__version__
    parser = MarkdownIt("commonmark")
    here = Path(__file__).parent
    examples = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    spec = {
        "reference": "markdown-it-py 4.3.0, preset commonmark",
        "spec": "CommonMark 0.31.2",
        "examples": [
            {
                "example": example["example"],
                "section": example["section"],
                "markdown": example["markdown"],
                "blocks": fenced_blocks(parser, example["markdown"]),
            }
            for example in examples
        ],
    }
    documents = []
    for seed in range(RANDOM_DOCUMENTS):
        markdown = generate.document(seed)
        documents.append({
            "seed": seed, "markdown": markdown, "blocks": fenced_blocks(parser, markdown),
            "commonmark_js": commonmark_js_blocks(markdown),
        })
    random_data = {
        "reference": spec["reference"], "second_opinion": "commonmark 0.9.2 (commonmark.js port, spec 0.29)",
        "generator": "generate.py", "documents": documents,
    }
    for name, data, items in [("spec.json", spec, "examples"), ("random.json", random_data, "documents")]:
        (here / name).write_text(compact_json(data, items), encoding="utf-8")
    print(len(spec["examples"]), "examples,", sum(len(e["blocks"]) for e in spec["examples"]), "blocks;",
          len(documents), "documents,", sum(len(d["blocks"]) for d in documents), "blocks")


if __name__ == "__main__":
    main()
