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
        var check: GradingOptions
        var catalog: EngineCatalog
        var exerciseID: String
        var format: GradeFormat
        /// The Classroom 50 run a `classroom50` result belongs to, from its runner's environment.
        var identity: Classroom50Identity?
        var output: String?
        /// The sandbox's limits and users.
        var policy: SandboxPolicy
        /// False with `--no-sandbox`: the tests run uncontained.
        var sandboxed: Bool
        var maxSubmissionSize: Int
        /// A class: the options each student's grader is given, and the shard of the class.
        var forwarded: [String]
        var sharding: ShardOption?
        var studentBudget: Double
        /// `--since`: an earlier grading's results folder, for a class.
        var since: String?
        var similarityThreshold = Similarity.defaultThreshold

        init(_ values: Arguments) throws {
            guard values.paths.isEmpty else { throw LessonError(.usage, "unexpected argument '\(values.paths[0])'") }
            check = GradingOptions()
            check.budget = try values.value(Option.budget)
            check.attempt = try Self.attempt(values)
            check.cpus = try values.value(Option.cpus)
            check.driverCommands = try values.value(Option.driverCommands)
            try Option.limits.apply(values, to: &check.execution)
            catalog = try values.value(SharedOptions.engines)?.catalog ?? EngineCatalog.ofCourse()
            policy = try GradeCommand.sandboxPolicy(values)
            sandboxed = !values.isSet(Option.noSandbox)
            output = try values.value(Option.output)
            maxSubmissionSize = try values.value(Option.maxSubmissionSize) ?? (1 << 20)
            forwarded = values.forwarded(GradeCommand.help.declarations)
            studentBudget = BatchGrader.studentBudget(
                budget: check.budget, buildTimeout: try values.value(Option.limits.buildTimeout),
                timeout: try values.value(Option.limits.timeout))
            exerciseID = try values.value(Option.exercise) ?? ""
            format = .text
            if values.isSet(Option.checkSandbox) {
                mode = .checkSandbox
                return
            }
            guard values.isGiven(Option.exercise) else { throw LessonError(.usage, "--exercise ID is required") }
            if !values.isGiven(Option.submissions) && values.isGiven(Option.shard) {
                throw LessonError(.usage, "--shard is for a class: --submissions DIR")
            }
            since = try values.value(Option.since)
            if values.isGiven(Option.since) && values.isGiven(Option.shard) {
                // A shard holds some of the class: the others would read as gone since the earlier grading.
                throw LessonError(.usage, "--since compares a whole class: it cannot be used with --shard")
            }
            if values.isGiven(Option.submissions)
                && (values.isGiven(Option.attempt) || values.isGiven(Option.submissionMetadata))
            {
                throw LessonError(.usage, "--attempt is one student's: it cannot be used with --submissions")
            }
            let classOnly: [any DeclaredOption] = [Option.since, Option.similarityThreshold]
            for option in classOnly where values.isGiven(option) && !values.isGiven(Option.submissions) {
                throw LessonError(.usage, "\(option.declaration.name) is for a class: --submissions DIR")
            }
            similarityThreshold = try values.value(Option.similarityThreshold) ?? Similarity.defaultThreshold
            mode = try Self.mode(values)
            sharding = try ShardOption.parse(values, shard: Option.shard, durations: Option.durations)
            let isBatch = if case .batch = mode { true } else { false }
            format = try values.value(Option.format) ?? (isBatch || output != nil ? .exercism : .text)
            if format == .classroom50 {
                identity = try Classroom50Identity.from(environment: ProcessInfo.processInfo.environment)
            }
            if output != nil && format == .text {
                throw LessonError(
                    .usage, "--output writes a platform's results file: use a --format other than text")
            }
        }

        /// `--attempt N`, or the attempt Gradescope's `--submission-metadata` says; nil without either.
        private static func attempt(_ values: Arguments) throws -> Int? {
            let given = try values.value(Option.attempt)
            guard let metadata = try values.value(Option.submissionMetadata) else { return given }
            guard given == nil else {
                throw LessonError(.usage, "--attempt and --submission-metadata say the same thing: give one")
            }
            // Metadata that cannot be read costs the student their hints, not their grade.
            do {
                return try GradescopeMetadata.attempt(readingFile: metadata)
            } catch {
                printError("warning: \(error); no hint is shown")
                return nil
            }
        }

        private static func mode(_ values: Arguments) throws -> Mode {
            guard let submissions = try values.value(Option.submissions) else {
                guard let submission = try values.value(Option.submission) else {
                    throw LessonError(.usage, "--submission FILE (or --submissions DIR) is required")
                }
                return .single(submission: submission)
            }
            guard CheckCommand.isFolder(submissions) else {
                throw LessonError(.usage, "--submissions needs a folder of student folders")
            }
            guard let output = try values.value(Option.output) else {
                throw LessonError(.usage, "--submissions needs --output OUT for the results and summary.csv")
            }
            guard !values.isGiven(Option.submission) else {
                throw LessonError(.usage, "--submission and --submissions cannot be used together")
            }
            return .batch(submissions: submissions, output: output)
        }
    }
}
