import Foundation
import LessonKit

/// `lesson init`: writes a course package whose `swift test` checks its lessons at once.
enum InitCommand {
    enum Option {
        static let language = ValueOption(
            "--language", "LANG", "The sample lesson's language: tr, vi or en (default: en)"
        ) { name, text in
            guard let language = CourseTemplate.Language(rawValue: text) else {
                throw LessonError(.usage, "\(name) takes tr, vi or en, not '\(text)'")
            }
            return language
        }
        static let checker = ValueOption(
            "--checker", "URL|PATH",
            "The lesson checker the package depends on: its repository URL, or a local checkout's path "
                + "(default: $LESSON_CHECKER, else the checkout this lesson is in, else the package it was "
                + "built from)")
    }

    static let help = HelpPage(
        overview: """
            Writes a course package in DIR (default: the current folder): Package.swift depending on the
            lesson checker, a Swift Testing test that checks each lesson, a sample lesson in Lessons/, a
            GitHub Actions workflow and a README. An existing file is never overwritten: it is kept, and
            said so.
            """,
        usage: "lesson init [--language tr|vi|en] [--checker URL|PATH] [DIR]",
        sections: [("OPTIONS", [Option.language, Option.checker, SharedOptions.help])],
        notes: """
            EXIT STATUS:
              0 the package is there (files written, or kept as they were); 2 usage error, or a file that
              cannot be written.
            """)

    static func run(_ values: Arguments) throws -> Int32 {
        guard values.paths.count <= 1 else {
            throw LessonError(.usage, "init takes one folder, not \(values.paths.count)")
        }
        let folder = values.paths.first ?? "."
        let language = try values.value(Option.language) ?? .en
        let found =
            try values.value(Option.checker).map { CheckerSource.Found(dependency: $0, how: "--checker") }
            ?? CheckerSource.locate(
                executable: GradeCommand.selfExecutable, environment: ProcessInfo.processInfo.environment)
        guard let found else {
            throw LessonError(
                .usage,
                "cannot tell where the lesson checker is: this binary was built from \(CheckerSource.builtFrom), "
                    + "which holds it no more; name it with --checker URL|PATH or \(CheckerSource.environmentVariable)")
        }
        let dependency = found.dependency
        let lesson = CourseTemplate.lessonPath(language)
        let files: [(path: String, text: String)] = [
            (
                "Package.swift",
                CourseTemplate.manifest(dependency: dependency, identity: CourseTemplate.identity(of: dependency))
            ),
            ("Tests/LessonTests/Lessons.swift", CourseTemplate.test),
            (lesson, CourseTemplate.lesson(language)),
            (".github/workflows/lessons.yml", CourseTemplate.workflow),
            ("README.md", CourseTemplate.readme(lesson: lesson)),
        ]
        for file in files {
            let path = folder == "." ? file.path : folder + "/" + file.path
            if FileManager.default.fileExists(atPath: path) {
                print("kept \(path): it exists")
                continue
            }
            try ReportFile.createFolder((path as NSString).deletingLastPathComponent)
            try ReportFile.write(file.text, to: path)
            print("wrote \(path)")
        }
        print("the package depends on the lesson checker at \(dependency) (\(found.how))")
        let place = folder == "." ? "" : "cd \(folder) && "
        print("check the lessons with: \(place)swift test")
        return 0
    }
}
