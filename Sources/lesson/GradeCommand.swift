import Foundation
import LessonKit

/// `lesson grade`: grade a student's submission for an exercise.
enum GradeCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--no-sandbox", "--check-sandbox"],
            options: [
                "--lesson", "--lessons", "--exercise", "--submission", "--submissions", "--hidden", "--format",
                "--output",
                "--timeout", "--max-output", "--jobs", "--engines", "--build-timeout", "--memory-limit", "--cpu-limit",
                "--process-limit", "--file-size-limit", "--uid-base", "--uid-count", "--hide", "--budget",
                "--build-memory-limit", "--max-submission-size", "--shard", "--durations",
            ])
        if values["--help"] != nil {
            print(Help.grade)
            return 0
        }
        guard parser.paths.isEmpty else {
            throw LessonError(.usage, "unexpected argument '\(parser.paths[0])'")
        }
        if values["--check-sandbox"] != nil { return try checkSandbox(values) }
        guard let id = values["--exercise"] else { throw LessonError(.usage, "--exercise ID is required") }
        if values["--submissions"] != nil {
            return try batch(values)
        }
        if values["--shard"] != nil { throw LessonError(.usage, "--shard is for a class: --submissions DIR") }
        guard let submissionPath = values["--submission"] else {
            throw LessonError(.usage, "--submission FILE (or --submissions DIR) is required")
        }
        var options = CheckOptions()
        options.buildTimeout = 60
        options.budget = try values.positiveNumber("--budget")
        try options.apply(values)
        let formatName = values["--format"] ?? (values["--output"] == nil ? "text" : "exercism")
        guard let format = GradeFormat(rawValue: formatName) else {
            throw LessonError(.usage, "--format takes text, exercism or gradescope, not '\(formatName)'")
        }
        if values["--output"] != nil && format == .text {
            throw LessonError(.usage, "--output writes results.json: use --format exercism or gradescope")
        }
        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }
        let exercise = try loadExercise(id, values)
        let hidden = try loadHidden(values)
        let grader = Grader(toolchain: try Toolchain.locate(), options: options, catalog: catalog)
        let submissionFile: String
        do {
            submissionFile = try Self.submissionFile(submissionPath, of: exercise)
        } catch let problem as LessonError where problem.studentReason != nil {
            // With --output, the student's result says why nothing was graded, worth what the exercise is.
            guard let output = values["--output"], let reason = problem.studentReason else {
                throw LessonError(.usage, problem.description)
            }
            try write(grader.ungraded(exercise, hidden: hidden, reason: reason), as: format, to: output)
            return 0
        }
        let maximum = try values.byteSize("--max-submission-size") ?? (1 << 20)
        let size = (try? FileManager.default.attributesOfItem(atPath: submissionFile)[.size] as? Int) ?? 0
        if size > maximum {
            let reason =
                "the submission holds \(ByteCount.describe(size)), more than the \(ByteCount.describe(maximum)) "
                + "a submission may hold (--max-submission-size)"
            guard let output = values["--output"] else { throw LessonError(.usage, "\(submissionPath): \(reason)") }
            try write(grader.ungraded(exercise, hidden: hidden, reason: reason), as: format, to: output)
            return 0
        }
        guard let data = FileManager.default.contents(atPath: submissionFile) else {
            throw LessonError(.usage, "\(submissionPath): cannot read the submission")
        }
        var sandbox: Sandbox?
        if values["--no-sandbox"] == nil {
            var policy = try sandboxPolicy(values)
            policy.hiddenFolders = instructorFolders(
                lesson: exercise.plan.path, values: values, submission: submissionFile)
            policy.hiddenFiles = [exercise.plan.path, values["--hidden"]].compactMap { $0 }.map(
                Paths.absolute)
            policy.readablePaths = [grader.toolchain.runtimeLibraries].compactMap { $0 }
            sandbox = Sandbox.detect(policy: policy, launcher: selfExecutable)
        }
        var contained = grader
        contained.sandbox = sandbox
        let result = try contained.grade(
            exercise, submission: String(decoding: data, as: UTF8.self), hidden: hidden)
        if let output = values["--output"] {
            try write(result, as: format, to: output)
        } else {
            writeOut(format.render(result))
        }
        return 0
    }

    /// This `lesson` executable: it grades each student of a class, and holds the containment launcher.
    static let selfExecutable: String = {
        #if os(Linux)
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        #else
            return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }()

    /// The limits of `--memory-limit`, `--cpu-limit`, `--process-limit`, `--file-size-limit` and the UIDs.
    static func sandboxPolicy(_ values: [String: String]) throws -> SandboxPolicy {
        var policy = SandboxPolicy()
        if let size = try values.byteSize("--memory-limit") { policy.memoryLimit = size }
        if let seconds = try values.positiveInteger("--cpu-limit") { policy.cpuSeconds = seconds }
        if let count = try values.positiveInteger("--process-limit") { policy.processLimit = count }
        if let size = try values.byteSize("--file-size-limit") { policy.fileSizeLimit = size }
        if let uid = try values.positiveInteger("--uid-base") { policy.firstUID = uid }
        if let count = try values.positiveInteger("--uid-count") { policy.uidCount = count }
        return policy
    }

    /// `--check-sandbox`: what a contained run gets on this machine, each protection with its reason.
    static func checkSandbox(_ values: [String: String]) throws -> Int32 {
        let sandbox = Sandbox.detect(policy: try sandboxPolicy(values), launcher: selfExecutable)
        let timeout = try values.positiveNumber("--timeout") ?? 10
        let output = try values.byteSize("--max-output") ?? (1 << 20)
        let table = sandbox.protectionTable(timeout: timeout, outputLimit: output)
        let width = table.map(\.name.count).max() ?? 0
        var lines = [
            "protection" + String(repeating: " ", count: width - 10 + 2) + "in force  what it does, or why not"
        ]
        for row in table {
            let name = row.name + String(repeating: " ", count: width - row.name.count + 2)
            lines.append(name + (row.inForce ? "yes       " : "NO        ") + row.detail)
        }
        writeOut(lines.joined(separator: "\n") + "\n")
        return 0
    }

    /// Writes `OUT/results.json` and says the score on stderr.
    static func write(_ result: GradeResult, as format: GradeFormat, to output: String) throws {
        // An interrupted grade writes nothing: its programs were stopped, and their results mean nothing.
        guard !Cleanup.shared.isInterrupted else { return }
        try ReportFile.createFolder(output)
        try ReportFile.write(format.render(result), to: output + "/results.json")
        printError("\(result.exercise): \(result.status.rawValue), \(result.score)/\(result.maxScore) points")
    }

    /// The exercise, from `--lesson` or found under `--lessons`.
    static func loadExercise(_ id: String, _ values: [String: String]) throws -> Exercise {
        if let lessonPath = values["--lesson"] {
            return try Exercise.find(id, in: try wellFormedPlan(lessonPath, what: "lesson"))
        }
        return try Exercise.locate(id, under: values["--lessons"] ?? "Lessons")
    }

    /// The hidden tests of `--hidden`: a well-formed file holding at least one test.
    static func loadHidden(_ values: [String: String]) throws -> LessonPlan? {
        guard let hiddenPath = values["--hidden"] else { return nil }
        let plan = try wellFormedPlan(hiddenPath, what: "hidden tests")
        if let finding = plan.scenarios.flatMap(\.attributeFindings).first {
            throw LessonError(.usage, "\(finding.location.description): \(finding.message)")
        }
        guard !Grader.gradable(plan).isEmpty else {
            throw LessonError(.usage, "\(hiddenPath) holds no test (a scenario with its expected output)")
        }
        return plan
    }

    /// The student's file: the path itself, or the exercise's file (or only `.swift` file) in a folder.
    static func submissionFile(_ path: String, of exercise: Exercise) throws -> String {
        try Exercise.regularFile(CheckCommand.isFolder(path) ? try exercise.submissionFile(in: path) : path)
    }

    /// The plan of a lesson-format file the grader relies on; a malformed one is a usage error, at its line.
    static func wellFormedPlan(_ path: String, what: String) throws -> LessonPlan {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw LessonError(.usage, "\(path): cannot read the \(what)")
        }
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        if let finding = plan.readingFindings.first {
            throw LessonError(.usage, "\(finding.location.description): \(finding.message)")
        }
        return plan
    }

    /// What the student's program must not see: the lesson's folder and the course repository around it
    /// (its other lessons, their solutions), the `--lessons` root, the hidden tests, the submissions and
    /// results of the class, the folder the grader runs in, and `--hide`.
    static func instructorFolders(lesson: String, values: [String: String], submission: String) -> [String] {
        func parent(_ path: String) -> String {
            URL(fileURLWithPath: Paths.absolute(path)).deletingLastPathComponent().path
        }
        var folders = [
            parent(lesson), repositoryRoot(of: parent(lesson)), values["--lessons"], values["--hidden"].map(parent),
            parent(parent(submission)), values["--output"].map(parent), FileManager.default.currentDirectoryPath,
            values["--hide"],
        ].compactMap { $0 }
        folders = folders.filter { !$0.isEmpty }.map(Paths.absolute)
        return Array(Set(folders)).sorted()
    }

    /// The nearest folder above `folder` that holds `.git` or `Package.swift`: the course's repository.
    static func repositoryRoot(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder)
        while url.path != "/" {
            for marker in [".git", "Package.swift"]
            where FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// `--submissions DIR --output OUT`: one `lesson grade` process per student.
    static func batch(_ values: [String: String]) throws -> Int32 {
        guard let submissions = values["--submissions"], CheckCommand.isFolder(submissions) else {
            throw LessonError(.usage, "--submissions needs a folder of student folders")
        }
        guard let output = values["--output"] else {
            throw LessonError(.usage, "--submissions needs --output OUT for the results and summary.csv")
        }
        guard values["--submission"] == nil else {
            throw LessonError(.usage, "--submission and --submissions cannot be used together")
        }
        var shared: [String] = []
        for name in [
            "--lesson", "--lessons", "--exercise", "--hidden", "--format", "--timeout", "--max-output", "--engines",
            "--build-timeout", "--memory-limit", "--cpu-limit", "--process-limit", "--file-size-limit", "--hide",
            "--budget", "--build-memory-limit", "--max-submission-size",
        ] {
            if let value = values[name] { shared += [name, value] }
        }
        if values["--no-sandbox"] != nil { shared.append("--no-sandbox") }
        let jobs = try values.positiveInteger("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        // A student's grader may spend its own budget plus a margin to write its result; without one, two
        // builds and twenty test runs at their limits.
        let budget =
            try values.positiveNumber("--budget").map { $0 + 5 }
            ?? 60 + 2 * (try values.positiveNumber("--build-timeout") ?? 60) + 20
            * (try values.positiveNumber("--timeout") ?? 10)
        // What a student's result says when their submission could not be graded at all.
        let exercise = try loadExercise(values["--exercise"] ?? "", values)
        let hidden = try loadHidden(values)
        let grader = Grader(toolchain: try Toolchain.locate(), options: CheckOptions())
        let format = GradeFormat(rawValue: values["--format"] ?? "exercism") ?? .exercism
        var batch = BatchGrader(
            executable: selfExecutable,
            sharedArguments: shared, jobs: jobs, firstUID: try values.positiveInteger("--uid-base") ?? 61_000,
            studentBudget: budget, format: format,
            ungraded: { grader.ungraded(exercise, hidden: hidden, reason: $0) })
        if let sharding = try ShardOption.parse(values) { batch.selectStudents = { sharding.select($0) } }
        try ReportFile.createFolder(output)
        // An interrupted batch stops its students' graders and still writes the summary of what it has.
        Cleanup.shared.install(exitOnSignal: false)
        let rows: [BatchGrader.Row]
        do {
            rows = try batch.grade(submissions: submissions, output: output)
        } catch {
            throw ReportFile.unwritable(output + "/summary.csv", reason: ReportFile.reason(of: error))
        }
        let errors = rows.filter { $0.status == "error" }.count
        if Cleanup.shared.isInterrupted {
            printError(
                "interrupted: \(output)/summary.csv holds the \(rows.count) submissions, unfinished ones as errors")
            return 128 + Cleanup.shared.interruptingSignal
        }
        printError("graded \(rows.count) submissions (\(errors) with status error): \(output)/summary.csv")
        return 0
    }
}
