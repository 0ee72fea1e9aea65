import Foundation
import XCTest

@testable import LessonKit

/// `--format junit` is valid against the Jenkins xUnit plugin's junit-10.xsd and, suite by suite (Surefire
/// writes one suite per file), Maven Surefire's surefire-test-report-3.0.xsd, both in Fixtures/junit.
/// Validated with libxml2's `xmllint --schema` (Debian's libxml2-utils, which `.ci/run` installs).
final class JUnitSchemaTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        guard let xmllint = Self.xmllint else {
            throw XCTSkip("xmllint is not installed (apt-get install libxml2-utils): the JUnit schemas are not checked")
        }
        _ = xmllint
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if !folder.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
    }

    static let xmllint: String? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `xmllint --noout --schema XSD FILES`: its status and what it said.
    private func validate(_ files: [String], against schema: String) throws -> (status: Int32, output: String) {
        let result = try Subprocess.run(
            Self.xmllint!,
            arguments: ["--noout", "--schema", TestSupport.packageRoot + "/Fixtures/junit/" + schema] + files,
            environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(timeout: 60, outputLimit: 4 << 20))
        guard case .exited(let status) = result.termination else { return (-1, "\(result.termination)") }
        return (status, String(decoding: result.standardError, as: UTF8.self))
    }

    /// Each `testsuite` element as a document of its own, as Surefire writes them.
    private func suites(of xml: String, name: String) throws -> [String] {
        var files: [String] = []
        var current: [String]?
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  <testsuite ") { current = [] }
            current?.append(String(line))
            if line.hasPrefix("  </testsuite>"), let suite = current {
                let path = folder + "/\(name)-\(files.count).xml"
                try Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + suite.joined(separator: "\n") + "\n").utf8)
                    .write(to: URL(fileURLWithPath: path))
                files.append(path)
                current = nil
            }
        }
        return files
    }

    func testReportsOfPassingFailingAndSkippedChecksAreValidAgainstBothSchemas() throws {
        // Warnings, in passing, failing and skipped test cases' output, are in the field fixtures' report,
        // whose golden `FieldMarkdownTests` keeps equal to what `--format junit` writes.
        let field = TestSupport.packageRoot + "/Fixtures/field/formats/report.xml"
        XCTAssertEqual(try validate([field], against: "junit-10.xsd").status, 0)
        let fieldSuites = try suites(of: String(contentsOfFile: field, encoding: .utf8), name: "field")
        XCTAssertEqual(try validate(fieldSuites, against: "surefire-test-report-3.0.xsd").status, 0)
        let runs = [
            "failures": TestSupport.fixtureFlags + ["Fixtures/check/fail"],
            "attributes": TestSupport.fixtureFlags + ["Fixtures/attributes"],
        ]
        for (name, arguments) in runs {
            let result = try TestSupport.runLesson(["check", "--format", "junit"] + arguments)
            XCTAssertLessThan(result.status, 2, result.standardError)
            let path = folder + "/\(name).xml"
            try Data(result.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
            let jenkins = try validate([path], against: "junit-10.xsd")
            XCTAssertEqual(jenkins.status, 0, "\(name): \(jenkins.output)")
            XCTAssertEqual(jenkins.output, "\(path) validates\n")
            let files = try suites(of: result.standardOutput, name: name)
            XCTAssertEqual(files.count, result.standardOutput.components(separatedBy: "<testsuite ").count - 1)
            let surefire = try validate(files, against: "surefire-test-report-3.0.xsd")
            XCTAssertEqual(surefire.status, 0, "\(name): \(surefire.output)")
        }
    }

    /// `lesson grade --format junit`: the results of every fixture submission (passing, failing, crashing,
    /// not building, hidden tests failing), as their goldens hold them.
    func testGradeResultsAreValidAgainstBothSchemas() throws {
        let folder = TestSupport.packageRoot + "/Fixtures/grading/expected/sync-engine"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".junit.xml") }
            .sorted().map { folder + "/" + $0 }
        XCTAssertEqual(files.count, 6)
        let jenkins = try validate(files, against: "junit-10.xsd")
        XCTAssertEqual(jenkins.status, 0, jenkins.output)
        var suites: [String] = []
        for file in files {
            suites += try self.suites(
                of: String(contentsOfFile: file, encoding: .utf8),
                name: ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        let surefire = try validate(suites, against: "surefire-test-report-3.0.xsd")
        XCTAssertEqual(surefire.status, 0, surefire.output)
    }

    func testFileAttributesAreAnOptInTheJenkinsSchemaRejects() throws {
        let path = folder + "/attributes.xml"
        let result = try TestSupport.runLesson([
            "check", "--format", "junit", "--junit-file-attributes", "--output", path,
            "Fixtures/check/pass/crlf-bom.md",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(
            xml.contains(
                "<testcase name=\"Fixtures/check/pass/crlf-bom.md:13: scenario iki selam\" "
                    + "classname=\"Fixtures/check/pass/crlf-bom.md\" time=\""),
            xml)
        XCTAssertTrue(xml.contains(" file=\"Fixtures/check/pass/crlf-bom.md\" line=\"13\"/>"), xml)
        let jenkins = try validate([path], against: "junit-10.xsd")
        XCTAssertNotEqual(jenkins.status, 0)
        XCTAssertTrue(jenkins.output.contains("The attribute 'file' is not allowed."), jenkins.output)
    }
}
