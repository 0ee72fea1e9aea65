import Foundation
import LessonKit

/// `lesson eject PATH:LINE DIR`: a scenario written out as a Swift package, to run or debug elsewhere.
enum EjectCommand {
    static let help = HelpPage(
        overview: """
            Writes the scenario that holds LINE of the lesson at PATH as a Swift package in DIR, as its reader
            builds it: the engine's files and the scenario as main.swift in one executable target named main,
            in the lesson's Swift language mode, and the expected output in expected-output.txt. `swift run`
            in DIR prints what the checker ran. DIR must be new or empty: nothing is overwritten.
            """,
        usage: "lesson eject [--engines DIR] PATH:LINE DIR",
        sections: [("OPTIONS", [SharedOptions.engines, SharedOptions.help])],
        notes: """
            EXIT STATUS:
              0 the package was written; 2 usage error: no scenario at that line, DIR not empty, an unknown
              engine, or a file that cannot be written.
            """)

    static func run(_ values: Arguments) throws -> Int32 {
        guard values.paths.count == 2, let (path, line) = BlockAddressArgument.address(values.paths[0]) else {
            throw LessonError(
                .usage,
                "eject takes a scenario's PATH:LINE and the folder to write, e.g. "
                    + "'lesson eject Lessons/01.md:42 scenario'")
        }
        let folder = values.paths[1]
        let catalog = try values.value(SharedOptions.engines)?.catalog ?? EngineCatalog.ofCourse()
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        do {
            let package = try ScenarioPackage.of(plan, line: line, catalog: catalog)
            try package.write(to: folder)
            for file in package.files { print("wrote \(folder)/\(file.path)") }
            print("run it with: cd \(folder) && swift run")
            return 0
        } catch let refusal as ScenarioPackage.Refusal {
            throw LessonError(.usage, refusal.description)
        }
    }
}
