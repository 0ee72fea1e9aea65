import Foundation
import LessonKit

/// `lesson pack PLATFORM`: one exercise of a course, packed for the platform that grades it.
enum PackCommand {
    enum Option {
        static let checker = ValueOption(
            "--checker", "PATH",
            "The lesson executable to pack as bin/lesson (default: this one); it runs beside the Swift toolchain it "
                + "was built with (a build with --static-swift-stdlib beside any)")
        static let output = ValueOption("--output", "DIR", "The folder to write the pack into")
        static let noChecker = Flag(
            "--no-checker", "Pack no checker: the platform has lesson on PATH, or its adapter is given LESSON_BIN")
    }

    static let help = HelpPage(
        overview: """
            Writes into DIR what PLATFORM needs to grade exercise ID (classroom50, gradescope, prairielearn,
            exercism or codegrade): its adapter (the platform's entry point), the lesson that holds the exercise,
            the course's own engines, the hidden tests (--hidden, or hidden/ID.md beside the lesson), the checker
            itself (for classroom50 its package too, to build it where it does not run) and exercise.conf, which
            says where each is; no reference solution and no other lesson. DIR/README.md says where the pack goes on the platform. DIR must be new or
            empty.
            """,
        usage: """
            lesson pack PLATFORM --exercise ID --output DIR [--lesson PATH | --lessons DIR] [--hidden PATH]
                              [--engines DIR] [--checker PATH | --no-checker]
            """,
        sections: [
            (
                "OPTIONS",
                [
                    GradeCommand.Option.exercise, GradeCommand.Option.lesson, GradeCommand.Option.lessons,
                    GradeCommand.Option.hidden, Option.output,
                    SharedOptions.engines, Option.checker, Option.noChecker, SharedOptions.help,
                ]
            )
        ],
        notes: """
            EXIT STATUS:
              0 the pack was written; 2 usage error: an unknown platform or exercise, DIR not empty, a
              malformed hidden-tests file, a file that cannot be read or written.
            """)

    static func run(_ values: Arguments) throws -> Int32 {
        let names = Platform.allCases.map(\.rawValue)
        guard values.paths.count == 1, let platform = Platform(rawValue: values.paths[0]) else {
            throw LessonError(
                .usage, "pack takes one platform: \(names.joined(separator: ", ")), e.g. 'lesson pack gradescope'")
        }
        guard let exerciseID = try values.value(GradeCommand.Option.exercise) else {
            throw LessonError(.usage, "--exercise ID is required")
        }
        guard let folder = try values.value(Option.output) else {
            throw LessonError(.usage, "--output DIR is required")
        }
        if values.isSet(Option.noChecker), values.isGiven(Option.checker) {
            throw LessonError(.usage, "--checker and --no-checker cannot be used together")
        }
        let exercise = try GradeCommand.loadExercise(exerciseID, values)
        let hiddenPath = try values.value(GradeCommand.Option.hidden) ?? conventionalHidden(of: exercise)
        if let hiddenPath {
            if exercise.kind == .scenario {
                throw LessonError(.usage, "--hidden is for engine exercises: '\(exercise.id)' is a scenario exercise")
            }
            _ = try GradeCommand.hiddenPlan(hiddenPath)
        }
        let toolchain = try Toolchain.locate()
        let pack = PlatformPack(
            platform: platform, exercise: exercise, hiddenPath: hiddenPath,
            catalog: try values.value(SharedOptions.engines)?.catalog ?? EngineCatalog.ofCourse(),
            checker: values.isSet(Option.noChecker)
                ? nil : try values.value(Option.checker) ?? GradeCommand.selfExecutable,
            swiftVersion: try toolchain.version(), checkerSource: checkerPackage())
        for note in try pack.write(to: folder) { printError("note: \(note)") }
        print("wrote \(folder) for \(platform.rawValue): \(folder)/README.md says where it goes")
        return 0
    }

    /// The folder of this checker's package: the checkout around this binary, or the one it was built from.
    static func checkerPackage() -> String? {
        CheckerSource.checkout(around: GradeCommand.selfExecutable)
            ?? (CheckerSource.isCheckerPackage(CheckerSource.builtFrom) ? CheckerSource.builtFrom : nil)
    }

    /// `hidden/ID.md` beside the exercise's lesson, when there is one.
    static func conventionalHidden(of exercise: Exercise) -> String? {
        FileManager.default.fileExists(atPath: exercise.conventionalHiddenPath) ? exercise.conventionalHiddenPath : nil
    }
}
