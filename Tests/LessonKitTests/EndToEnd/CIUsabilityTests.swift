import Foundation
import XCTest

@testable import LessonKit

/// What a CI user trips on: a report that cannot be written, typos, a missing default folder, the list's
/// columns, the HTML report's lesson titles.
final class CIUsabilityTests: XCTestCase {
    func testAReportThatCannotBeWrittenExitsTwoWithOneLine() throws {
        let lesson = "Fixtures/check/pass/crlf-bom.md"
        for format in ["html", "junit", "json", "text"] {
            let result = try TestSupport.runLesson([
                "check", "--format", format, "--output", "/nonexistent/dir/r.out", lesson,
            ])
            XCTAssertEqual(result.status, 2, format)
            XCTAssertEqual(result.standardOutput, "", format)
            XCTAssertEqual(
                result.standardError,
                "error: cannot write /nonexistent/dir/r.out: the folder /nonexistent/dir does not exist\n",
                format)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.json"
        XCTAssertEqual(try TestSupport.runLesson(["check", "--format", "json", "--output", report, lesson]).status, 0)
        let merge = try TestSupport.runLesson(["merge", "--format", "html", "--output", folder, report])
        XCTAssertEqual(merge.status, 2)
        XCTAssertEqual(merge.standardError, "error: cannot write \(folder): is a directory\n")
        let grade = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submissions",
            "Fixtures/grading/submissions/sync-engine", "--output", lesson + "/results",
        ])
        XCTAssertEqual(grade.status, 2)
        XCTAssertEqual(grade.standardError, "error: cannot write \(lesson): a file is in the way\n")
    }

    func testMistypedOptionsCommandsAndFormatsGetAHint() throws {
        let cases: [([String], String)] = [
            (["check", "--fromat", "json"], "unknown option '--fromat'; did you mean '--format'?"),
            (["check", "--shards", "1/2"], "unknown option '--shards'; did you mean '--shard'?"),
            (["chekc"], "unknown command 'chekc'; did you mean 'check'?"),
            (["marge"], "unknown command 'marge'; did you mean 'merge'?"),
            (
                ["check", "--format", "jsno"],
                "--format takes text, json, junit, github or html, not 'jsno'; did you mean 'json'?"
            ),
            (["check", "--frobnicate"], "unknown option '--frobnicate'"),
        ]
        for (arguments, message) in cases {
            let result = try TestSupport.runLesson(arguments + ["Fixtures/check/pass/crlf-bom.md"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError, "error: \(message)\nrun 'lesson --help' for usage\n", "\(arguments)")
        }
    }

    func testAMissingLessonsFolderIsSaidToBeTheDefault() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        for command in ["check", "list", "coverage"] {
            let result = try Subprocess.run(
                TestSupport.lessonExecutable, arguments: [command], environment: ProcessInfo.processInfo.environment,
                workingDirectory: empty, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            XCTAssertEqual(result.termination, .exited(2), command)
            XCTAssertEqual(
                String(decoding: result.standardError, as: UTF8.self),
                "error: no PATH given and ./Lessons, the default path, does not exist: name the lessons' folder or "
                    + "files\nrun 'lesson --help' for usage\n", command)
        }
    }

    func testListColumnsStayAlignedForLongLineRanges() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).md").path
        let lines =
            ["```swift", "let a = 1", "```"] + Array(repeating: "", count: 109) + ["```swift", "let b = 2"]
            + Array(repeating: "", count: 18) + ["```"]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try TestSupport.runLesson(["list", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput,
            """
            \(path)
              lines 1-3     snippet         let a = 1
              lines 113-133 snippet         let b = 2
              2 code blocks: 2 snippets

            """)
    }

    func testTheHTMLReportShowsEachLessonsTitleAndLanguage() throws {
        let lesson = LessonReport(path: "Lessons/x.md", checks: [], title: "Başlık <i>", language: "tr")
        let page = HTMLReporter.render(check: CheckReport(lessons: [lesson]), coverage: nil, title: "t")
        XCTAssertTrue(
            page.contains(
                "<td>Lessons/x.md <span class=\"title\">Başlık &lt;i&gt;</span> "
                    + "<span class=\"language\" title=\"language\">tr</span></td>"), page)
        let result = try TestSupport.runLesson([
            "check", "--format", "html", "Lessons/uikit/01-hucre-yeniden-kullanimi.md",
        ])
        XCTAssertTrue(
            result.standardOutput.contains(
                "<td>Lessons/uikit/01-hucre-yeniden-kullanimi.md <span class=\"title\">Hücre Yeniden Kullanımı</span> "
                    + "<span class=\"language\" title=\"language\">tr</span></td>"), result.standardOutput)
    }
}
