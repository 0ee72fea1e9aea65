import Foundation

/// An exercise of a lesson: a block marked `exercise=ID` whose starter code the student replaces.
package struct Exercise: Sendable {
    package enum Kind: Sendable, Equatable {
        /// The student writes the scenario (`main.swift`); its expected block is the target.
        case scenario
        /// The student implements an engine file; every scenario of the lesson runs against it.
        case engineFile(String)
    }

    package var id: String
    package var kind: Kind
    package var plan: LessonPlan
    /// The starter block.
    package var block: FencedBlock

    /// The file name the student hands in: `main.swift`, or the engine file's name.
    package var fileName: String {
        switch kind {
        case .scenario: "main.swift"
        case .engineFile(let name): name
        }
    }

    /// The scenario an exercise of kind `.scenario` is.
    package var scenario: Scenario? { plan.scenarios.first { $0.block.openingLine == block.openingLine } }

    /// The hints its author wrote: the ```` ```hint ```` blocks after its starter block and before the next
    /// exercise's, in order. Revealed one at a time as a student's failed attempts grow (`--attempt`).
    package var hints: [String] {
        let exercises = Set(
            plan.scenarios.filter { $0.options.exercise != nil }.map(\.block.openingLine)
                + plan.exerciseStarters.map(\.block.openingLine))
        let next = exercises.filter { $0 > block.openingLine }.min() ?? Int.max
        return plan.lesson.blocks.filter {
            $0.info.language.lowercased() == "hint" && $0.openingLine > block.openingLine && $0.openingLine < next
        }.map { $0.content.map(\.text).joined(separator: "\n") }
    }

    /// Where its hidden tests are by convention: `hidden/<ID>.md` beside its lesson.
    package var conventionalHiddenPath: String {
        let folder = Paths.parent(plan.path)
        return (folder.isEmpty ? "" : folder + "/") + "hidden/\(id).md"
    }

    /// The exercise `id` of `plan`.
    package static func find(_ id: String, in plan: LessonPlan) throws -> Exercise {
        if let scenario = plan.scenarios.first(where: { $0.options.exercise == id }) {
            return Exercise(id: id, kind: .scenario, plan: plan, block: scenario.block)
        }
        if let starter = plan.exerciseStarters.first(where: { $0.exercise == id }) {
            return Exercise(id: id, kind: .engineFile(starter.fileName), plan: plan, block: starter.block)
        }
        let known =
            (plan.scenarios.compactMap(\.options.exercise)
                + plan.exerciseStarters.compactMap(\.exercise))
        throw LessonError(
            .input,
            "\(plan.path) has no exercise '\(id)'"
                + (known.isEmpty ? " (it has no exercise)" : " (its exercises: \(known.joined(separator: ", ")))"))
    }

    /// The lesson under `folder` that holds exercise `id`, for adapters that know only the exercise.
    package static func locate(_ id: String, under folder: String) throws -> Exercise {
        for path in try LessonDiscovery.lessonFiles(in: [folder]) {
            let plan = LessonPlanner.plan(Lesson.read(path: path))
            if let exercise = try? find(id, in: plan) { return exercise }
        }
        throw LessonError(.input, "no lesson under \(folder) has exercise '\(id)'")
    }
}
