import Foundation
import XCTest

@testable import LessonKit

/// The HTML report rendered by a real browser (headless Chromium, Debian's `chromium`): the rendered DOM
/// holds the expected rows and marks, lesson text is escaped, and a screenshot is taken.
final class BrowserReportTests: XCTestCase {
    private var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private func browser(_ arguments: [String]) throws -> String {
        let chromium = try XCTUnwrap(chromium)
        let result = try Subprocess.run(
            chromium,
            arguments: ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,2000"]
                + arguments,
            environment: ProcessInfo.processInfo.environment.merging(["HOME": NSTemporaryDirectory()]) { $1 },
            limits: ProcessLimits(timeout: 120, outputLimit: 64 << 20))
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    func testReportRendersRowsMarksAndEscapedLessonText() throws {
        try XCTSkipIf(chromium == nil, "headless Chromium is not installed (apt-get install chromium)")
        TestSupport.enterPackageRoot()
        var options = TestSupport.fixtureOptions
        options.jobs = 2
        let catalog = try TestSupport.fixtureCatalog()
        let files = ["Fixtures/coverage", "Fixtures/check/fail/wrong-output.md", "Fixtures/attributes/pass/kept.md"]
        let lessons = try LessonDiscovery.lessonFiles(in: files)
        let check = LessonChecker(options: options, toolchain: try TestSupport.toolchain(), catalog: catalog).check(
            files: lessons)
        let coverage = try CoverageRunner(
            options: options.execution, toolchain: try TestSupport.toolchain(), catalog: catalog
        )
        .measure(files: try LessonDiscovery.lessonFiles(in: ["Fixtures/coverage"]), byLesson: false)
        let page = HTMLReporter.render(check: check, coverage: coverage, title: "Report <test> ğüş Tiếng Việt")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/report.html"
        try Data(page.utf8).write(to: URL(fileURLWithPath: file))

        // One start of the browser dumps the DOM and takes the screenshot.
        let screenshot = folder + "/report.png"
        let dom = try browser(["--dump-dom", "--screenshot=" + screenshot, "file://" + file])
        func count(_ text: String) -> Int { dom.components(separatedBy: text).count - 1 }
        XCTAssertEqual(count("<tr class=\"lesson failed\">"), 2, dom)
        XCTAssertEqual(count("<tr class=\"lesson passed\">"), 4)
        XCTAssertEqual(count("<tr class=\"course "), 3)
        XCTAssertEqual(count("<li class=\"skip\">"), 2)
        XCTAssertTrue(dom.contains("<td class=\"del\">deger: 4</td><td class=\"ins\">deger: 3</td>"))
        XCTAssertEqual(count("<tr class=\"unreached\">"), 5 + 1, "pop (lines 10-14) and cooling (line 9) are never run")
        XCTAssertEqual(count("<tr class=\"partial\">"), 2, "the lines around the cooling branch run in part")
        XCTAssertTrue(dom.contains("<title>Report &lt;test&gt; ğüş Tiếng Việt</title>"))
        XCTAssertTrue(dom.contains("&lt;script&gt;alert(\"y\")&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        XCTAssertEqual(count("<script"), 0, "lesson text became markup")
        XCTAssertEqual(count("<b>"), 0, "lesson text became markup")

        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertGreaterThan(png.count, 20_000)
    }

    func testCoverageThresholdExitStatus() throws {
        let arguments = ["coverage", "--engines", "Fixtures/engines/extra", "Fixtures/coverage"]
        let below = try TestSupport.runLesson(arguments + ["--min-lines", "90"])
        XCTAssertEqual(below.status, 1)
        XCTAssertEqual(below.standardError, "error: engine Stack: line coverage 50.0% is below --min-lines 90\n")
        let above = try TestSupport.runLesson(arguments + ["--min-lines", "50"])
        XCTAssertEqual(above.status, 0)
        XCTAssertEqual(
            above.standardOutput,
            """
            engine Stack: lines 50% (5/10), regions 50% (2/4), 1 lesson
            Fixtures/engines/extra/Stack/Stack.swift:10: note: no lesson reaches this (lines 10-14: mutating func pop() -> String? {)
            engine as reprinted by Fixtures/coverage/fully-covered.md: lines 100% (3/3), regions 100% (3/3), 1 lesson
            engine as reprinted by Fixtures/coverage/reprinted-gap.md: lines 92.3% (12/13), regions 88.9% (8/9), 1 lesson
            Fixtures/coverage/reprinted-gap.md:8: note: no lesson reaches this (lines 8-10: } else if current > target {)

            """)
        XCTAssertEqual(try TestSupport.runLesson(["coverage", "--min-lines", "101", "Fixtures/coverage"]).status, 2)
    }

    func testByLessonNamesTheLessonsThatReachEachLine() throws {
        let result = try TestSupport.runLesson(
            ["coverage", "--by-lesson", "--engines", "Fixtures/engines/extra", "Fixtures/coverage/canonical-gap.md"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.standardOutput.contains(
                "Fixtures/engines/extra/Stack/Stack.swift:6: Fixtures/coverage/canonical-gap.md\n"))
        XCTAssertTrue(result.standardOutput.contains("Fixtures/engines/extra/Stack/Stack.swift:11: no lesson\n"))
    }

    /// Instrumented builds are separate: coverage leaves the normal check's findings as they were.
    func testCoverageDoesNotChangeACheck() throws {
        let check = [
            "check", "--no-cache", "--color", "never", "--engines", "Fixtures/engines/extra", "Fixtures/coverage",
        ]
        let before = try TestSupport.runLesson(check)
        _ = try TestSupport.runLesson(["coverage", "--engines", "Fixtures/engines/extra", "Fixtures/coverage"])
        let after = try TestSupport.runLesson(check)
        XCTAssertEqual(before.standardOutput, after.standardOutput)
    }

    /// The class page of a graded class, rendered by Chromium: the chart has a bar per score, every test its
    /// pass rate, the students who did not build or crashed are named under their reason, every student
    /// has a row linking to their feedback, and a student's folder name is text, never markup.
    func testTheClassPageRendersAChartAndEveryStudent() throws {
        try XCTSkipIf(chromium == nil, "headless Chromium is not installed (apt-get install chromium)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(
            atPath: TestSupport.packageRoot + "/Fixtures/grading/submissions/tree-count", toPath: folder + "/class")
        let scripted = "<script>alert(1)</script".replacingOccurrences(of: "/", with: "|")
        try FileManager.default.createDirectory(
            atPath: folder + "/class/" + scripted, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: folder + "/class/wrong/main.swift", toPath: folder + "/class/\(scripted)/main.swift")
        let result = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
            "--submissions", folder + "/class", "--output", folder + "/out",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)

        let dom = try browser([
            "--dump-dom", "--screenshot=" + folder + "/class.png", "file://" + folder + "/out/report.html",
        ])
        func count(_ text: String) -> Int { dom.components(separatedBy: text).count - 1 }
        XCTAssertTrue(dom.contains("<title>Kết quả của lớp: tree-count</title>"), dom)
        XCTAssertEqual(count("<g class=\"bar\">"), 2, "scores 0 and 1")
        XCTAssertTrue(dom.contains("<title>0: 4</title>") && dom.contains("<title>1: 1</title>"), dom)
        XCTAssertTrue(dom.contains("<td>1/5</td>"), "one student of five passed the test")
        XCTAssertTrue(
            dom.contains("<ul class=\"build\">\n<li><a href=\"no-compile/results.json\">no-compile</a></li>\n</ul>"))
        XCTAssertTrue(dom.contains("<ul class=\"crash\">\n<li><a href=\"trap/results.json\">trap</a></li>\n</ul>"))
        XCTAssertEqual(count("<tr class=\"student "), 5)
        // Each row's status in the lesson's language (Vietnamese): one passed, three failed, one did not build.
        XCTAssertEqual(count("<td>đạt</td>"), 1, dom)
        XCTAssertEqual(count("<td>không đạt</td>"), 3, dom)
        XCTAssertEqual(count("<td>lỗi</td>"), 1, dom)
        XCTAssertTrue(dom.contains("<td>&lt;script&gt;alert(1)&lt;|script</td>"), dom)
        XCTAssertTrue(dom.contains("href=\"%3Cscript%3Ealert(1)%3C%7Cscript/results.json\""), dom)
        XCTAssertEqual(count("<script"), 0, "a student's name became markup")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/class.png"))

        // Laid out at 1,200 px, a pass-rate bar is its rate's share of its track (1 of 5: a fifth).
        let page = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        let measuring = page.replacingOccurrences(
            of: "</body>",
            with: "<script>document.title = [...document.querySelectorAll('td.rate .track')].map(t => "
                + "t.firstElementChild.offsetWidth + '/' + t.offsetWidth).join(' ')</script></body>")
        try Data(measuring.utf8).write(to: URL(fileURLWithPath: folder + "/out/measured.html"))
        let laidOut = try browser(["--window-size=1200,800", "--dump-dom", "file://" + folder + "/out/measured.html"])
        XCTAssertTrue(laidOut.contains("<title>32/160</title>"), laidOut)
    }
}
