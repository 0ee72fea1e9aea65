import Foundation
import XCTest

@testable import LessonKit

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// The package root, found from this file's path (`Tests/LessonKitTests/Support/TestSupport.swift`).
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// The options the fixtures' golden files were made with: short limits keep the suite fast.
    static var fixtureOptions: CheckOptions {
        var options = CheckOptions()
        options.timeout = 2
        options.outputLimit = 64 << 10
        return options
    }

    /// The fixtures' limits, for a grader.
    static var fixtureGradingOptions: GradingOptions {
        var options = GradingOptions()
        options.execution = fixtureOptions.execution
        return options
    }

    /// Writes `script` to `path` as an executable (a tool's stand-in, such as a `swiftc` that logs what it
    /// is asked), and returns the path.
    @discardableResult
    static func executableScript(_ script: String, at path: String) throws -> String {
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// A `swiftc` in `folder` that appends its first argument to `log`, then runs the real one.
    static func loggingSwiftc(in folder: String, log: String) throws -> String {
        let real = try toolchain().swiftc
        return try executableScript(
            "#!/bin/sh\necho \"$1\" >> '\(log)'\nexec '\(real)' \"$@\"\n", at: folder + "/swiftc")
    }

    /// The command-line flags that match `fixtureOptions`.
    static let fixtureFlags = [
        "--color", "never", "--timeout", "2", "--max-output", "64K", "--engines", "Fixtures/engines/extra",
    ]

    /// The built-in engines plus the fixtures' third engine.
    static func fixtureCatalog() throws -> EngineCatalog {
        try EngineCatalog.builtIn.adding(directory: packageRoot + "/Fixtures/engines/extra")
    }

    static func toolchain() throws -> Toolchain { try Toolchain.locate() }

    /// Checks `files` with the fixtures' options and `catalog`, counting what the check built and ran.
    static func checkCounting(_ files: [String], catalog: EngineCatalog = .builtIn) throws -> (
        report: CheckReport, counts: CheckProgress.Counts
    ) {
        var checker = LessonChecker(options: fixtureOptions, toolchain: try toolchain(), catalog: catalog)
        let progress = CheckProgress()
        checker.progress = progress
        return (checker.check(files: files), progress.current)
    }

    /// The built `lesson` executable, beside the test bundle.
    static var lessonExecutable: String {
        #if canImport(Darwin)
            let products = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
            let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #endif
        return products.appendingPathComponent("lesson").path
    }

    struct CommandResult {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the built `lesson` binary from the package root, or from `directory` (a course's root).
    static func runLesson(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: String? = nil
    ) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment.merge(extra) { $1 }
        let result = try Subprocess.run(
            lessonExecutable, arguments: arguments, environment: environment,
            workingDirectory: directory ?? packageRoot,
            limits: ProcessLimits(timeout: 300, outputLimit: 16 << 20))
        guard case .exited(let status) = result.termination else {
            throw LessonError(.system, "lesson ended with \(result.termination)")
        }
        return CommandResult(
            status: status, standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
            standardError: String(decoding: result.standardError, as: UTF8.self))
    }

    /// The Landlock ABI of this kernel, as the containment launcher's probe says it (`landlock: abi 7`);
    /// 0 without Landlock.
    static func landlockABI() throws -> Int {
        let probe = try runLesson(["__contain", "--probe"]).standardOutput
        return probe.split(separator: "\n").first { $0.hasPrefix("landlock: abi ") }
            .flatMap { Int($0.dropFirst("landlock: abi ".count).prefix { $0.isNumber }) } ?? 0
    }

    /// A Classroom 50 run, as its runner's environment states it to `autograder.py`.
    static let classroom50Environment = [
        "CLASSROOM": "swift-ui-2026", "ASSIGNMENT": "bank-describe", "ASSIGNMENT_TYPE": "individual",
        "USERNAME": "lan-nguyen", "OWNER": "lan-nguyen", "SUBMISSION_TAG": "submit/2026-12-07T02-00-00Z-a1b2c3d",
        "COMMIT_URL": "https://github.com/swift-ui/swift-ui-2026-bank-describe-lan-nguyen/commit/a1b2c3d",
        "RELEASE_URL":
            "https://github.com/swift-ui/swift-ui-2026-bank-describe-lan-nguyen/releases/tag/submit%2F2026-12-07T02-00-00Z-a1b2c3d",
        "REVIEW_URL": "https://github.com/swift-ui/swift-ui-2026-bank-describe-lan-nguyen/compare/0f0f0f0...a1b2c3d",
    ]

    /// The identity of that run, graded at a fixed time (for goldens).
    static var classroom50Run: Classroom50Identity {
        var identity = try! Classroom50Identity.from(environment: classroom50Environment)
        identity.datetime = "2026-12-07T02:00:05Z"
        return identity
    }

    /// Packs `exercise` of the lesson at `lesson` (relative to the package root) for `platform` into `folder`,
    /// with the tests' own checker, from the course folder `course` (the package root by default).
    static func pack(
        _ platform: String, exercise: String, lesson: String, into folder: String, course: String? = nil
    ) throws {
        let result = try runLesson(
            [
                "pack", platform, "--exercise", exercise, "--lesson", lesson, "--output", folder, "--checker",
                lessonExecutable,
            ],
            in: course)
        guard result.status == 0 else { throw LessonError(.system, "lesson pack: \(result.standardError)") }
    }

    /// Exercism's runner calling a pack of the grading fixtures' engine exercise: `bin/run.sh SLUG INPUT OUTPUT`.
    static func runExercismAdapter(work: String, timeout: Double) throws -> ProcessResult {
        try pack(
            "exercism", exercise: "sync-engine", lesson: "Fixtures/grading/engine-exercise.md", into: work + "/runner")
        return try Subprocess.run(
            work + "/runner/bin/run.sh", arguments: ["sync-engine", work + "/input/", work + "/output/"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            workingDirectory: work + "/runner", limits: ProcessLimits(timeout: timeout, outputLimit: 1 << 20))
    }

    /// `body` of every item, `jobs` items at a time, in the items' order; the first error thrown is thrown
    /// here. Runs that wait or use one core overlap; the test asserts on what they gave on its own thread.
    static func atOnce<Item: Sendable, Value: Sendable>(
        _ items: [Item], jobs: Int, _ body: @escaping @Sendable (Item) throws -> Value
    ) throws -> [Value] {
        try ParallelMap.map(items, jobs: jobs) { item in Result { try body(item) } }.map { try $0.get() }
    }

    /// Writes each text at its path under `folder`, making the folders it needs.
    static func write(_ files: [String: String], into folder: String) throws {
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    /// A new empty folder under the temporary folder, named `prefix-` and eight random characters.
    static func temporaryFolder(_ prefix: String) throws -> String {
        let folder = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every `*.md` below a folder of the package, relative to the package root, sorted.
    static func markdownFiles(under folder: String) throws -> [String] {
        try LessonDiscovery.lessonFiles(in: [packageRoot + "/" + folder]).map {
            String($0.dropFirst(packageRoot.count + 1))
        }
    }

    /// The command lines of the running processes whose user ID is in `uids`.
    static func processes(ownedBy uids: Range<Int>) throws -> [String] {
        let result = try Subprocess.run(
            "/bin/ps", arguments: ["-eo", "uid=,args="], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 30, outputLimit: 16 << 20))
        return String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let uid = fields.first.flatMap({ Int($0) }), uids.contains(uid) else { return nil }
            return String(line)
        }
    }

    /// Makes the package root the current directory, so that reports name paths as the goldens do.
    static func enterPackageRoot() {
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot)
    }
}

private final class BundleMarker {}
