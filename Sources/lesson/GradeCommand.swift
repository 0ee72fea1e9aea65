import Foundation
import LessonKit

/// `lesson grade`: grade a student's submission for an exercise.
enum GradeCommand {
    /// The options of `lesson grade`, declared once; those marked `forwarded` go on to each student's grader.
    enum Option {
        static let exercise = ValueOption(
            "--exercise", "ID", "The exercise (exercise=ID in the lesson)", forwarded: true)
        static let submission = ValueOption(
            "--submission", "PATH",
            "The student's file: main.swift for a scenario exercise, the engine file (e.g. Sync.swift) for an engine "
                + "exercise; or a folder holding that file or exactly one .swift file")
        static let submissionDescriptor = ValueOption(
            "--submission-descriptor", "N",
            "The submission's folder is open at descriptor N (a class batch passes each student's so): --submission "
                + "then only names it",
            read: OptionValues.positiveInteger)
        static let driverCommands = ValueOption(
            "--driver-commands", "FILE",
            "The compiler driver's commands, learnt once for a class (a class batch passes its own): each student's "
                + "grader then does not ask the driver")
        static let lesson = ValueOption(
            "--lesson", "PATH", "The lesson that holds the exercise (default: found under --lessons)", forwarded: true)
        static let lessons = ValueOption(
            "--lessons", "DIR", "Where to look for the exercise without --lesson (default: Lessons)", forwarded: true)
        static let hidden = ValueOption(
            "--hidden", "PATH",
            "More tests for an engine exercise, in a lesson-format file students never see; their source and "
                + "expected output never appear in a result",
            forwarded: true)
        static let format = ValueOption(
            "--format", "FORMAT",
            GradeFormat.helpList, forwarded: true, read: GradeFormat.read)
        static let output = ValueOption(
            "--output", "DIR",
            "Write DIR/results.json (DIR/results.xml for junit) and DIR/instructor.json (default format then: "
                + "exercism)")
        static let limits = RunLimitOptions(
            timeout: SharedOptions.timeout("test run"), maxOutput: SharedOptions.maxOutput("one test"),
            buildTimeout: SharedOptions.buildTimeout("building the submission", seconds: 60))
        static let submissions = ValueOption(
            "--submissions", "DIR",
            "Grade a class: each subfolder of DIR is one student; writes OUT/<student>/results.json and "
                + "OUT/summary.csv (needs --output OUT)")
        static let since = ValueOption(
            "--since", "DIR",
            "With --submissions: an earlier grading's --output; regrade.csv and the class page say whose result "
                + "changed and which tests changed it")
        static let similarityThreshold = ValueOption(
            "--similarity-threshold", "T",
            "With --submissions: the share of code (0 to 1) above which a pair of submissions is flagged on the class "
                + "page (default: 0.5); similarity.csv lists every pair",
            read: OptionValues.share)
        static let attempt = ValueOption(
            "--attempt", "N",
            "Which attempt of the student's this is (from 1): a failed one shows the exercise's first N-1 hints",
            read: OptionValues.positiveInteger)
        static let submissionMetadata = ValueOption(
            "--submission-metadata", "FILE",
            "Gradescope's submission_metadata.json: the attempt is its previous submissions + 1 (as --attempt)")
        static let budget = ValueOption(
            "--budget", "S",
            "Wall-clock limit of the whole grading (a platform's window): tests run at once, and those it cuts short "
                + "are errors that say so (default: none)",
            forwarded: true, read: OptionValues.positiveNumber)
        static let cpus = ValueOption(
            "--cpus", "N",
            "CPU cores one student's tests may use at once, all their processes together (default: none for one "
                + "submission; in a class, the cores divided by --jobs)",
            read: OptionValues.positiveNumber)
        static let maxSubmissionSize = ValueOption(
            "--max-submission-size", "SIZE", "Largest submission file graded (default: 1M)", forwarded: true,
            read: OptionValues.byteSize)
        static let checkSandbox = Flag(
            "--check-sandbox", "Print what a contained run gets on this machine, and why not, then exit")
        static let shard = SharedOptions.shard(
            "With --submissions: grade only shard INDEX of COUNT of the students; lesson merge joins the shards' "
                + "summary.csv files")
        static let durations = SharedOptions.durations("the seconds column of an earlier summary.csv")
        static let cpuLimit = ValueOption(
            "--cpu-limit", "S", "CPU seconds a test may use (default: the --timeout)", forwarded: true,
            read: OptionValues.positiveInteger)
        static let memoryLimit = ValueOption(
            "--memory-limit", "SIZE", "Address space of a test (default: 512M)", forwarded: true,
            read: OptionValues.byteSize)
        static let processLimit = ValueOption(
            "--process-limit", "N", "Processes and threads of the sandbox user (default: 64)", forwarded: true,
            read: OptionValues.positiveInteger)
        static let fileSizeLimit = ValueOption(
            "--file-size-limit", "SIZE", "Largest file a test may write (default: 16M)", forwarded: true,
            read: OptionValues.byteSize)
        static let hide = ValueOption("--hide", "DIR", "One more folder the submission must not see", forwarded: true)
        static let uidBase = ValueOption(
            "--uid-base", "UID", "First user ID of the sandbox users (default: 61000)",
            read: OptionValues.positiveInteger)
        static let uidCount = ValueOption(
            "--uid-count", "N", "How many sandbox users (default: 64)", read: OptionValues.positiveInteger)
        static let noSandbox = Flag("--no-sandbox", "Run the tests uncontained (trusted code only)", forwarded: true)
    }

    static let help = HelpPage(
        overview: """
            Grades a student's submission for an exercise of a lesson (a block marked exercise=ID):
            builds it against the engine, runs every test, and reports each test passed, failed or errored with
            a specific reason, in the lesson's language.
            """,
        usage: """
            lesson grade --exercise ID --submission FILE [--lesson PATH] [--hidden PATH]
                                [--format FORMAT] [--output DIR]
                   lesson grade --exercise ID --submissions DIR --output OUT [--lesson PATH] [--hidden PATH]
            """,
        sections: [
            (
                "OPTIONS",
                [
                    Option.exercise, Option.submission, Option.submissionDescriptor, Option.driverCommands,
                    Option.lesson, Option.lessons,
                    Option.hidden, Option.format,
                    Option.output, Option.attempt, Option.submissionMetadata, Option.limits.timeout,
                    Option.limits.maxOutput, Option.limits.jobs,
                    SharedOptions.engines, Option.submissions, Option.since, Option.similarityThreshold, Option.budget,
                    Option.maxSubmissionSize,
                    Option.checkSandbox, Option.shard, Option.durations,
                ]
            ),
            (
                "CONTAINMENT (Linux: each mechanism is tried, and what works is used; see --check-sandbox)",
                [
                    Option.limits.buildTimeout, Option.limits.buildMemoryLimit, Option.cpuLimit, Option.cpus,
                    Option.memoryLimit,
                    Option.processLimit, Option.fileSizeLimit, Option.hide, Option.uidBase, Option.uidCount,
                    Option.noSandbox, SharedOptions.help,
                ]
            ),
        ],
        notes: """
            Each test is worth 1 point unless its block says points=N.

            EXIT STATUS:
              0 grading completed, whatever the score; 2 the grader could not run (usage, unreadable files,
              unknown exercise); 128 + the signal when interrupted (a class batch after writing its summary).
            """)

    static func run(_ values: Arguments) throws -> Int32 {
        let options = try Options(values)
        switch options.mode {
        case .checkSandbox:
            return try checkSandbox(options)
        case .batch(let submissions, let output):
            return try batch(options, values, submissions: submissions, output: output)
        case .single(let submissionPath):
            return try gradeOne(options, values, submissionPath: submissionPath)
        }
    }

    /// Grades one submission and writes its result.
    static func gradeOne(_ options: Options, _ values: Arguments, submissionPath: String) throws -> Int32 {
        let exercise = try loadExercise(options.exerciseID, values)
        let hidden = try loadHidden(values)
        var grader = Grader(toolchain: try Toolchain.locate(), options: options.check, catalog: options.catalog)
        let submission: (name: String, text: String)
        do {
            submission = try SubmissionFile.read(
                submissionPath, descriptor: try descriptor(values), of: exercise, maximum: options.maxSubmissionSize)
        } catch let problem as LessonError where problem.studentReason != nil {
            // With --output, the student's result says why nothing was graded, worth what the exercise is.
            guard let output = options.output, let reason = problem.studentReason else {
                throw LessonError(.usage, problem.description)
            }
            try write(grader.ungraded(exercise, hidden: hidden, reason: reason), options, to: output)
            return 0
        }
        if options.sandboxed {
            let policy = options.policy.grading(
                lesson: exercise.plan.path, lessonsRoot: try values.value(Option.lessons),
                hidden: try values.value(Option.hidden), submission: submission.name,
                output: options.output, extra: try values.value(Option.hide),
                runtimeLibraries: grader.toolchain.runtimeLibraries)
            grader.sandbox = Sandbox.detect(policy: policy, launcher: launcherExecutable)
        }
        let result = try grader.grade(exercise, submission: submission.text, hidden: hidden)
        if let output = options.output {
            try write(result, options, to: output)
        } else {
            writeOut(options.format.render(result, identity: options.identity))
        }
        return 0
    }

    /// The descriptor of `--submission-descriptor`, kept from the programs the grader starts.
    static func descriptor(_ values: Arguments) throws -> Int32? {
        guard let number = try values.value(Option.submissionDescriptor) else { return nil }
        guard fcntl(Int32(number), F_SETFD, FD_CLOEXEC) == 0 else {
            throw LessonError(.usage, "--submission-descriptor \(number): no such open descriptor")
        }
        return Int32(number)
    }

    /// This `lesson` executable: it grades each student of a class, and holds the containment launcher.
    static let selfExecutable: String = {
        #if os(Linux)
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        #else
            return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }()

    /// The containment launcher: `lesson-contain` beside this executable, which starts in a few
    /// milliseconds (it loads neither Foundation nor most of the Swift runtime, where `lesson` spends about
    /// 16 ms loading them), or this executable's own `__contain` when it is not there (a copied binary).
    static let launcherExecutable: String = {
        let beside = Paths.parent(selfExecutable) + "/lesson-contain"
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : selfExecutable
    }()

    /// The limits of `--memory-limit`, `--cpu-limit`, `--process-limit`, `--file-size-limit` and the UIDs.
    static func sandboxPolicy(_ values: Arguments) throws -> SandboxPolicy {
        var policy = SandboxPolicy()
        if let size = try values.value(Option.memoryLimit) { policy.memoryLimit = size }
        if let seconds = try values.value(Option.cpuLimit) { policy.cpuSeconds = seconds }
        if let count = try values.value(Option.processLimit) { policy.processLimit = count }
        if let size = try values.value(Option.fileSizeLimit) { policy.fileSizeLimit = size }
        if let uid = try values.value(Option.uidBase) { policy.firstUID = uid }
        if let count = try values.value(Option.uidCount) { policy.uidCount = count }
        return policy
    }

    /// `--check-sandbox`: what a contained run gets on this machine, each protection with its reason.
    static func checkSandbox(_ options: Options) throws -> Int32 {
        let sandbox = Sandbox.detect(policy: options.policy, launcher: launcherExecutable)
        let timeout = options.check.timeout
        let output = options.check.outputLimit
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

    /// Writes `OUT/results.json` (or `results.xml`, and what else the format has) and says the score on stderr.
    static func write(_ result: GradeResult, _ options: Options, to output: String) throws {
        // An interrupted grade writes nothing: its programs were stopped, and their results mean nothing.
        guard !Cleanup.shared.isInterrupted else { return }
        try ReportFile.createFolder(output)
        for file in options.format.files(result, identity: options.identity) {
            try ReportFile.write(file.text, to: output + "/" + file.name)
        }
        // What students are not shown (why each hidden test failed, the whole time) is the instructor's.
        try ReportFile.write(result.instructorReport, to: output + "/instructor.json")
        printError("\(result.exercise): \(result.status.rawValue), \(result.score)/\(result.maxScore) points")
    }

    /// The exercise, from `--lesson` or found under `--lessons`.
    static func loadExercise(_ id: String, _ values: Arguments) throws -> Exercise {
        if let lessonPath = try values.value(Option.lesson) {
            return try Exercise.find(id, in: try wellFormedPlan(lessonPath, what: "lesson"))
        }
        return try Exercise.locate(id, under: try values.value(Option.lessons) ?? "Lessons")
    }

    /// The hidden tests of `--hidden`: a well-formed file holding at least one test.
    static func loadHidden(_ values: Arguments) throws -> LessonPlan? {
        guard let hiddenPath = try values.value(Option.hidden) else { return nil }
        return try hiddenPlan(hiddenPath)
    }

    /// The hidden tests at `hiddenPath`: a well-formed file holding at least one test.
    static func hiddenPlan(_ hiddenPath: String) throws -> LessonPlan {
        let plan = try wellFormedPlan(hiddenPath, what: "hidden tests")
        if let finding = plan.scenarios.flatMap(\.attributeFindings).first {
            throw LessonError(.usage, "\(finding.location.description): \(finding.message)")
        }
        guard !Grader.gradable(plan).isEmpty else {
            throw LessonError(.usage, "\(hiddenPath) holds no test (a scenario with its expected output)")
        }
        return plan
    }

    /// The plan of a lesson-format file the grader relies on; a malformed one is a usage error, at its line.
    static func wellFormedPlan(_ path: String, what: String) throws -> LessonPlan {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw LessonError(.usage, "\(path): cannot read the \(what)")
        }
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        // A file the grader relies on is exact: a fence left open is an error here.
        if let finding = plan.readingFindings.first
            ?? plan.lesson.readingWarnings.first(where: { $0.kind == .unclosedFence })
        {
            throw LessonError(.usage, "\(finding.location.description): \(finding.message)")
        }
        return plan
    }

    /// `--submissions DIR --output OUT`: one `lesson grade` process per student.
    static func batch(_ options: Options, _ values: Arguments, submissions: String, output: String) throws -> Int32 {
        // What a student's result says when their submission could not be graded at all.
        let exercise = try loadExercise(options.exerciseID, values)
        let hidden = try loadHidden(values)
        let grader = Grader(toolchain: try Toolchain.locate(), options: GradingOptions())
        // Each student gets their share of the machine, so that a student whose programs keep every core
        // busy slows no one graded beside them.
        let cpus =
            options.check.cpus ?? Double(ProcessInfo.processInfo.activeProcessorCount) / Double(options.check.jobs)
        // The driver's commands, learnt once for the class, in a folder only this grader can write.
        let ownFolder = try WorkDirectory.create(prefix: "lesson-class")
        defer { ownFolder.remove() }
        let commands = ownFolder.path + "/driver-commands.json"
        let known = TwoProgramBuild.writeRecipe(toolchain: try Toolchain.locate(), to: commands)
        var batch = BatchGrader(
            executable: selfExecutable,
            sharedArguments: options.forwarded + ["--cpus", String(cpus)]
                + (known ? ["--driver-commands", commands] : []),
            jobs: options.check.jobs,
            uids: options.policy.firstUID..<(options.policy.firstUID + options.policy.uidCount),
            uidLockFolder: ScratchFolder.uidLockFolder(fallback: ownFolder.path), studentBudget: options.studentBudget,
            format: options.format, identity: options.identity,
            ungraded: { grader.ungraded(exercise, hidden: hidden, reason: $0, detail: $1) })
        if let sharding = options.sharding { batch.selectStudents = { sharding.select($0) } }
        batch.similarity = (exercise, options.similarityThreshold, options.maxSubmissionSize)
        // Read before anything is written: the earlier results may be in the output folder itself.
        if let since = options.since { batch.earlier = try Regrade.earlierStudents(in: since, pageFolder: output) }
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
