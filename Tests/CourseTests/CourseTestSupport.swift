import CoursePackageSupport
import Foundation
import LessonKit

/// Paths and a command runner shared by the course tests.
enum CourseTestSupport {
    /// This package's root.
    static var packageRoot: String { CoursePackageCopy.checkout }

    /// The fixture course package, the README's "In a course repository" example.
    static var coursePackage: String { CoursePackageCopy.fixture }

    /// The folder of the built products (the `lesson` executable among them), beside the test binary.
    static var productsFolder: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    }

    struct CommandResult {
        var status: Int32
        var output: String
        var standardError: String
    }

    /// Runs `command` with `/bin/sh -e -c` in `folder`, as a workflow's `run:` step runs, and captures
    /// what it prints.
    static func shell(_ command: String, in folder: String, timeout: Double = 1200) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let result = try Subprocess.run(
            "/bin/sh", arguments: ["-e", "-c", command], environment: environment, workingDirectory: folder,
            limits: ProcessLimits(timeout: timeout, outputLimit: 64 << 20))
        guard case .exited(let status) = result.termination else {
            throw CommandProblem(description: "`\(command)` ended with \(result.termination)")
        }
        return CommandResult(
            status: status, output: String(decoding: result.standardOutput, as: UTF8.self),
            standardError: String(decoding: result.standardError, as: UTF8.self))
    }

    struct CommandProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The files below `folder`, relative to it, sorted; `.build` left out.
    static func files(under folder: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative == ".build" || relative.hasPrefix(".build/") { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(relative)
            }
        }
        return files.sorted()
    }
}
