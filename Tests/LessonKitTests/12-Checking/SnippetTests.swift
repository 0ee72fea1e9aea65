import Foundation
import XCTest

@testable import LessonKit

/// Snippets: every kind of valid Swift a book prints passes, a snippet that parses in no form fails once at
/// its lines, `compile_fail` reverses the promise, and snippets are parsed in batches, once per distinct text.
final class SnippetTests: XCTestCase {
    private var folder: String!

    override func setUp() {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(getpid())-\(UUID().uuidString)")
            .path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func check(_ paths: [String], toolchain: Toolchain? = nil, jobs: Int = 2) throws -> CheckReport {
        var options = TestSupport.fixtureOptions
        options.jobs = jobs
        return LessonChecker(options: options, toolchain: try toolchain ?? TestSupport.toolchain()).check(files: paths)
    }

    /// The toolchain with a `swift-frontend` that logs each call's first argument to `log`, then runs the
    /// real one.
    private func loggingFrontend() throws -> (toolchain: Toolchain, log: String) {
        let real = try TestSupport.toolchain()
        let log = folder + "/calls.log"
        let wrapper = try write(
            "swift-frontend", "#!/bin/sh\necho \"$1\" >> \(log)\nexec \(real.swiftFrontend!) \"$@\"\n")
        chmod(wrapper, 0o755)
        return (Toolchain(swiftc: real.swiftc, swiftFrontend: wrapper), log)
    }

    private func snippetLesson(_ code: String, info: String = "swift", frontMatter: String = "") -> String {
        frontMatter + "# A lesson\n\n```\(info)\n\(code)\n```\n"
    }

    /// Each kind of valid Swift passes on its own, in a lesson of its own.
    func testEveryKindOfValidSwiftPasses() throws {
        let snippets: [(String, String)] = [
            ("a file", "import Foundation\nlet total = [1, 2].reduce(0, +)\nprint(total)"),
            ("a bare regex literal", "let regex = /Hello, .*/"),
            (
                "Package.swift arguments",
                "dependencies: [ .package(url: \"https://example.com/a.git\", from: \"509.0.0\") ],"
            ),
            ("a lone case label", "case let (x, y) where x == y:"),
            ("a catch clause", "catch let error as DecodingError {\n    print(error)\n}"),
            ("a protocol requirement", "var isCancelled: Bool { get }"),
            ("a method", "override func viewDidLoad() {\n    super.viewDidLoad()\n}"),
            ("a statement with return", "guard let value else { return }\nprint(value)"),
            ("switch cases", "case .loading:\n    spinner.start()\ndefault:\n    break"),
            ("property wrappers", "@State private var count = 0\n@Environment(\\.dismiss) var dismiss"),
        ]
        let paths = try snippets.enumerated().map { try write("kind-\($0.offset).md", snippetLesson($0.element.1)) }
        let report = try check(paths)
        for (lesson, snippet) in zip(report.lessons, snippets) {
            XCTAssertEqual(lesson.checks.map(\.status), [.passed], "\(snippet.0): \(lesson.findings)")
        }
    }

    /// Swift 6 mode reaches the parser: a lesson's `swift-version` is its snippets' language mode too.
    func testRegexLiteralInSwift6Lesson() throws {
        let path = try write(
            "six.md",
            snippetLesson(
                "let regex = /[a-z]+/\nlet match = \"abc\".wholeMatch(of: regex)",
                frontMatter: "---\nswift-version: 6\n---\n"))
        XCTAssertEqual(try check([path]).totals, CheckReport.Totals(passed: 1, failed: 0, skipped: 0))
    }

    /// A snippet that parses in no form is one finding at its first error's Markdown line and column; the
    /// other errors follow in its details, and an unclosed brace is reported at the closing fence.
    func testSnippetThatParsesInNoFormIsOneFinding() throws {
        let text = "# Broken\n\n```swift\nlet a = (1\nlet b = ]\nstruct S {\n```\n"
        let path = try write("broken.md", text)
        let report = try check([path])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 0, failed: 1, skipped: 0))
        let findings = report.findings
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings[0].location, SourceLocation(path: path, line: 5, column: 1))
        XCTAssertEqual(findings[0].message, "snippet does not parse: expected ')' in expression list")
        let further = findings[0].details.filter { $0.hasPrefix(path + ":") }
        XCTAssertEqual(further.count, 5)
        XCTAssertEqual(further.first, "\(path):5:9: error: expected initial value after '='")
        XCTAssertEqual(further.last, "\(path):7: error: expected '}' in struct")
    }

    /// A snippet whose first word names its form (`case`) and that parses in no form is reported with that
    /// form's errors, at the snippet's own lines: not as an enum's case, which its first line is as a file.
    func testAFragmentThatParsesInNoFormIsReportedInTheFormItsFirstWordNames() throws {
        let text =
            "# Broken\n\n```swift\ncase .buttonTapped:\n  var total = 0\n  for value in values {\n    total += \n  }\n```\n"
        let path = try write("case.md", text)
        let findings = try check([path]).findings
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings[0].location, SourceLocation(path: path, line: 8, column: 3))
        XCTAssertEqual(findings[0].message, "snippet does not parse: expected expression after operator")
        // An enum's cases are reported as the file reads them, not as switch cases.
        let cases = try write(
            "enum-cases.md", "# Enum\n\n```swift\ncase upc(Int, Int, Int, Int\ncase qrCode(String)\n```\n")
        let enumFindings = try check([cases]).findings
        XCTAssertEqual(enumFindings.map(\.location.line), [4])
        XCTAssertEqual(enumFindings.first?.message.hasPrefix("snippet does not parse: "), true)
    }

    func testCompileFailSnippetThatDoesNotParsePasses() throws {
        let path = try write("fail-ok.md", snippetLesson("let = 3", info: "swift compile_fail"))
        let report = try check([path])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 1, failed: 0, skipped: 0))
    }

    func testCompileFailSnippetThatParsesFailsAtItsFence() throws {
        let file = try write("fail-file.md", snippetLesson("let x = 3", info: "swift compile_fail"))
        let fragment = try write(
            "fail-fragment.md", snippetLesson("var isCancelled: Bool { get }", info: "swift compile_fail"))
        let report = try check([file, fragment])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 0, failed: 2, skipped: 0))
        XCTAssertEqual(
            report.findings.map { "\($0.location.description) \($0.kind.rawValue) \($0.message)" },
            [
                "\(file):3 attribute-promise marked compile_fail but it parses",
                "\(fragment):3 attribute-promise marked compile_fail but it parses as a protocol body",
            ])
    }

    /// A `// FileA.swift` block in a lesson that names its engine and has no scenario is built with the
    /// engine, not skipped.
    func testFileHeaderBlocksOfANamedEngineWithoutAScenarioAreBuilt() throws {
        let engine = "---\nengine: Sync\n---\n"
        let good = try write(
            "good.md",
            engine + "# Two files\n\n```swift\n// FileA.swift\nstruct A { let b = B() }\n```\n\n"
                + "```swift\n// FileB.swift\nstruct B { let screen = Screen(\"b\") }\n```\n")
        let bad = try write(
            "bad.md", engine + "# One file\n\n```swift\n// FileA.swift\nstruct A { let b = Missing() }\n```\n")
        let report = try check([good, bad])
        XCTAssertEqual(report.lessons[0].checks.map(\.status), [.passed])
        XCTAssertEqual(
            report.lessons[0].checks.map(\.name), ["engine files built without a scenario (FileA.swift, FileB.swift)"])
        XCTAssertEqual(report.lessons[1].checks.map(\.status), [.failed])
        XCTAssertEqual(
            report.lessons[1].findings.map { "\($0.location.description) \($0.message)" },
            [
                "\(bad):6 not built: the lesson's engine file FileA.swift does not build (line 8)",
                "\(bad):8:20 cannot find 'Missing' in scope",
            ])
    }

    /// In a lesson that names no engine and has no scenario, file-header blocks are parsed as snippets, as a
    /// book prints them: code that shows a type error on purpose passes, a syntax error fails at its line.
    func testFileHeaderBlocksWithoutEngineOrScenarioAreParsed() throws {
        let path = try write(
            "book.md",
            "# Files\n\n```swift\n// FileA.swift\nstruct A { private var member: Int }\n```\n\n"
                + "```swift\n// FileB.swift\nextension A {\n    func f() { member = 42 }\n}\n```\n\n"
                + "```swift\n// FileC.swift\nlet broken = (1\n```\n")
        let report = try check([path])
        XCTAssertEqual(report.lessons[0].checks.map(\.kind), [.snippet, .snippet, .snippet])
        XCTAssertEqual(report.lessons[0].checks.map(\.status), [.passed, .passed, .failed])
        XCTAssertEqual(
            report.findings.map { "\($0.location.description) \($0.message)" },
            ["\(path):18 snippet does not parse: expected ')' in expression list"])
    }

    /// A parser that dies without a diagnostic blames no snippet: each says the parser failed.
    func testParserThatDiesIsAToolError() throws {
        let real = try TestSupport.toolchain()
        let dying = try write("swift-frontend", "#!/bin/sh\nkill -KILL $$\n")
        chmod(dying, 0o755)
        let path = try write("lesson.md", snippetLesson("let fine = 1"))
        let report = try check([path], toolchain: Toolchain(swiftc: real.swiftc, swiftFrontend: dying))
        XCTAssertEqual(
            report.findings.map { "\($0.location.description) \($0.message)" },
            ["\(path):3 the parser failed: no output"])
    }

    /// Each worker parses its snippets in one process, when each has at least 100; wrapped retries are
    /// batched too; the same snippet in two lessons is parsed once.
    func testSnippetsAreParsedInOneProcessPerWorker() throws {
        let (toolchain, log) = try loggingFrontend()
        var text = "# Many\n\n"
        for index in 0..<200 { text += "```swift\nlet value\(index) = \(index)\n```\n\n" }
        text += "```swift\nvar isCancelled: Bool { get }\n```\n\n```swift\ncase .ready:\n    break\n```\n"
        let first = try write("first.md", text)
        let second = try write("second.md", text)
        let report = try check([first, second], toolchain: toolchain, jobs: 2)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 404, failed: 0, skipped: 0))
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        // Two workers for the 202 distinct snippets and the two likely forms of the one that starts like a
        // fragment (`case`), then one process for the likely form of the other (a protocol body).
        XCTAssertEqual(calls.count, 3)
    }

    /// Snippets that start like fragments (`case .ready:`, `catch {`) are parsed in their likely forms in
    /// the same process as the file form of every snippet: one parser process for the lesson, where a
    /// second round once started another, and the same verdicts (each passes in its form).
    func testFragmentsAreParsedBesideTheFilesInOneProcess() throws {
        let (toolchain, log) = try loggingFrontend()
        let lesson = try write(
            "fragments.md",
            "# Fragments\n\n```swift\nlet ready = true\n```\n\n```swift\ncase .ready:\n    break\n```\n\n"
                + "```swift\ncatch {\n    print(error)\n}\n```\n")
        let report = try check([lesson], toolchain: toolchain, jobs: 2)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "-parse\n")
    }
}
