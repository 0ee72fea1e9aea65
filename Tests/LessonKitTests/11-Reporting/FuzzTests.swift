import Foundation
import XCTest

@testable import LessonKit

/// Seeded fuzzing of every reader of bytes the checker does not control: lesson Markdown, YAML front
/// matter, Swift a student hands in, the JSON reports and CSV summaries `lesson merge` is given. Each case
/// is a real input with a few mutations (bytes flipped, tokens of the formats inserted, spans cut, repeated
/// or truncated), so that most cases are almost valid and reach deep into the reader. A reader passes when
/// it returns or throws a `LessonError` on every case: a crash or a hang fails the suite, and JSON asked for
/// is always JSON. The seed is fixed, so a failure is the same on every run; `LESSON_FUZZ_SEED` tries others.
final class FuzzTests: XCTestCase {
    private static let cases = 300

    private var seed: UInt64 {
        ProcessInfo.processInfo.environment["LESSON_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_1E55_0A11_2026
    }

    /// Tokens that mean something to one of the formats, so that mutations make structure, not just noise.
    private static let dictionary: [[UInt8]] =
        [
            "```", "~~~", "```swift\n", "```output\n", "\n```\n", "---\n", "...\n", "<!--", "-->", "- test: `t`\n",
            "&a ", "*a", "&b [*a, *a, *a]", "{", "}", "[", "]", ": ", "? ", "- ", "|\n", ">-\n", "\"", "'", "\\",
            "\\(", "\\u{", "#\"", "\"#", "\"\"\"", "/*", "*/", "//", "// Prints \"", "#sourceLocation(", "#warning(",
            "@available(*, message: \"\n\")", "<#p#>", "\t", "\r\n", "\r", "\u{FEFF}", "\u{202E}", "\u{301}", "=1+1",
            "\",\"", ",,", "\n\n", "{\"", "\":", "null", "[]", "-1", "1e999", "\u{1B}[2J",
        ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xE2, 0x80], [0xF0, 0x9F, 0x98]]

    func testLessonMarkdownIsReadAndPlannedWhateverItHolds() throws {
        let seeds = try seedFiles(["Lessons", "Fixtures/listings", "Fixtures/field"], suffix: ".md", count: 12)
        var generator = SplitMix(seed: seed)
        for index in 0..<Self.cases {
            let bytes = mutated(seeds[index % seeds.count], &generator)
            let plan = LessonPlanner.plan(Lesson(path: "fuzz-\(index).md", bytes: bytes))
            XCTAssertEqual(plan.lesson.path, "fuzz-\(index).md")
            // Every Swift block the planner kept is lexed as the later stages lex it.
            for block in plan.lesson.blocks { _ = LexedSource(block.text) }
        }
    }

    func testFrontMatterIsReadWhateverItHolds() throws {
        let seeds = try seedFiles(["Fixtures/field", "Lessons"], suffix: ".md", count: 12).map { bytes in
            Array(
                String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    .prefix(30).joined(separator: "\n").utf8)
        }
        let nested = Array("---\na: &a [x, {k: v, l: [1, 2]}, \"q\\u00e9\", 'it''s']\nb: *a\nc: |\n  text\n---\n".utf8)
        var generator = SplitMix(seed: seed &+ 1)
        for index in 0..<Self.cases {
            let bytes = mutated(index % 3 == 0 ? nested : seeds[index % seeds.count], &generator)
            let result = FrontMatterParser.parse(SourceText(decoding: bytes).lines)
            for problem in result.problems { XCTAssertGreaterThanOrEqual(problem.line, 1) }
        }
    }

    func testASubmissionIsLexedAndRuledOnWhateverItHolds() throws {
        let seeds = try seedFiles(["Fixtures/grading", "Fixtures/engines"], suffix: ".swift", count: 8)
        var generator = SplitMix(seed: seed &+ 2)
        for index in 0..<Self.cases {
            let text = String(decoding: mutated(seeds[index % seeds.count], &generator), as: UTF8.self)
            _ = SubmissionRules.refusal(of: text)
            let lexed = LexedSource(text)
            XCTAssertLessThanOrEqual(lexed.tokens.last?.range.upperBound ?? 0, text.utf8.count)
        }
    }

    /// A merge reads reports a shard wrote; the report it writes back is JSON whatever the shards held.
    func testAShardsJSONReportIsReadOrRefusedAndTheMergeIsJSON() throws {
        let valid = Array(JSONReporter.render(sampleReport()).utf8)
        var generator = SplitMix(seed: seed &+ 3)
        var merged = 0
        for index in 0..<Self.cases {
            let bytes = mutated(valid, &generator)
            guard let report = try? refusedOrRead({ try JSONReportReader.read(Data(bytes), name: "shard.json") })
            else { continue }
            guard let merge = try? refusedOrRead({ try ReportMerge.merge([("shard-\(index).json", report)]) })
            else { continue }
            let rendered = JSONReporter.render(merge)
            XCTAssertNoThrow(
                try JSONSerialization.jsonObject(with: Data(rendered.utf8)), "case \(index): not JSON:\n\(rendered)")
            merged += 1
        }
        // The mutations leave some reports valid, so the path past the reader is taken too.
        XCTAssertGreaterThan(merged, 0)
    }

    func testAShardsSummaryIsMergedOrRefusedAndEveryCellIsGuarded() throws {
        let header = "student,score,max_score,status,seconds\n"
        let valid = Array((header + "ayşe,2,3,passed,0.52\n\"a,b\",0,3,failed,1.00\n'=x,3,3,passed,0.10\n").utf8)
        var generator = SplitMix(seed: seed &+ 4)
        for _ in 0..<Self.cases {
            let text = String(decoding: mutated(valid, &generator), as: UTF8.self)
            guard let merged = try? refusedOrRead({ try SummaryMerge.merge([("summary.csv", text)]) }) else { continue }
            // What was merged reads back, and no cell of it starts a formula.
            let rows = try SummaryMerge.records(merged, name: "merged")
            for row in rows {
                for cell in row.text.split(separator: ",", omittingEmptySubsequences: false) {
                    let first = cell.drop { $0 == "\"" }.unicodeScalars.first
                    XCTAssertFalse(first.map { ["=", "+", "-", "@"].contains($0) } ?? false, "unguarded: \(row.text)")
                }
            }
        }
    }

    /// The lesson's reading findings and front matter, rendered as a JSON report, are JSON.
    func testTheJSONReportOfAnyLessonIsJSON() throws {
        let seeds = try seedFiles(["Fixtures/field", "Fixtures/check"], suffix: ".md", count: 12)
        var generator = SplitMix(seed: seed &+ 5)
        for index in 0..<Self.cases {
            let plan = LessonPlanner.plan(
                Lesson(path: "fuzz-\(index).md", bytes: mutated(seeds[index % seeds.count], &generator)))
            let lesson = LessonReport(
                path: plan.lesson.path, checks: LessonChecker.frontMatterCheck(plan),
                lessonFindings: plan.readingFindings + plan.lesson.readingWarnings,
                codeBlocks: plan.lesson.blocks.count, title: plan.lesson.frontMatter.text("title"),
                language: plan.lesson.frontMatter.text("lang"))
            let rendered = JSONReporter.render(CheckReport(lessons: [lesson]))
            XCTAssertNoThrow(
                try JSONSerialization.jsonObject(with: Data(rendered.utf8)), "case \(index): not JSON:\n\(rendered)")
        }
    }

    // MARK: - Mutations

    private func mutated(_ input: [UInt8], _ generator: inout SplitMix) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where position < bytes.count:
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1, 2:
                bytes.insert(contentsOf: Self.dictionary.randomElement(using: &generator)!, at: position)
            case 3 where position < bytes.count:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &generator)))
            case 4 where position < bytes.count:
                let span = bytes[position..<min(bytes.count, position + Int.random(in: 1...200, using: &generator))]
                bytes.insert(contentsOf: Array(span), at: position)
            default:
                bytes.removeSubrange(position...)
                bytes += Self.dictionary.randomElement(using: &generator)!
            }
        }
        return bytes
    }

    /// What `body` read, or nil when it refused the input with a `LessonError`; any other error fails.
    private func refusedOrRead<T>(_ body: () throws -> T) throws -> T? {
        do { return try body() } catch is LessonError { return nil }
    }

    /// The first `count` files ending in `suffix` under `folders`, in path order.
    private func seedFiles(_ folders: [String], suffix: String, count: Int) throws -> [[UInt8]] {
        var paths: [String] = []
        for folder in folders {
            let root = TestSupport.packageRoot + "/" + folder
            let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            paths += found.filter { $0.hasSuffix(suffix) }.sorted().map { root + "/" + $0 }
        }
        let chosen = paths.prefix(count)
        XCTAssertEqual(chosen.count, count, "fewer seed files than asked for under \(folders)")
        return try chosen.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
    }

    private func sampleReport() -> CheckReport {
        let location = SourceLocation(path: "Lessons/a.md", line: 12)
        var failed = CheckResult(
            kind: .scenario, location: location, name: "main.swift", status: .failed,
            findings: [Finding(.outputMismatch, at: location, "expected output differs at line 1 of 1")],
            actualOutput: "bir: 1\n", seconds: 0.25)
        failed.expectedOutput = "bir: 2\n"
        let passed = CheckResult(
            kind: .snippet, location: SourceLocation(path: "Lessons/b.md", line: 3), name: "snippet", status: .passed,
            findings: [], seconds: 0.01)
        return CheckReport(lessons: [
            LessonReport(path: "Lessons/a.md", checks: [failed], codeBlocks: 2, title: "Bir", language: "tr"),
            LessonReport(path: "Lessons/b.md", checks: [passed], codeBlocks: 1, title: "İki", language: "tr"),
        ])
    }
}
