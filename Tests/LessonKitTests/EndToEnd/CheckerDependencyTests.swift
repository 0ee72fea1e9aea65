import Foundation
import XCTest

@testable import LessonKit

/// Where a course package gets the checker from: a repository CI can fetch, at a version, a commit or a
/// branch; a folder of this machine only with a warning.
final class CheckerDependencyTests: XCTestCase {
    func testTheCheckerOptionReadsARepositoryAndItsRef() {
        let cases: [(String, String, String)] = [
            (
                "https://git.example/lesson.git@1.4.0",
                ".package(url: \"https://git.example/lesson.git\", from: \"1.4.0\")",
                "lesson"
            ),
            (
                "https://git.example/lesson.git@v2.0.1",
                ".package(url: \"https://git.example/lesson.git\", from: \"2.0.1\")", "lesson"
            ),
            (
                "https://git.example/x/Lesson-Checker@" + String(repeating: "a1", count: 20),
                ".package(url: \"https://git.example/x/Lesson-Checker\", revision: \"\(String(repeating: "a1", count: 20))\")",
                "lesson-checker"
            ),
            (
                "https://git.example/lesson.git@next",
                ".package(url: \"https://git.example/lesson.git\", branch: \"next\")", "lesson"
            ),
            (
                "https://git.example/lesson.git", ".package(url: \"https://git.example/lesson.git\", branch: \"main\")",
                "lesson"
            ),
            (
                "git@git.example:org/lesson.git", ".package(url: \"git@git.example:org/lesson.git\", branch: \"main\")",
                "lesson"
            ),
            (
                "git@git.example:org/lesson.git@1.0.0",
                ".package(url: \"git@git.example:org/lesson.git\", from: \"1.0.0\")", "lesson"
            ),
            ("/home/me/lesson-checker", ".package(path: \"/home/me/lesson-checker\")", "lesson-checker"),
            ("/srv/git/lesson.git@1.2.0", ".package(url: \"/srv/git/lesson.git\", from: \"1.2.0\")", "lesson"),
        ]
        for (text, entry, identity) in cases {
            let dependency = CheckerDependency(text)
            XCTAssertEqual(dependency.packageEntry, entry, text)
            XCTAssertEqual(dependency.identity, identity, text)
        }
        XCTAssertFalse(CheckerDependency("/home/me/lesson-checker").isURL)
        XCTAssertFalse(CheckerDependency("file:///home/me/lesson-checker").isURL)
        XCTAssertEqual(
            CheckerDependency("file:///home/me/lesson-checker").packageEntry,
            ".package(path: \"/home/me/lesson-checker\")")
        // A file:// repository at a version is a URL, with its version.
        XCTAssertEqual(
            CheckerDependency("file:///srv/git/checker.git@1.0.0").packageEntry,
            ".package(url: \"file:///srv/git/checker.git\", from: \"1.0.0\")")
        XCTAssertEqual(
            CheckerDependency("https://git.example/lesson.git@1.4.0").description,
            "https://git.example/lesson.git@1.4.0")
    }

    /// A URL is written into the manifest only as a string literal holds it: its last part (the package's
    /// identity) cannot end the literal and run code in the manifest.
    func testAURLCannotWriteCodeIntoTheManifest() throws {
        let folder = try TestSupport.temporaryFolder("manifest")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.runLesson(
            ["init", folder + "/course", "--checker", #"https://git.example/a")]),]);print("INJECTED");//"#])
        XCTAssertEqual(result.status, 0, result.standardError)
        let manifest = try String(contentsOfFile: folder + "/course/Package.swift", encoding: .utf8)
        XCTAssertTrue(
            manifest.contains(#"package: "a\")]),]);print(\"injected\");")]"#), manifest)
        XCTAssertFalse(manifest.contains(#"print("INJECTED")"#), manifest)
        XCTAssertEqual(CheckerDependency.literal("a\\(b)\u{2028}\n"), #""a\\(b)\u{2028}\u{a}""#)
    }

    /// A checkout cloned from a repository is published there: at its tag, or at its commit.
    func testACheckoutIsPublishedAtItsOriginsTagOrCommit() throws {
        let folder = try TestSupport.temporaryFolder("published")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
        func git(_ arguments: [String]) throws -> String {
            let result = try Subprocess.run(
                "/usr/bin/git", arguments: ["-C", folder] + arguments,
                environment: environment.merging([
                    "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "a",
                    "GIT_COMMITTER_EMAIL": "a@b", "HOME": folder,
                ]) { $1 }, limits: ProcessLimits(timeout: 30, outputLimit: 1 << 16))
            XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
            return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "no git")
        _ = try git(["init", "-q"])
        XCTAssertNil(PublishedCheckout.published(folder, environment: environment), "no commit, no remote")
        _ = try git(["commit", "-q", "--allow-empty", "-m", "one"])
        _ = try git(["remote", "add", "origin", "/srv/lesson-checker"])
        XCTAssertNil(PublishedCheckout.published(folder, environment: environment), "a folder is no place CI can reach")
        _ = try git(["remote", "set-url", "origin", "https://git.example/lesson.git"])
        let commit = try git(["rev-parse", "HEAD"])
        XCTAssertEqual(
            PublishedCheckout.published(folder, environment: environment),
            CheckerDependency(location: "https://git.example/lesson.git", requirement: .revision(commit)))
        _ = try git(["tag", "1.2.3"])
        XCTAssertEqual(
            PublishedCheckout.published(folder, environment: environment)?.packageEntry,
            ".package(url: \"https://git.example/lesson.git\", from: \"1.2.3\")")
    }

    /// `lesson init` with a folder writes it, and says loudly that CI cannot reach it.
    func testInitWithAFolderWarnsThatCICannotReachIt() throws {
        let folder = try TestSupport.temporaryFolder("init-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.runLesson(["init", "--checker", "/srv/lesson-checker", folder + "/course"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardError,
            "warning: Package.swift depends on the lesson checker by a folder of this machine (/srv/lesson-checker), "
                + "which the course's CI cannot reach: name the checker's repository and version with --checker "
                + "URL@VERSION, or edit the dependency in Package.swift (docs/course-package.md, \"Where the checker "
                + "comes from\")\n")
        let manifest = try String(contentsOfFile: folder + "/course/Package.swift", encoding: .utf8)
        XCTAssertTrue(manifest.contains("name: \"course\""), manifest)
        XCTAssertTrue(manifest.contains(".package(path: \"/srv/lesson-checker\")"), manifest)
    }
}
