import Foundation
import XCTest

@testable import LessonKit

/// The built `lesson` binary: exit statuses, paths as given, help text.
final class CommandLineTests: XCTestCase {
    func testFailingLessonPrintsItsGoldenReportAndExitsOne() throws {
        let path = "Fixtures/check/fail/wrong-output.md"
        let result = try TestSupport.runLesson(["check"] + TestSupport.fixtureFlags + [path])
        XCTAssertEqual(result.status, 1)
        let golden = try String(
            contentsOfFile: TestSupport.packageRoot + "/Fixtures/check/fail/wrong-output.expected", encoding: .utf8)
        XCTAssertEqual(result.standardOutput, GoldenFile.reportPart(of: golden))
    }

    /// A scenario whose output is in comments is listed with how many comments state it and where.
    func testListShowsOutputComments() throws {
        let result = try TestSupport.runLesson([
            "list", "Fixtures/prints/pass/apple-comments.md", "Fixtures/prints/fail/comments-and-block.md",
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardOutput,
            """
            Fixtures/prints/pass/apple-comments.md
              lines 6-17   scenario        comments after the code and on their own line (expected output: 5 comments, lines 9-16)
              lines 21-27  scenario        a multi-line string (expected output: 1 comment, line 26)
              lines 32-46  scenario        a worded list and the colon form (expected output: 5 comments, lines 39-45)
              3 code blocks: 3 scenarios
            Fixtures/prints/fail/comments-and-block.md
              lines 3-8    scenario        comments and a block (expected output: 2 comments, lines 5-7, and lines 10-13)
              lines 10-13  expected output of the scenario at line 3
              2 code blocks: 1 scenario, 1 expected output

            """)
    }

    func testPassingLessonsExitZero() throws {
        let result = try TestSupport.runLesson(
            ["check"] + TestSupport.fixtureFlags + [
                "Fixtures/check/pass/crlf-bom.md", "Fixtures/check/pass/nfd-text.md",
            ])
        XCTAssertEqual(result.standardOutput, "2 passed, 0 failed\n")
        XCTAssertEqual(result.status, 0)
    }

    func testCheckIsTheDefaultCommand() throws {
        let result = try TestSupport.runLesson(TestSupport.fixtureFlags + ["Fixtures/check/pass/crlf-bom.md"])
        XCTAssertEqual(result.standardOutput, "1 passed, 0 failed\n")
        XCTAssertEqual(result.status, 0)
    }

    func testMissingPathIsAUsageError() throws {
        let result = try TestSupport.runLesson(["check", "Fixtures/no-such-lesson.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertEqual(
            result.standardError,
            "error: Fixtures/no-such-lesson.md: no such file or directory\n")
    }

    func testFolderWithoutLessonsIsAUsageError() throws {
        let result = try TestSupport.runLesson(["check", "Sources/LessonTesting"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.standardError.hasPrefix("error: no lesson found in Sources/LessonTesting"), result.standardError)
    }

    func testUnknownOptionAndBadValuesAreUsageErrors() throws {
        for arguments in [
            ["check", "--frobnicate"], ["check", "--timeout", "zero"], ["check", "--color", "purple"],
            ["check", "--jobs"], ["explode"],
        ] {
            let result = try TestSupport.runLesson(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.standardError.contains("run 'lesson --help' for usage"), "\(arguments)")
        }
    }

    func testSizesThatOverflowAreUsageErrors() throws {
        let result = try TestSupport.runLesson([
            "check", "--max-output", "99999999999G", "Fixtures/check/pass/nfd-text.md",
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.standardError.hasPrefix("error: --max-output needs a size such as 65536"), result.standardError)
    }

    /// A path with a quote or a backslash is escaped for `#sourceLocation`; findings still land on their line.
    func testPathsWithQuotesAndBackslashesKeepTheirLocations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("q\"uo\\te-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(
            atPath: TestSupport.packageRoot + "/Fixtures/check/fail/scenario-compile-error.md", toPath: folder + "/l.md"
        )
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder + "/l.md"])
        XCTAssertTrue(
            result.standardOutput.hasPrefix("\(folder)/l.md:15:17: error: cannot convert value of type 'String'"),
            result.standardOutput)
    }

    /// One version: the library's, which cache keys hold too.
    func testVersionIsTheLibrarysVersion() throws {
        let result = try TestSupport.runLesson(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, "lesson 0.3.0\n")
        XCTAssertEqual(LessonKitVersion.current, "0.3.0")
        XCTAssertEqual(CacheKeys.checkerVersion, "lesson-0.3.0")
    }

    /// `docs/commands.md` is what `lesson help --markdown` writes from the commands' declarations: a page
    /// out of date fails here (re-record with `LESSON_RECORD_GOLDENS=1`, or run the command).
    func testTheCommandsPageIsWhatTheDeclarationsSay() throws {
        let page = try TestSupport.runLesson(["help", "--markdown"])
        XCTAssertEqual(page.status, 0, page.standardError)
        try GoldenFile.assertMatches(page.standardOutput, golden: "docs/commands.md")
    }

    /// Every option a command's help lists (its declarations: what it accepts) is on the commands page.
    func testTheCommandsPageDocumentsEveryDeclaredOption() throws {
        let page = try String(contentsOfFile: TestSupport.packageRoot + "/docs/commands.md", encoding: .utf8)
        for command in ["check", "list", "grade", "coverage", "merge", "init"] {
            let help = try TestSupport.runLesson([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            let names = help.standardOutput.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard line.hasPrefix("  --"), let name = trimmed.split(separator: " ").first else { return nil }
                return String(name)
            }
            XCTAssertFalse(names.isEmpty, command)
            XCTAssertTrue(page.contains("## lesson \(command)\n"), command)
            for name in names { XCTAssertTrue(page.contains("| `\(name)"), "\(command) \(name) is not on the page") }
        }
    }

    /// `lesson init` writes the docs' course package (its manifest, named after its folder, test and workflow
    /// byte for byte), a `.gitignore`, a sample lesson that passes, and overwrites nothing.
    func testInitWritesTheCoursePackageAndOverwritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["init", "--language", "tr", "--checker", "https://example.com/lesson-checker.git", folder]
        let first = try TestSupport.runLesson(arguments)
        XCTAssertEqual(first.status, 0, first.standardError)
        let written = [
            "Package.swift", ".gitignore", "Tests/LessonTests/Lessons.swift", "Lessons/01-sayac.md",
            ".github/workflows/lessons.yml", "README.md",
        ]
        let uses = "the package depends on the lesson checker at https://example.com/lesson-checker.git (--checker)\n"
        XCTAssertEqual(
            first.standardOutput,
            written.map { "wrote \(folder)/\($0)\n" }.joined() + uses
                + "check the lessons with: cd \(folder) && swift test --disable-xctest\n")
        let name = (folder as NSString).lastPathComponent
        for file in ["Package.swift", "Tests/LessonTests/Lessons.swift", ".github/workflows/lessons.yml"] {
            let fixture = try String(
                contentsOfFile: TestSupport.packageRoot + "/Fixtures/course-package/" + file, encoding: .utf8)
            XCTAssertEqual(
                try String(contentsOfFile: folder + "/" + file, encoding: .utf8),
                fixture.replacingOccurrences(of: "name: \"MyCourse\"", with: "name: \"\(name)\""), file)
        }
        // The README is titled with the course's name, the package's.
        XCTAssertTrue(
            try String(contentsOfFile: folder + "/README.md", encoding: .utf8).hasPrefix("# \(name)\n\nLessons written")
        )
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/.gitignore", encoding: .utf8),
            ".build/\n.swiftpm/\n/Packages\nDerivedData/\nxcuserdata/\n*.xcodeproj\n")
        let check = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder + "/Lessons"])
        XCTAssertEqual(check.status, 0, check.standardOutput)
        XCTAssertTrue(check.standardOutput.hasSuffix("1 passed, 0 failed\n"), check.standardOutput)

        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
        let second = try TestSupport.runLesson(arguments)
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(
            second.standardOutput,
            written.map { "kept \(folder)/\($0): it exists\n" }.joined() + uses
                + "check the lessons with: cd \(folder) && swift test --disable-xctest\n")
        XCTAssertEqual(try String(contentsOfFile: folder + "/README.md", encoding: .utf8), "mine\n")

        let wrong = try TestSupport.runLesson(["init", "--language", "fr", folder])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(
            wrong.standardError, "error: --language takes tr, vi or en, not 'fr'\nrun 'lesson --help' for usage\n")
    }

    /// `lesson init` with no folder, or `.`, writes the course package in the current folder, each file by
    /// its path there (the folder of `Package.swift` is the current one, not a folder named "").
    func testInitWritesIntoTheCurrentFolder() throws {
        for folderArgument in [[], ["."]] {
            let folder = try WorkDirectory.create(prefix: "lesson-init")
            defer { folder.remove() }
            let result = try TestSupport.runLesson(
                ["init", "--language", "vi", "--checker", "https://example.com/lesson-checker.git"] + folderArgument,
                in: folder.path)
            XCTAssertEqual(result.status, 0, result.standardError)
            let written = [
                "Package.swift", ".gitignore", "Tests/LessonTests/Lessons.swift", "Lessons/01-bo-dem.md",
                ".github/workflows/lessons.yml", "README.md",
            ]
            XCTAssertEqual(
                result.standardOutput,
                written.map { "wrote \($0)\n" }.joined()
                    + "the package depends on the lesson checker at https://example.com/lesson-checker.git "
                    + "(--checker)\ncheck the lessons with: swift test --disable-xctest\n", "\(folderArgument)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/Lessons/01-bo-dem.md"))
        }
    }

    /// Every command's `--format` reads its value and lists its formats alike, from one list per command:
    /// the help names each with what it writes, and a wrong value the formats and the one probably meant.
    func testEachFormatOptionListsAndReadsItsFormatsAlike() throws {
        let wrong: [(arguments: [String], message: String)] = [
            (
                ["check", "--format", "jsno", "Lessons"],
                "--format takes text, json, junit, github or html, not 'jsno'; did you mean 'json'?"
            ),
            (
                ["merge", "--format", "htm", "a.json"],
                "--format takes text, json, junit, github or html, not 'htm'; did you mean 'html'?"
            ),
            (
                ["coverage", "--format", "htm", "Lessons"],
                "--format takes text or html, not 'htm'; did you mean 'html'?"
            ),
            (
                ["grade", "--format", "gradscope", "--exercise", "x", "--submission", "."],
                "--format takes text, exercism, gradescope, junit, prairielearn or classroom50, not 'gradscope'; "
                    + "did you mean 'gradescope'?"
            ),
        ]
        for (arguments, message) in wrong {
            let result = try TestSupport.runLesson(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.standardError, "error: \(message)\nrun 'lesson --help' for usage\n")
        }
        let help = try TestSupport.runLesson(["grade", "--help"]).standardOutput
        XCTAssertTrue(
            help.contains("text (default), exercism (results.json v3), gradescope, junit (JUnit XML, as\n"), help)
    }

    /// A `lesson` binary copied out of its checkout (to `/usr/local/bin`, say) still knows the package it was
    /// built from, and says so; `LESSON_CHECKER` names another.
    func testInitFromACopiedBinaryDependsOnThePackageItWasBuiltFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copied-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestSupport.lessonExecutable, toPath: folder + "/bin/lesson")
        func initialize(_ course: String, environment: [String: String] = [:]) throws -> String {
            let result = try Subprocess.run(
                folder + "/bin/lesson", arguments: ["init", folder + "/" + course],
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter {
                    $0.key != CheckerSource.environmentVariable || environment[$0.key] != nil
                }, workingDirectory: folder, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
            return String(decoding: result.standardOutput, as: UTF8.self)
        }
        let root = URL(fileURLWithPath: TestSupport.packageRoot).standardizedFileURL.path
        // A checkout cloned from a repository is depended on at that repository; one that is not, by its folder.
        let published = PublishedCheckout.published(root, environment: ProcessInfo.processInfo.environment)
        let how =
            "the package this lesson binary was built from"
            + (published == nil ? "" : ", published at its origin remote")
        XCTAssertTrue(
            try initialize("built-from").contains(
                "the package depends on the lesson checker at \(published?.description ?? root) (\(how))\n"))
        XCTAssertTrue(
            try String(contentsOfFile: folder + "/built-from/Package.swift", encoding: .utf8).contains(
                published?.packageEntry ?? ".package(path: \"\(root)\")"))
        let url = "https://example.com/courses/lesson-checker.git"
        XCTAssertTrue(
            try initialize("named", environment: [CheckerSource.environmentVariable: url]).contains(
                "the package depends on the lesson checker at \(url) (LESSON_CHECKER)\n"))
        XCTAssertTrue(
            try String(contentsOfFile: folder + "/named/Package.swift", encoding: .utf8).contains(
                ".package(url: \"\(url)\", branch: \"main\")"))
    }

    /// `--stats` says where the time went: each phase in order, what no phase accounts for, then what the
    /// cache did not answer.
    func testStatsBreakTheCheckDownByPhase() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try TestSupport.runLesson([
            "check", "--stats", "--cache-dir", cache, "--color", "never", "Fixtures/check/pass/crlf-bom.md",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let phases = lines.dropFirst().map { line in
            line.trimmingCharacters(in: .whitespaces).replacingOccurrences(
                of: #"\s+[0-9]+\.[0-9]{2} s$"#, with: "", options: .regularExpression)
        }
        XCTAssertNotNil(
            lines.first?.range(of: #"^lesson: [0-9.]+ s, peak memory [0-9]+ KiB$"#, options: .regularExpression))
        XCTAssertEqual(
            Array(phases.prefix(12)),
            [
                "start the process", "find the lessons", "locate the toolchain", "find unchanged lessons",
                "read and plan", "resolve engines, group the builds", "build and run scenarios",
                "parse snippets (beside the scenarios)", "judge, drift and report", "keep each lesson's report",
                "grade the reference solutions", "write the report",
            ])
        // What no phase accounts for, with its share of the whole run.
        XCTAssertNotNil(
            lines.dropLast().last?.range(
                of: #"^  not accounted for\s+[0-9]+\.[0-9]{2} s \([0-9.]+ % of [0-9.]+ s\)$"#,
                options: .regularExpression), lines.dropLast().last ?? "")
        XCTAssertNotNil(
            lines.last?.range(
                of:
                    #"^  [0-9]+ scenarios built and run \(builds [0-9.]+ s, runs [0-9.]+ s, summed over the workers\); [0-9]+ snippets parsed; the rest answered by the cache \(0 of 1 lessons whole\)$"#,
                options: .regularExpression), lines.last ?? "")
    }

    /// `--help` is answered before any other option is read, for every command.
    func testHelpComesFirstWhateverElseIsGiven() throws {
        let result = try TestSupport.runLesson(["grade", "--no-such-option", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardOutput.hasPrefix("OVERVIEW: Grades a student's submission"))
        let afterSeparator = try TestSupport.runLesson(["list", "--", "--help"])
        XCTAssertEqual(afterSeparator.status, 2)
        XCTAssertEqual(afterSeparator.standardError, "error: --help: no such file or directory\n")
    }

    func testHelpDocumentsEveryOption() throws {
        let main = try TestSupport.runLesson(["--help"])
        XCTAssertEqual(main.status, 0)
        XCTAssertTrue(main.standardOutput.contains("USAGE: lesson <command>"))
        let check = try TestSupport.runLesson(["check", "--help"])
        XCTAssertEqual(check.status, 0)
        for option in ["--timeout", "--max-output", "--jobs", "--color", "SWIFTC", "NO_COLOR", "EXIT STATUS"] {
            XCTAssertTrue(check.standardOutput.contains(option), option)
        }
    }

    func testColorOnlyWhenAskedAndNeverWithNoColor() throws {
        let path = "Fixtures/check/fail/wrong-output.md"
        let colored = try TestSupport.runLesson(["check", "--color", "always", path])
        XCTAssertTrue(colored.standardOutput.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let suppressed = try TestSupport.runLesson(
            ["check", "--color", "always", path], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(suppressed.standardOutput.contains("\u{1B}["))
        let piped = try TestSupport.runLesson(["check", path])
        XCTAssertFalse(piped.standardOutput.contains("\u{1B}["), "auto colour must stay off on a pipe")
    }

    func testListShowsRolesLinesAndPairing() throws {
        let result = try TestSupport.runLesson([
            "list", "Fixtures/check/fail/missing-expected.md", "Fixtures/check/pass/crlf-bom.md",
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardOutput,
            """
            Fixtures/check/fail/missing-expected.md
              lines 3-7    scenario        ciktisi yazilmamis (no expected output)
              lines 11-15  snippet         import UIKit
              2 code blocks: 1 scenario, 1 snippet
            Fixtures/check/pass/crlf-bom.md
              lines 1-4    front matter
                title: CRLF ve BOM
                language: tr
              lines 8-11   engine file     Greeting.swift
              lines 13-17  scenario        iki selam (expected output: lines 19-22)
              lines 19-22  expected output of the scenario at line 13
              3 code blocks: 1 engine file, 1 scenario, 1 expected output

            """)
    }

    func testListReportsReadingFindingsAndExitsOne() throws {
        let result = try TestSupport.runLesson(["list", "Fixtures/field/fail/unreadable-front-matter.md"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardOutput.hasSuffix(
                "Fixtures/field/fail/unreadable-front-matter.md:6: warning: front matter: key 'language' is given twice "
                    + "in this map (first on line 5); the last value is used\n"),
            result.standardOutput)
        XCTAssertTrue(
            result.standardOutput.contains(
                "Fixtures/field/fail/unreadable-front-matter.md:2: error: malformed front matter: the single quote "
                    + "opened here is never closed\n"),
            result.standardOutput)
        // A fence left open is a warning: the lesson's blocks are listed, and the listing exits 0.
        let open = try TestSupport.runLesson(["list", "Fixtures/check/fail/unclosed-fence.md"])
        XCTAssertEqual(open.status, 0)
        XCTAssertTrue(
            open.standardOutput.hasSuffix(
                "Fixtures/check/fail/unclosed-fence.md:12: warning: code block opened here is never closed: it runs "
                    + "to the end of the file (expected a closing ````)\n"),
            open.standardOutput)
    }
}
