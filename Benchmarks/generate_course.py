#!/usr/bin/env python3
"""Writes a synthetic course for the benchmark: LESSONS lessons alternating between the two engines, each
reprinting its engine byte for byte (as the real course does), with three different scenarios whose expected
output is computed here, and one platform snippet.

usage: generate_course.py OUTPUT_DIR LESSONS ENGINES_DIR
"""
import os
import sys


def load_engines(engines):
    """The two engines' sources, as lessons reprint them: (Sync, Invalidation)."""
    read = lambda *parts: open(os.path.join(engines, *parts), encoding="utf-8").read()
    return read("Sync", "Sync.swift"), read("Invalidation", "Invalidation.swift")


def sync_scenario(lesson, index):
    label, screen = f"adim-{lesson}-{index}", f"Ekran{lesson}x{index}"
    value, other = f"v{lesson}{index}", f"w{lesson}{index}"
    code = f"""// main.swift — senaryo {lesson}.{index}
let screen = Screen("{screen}")
screen.set("a", "{value}")
screen.set("b", "{other}")
screen.clear("c")
let first = check("{label}", model: ["a": "{value}", "b": "{value}", "c": "x"], screen: screen, keys: ["a", "b", "c"])
countVerdicts(first)
"""
    output = f"""{label} | {screen}.a: model={value} ekran={value} -> uyumlu
{label} | {screen}.b: model={value} ekran={other} -> bayat
{label} | {screen}.c: model=x ekran=- -> eksik
uyumlu: 1
bayat: 1
eksik: 1
artik: 0
"""
    return code, output


def invalidation_scenario(lesson, index):
    root, child = f"Root{lesson}x{index}", f"Child{lesson}x{index}"
    code = f"""// main.swift — senaryo {lesson}.{index}
let tree = ViewTree(
    nodes: [
        ViewNode("{root}", parent: nil, reads: ["title"]),
        ViewNode("{child}", parent: "{root}", reads: ["title", "font"]),
    ],
    storage: ["title": .state(owner: "{root}"), "font": .environment]
)
let changes = tree.change("degisim-{lesson}-{index}", key: "title") + tree.change("yazi-{lesson}-{index}", key: "font")
countCauses(changes)
"""
    output = f"""degisim-{lesson}-{index}: title degisti | yeniden {root} yerel, {child} ebeveyn | atlanan yok
yazi-{lesson}-{index}: font degisti | yeniden {child} ortam | atlanan {root}
yerel: 1
ebeveyn: 1
gozlem: 0
ortam: 1
"""
    return code, output


if __name__ == "__main__":
    out, count = sys.argv[1], int(sys.argv[2])
    sync, invalidation = load_engines(sys.argv[3])
    for lesson in range(1, count + 1):
        course, engine, make = ("uikit", sync, sync_scenario) if lesson % 2 else ("swiftui", invalidation, invalidation_scenario)
        folder = os.path.join(out, course)
        os.makedirs(folder, exist_ok=True)
        parts = [f"---\ntitle: 'Ders {lesson}'\nlanguage: tr\n---\n\n# Ders {lesson}\n\n```swift\n{engine}```\n"]
        for index in range(1, 4):
            code, output = make(lesson, index)
            parts.append(f"\n```swift\n{code}```\n\n```\n{output}```\n")
        parts.append(f"\n```swift\nimport SwiftUI\n\nstruct Ders{lesson}: View {{\n    var body: some View {{ Text(\"{lesson}\") }}\n}}\n```\n")
        with open(os.path.join(folder, f"{lesson:03d}-ders.md"), "w", encoding="utf-8") as handle:
            handle.write("".join(parts))
