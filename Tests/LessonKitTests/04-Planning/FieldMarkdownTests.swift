import Foundation
import XCTest

@testable import LessonKit

/// Markdown as courses and docs write it elsewhere (`Fixtures/field`): site front matter, every Markdown
/// extension, Swift in any case, other tools' fence options, elisions, and the near-misses the checker
/// warns about. The text goldens are checked by `FixtureTests`; here, every other format.
final class FieldMarkdownTests: XCTestCase {
    private func fieldReport() throws -> CheckReport {
        TestSupport.enterPackageRoot()
        let files = try TestSupport.markdownFiles(under: "Fixtures/field")
        let checker = LessonChecker(
            options: TestSupport.fixtureOptions, toolchain: try TestSupport.toolchain(),
            catalog: try TestSupport.fixtureCatalog())
        var report = checker.check(files: files)
        // Durations are the one part of a report that changes from run to run.
        for lesson in report.lessons.indices {
            for check in report.lessons[lesson].checks.indices { report.lessons[lesson].checks[check].seconds = 0 }
        }
        return report
    }

    func testEveryFormatOfTheFieldFixturesMatchesItsGolden() throws {
        let report = try fieldReport()
        XCTAssertEqual(report.lessons.count, 11)
        try GoldenFile.assertMatches(JSONReporter.render(report), golden: "Fixtures/field/formats/report.json")
        try GoldenFile.assertMatches(GitHubReporter.render(report), golden: "Fixtures/field/formats/report.github")
        try GoldenFile.assertMatches(JUnitReporter.render(report), golden: "Fixtures/field/formats/report.xml")
        try GoldenFile.assertMatches(
            TextReporter(useColor: false).render(report, courseSummary: true),
            golden: "Fixtures/field/formats/report.txt")
    }

    /// Warnings travel through the JSON report and back, as `lesson merge` reads it.
    func testWarningsSurviveTheJSONReport() throws {
        let report = try fieldReport()
        let read = try JSONReportReader.read(Data(JSONReporter.render(report).utf8), name: "field.json")
        XCTAssertEqual(read.findings.map(\.severity), report.findings.map(\.severity))
        XCTAssertEqual(read.totals, report.totals)
        XCTAssertEqual(report.totals.warnings, 8)
    }

    func testAFolderCheckReadsEveryExtensionGitHubRendersAsMarkdown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ext-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let names = ["a.md", "b.markdown", "c.mdown", "d.mkdn", "e.mkd", "f.mdwn", "G.MD", "sub/README.Markdown"]
        for name in names + ["notes.txt", "x.md.orig", ".md"] {
            try Data("# x\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let found = try LessonDiscovery.lessonFiles(in: [folder]).map { String($0.dropFirst(folder.count + 1)) }
        XCTAssertEqual(found, names.sorted())
    }

    func testWarningsAloneExitZeroAndWarningsAsErrorsExitOne() throws {
        let lesson = TestSupport.packageRoot + "/Fixtures/field/pass/near-misses.md"
        let plain = try TestSupport.runLesson(["check"] + TestSupport.fixtureFlags + [lesson])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertTrue(plain.standardOutput.hasSuffix("5 passed, 0 failed, 5 warnings\n"), plain.standardOutput)
        let strict = try TestSupport.runLesson(["check", "--warnings-as-errors"] + TestSupport.fixtureFlags + [lesson])
        XCTAssertEqual(strict.status, 1, strict.standardError)
        XCTAssertEqual(strict.standardOutput, plain.standardOutput)
    }

    func testHeadersThatWereProbablyMeant() {
        XCTAssertEqual(
            NearMiss.header("// main.swfit — x"),
            "'// main.swfit' is not a file header, so this block is a snippet; did you mean '// main.swift — …'?")
        XCTAssertEqual(
            NearMiss.header("// Sync.swfit"),
            "'// Sync.swfit' is not a file header, so this block is a snippet; did you mean '// Sync.swift — …'?")
        XCTAssertNotNil(NearMiss.header("// mainswift - x"))
        XCTAssertNotNil(NearMiss.header("// Screen.Swift — upper case"))
        XCTAssertNotNil(NearMiss.header("// main.swift: a colon"))
        // Comments that look nothing like a header stay quiet.
        for line in [
            "// Kaynak parca: bir yontem", "// Prints \"5\"", "// MARK: - Views", "// main.swift is where it starts",
            "// See main.c", "// TODO: swift 6", "let x = 1", "// Sync.swift — a real header",
            "// https://swift.org",
        ] {
            XCTAssertNil(NearMiss.header(line), line)
        }
        XCTAssertNotNil(NearMiss.engineFileName("Main.swift"))
        XCTAssertNotNil(NearMiss.engineFileName("mian.swift"))
        XCTAssertNil(NearMiss.engineFileName("Sync.swift"))
    }

    /// A bare block after a snippet that prints is probably its output, unless it is a terminal session.
    func testABareBlockAfterAPrintingSnippetWarnsUnlessItIsATerminalSession() {
        func warnings(_ bare: String) -> [String] {
            let plan = LessonPlanner.plan(
                Lesson(path: "t.md", bytes: Array("```swift\nprint(1)\n```\n\n```\n\(bare)\n```\n".utf8)))
            return plan.allWarnings.map { "\($0.location.line): \($0.message)" }
        }
        XCTAssertEqual(warnings("1"), ["5: " + NearMiss.bareFenceAfterSnippet])
        XCTAssertEqual(warnings("$x"), ["5: " + NearMiss.bareFenceAfterSnippet])
        XCTAssertEqual(warnings("$ swift run count\n1"), [])
        XCTAssertEqual(warnings("\n  % count --input-file readme.md"), [])
        XCTAssertEqual(warnings("$ 5.00"), ["5: " + NearMiss.bareFenceAfterSnippet], "money, not a prompt")
        let commented = LessonPlanner.plan(
            Lesson(
                path: "t.md", bytes: Array("```swift\n/// print(total)\nlet s = \"print(x)\"\n```\n```\n1\n```\n".utf8))
        )
        XCTAssertEqual(commented.allWarnings, [], "print( in a comment or a string prints nothing")
        let sections = LessonPlanner.plan(
            Lesson(path: "t.md", bytes: Array("```swift\nprint(1)\n```\n\n## Routes\n\n```\n/users/:id\n```\n".utf8)))
        XCTAssertEqual(sections.allWarnings, [], "a heading between: another section")
        let notAHeading = LessonPlanner.plan(
            Lesson(path: "t.md", bytes: Array("```swift\nprint(1)\n```\n#hashtag\n```\n1\n```\n".utf8)))
        XCTAssertEqual(notAHeading.allWarnings.map(\.location.line), [5])
    }

    func testUnknownAttributesSayWhatWasProbablyMeant() {
        let scenario = BlockAttributes.scenarioAttributes
        XCTAssertEqual(
            BlockAttributes.suggestion(for: "should_panic", known: scenario), "; did you mean 'should_trap'?")
        XCTAssertEqual(BlockAttributes.suggestion(for: "no-run", known: scenario), "; did you mean 'no_run'?")
        XCTAssertEqual(BlockAttributes.suggestion(for: "NO_RUN", known: scenario), "; did you mean 'no_run'?")
        XCTAssertEqual(BlockAttributes.suggestion(for: "standalon", known: scenario), "; did you mean 'standalone'?")
        XCTAssertEqual(
            BlockAttributes.suggestion(for: "no_run", known: BlockAttributes.snippetAttributes),
            "; did you mean 'no_run'? It is an attribute of a scenario")
        XCTAssertEqual(BlockAttributes.suggestion(for: "frozen", known: scenario), "")
    }

    func testBracketedOptionValuesKeepTheirSpacesAndCommas() {
        let info = InfoString("swift, highlight=[1, 3], strikeout=[[2]] wrap=80 title=\"a, b\"")
        XCTAssertEqual(
            info.attributes,
            [
                BlockAttribute(name: "highlight", value: "[1, 3]"), BlockAttribute(name: "strikeout", value: "[[2]]"),
                BlockAttribute(name: "wrap", value: "80"), BlockAttribute(name: "title", value: "a, b"),
            ])
        XCTAssertEqual(InfoString("swift highlight=[1, 3").problems, ["the '[' of 'highlight' is never closed"])
    }

    /// SwiftFormat writes an option and its value as two words; a flag before another option keeps none.
    func testAnotherToolsOptionTakesTheWordAfterIt() {
        let info = InfoString("swift --indent 2 --maxwidth 100 --nobreak --other no_run")
        XCTAssertEqual(
            info.attributes,
            [
                BlockAttribute(name: "--indent", value: "2"), BlockAttribute(name: "--maxwidth", value: "100"),
                BlockAttribute(name: "--nobreak"), BlockAttribute(name: "--other", value: "no_run"),
            ])
        XCTAssertTrue(BlockAttributes.isOtherToolsOption("--indent"))
        XCTAssertTrue(BlockAttributes.isOtherToolsOption("no-format"))
        XCTAssertFalse(BlockAttributes.isOtherToolsOption("--"))
        XCTAssertFalse(BlockAttributes.isOtherToolsOption("no_run"))
    }

    func testPlaceholdersAreFoundByTheirFirstByte() {
        XCTAssertEqual(
            SnippetElision.placeholderStarts(in: "ç <#a#> <#b c#>\n<# not closed\n<#x#>"),
            [.init(line: 1, column: 4), .init(line: 1, column: 10), .init(line: 3, column: 1)])
        XCTAssertTrue(SnippetElision.isElided("    ..."))
        XCTAssertTrue(SnippetElision.isElided("…"))
        XCTAssertFalse(SnippetElision.isElided("...x"))
    }
}

extension FieldMarkdownTests {
    func testAnElidedBodyBecomesSpacesOfTheSameWidth() {
        XCTAssertEqual(SnippetElision.elided("func f() { ... }"), "func f() {     }")
        XCTAssertEqual(SnippetElision.elided("init() {…} // x"), "init() {   } // x")
        XCTAssertEqual(SnippetElision.elided("let r = 1...5 { x }"), "let r = 1...5 { x }")
        XCTAssertEqual(SnippetElision.elided("a { ...b }"), "a { ...b }")
        XCTAssertEqual(SnippetElision.elided("{ ... } { … }"), "{     } {     }")
    }

    /// An ellipsis where an expression or a list element goes, or a comment where an initializer goes, is a
    /// placeholder; an ellipsis that is an operator, or inside a string or a comment, stays.
    func testAnElidedExpressionBecomesAName() {
        let elided = { SnippetElision.elided($0) }
        XCTAssertEqual(elided("let pet: Pet = ..."), "let pet: Pet = ___")
        XCTAssertEqual(elided("    dependencies: [ ... ],"), "    dependencies: [ ___ ],")
        XCTAssertEqual(elided("f(a, …)"), "f(a, ___)")
        XCTAssertEqual(elided("    ...,"), "    ___,")
        XCTAssertEqual(elided("let x = ... // later"), "let x = ___ // later")
        XCTAssertEqual(elided("let data = // ... downloaded ..."), "let data = ___ // ... downloaded ...")
        XCTAssertEqual(elided("let data = /* … */"), "let data = ___ /* … */")
        XCTAssertEqual(elided(#"let t = "a\\" ; let u = [ ... ]"#), #"let t = "a\\" ; let u = [ ___ ]"#)
        for line in [
            "let r = 1...5", "case 1...:", "let s = ...5", "xs[2...]", "func f(_ xs: Int...)", "print(\"(...)\")",
            "f() // see g(...)", "if a == ... {", "let x = a ...", "x = ....", "let x = // a comment",
            "let all = numbers[...]", "let r = #\"(...) \" [...]\"#", #"let q = "say \"(...)\"""#,
        ] {
            XCTAssertEqual(elided(line), line)
        }
    }

}
