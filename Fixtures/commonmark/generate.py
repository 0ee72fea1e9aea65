"""Seeded random Markdown documents that mix what decides where fenced code blocks are: fences of both
characters and several lengths, list items of every marker width, block quotes, HTML blocks and comments,
tabs, lazy lines, paragraphs that list markers or tags try to interrupt.

    generate.document(seed) -> str

The same seed gives the same document on every machine (Python's `random.Random` is stable across versions
for the calls used here: randrange, choice, random).
"""

import random

WORDS = ["text", "more", "swift", "code", "a", "b", "<em>x</em>", "`tick`", "&amp;", "\\*"]
INFOS = [
    "", "swift", "swift ignore", "output", "sw&#105;ft", "swift\\_x", "py &lt;3", "swift,no_run",
    'swift ignore="why"', "a`b", "  swift  ", "\\`q", "&copy;", "&bogus;",
]
HTML_OPENERS = [
    ("<!--", "-->"), ("<!-- a", "b -->"), ("<div>", None), ("<pre>", "</pre>"), ("<script>", "</script>"),
    ("<?php", "?>"), ("<!DOCTYPE html>", None), ("<custom-tag>", None), ("</section>", None),
    ("<table><tr><td>", None), ("<![CDATA[", "]]>"), ("<a href=\"x\">", None),
]


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def chance(self, p):
        return self.random.random() < p

    def pick(self, items):
        return self.random.choice(items)

    def indent(self, most=3):
        if self.chance(0.08):
            return "\t"
        return " " * self.random.randrange(most + 1)

    def words(self):
        return " ".join(self.pick(WORDS) for _ in range(1 + self.random.randrange(4)))

    def paragraph(self):
        lines = [self.indent(3) + self.words()]
        for _ in range(self.random.randrange(3)):
            kind = self.random.randrange(8)
            if kind == 0:
                lines.append(self.pick(["2. ", "1. ", "- ", "* ", "3) ", "1)"]) + self.words())
            elif kind == 1:
                lines.append(self.pick(["<custom-tag>", "<div>", "<!-- c -->", "</span>"]))
            elif kind == 2:
                lines.append(self.pick(["    ```", "\t```", "  ~~~"]))
            elif kind == 3:
                lines.append(self.pick(["===", "---", "-", "***"]))
            else:
                lines.append(self.indent(6) + self.words())
        return lines

    def fence(self):
        character = self.pick(["`", "~"])
        length = 3 + self.random.randrange(3)
        opening = self.indent(3) + character * length + self.pick(INFOS)
        lines = [opening]
        for _ in range(self.random.randrange(5)):
            kind = self.random.randrange(7)
            if kind == 0:
                lines.append("")
            elif kind == 1:
                lines.append(self.indent(5) + character * (length - 1 + self.random.randrange(3)))
            elif kind == 2:
                lines.append(self.pick(["\t", "  \t", " "]) + "print(1)")
            elif kind == 3:
                lines.append(self.pick(["```", "~~~", "> x", "- y", "<!--", "-->"]))
            else:
                lines.append(self.indent(4) + self.words())
        if self.chance(0.85):
            closing = self.indent(4 if self.chance(0.2) else 3) + character * (length + self.random.randrange(2))
            lines.append(closing + self.pick(["", " ", "\t", " x"]) if self.chance(0.3) else closing)
        return lines

    def html(self):
        opener, closer = self.pick(HTML_OPENERS)
        lines = [self.indent(3) + opener]
        for _ in range(self.random.randrange(4)):
            lines.append(self.pick(["```", "```swift", "~~~", "print(1)", "", "text"]))
        if closer:
            lines.append(closer)
        return lines

    def list_item(self, depth):
        marker = self.pick(["-", "*", "+", "1.", "2.", "1)", "10.", "123456789."])
        gaps = [" ", "  ", "   ", "    ", "     "]
        if depth == 0:
            gaps += ["\t", " \t"]  # at the margin, where the columns of a tab are known
        gap = self.pick(gaps)
        indent = " " * self.random.randrange(3)
        body = self.blocks(depth + 1, 1 + self.random.randrange(3))
        continuation = " " * content_column(indent + marker, gap, blank=not body or body[0] == "")
        lines = [indent + marker + gap + (body[0] if body else "")]
        # Lazy lines are left to block quotes: a list item that a lazy line ends would leave the lines after it
        # indented past where a block quote may start.
        lines += [continuation + line if line else "" for line in body[1:]]
        return lines

    def quote(self, depth):
        body = self.blocks(depth + 1, 1 + self.random.randrange(3))
        lines = []
        for line in body:
            # Inside a quote, tabs are spaces: the reference keeps a tab whole where CommonMark splits it.
            line = line.replace("\t", "    ")
            if self.chance(0.1) and line[:1].isalpha():
                lines.append(line)  # a lazy line: paragraph text without its `>`
            else:
                marker = self.pick([">", "> "] if depth else [">", "> ", " > "])
                lines.append(marker + line if line else self.pick([">", ""]))
        return lines

    def block(self, depth):
        kinds = ["paragraph", "fence", "fence", "html", "blank", "heading"]
        if depth < 3:
            kinds += ["list", "list", "quote"]
        kind = self.pick(kinds)
        if kind == "paragraph":
            return self.paragraph()
        if kind == "fence":
            return self.fence()
        if kind == "html":
            return self.html()
        if kind == "blank":
            return [""]
        if kind == "heading":
            return [self.pick(["# h", "## h ##", "#nope", "***", "- - -", "    indented"])]
        if kind == "list":
            return [line for _ in range(1 + self.random.randrange(3)) for line in self.list_item(depth)]
        return self.quote(depth)

    def blocks(self, depth, count):
        lines = []
        for _ in range(count):
            lines += self.block(depth)
            if self.chance(0.5):
                lines.append("")
        return lines


def columns(text, start=0):
    """The column reached after `text`, tabs to the next multiple of 4."""
    column = start
    for character in text:
        column += 4 - column % 4 if character == "\t" else 1
    return column


def content_column(marker, gap, blank):
    """Where a list item's content starts, as CommonMark says: after the spaces that follow the marker,
    unless they are five columns or more (or the item is empty), then one column after the marker."""
    end = columns(marker)
    spaces = columns(gap, end) - end
    return end + 1 if spaces >= 5 or blank else end + spaces


def document(seed):
    generator = Generator(seed)
    return "\n".join(generator.blocks(0, 2 + generator.random.randrange(6))) + "\n"
