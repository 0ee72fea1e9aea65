import Foundation
import LessonKit

/// `lesson grade`: grade a student's submission for an exercise.
enum GradeCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help"],
            options: [
                "--lesson", "--lessons", "--exercise", "--submission", "--hidden", "--format", "--output", "--timeout",
                "--max-output", "--jobs", "--engines",
            ])
        if values["--help"] != nil {
            print(Help.grade)
            return 0
        }
        guard parser.paths.isEmpty else {
            throw UsageError(description: "unexpected argument '\(parser.paths[0])'")
        }
        guard let id = values["--exercise"] else { throw UsageError(description: "--exercise ID is required") }
        guard let submissionPath = values["--submission"] else {
            throw UsageError(description: "--submission FILE is required")
        }
        var options = CheckOptions()
        if let timeout = try values.positiveNumber("--timeout") { options.timeout = timeout }
        if let limit = try values.byteSize("--max-output") { options.outputLimit = limit }
        if let jobs = try values.positiveInteger("--jobs") { options.jobs = jobs }
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
            guard FileManager.default.isReadableFile(atPath: lessonPath) else {
                throw UsageError(description: "\(lessonPath): no such lesson")
            }
            let plan = LessonPlanner.plan(Lesson.read(path: lessonPath))
            if let finding = plan.readingFindings.first {
                throw UsageError(description: "\(finding.location.description): \(finding.message)")
            }
            exercise = try Exercise.find(id, in: plan)
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
        guard let data = FileManager.default.contents(atPath: submissionFile) else {
            throw UsageError(description: "\(submissionPath): cannot read the submission")
        }
        var hidden: LessonPlan?
        if let hiddenPath = values["--hidden"] {
            guard FileManager.default.isReadableFile(atPath: hiddenPath) else {
                throw UsageError(description: "\(hiddenPath): cannot read the hidden tests")
            }
            hidden = LessonPlanner.plan(Lesson.read(path: hiddenPath))
        }
        let grader = Grader(toolchain: try Toolchain.locate(), options: options, catalog: catalog)
        let result: GradeResult
        do {
            result = try grader.grade(exercise, submission: String(decoding: data, as: UTF8.self), hidden: hidden)
        } catch let problem as Grader.Problem {
            throw UsageError(description: problem.description)
        }
        let rendered = format.render(result)
        if let output = values["--output"] {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try Data(rendered.utf8).write(to: URL(fileURLWithPath: output + "/results.json"))
            printError("\(result.exercise): \(result.status.rawValue), \(result.score)/\(result.maxScore) points")
        } else {
            writeOut(rendered)
        }
        return 0
    }
}
