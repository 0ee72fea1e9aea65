import Foundation
import LessonKit

extension GradeCommand {
    /// What `lesson grade` was asked, validated: one submission, a class, or the sandbox table.
    struct Options {
        enum Mode {
            case checkSandbox
            case single(submission: String)
            case batch(submissions: String, output: String)
        }

        var mode: Mode
        var check: CheckOptions
        var catalog: EngineCatalog
        var exerciseID: String
        var format: GradeFormat
        var output: String?
        /// The sandbox's limits and users.
        var policy: SandboxPolicy
        /// False with `--no-sandbox`: the tests run uncontained.
        var sandboxed: Bool
        var maxSubmissionSize: Int
        /// A class: the options each student's grader is given, and the shard of the class.
        var forwarded: [String]
        var sharding: ShardOption?
        var firstUID: Int
        var studentBudget: Double

        init(_ values: Arguments) throws {
            guard values.paths.isEmpty else { throw LessonError(.usage, "unexpected argument '\(values.paths[0])'") }
            check = CheckOptions()
            check.buildTimeout = 60
            check.budget = try values.positiveNumber("--budget")
            try check.apply(values)
            catalog = try values["--engines"].map { try EngineCatalog.builtIn.adding(directory: $0) } ?? .builtIn
            policy = try GradeCommand.sandboxPolicy(values)
            sandboxed = !values.has("--no-sandbox")
            firstUID = policy.firstUID
            output = values["--output"]
            maxSubmissionSize = try values.byteSize("--max-submission-size") ?? (1 << 20)
            forwarded = values.forwarded(GradeCommand.help.declarations)
            studentBudget = BatchGrader.studentBudget(
                budget: check.budget, buildTimeout: try values.positiveNumber("--build-timeout"),
                timeout: try values.positiveNumber("--timeout"))
            exerciseID = values["--exercise"] ?? ""
            format = .text
            if values.has("--check-sandbox") {
                mode = .checkSandbox
                return
            }
            guard values["--exercise"] != nil else { throw LessonError(.usage, "--exercise ID is required") }
            if values["--submissions"] == nil && values["--shard"] != nil {
                throw LessonError(.usage, "--shard is for a class: --submissions DIR")
            }
            mode = try Self.mode(values)
            sharding = try ShardOption.parse(values)
            let isBatch = if case .batch = mode { true } else { false }
            format = try Self.format(values, default: isBatch || output != nil ? "exercism" : "text")
            if output != nil && format == .text {
                throw LessonError(.usage, "--output writes results.json: use --format exercism or gradescope")
            }
        }

        private static func mode(_ values: Arguments) throws -> Mode {
            guard let submissions = values["--submissions"] else {
                guard let submission = values["--submission"] else {
                    throw LessonError(.usage, "--submission FILE (or --submissions DIR) is required")
                }
                return .single(submission: submission)
            }
            guard CheckCommand.isFolder(submissions) else {
                throw LessonError(.usage, "--submissions needs a folder of student folders")
            }
            guard let output = values["--output"] else {
                throw LessonError(.usage, "--submissions needs --output OUT for the results and summary.csv")
            }
            guard values["--submission"] == nil else {
                throw LessonError(.usage, "--submission and --submissions cannot be used together")
            }
            return .batch(submissions: submissions, output: output)
        }

        private static func format(_ values: Arguments, default name: String) throws -> GradeFormat {
            let formatName = values["--format"] ?? name
            guard let format = GradeFormat(rawValue: formatName) else {
                throw LessonError(.usage, "--format takes text, exercism or gradescope, not '\(formatName)'")
            }
            return format
        }
    }
}
