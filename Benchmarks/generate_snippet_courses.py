#!/usr/bin/env python3
"""Writes the two snippet-heavy courses of the benchmark.

course: LESSONS lessons like the published ones: each reprints its engine byte for byte, has 2 or 3 scenarios
        (alternating, 2.5 on average) and 4 platform snippets drawn from 8 distinct ones that recur across
        lessons, fragments among them (40 lessons: 100 scenarios, 160 snippets, 8 distinct).
book:   LESSONS chapters of SNIPPETS snippets each, every one distinct, as a book prints them: whole files and
        fragments (methods, switch cases, case labels, catch clauses, protocol requirements, Package.swift
        arguments, regex literals), no scenario.

usage: generate_snippet_courses.py course OUTPUT_DIR LESSONS ENGINES_DIR
       generate_snippet_courses.py book OUTPUT_DIR LESSONS SNIPPETS
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

RECURRING = [
    "import SwiftUI\n\nstruct Rozet: View {\n    let yazi: String\n    var body: some View {\n        Text(yazi)\n            .font(.caption)\n            .padding(4)\n    }\n}\n",
    "import UIKit\n\nfinal class HucreDenetleyici: UITableViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        tableView.register(UITableViewCell.self, forCellReuseIdentifier: \"hucre\")\n    }\n}\n",
    "override func prepareForReuse() {\n    super.prepareForReuse()\n    textLabel?.text = nil\n}\n",
    "Text(model.baslik)\n    .foregroundStyle(.secondary)\n    .onTapGesture { secili.toggle() }\n",
    "@State private var sayac = 0\n@Environment(\\.dismiss) private var kapat\n",
    "case .yukleniyor:\n    ProgressView()\ncase .hazir(let ogeler):\n    List(ogeler) { Text($0.ad) }\n",
    "func textFieldShouldReturn(_ textField: UITextField) -> Bool {\n    textField.resignFirstResponder()\n    return true\n}\n",
    "NotificationCenter.default.addObserver(\n    self, selector: #selector(klavyeAcildi), name: UIResponder.keyboardWillShowNotification, object: nil)\n",
]


def book_snippet(chapter, index):
    n = f"{chapter}_{index}"
    kinds = [
        f"struct Nokta{n} {{\n    var x = {index}\n    var y = {chapter}\n}}\nlet nokta{n} = Nokta{n}()\nprint(nokta{n}.x + nokta{n}.y)\n",
        f"func topla{n}(_ a: Int, _ b: Int) -> Int {{\n    a + b + {index}\n}}\n",
        f"override func viewWillAppear(_ animated: Bool) {{\n    super.viewWillAppear(animated)\n    baslik = \"{n}\"\n}}\n",
        f"case .durum{n}(let deger):\n    print(deger, {index})\n",
        f"case let (x, y) where x == y + {index}:\n",
        f"catch let hata as CozmeHatasi{n} {{\n    print(hata)\n}}\n",
        f"var iptal{n}: Bool {{ get }}\nfunc calistir{n}() async throws -> Int\n",
        f"dependencies: [\n    .package(url: \"https://example.com/paket{n}.git\", from: \"{index}.0.0\")\n],\n",
        f"let desen{n} = /kayit-{n}-[0-9]+/\nif let eslesme = \"kayit-{n}-42\".firstMatch(of: desen{n}) {{ print(eslesme.0) }}\n",
        f"guard let deger{n} = sozluk[\"{n}\"] else {{ return }}\nprint(deger{n})\n",
        f"extension Dizi{n} {{\n    mutating func ekle(_ oge: Int) {{ ogeler.append(oge * {index}) }}\n}}\n",
        f"Text(\"{n}\")\n    .padding({index})\n    .background(.thinMaterial)\n",
    ]
    return kinds[(chapter + index) % len(kinds)]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def course(out, count, engines):
    from generate_course import invalidation_scenario, load_engines, sync_scenario

    sync, invalidation = load_engines(engines)
    for lesson in range(1, count + 1):
        folder, engine, make = ("uikit", sync, sync_scenario) if lesson % 2 else ("swiftui", invalidation, invalidation_scenario)
        parts = [f"---\ntitle: 'Ders {lesson}'\nlanguage: tr\n---\n\n# Ders {lesson}\n\n```swift\n{engine}```\n"]
        scenarios = 3 if lesson % 4 in (1, 2) else 2
        for index in range(1, scenarios + 1):
            code, output = make(lesson, index)
            parts.append(f"\n```swift\n{code}```\n\n```\n{output}```\n")
        for index in range(4):
            parts.append(f"\nBir parca:\n\n```swift\n{RECURRING[(lesson + index) % len(RECURRING)]}```\n")
        write(os.path.join(out, folder, f"{lesson:03d}-ders.md"), "".join(parts))


def book(out, chapters, per_chapter):
    for chapter in range(1, chapters + 1):
        parts = [f"# Chapter {chapter}\n"]
        for index in range(1, per_chapter + 1):
            parts.append(f"\nExample {index}:\n\n```swift\n{book_snippet(chapter, index)}```\n")
        write(os.path.join(out, "book", f"{chapter:03d}-chapter.md"), "".join(parts))


if __name__ == "__main__":
    mode, out = sys.argv[1], sys.argv[2]
    if mode == "course":
        course(out, int(sys.argv[3]), sys.argv[4])
    else:
        book(out, int(sys.argv[3]), int(sys.argv[4]))
