import Foundation
import XCTest

@testable import LessonKit

/// The docs are lessons too: the README and the pages of `docs/` are checked by the checker itself, the
/// README's finding is the one the checker gives, and no relative link of the docs is dead.
final class DocsTests: XCTestCase {
    /// The Markdown files the docs are made of.
    static let pages = ["README.md", "docs", "Benchmarks/README.md", "Fixtures/README.md"]

    func testTheReadmeAndTheDocsPassAsLessons() throws {
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", "README.md", "docs"])
        XCTAssertEqual(result.status, 0, result.standardOutput)
        let plans = try LessonDiscovery.lessonFiles(
            in: ["README.md", "docs"].map { TestSupport.packageRoot + "/" + $0 }
        )
        .map { LessonPlanner.plan(Lesson.read(path: $0)) }
        XCTAssertGreaterThanOrEqual(plans.map(\.scenarios.count).reduce(0, +), 3, "the docs show scenarios that run")
    }

    /// The README stays short: what the tool does, its two commands and links; the reference is in docs/.
    func testTheReadmeStaysUnderFifteenKilobytes() throws {
        let size = try Data(contentsOf: URL(fileURLWithPath: TestSupport.packageRoot + "/README.md")).count
        XCTAssertLessThanOrEqual(size, 15_000, "README.md is \(size) bytes: move reference material to docs/")
    }

    /// The README shows a lesson, then the finding that a wrong expected line gives: that finding is what
    /// `lesson check` prints for the README with its last expected line changed.
    func testTheReadmesFindingIsTheOneTheCheckerGives() throws {
        let readme = try String(contentsOfFile: TestSupport.packageRoot + "/README.md", encoding: .utf8)
        let shown = try XCTUnwrap(Self.textBlock(after: "```text\n", in: readme, containing: "error: expected output"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let broken = readme.replacingOccurrences(of: "\niki: 2\nüç: 3\n```\n", with: "\niki: 2\nüç: 4\n```\n")
        XCTAssertNotEqual(broken, readme, "the README's lesson prints bir: 1, iki: 2, üç: 3")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
        let lesson = TestSupport.lessonExecutable
        let result = try Subprocess.run(
            lesson, arguments: ["check", "--no-cache", "--color", "never", "README.md"],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder,
            limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), shown)
    }

    func testNoRelativeLinkOfTheDocsIsDead() throws {
        let files = try LessonDiscovery.lessonFiles(in: Self.pages.map { TestSupport.packageRoot + "/" + $0 })
        var dead: [String] = []
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for link in MarkdownLinks.relativeLinks(in: text) {
                let folder = (file as NSString).deletingLastPathComponent
                let (path, anchor) = MarkdownLinks.split(link)
                let target = path.isEmpty ? file : (folder as NSString).appendingPathComponent(path)
                let name = String(file.dropFirst(TestSupport.packageRoot.count + 1))
                guard FileManager.default.fileExists(atPath: target) else {
                    dead.append("\(name): \(link)")
                    continue
                }
                if let anchor, target.hasSuffix(".md") {
                    let headings = MarkdownLinks.anchors(in: try String(contentsOfFile: target, encoding: .utf8))
                    if !headings.contains(anchor) { dead.append("\(name): \(link) (no such heading)") }
                }
            }
        }
        XCTAssertEqual(dead, [])
    }

    func testLinksAndAnchorsAreReadAsGitHubReadsThem() {
        let text =
            "See [a](docs/a.md#two-words), [b](https://x.org), `[c](not/a/link.md)`, [d](#Ünï-code).\n"
            + "```\n[e](in/code.md)\n```\n## Two words, and `code`!\n"
        XCTAssertEqual(MarkdownLinks.relativeLinks(in: text), ["docs/a.md#two-words", "#Ünï-code"])
        XCTAssertEqual(MarkdownLinks.anchors(in: text), ["two-words-and-code"])
    }

    /// The text of the first block that opens with `opening` and holds `text`.
    static func textBlock(after opening: String, in document: String, containing text: String) -> String? {
        for part in document.components(separatedBy: opening).dropFirst() {
            guard let end = part.range(of: "\n```\n") else { continue }
            let block = String(part[..<end.lowerBound]) + "\n"
            if block.contains(text) { return block }
        }
        return nil
    }
}

/// Links of a Markdown file, read as GitHub reads them, as far as a dead-link check needs.
enum MarkdownLinks {
    /// `[text](target)` targets that are neither absolute URLs nor mail links, outside code spans and fences.
    static func relativeLinks(in text: String) -> [String] {
        var links: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmingSpaces()
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            let code = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(code)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close]).split(separator: " ").first.map(String.init) ?? ""
                if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") { links.append(target) }
                rest = rest[close...]
            }
        }
        return links
    }

    static func split(_ link: String) -> (path: String, anchor: String?) {
        guard let hash = link.firstIndex(of: "#") else { return (link, nil) }
        return (String(link[..<hash]), String(link[link.index(after: hash)...]))
    }

    /// GitHub's anchors of a file's headings: lower case, spaces as `-`, punctuation other than `-` and `_`
    /// left out.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = String(line.drop { $0 == "#" }).trimmingSpaces()
            var anchor = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    anchor.append(character)
                } else if character == " " {
                    anchor.append("-")
                }
            }
            anchors.insert(anchor)
        }
        return anchors
    }
}
