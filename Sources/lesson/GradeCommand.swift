import Foundation
import LessonKit

/// `lesson grade`: grade a student's submission for an exercise.
enum GradeCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--no-sandbox"],
            options: [
                "--lesson", "--lessons", "--exercise", "--submission", "--submissions", "--hidden", "--format",
                "--output",
                "--timeout", "--max-output", "--jobs", "--engines", "--build-timeout", "--memory-limit", "--cpu-limit",
                "--process-limit", "--file-size-limit", "--uid-base", "--uid-count", "--hide", "--shard",
                "--durations",
            ])
        if values["--help"] != nil {
            print(Help.grade)
            return 0
        }
        guard parser.paths.isEmpty else {
            throw UsageError(description: "unexpected argument '\(parser.paths[0])'")
        }
        guard let id = values["--exercise"] else { throw UsageError(description: "--exercise ID is required") }
        if values["--submissions"] != nil {
            return try batch(values)
        }
        if values["--shard"] != nil { throw UsageError(description: "--shard is for a class: --submissions DIR") }
        guard let submissionPath = values["--submission"] else {
            throw UsageError(description: "--submission FILE (or --submissions DIR) is required")
        }
        var options = CheckOptions()
        options.buildTimeout = 60
        if let seconds = try values.positiveNumber("--build-timeout") { options.buildTimeout = seconds }
        try options.apply(values)
        let formatName = values["--format"] ?? (values["--output"] == nil ? "text" : "exercism")
        guard let format = GradeFormat(rawValue: formatName) else {
            throw UsageError(description: "--format takes text, exercism or gradescope, not '\(formatName)'")
        }
        if values["--output"] != nil && format == .text {
            throw UsageError(description: "--output writes results.json: use --format exercism or gradescope")
        }
        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }

        let exercise: Exercise
        if let lessonPath = values["--lesson"] {
            exercise = try Exercise.find(id, in: try wellFormedPlan(lessonPath, what: "lesson"))
        } else {
            exercise = try Exercise.locate(id, under: values["--lessons"] ?? "Lessons")
        }
        var submissionFile = submissionPath
        if CheckCommand.isFolder(submissionPath) {
            do {
                submissionFile = try exercise.submissionFile(in: submissionPath)
            } catch let problem as Exercise.NotFound {
                throw UsageError(description: problem.description)
            }
        }
        do {
            submissionFile = try Exercise.regularFile(submissionFile)
        } catch let problem as Exercise.NotFound {
            throw UsageError(description: problem.description)
        }
        guard let data = FileManager.default.contents(atPath: submissionFile) else {
            throw UsageError(description: "\(submissionPath): cannot read the submission")
        }
        var hidden: LessonPlan?
        if let hiddenPath = values["--hidden"] {
            let plan = try wellFormedPlan(hiddenPath, what: "hidden tests")
            if let finding = plan.scenarios.flatMap(\.attributeFindings).first {
                throw UsageError(description: "\(finding.location.description): \(finding.message)")
            }
            guard !Grader.gradable(plan).isEmpty else {
                throw UsageError(description: "\(hiddenPath) holds no test (a scenario with its expected output)")
            }
            hidden = plan
        }
        var sandbox: Sandbox?
        if values["--no-sandbox"] == nil {
            var policy = SandboxPolicy()
            if let size = try values.byteSize("--memory-limit") { policy.memoryLimit = size }
            if let seconds = try values.positiveInteger("--cpu-limit") { policy.cpuSeconds = seconds }
            if let count = try values.positiveInteger("--process-limit") { policy.processLimit = count }
            if let size = try values.byteSize("--file-size-limit") { policy.fileSizeLimit = size }
            if let uid = try values.positiveInteger("--uid-base") { policy.firstUID = uid }
            if let count = try values.positiveInteger("--uid-count") { policy.uidCount = count }
            policy.hiddenFolders = instructorFolders(
                lesson: exercise.plan.path, values: values, submission: submissionFile)
            policy.hiddenFiles = [exercise.plan.path, values["--hidden"]].compactMap { $0 }.map(
                LessonChecker.absolutePath)
            sandbox = Sandbox.detect(policy: policy)
        }
        let grader = Grader(toolchain: try Toolchain.locate(), options: options, catalog: catalog, sandbox: sandbox)
        let result: GradeResult
        do {
            result = try grader.grade(exercise, submission: String(decoding: data, as: UTF8.self), hidden: hidden)
        } catch let problem as Grader.Problem {
            throw UsageError(description: problem.description)
        }
        let rendered = format.render(result)
        if let output = values["--output"] {
            try ReportFile.createFolder(output)
            try ReportFile.write(rendered, to: output + "/results.json")
            printError("\(result.exercise): \(result.status.rawValue), \(result.score)/\(result.maxScore) points")
        } else {
            writeOut(rendered)
        }
        return 0
    }

    /// The plan of a lesson-format file the grader relies on; a malformed one is a usage error, at its line.
    static func wellFormedPlan(_ path: String, what: String) throws -> LessonPlan {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError(description: "\(path): cannot read the \(what)")
        }
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        if let finding = plan.readingFindings.first {
            throw UsageError(description: "\(finding.location.description): \(finding.message)")
        }
        return plan
    }

    /// What the student's program must not see: the lesson's folder and the course repository around it
    /// (its other lessons, their solutions), the `--lessons` root, the hidden tests, the submissions and
    /// results of the class, the folder the grader runs in, and `--hide`.
    static func instructorFolders(lesson: String, values: [String: String], submission: String) -> [String] {
        func parent(_ path: String) -> String {
            URL(fileURLWithPath: LessonChecker.absolutePath(path)).deletingLastPathComponent().path
        }
        var folders = [
            parent(lesson), repositoryRoot(of: parent(lesson)), values["--lessons"], values["--hidden"].map(parent),
            parent(parent(submission)), values["--output"].map(parent), FileManager.default.currentDirectoryPath,
            values["--hide"],
        ].compactMap { $0 }
        folders = folders.filter { !$0.isEmpty }.map(LessonChecker.absolutePath)
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
            throw UsageError(description: "--submissions needs a folder of student folders")
        }
        guard let output = values["--output"] else {
            throw UsageError(description: "--submissions needs --output OUT for the results and summary.csv")
        }
        guard values["--submission"] == nil else {
            throw UsageError(description: "--submission and --submissions cannot be used together")
        }
        var shared: [String] = []
        for name in [
            "--lesson", "--lessons", "--exercise", "--hidden", "--format", "--timeout", "--max-output", "--engines",
            "--build-timeout", "--memory-limit", "--cpu-limit", "--process-limit", "--file-size-limit", "--hide",
        ] {
            if let value = values[name] { shared += [name, value] }
        }
        if values["--no-sandbox"] != nil { shared.append("--no-sandbox") }
        let jobs = try values.positiveInteger("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let budget =
            60 + 2 * (try values.positiveNumber("--build-timeout") ?? 60) + 20
            * (try values.positiveNumber("--timeout") ?? 10)
        var grader = BatchGrader(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            sharedArguments: shared, jobs: jobs, firstUID: try values.positiveInteger("--uid-base") ?? 61_000,
            studentBudget: budget)
        if let sharding = try ShardOption.parse(values) { grader.selectStudents = { sharding.select($0) } }
        try ReportFile.createFolder(output)
        let rows: [BatchGrader.Row]
        do {
            rows = try grader.grade(submissions: submissions, output: output)
        } catch {
            throw ReportFile.Unwritable(path: output + "/summary.csv", reason: ReportFile.reason(of: error))
        }
        let errors = rows.filter { $0.status == "error" }.count
        printError("graded \(rows.count) submissions (\(errors) with status error): \(output)/summary.csv")
        return 0
    }
}
