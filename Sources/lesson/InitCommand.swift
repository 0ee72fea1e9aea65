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
            "--checker", "URL[@VERSION]|PATH",
            "The lesson checker the package depends on: its repository URL, with a version, commit or branch "
                + "after '@', or a local checkout's path, which CI cannot reach (default: $LESSON_CHECKER, else "
                + "the checkout this lesson is in, at its origin repository when it has one, else the package "
                + "it was built from)")
    }

    static let help = HelpPage(
        overview: """
            Writes a course package in DIR (default: the current folder): Package.swift, named after DIR and
            depending on the lesson checker, a .gitignore, a Swift Testing test that checks each lesson, a
            sample lesson in Lessons/, a GitHub Actions workflow and a README. An existing file is never
            overwritten: it is kept, and said so.
            """,
        usage: "lesson init [--language tr|vi|en] [--checker URL[@VERSION]|PATH] [DIR]",
        sections: [("OPTIONS", [Option.language, Option.checker, SharedOptions.help])],
        notes: """
            EXIT STATUS:
              0 the package is there (files written, or kept as they were); 2 usage error, or a file that
              cannot be written.
            """)

    /// The package's name: its folder's (`my-course` for `lesson init my-course`, the current folder's for
    /// `lesson init`).
    static func packageName(of folder: String) -> String {
        let name = URL(fileURLWithPath: Paths.absolute(folder)).standardizedFileURL.lastPathComponent
        return name.isEmpty || name == "/" ? "Course" : name
    }

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
        var dependency = CheckerDependency(found.dependency)
        var how = found.how
        // A checkout cloned from a repository: the course depends on that repository, at this commit's tag
        // or at the commit, which CI can fetch, rather than on a folder of this machine.
        if !dependency.isURL,
            let published = PublishedCheckout.published(
                dependency.location, environment: ProcessInfo.processInfo.environment)
        {
            how += ", published at its origin remote"
            dependency = published
        }
        let lesson = CourseTemplate.lessonPath(language)
        let files: [(path: String, text: String)] = [
            ("Package.swift", CourseTemplate.manifest(dependency: dependency, name: packageName(of: folder))),
            (".gitignore", CourseTemplate.gitignore),
            ("Tests/LessonTests/Lessons.swift", CourseTemplate.test),
            (lesson, CourseTemplate.lesson(language)),
            (".github/workflows/lessons.yml", CourseTemplate.workflow),
            ("README.md", CourseTemplate.readme(name: packageName(of: folder), lesson: lesson)),
        ]
        for file in files {
            let path = folder == "." ? file.path : folder + "/" + file.path
            if FileManager.default.fileExists(atPath: path) {
                print("kept \(path): it exists")
                continue
            }
            try ReportFile.createFolder(Paths.parent(path))
            try ReportFile.write(file.text, to: path)
            print("wrote \(path)")
        }
        print("the package depends on the lesson checker at \(dependency.description) (\(how))")
        if !dependency.isURL {
            printError(
                "warning: Package.swift depends on the lesson checker by a folder of this machine "
                    + "(\(dependency.location)), which the course's CI cannot reach: name the checker's repository "
                    + "and version with --checker URL@VERSION, or edit the dependency in Package.swift "
                    + "(docs/course-package.md, \"Where the checker comes from\")")
        }
        let place = folder == "." ? "" : "cd \(folder) && "
        print("check the lessons with: \(place)swift test --disable-xctest")
        return 0
    }
}
