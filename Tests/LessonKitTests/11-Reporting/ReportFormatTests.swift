import Foundation
import XCTest

@testable import LessonKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The machine formats parse, name the failing lesson line, and escape what the lessons hold.
final class ReportFormatTests: XCTestCase {
    /// A report whose message holds `%`, a newline, `<`, `&`, a quote and a comma.
    private var awkwardReport: CheckReport {
        let finding = Finding(
            .outputMismatch, at: SourceLocation(path: "Lessons/a,b:c.md", line: 12, column: 3),
            "100% wrong\nsecond line <script>&\"x\"", details: ["-old", "+new"])
        var failed = CheckResult(
            kind: .scenario, location: SourceLocation(path: "Lessons/a,b:c.md", line: 9), name: "görünüm <b>",
            status: .failed, findings: [finding], actualOutput: "Tiếng Việt\n", seconds: 0.25)
        failed.expectedOutput = "old\n"
        var skipped = CheckResult(
            kind: .snippet, location: SourceLocation(path: "Lessons/a,b:c.md", line: 30), name: "snippet",
            status: .skipped)
        skipped.skipReason = "needs <UIKit>"
        let passed = CheckResult(
            kind: .drift, location: SourceLocation(path: "Lessons/a,b:c.md", line: 3), name: "Sync.swift drift",
            status: .passed)
        return CheckReport(lessons: [LessonReport(path: "Lessons/a,b:c.md", checks: [passed, failed, skipped])])
    }

    func testJSONParsesAndNamesTheFailingLine() throws {
        let json = JSONReporter.render(awkwardReport)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        let totals = try XCTUnwrap(document["totals"] as? [String: Int])
        XCTAssertEqual(totals, ["passed": 1, "failed": 1, "skipped": 1, "warnings": 0])
        let checks = try XCTUnwrap(document["checks"] as? [[String: Any]])
        XCTAssertEqual(checks.count, 3)
        let failed = checks[1]
        XCTAssertEqual(failed["lesson"] as? String, "Lessons/a,b:c.md")
        XCTAssertEqual(failed["status"] as? String, "failed")
        XCTAssertEqual(failed["message"] as? String, "100% wrong\nsecond line <script>&\"x\"")
        XCTAssertEqual(failed["expected"] as? String, "old\n")
        XCTAssertEqual(failed["actual"] as? String, "Tiếng Việt\n")
        XCTAssertEqual(failed["duration"] as? Double, 0.25)
        let finding = try XCTUnwrap((failed["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["line"] as? Int, 12)
        XCTAssertEqual(finding["kind"] as? String, "output-mismatch")
        XCTAssertEqual(checks[2]["skipReason"] as? String, "needs <UIKit>")
    }

    /// A right-to-left override or a line separator in a lesson's text reaches the XML as a character
    /// reference: an XML reader gets the same text, a person reading the file sees it.
    func testJUnitWritesInvisibleControlsAsCharacterReferences() throws {
        XCTAssertEqual(
            JUnitReporter.escape("a\u{202E}b\u{2028}c\u{85}d\u{2066}é"), "a&#x202E;b&#x2028;c&#x85;d&#x2066;é")
        let collector = XMLCollector()
        let parser = XMLParser(data: Data("<a b=\"\(JUnitReporter.escape("x\u{202E}y"))\"/>".utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse())
        XCTAssertEqual(collector.elements.first?.attributes["b"], "x\u{202E}y")
    }

    func testJUnitParsesWithSuitesCasesFailuresAndSkips() throws {
        let xml = JUnitReporter.render(awkwardReport)
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        XCTAssertEqual(
            collector.elements.filter { $0.name == "testsuite" }.map { $0.attributes["name"] }, ["Lessons/a,b:c.md"])
        let cases = collector.elements.filter { $0.name == "testcase" }
        XCTAssertEqual(
            cases.map { $0.attributes["name"] },
            [
                "Lessons/a,b:c.md:3: Sync.swift drift", "Lessons/a,b:c.md:9: scenario görünüm <b>",
                "Lessons/a,b:c.md:30: snippet",
            ])
        XCTAssertEqual(cases[1].attributes["classname"], "Lessons/a,b:c.md")
        XCTAssertEqual(cases[1].attributes["line"], nil, "line and file are not in the common schemas")
        XCTAssertEqual(collector.elements.first { $0.name == "testsuites" }?.attributes["skipped"], nil)
        let failure = try XCTUnwrap(collector.elements.first { $0.name == "failure" })
        XCTAssertEqual(failure.attributes["message"], "Lessons/a,b:c.md:12:3: 100% wrong\nsecond line <script>&\"x\"")
        XCTAssertEqual(
            failure.text,
            "Lessons/a,b:c.md:12:3: error: 100% wrong\nsecond line <script>&\"x\"\n-old\n+new")
        XCTAssertEqual(collector.elements.first { $0.name == "skipped" }?.attributes["message"], "needs <UIKit>")
        XCTAssertEqual(collector.elements.first { $0.name == "testsuites" }?.attributes["failures"], "1")
    }

    func testJUnitNamesSayNoWordTwice() {
        let snippet = CheckResult(
            kind: .snippet, location: SourceLocation(path: "Lessons/x.md", line: 156), name: "snippet at line 156",
            status: .passed)
        let starter = CheckResult(
            kind: .exercise, location: SourceLocation(path: "Lessons/x.md", line: 40),
            name: "starter of exercise sync (Sync.swift)", status: .passed)
        let xml = JUnitReporter.render(
            CheckReport(lessons: [LessonReport(path: "Lessons/x.md", checks: [starter, snippet])]))
        XCTAssertTrue(xml.contains("<testcase name=\"Lessons/x.md:156: snippet\" classname=\"Lessons/x.md\""), xml)
        XCTAssertTrue(
            xml.contains("<testcase name=\"Lessons/x.md:40: starter of exercise sync (Sync.swift)\""), xml)
        let withFiles = JUnitReporter.render(
            CheckReport(lessons: [LessonReport(path: "Lessons/x.md", checks: [snippet])]), fileAttributes: true)
        XCTAssertTrue(withFiles.contains(" time=\"0.000\" file=\"Lessons/x.md\" line=\"156\"/>"), withFiles)
    }

    func testEmptyJSONArraysHaveNoBlankLineInside() {
        let passed = CheckResult(
            kind: .snippet, location: SourceLocation(path: "Lessons/x.md", line: 7), name: "snippet at line 7",
            status: .passed)
        let json = JSONReporter.render(CheckReport(lessons: [LessonReport(path: "Lessons/x.md", checks: [passed])]))
        XCTAssertTrue(json.contains("      \"findings\" : [],\n"), json)
        XCTAssertFalse(json.contains("[\n\n"), json)
        XCTAssertEqual(
            StableJSON.compactingEmptyContainers("{\"a\" : [\n\n  ], \"b\" : \"[ \\\" ]\", \"c\" : {\n}}"),
            "{\"a\" : [], \"b\" : \"[ \\\" ]\", \"c\" : {}}")
    }

    /// A failed scenario of `Lessons/a.md` that its engine did not build with, pointing at the engine.
    private static func notBuilt(line: Int, name: String, _ pointer: String) -> CheckResult {
        let location = SourceLocation(path: "Lessons/a.md", line: line)
        return CheckResult(
            kind: .scenario, location: location, name: name, status: .failed,
            findings: [Finding(.engineBuildError, at: location, pointer)])
    }

    func testJSONReadsBackIntoTheSameReport() throws {
        // An engine that does not build: a finding of the whole lesson, in the engine's own file.
        let engineError = Finding(
            .buildError, at: SourceLocation(path: "Engines/Stack.swift", line: 4, column: 9), "cannot find 'x'")
        var scenario = Self.notBuilt(line: 20, name: "uses the engine", "not built: the engine")
        scenario.seconds = 0.5
        scenario.expectedOutput = "1\n"
        let built = LessonReport(
            path: "Lessons/a.md", checks: [scenario], lessonFindings: [engineError], title: "Yığın", language: "tr")
        let empty = LessonReport(path: "Lessons/b.md", checks: [], title: "Boş")
        var skipped = CheckResult(
            kind: .snippet, location: SourceLocation(path: "Lessons/c.md", line: 3), name: "snippet at line 3",
            status: .skipped)
        skipped.skipReason = "needs UIKit"
        let report = CheckReport(lessons: [built, empty, LessonReport(path: "Lessons/c.md", checks: [skipped])])
        let json = JSONReporter.render(report)
        XCTAssertTrue(json.contains("\"file\" : \"Engines/Stack.swift\""), json)
        XCTAssertTrue(json.contains("\"scope\" : \"lesson\""), json)
        let read = try JSONReportReader.read(Data(json.utf8), name: "r.json")
        XCTAssertEqual(read, report)
        XCTAssertEqual(TextReporter(useColor: false).render(read), TextReporter(useColor: false).render(report))
    }

    /// An engine's build errors are repeated under the checks the engine did not build with, not under a
    /// scenario that built and failed for its output.
    func testAnEnginesErrorsAreRepeatedOnlyWhereItDidNotBuild() throws {
        let engineError = Finding(
            .engineBuildError, at: SourceLocation(path: "Lessons/a.md", line: 5, column: 43), "cannot call a constant")
        let broken = Self.notBuilt(
            line: 17, name: "declares min",
            "not built: the lesson's engine file Kernel.swift does not build with this scenario's top-level `min` (line 5)"
        )
        let mismatched = CheckResult(
            kind: .scenario, location: SourceLocation(path: "Lessons/a.md", line: 8), name: "uses the engine",
            status: .failed,
            findings: [Finding(.outputMismatch, at: SourceLocation(path: "Lessons/a.md", line: 12), "differs")])
        let lesson = LessonReport(path: "Lessons/a.md", checks: [mismatched, broken], lessonFindings: [engineError])
        let json = JSONReporter.render(CheckReport(lessons: [lesson]))
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let checks = try XCTUnwrap(document["checks"] as? [[String: Any]])
        let kinds = checks.map { check in
            ((check["findings"] as? [[String: Any]]) ?? []).map { "\($0["kind"]!) \($0["line"]!)" }
        }
        XCTAssertEqual(kinds, [["output-mismatch 12"], ["engine-build-error 17", "engine-build-error 5"]])
        let junit = JUnitReporter.render(CheckReport(lessons: [lesson]))
        XCTAssertEqual(junit.components(separatedBy: "cannot call a constant").count - 1, 1, junit)
    }

    func testGitHubCommandsEscapeAsTheRunnerRequires() {
        XCTAssertEqual(
            GitHubReporter.render(awkwardReport),
            "::error file=Lessons/a%2Cb%3Ac.md,line=12,col=3,title=lesson check%3A output-mismatch::"
                + "100%25 wrong%0Asecond line <script>&\"x\"%0A-old%0A+new\n")
        XCTAssertEqual(GitHubReporter.data("a\r\nb%"), "a%0D%0Ab%25")
    }

    /// ESC, BEL and U+202E from a program's output or an expected line reach the workflow log as escapes
    /// a reader sees, as in the text report; none is written raw.
    func testGitHubCommandsShowControlAndBidirectionalCharacters() {
        let finding = Finding(
            .outputMismatch, at: SourceLocation(path: "Lessons/\u{202E}a.md", line: 4), "output differs",
            details: ["\u{1B}]52;c;ZWNobw==\u{7}", "abc\u{202E}txt.exe"])
        let check = CheckResult(
            kind: .scenario, location: SourceLocation(path: "Lessons/a.md", line: 4), name: "x", status: .failed,
            findings: [finding])
        let rendered = GitHubReporter.render(
            CheckReport(lessons: [LessonReport(path: "Lessons/a.md", checks: [check])]))
        XCTAssertEqual(
            rendered,
            "::error file=Lessons/\\u{202e}a.md,line=4,title=lesson check%3A output-mismatch::"
                + "output differs%0A\\e]52;c;ZWNobw==\\u{7}%0Aabc\\u{202e}txt.exe\n")
        XCTAssertFalse(rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }

    func testCommandLineFormatsKeepStdoutForTheFormat() throws {
        let path = "Fixtures/check/fail/wrong-output.md"
        let json = try TestSupport.runLesson(["check", "--no-cache", "--format", "json", path])
        XCTAssertEqual(json.status, 1)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)))
        XCTAssertEqual(json.standardError, "0 passed, 1 failed\n")
        let github = try TestSupport.runLesson(["check", "--no-cache", "--format", "github", path])
        XCTAssertTrue(
            github.standardOutput.hasPrefix(
                "::error file=Fixtures/check/fail/wrong-output.md,line=25,title=lesson check%3A output-mismatch::expected output differs at line 1 of 2%0A"
            ),
            github.standardOutput)
        let junit = try TestSupport.runLesson(["check", "--no-cache", "--format", "junit", path])
        XCTAssertTrue(junit.standardOutput.hasPrefix("<?xml"))
        XCTAssertEqual(try TestSupport.runLesson(["check", "--format", "yaml", path]).status, 2)
    }

    /// One summary line per course folder, however the folder's lessons sort among its subfolders'
    /// (`index.md` after `auth/a.md`), in the order the folders first appear.
    func testEachFolderIsSummarizedOnceWhereverItsLessonsSort() throws {
        let site = try TestSupport.temporaryFolder("folder-summary")
        defer { try? FileManager.default.removeItem(atPath: site) }
        try FileManager.default.createDirectory(atPath: site + "/auth", withIntermediateDirectories: true)
        for (path, text) in [
            ("README.md", "# Site\n"), ("auth/a.md", "# Auth\n\n```swift\nlet token = 1\n```\n"),
            ("index.md", "# Index\n\n```swift\nlet page = 2\n```\n"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: site + "/" + path))
        }
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", site])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput,
            "\(site): 2 lessons, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 0 failures\n"
                + "\(site)/auth: 1 lesson, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 0 failures\n"
                + "2 passed, 0 failed\n")
    }
}

/// Collects every element with its attributes and text.
private final class XMLCollector: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}
