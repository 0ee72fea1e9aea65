import Foundation

/// The driver's commands for merged builds (`SeparateCompilation.learn`), asked for once per process and
/// toolchain, and early: a check with scenarios to build, whose cache does not hold the commands yet, starts
/// asking once its lessons are planned, while it resolves their engines and searches its cache for their
/// results (`prefetch`), so that its first merged build does not wait for `swiftc -###` (about 50 ms, on
/// the path to every result of a cold check). The check's cache keeps the answer for later checks
/// (`EngineObjects.forMergedBuilds`).
final class DriverRecipe: @unchecked Sendable {
    static let shared = DriverRecipe()

    private let lock = NSLock()
    private var questions: [String: Question] = [:]

    /// One question to the driver, answered on a thread of its own.
    private final class Question: @unchecked Sendable {
        let answered = DispatchGroup()
        var answer: Result<SeparateCompilation?, Error> = .success(nil)
    }

    /// Starts asking the driver, unless this process has asked already.
    func prefetch(toolchain: Toolchain, arguments: [String]) {
        _ = question(toolchain: toolchain, arguments: arguments)
    }

    /// The driver's answer, waited for when it is being asked. A driver that could not be asked is asked
    /// again by the next call: a long-running process (`lesson lsp`, `--watch`) is not stuck with a failure.
    func learn(toolchain: Toolchain, arguments: [String]) throws -> SeparateCompilation? {
        let asked = question(toolchain: toolchain, arguments: arguments)
        asked.answered.wait()
        if case .failure = asked.answer {
            lock.withLock {
                let key = Self.key(toolchain, arguments)
                if questions[key] === asked { questions[key] = nil }
            }
        }
        return try asked.answer.get()
    }

    /// Waits for every question still being asked: a check that needed no answer does not leave the driver
    /// running, nor its scratch folder behind, when the process ends.
    func settle() {
        let asked = lock.withLock { Array(questions.values) }
        for question in asked { question.answered.wait() }
    }

    private func question(toolchain: Toolchain, arguments: [String]) -> Question {
        lock.withLock {
            let key = Self.key(toolchain, arguments)
            if let asked = questions[key] { return asked }
            let question = Question()
            question.answered.enter()
            questions[key] = question
            Thread {
                question.answer = Result { try SeparateCompilation.learn(toolchain: toolchain, arguments: arguments) }
                question.answered.leave()
            }.start()
            return question
        }
    }

    private static func key(_ toolchain: Toolchain, _ arguments: [String]) -> String {
        ([toolchain.swiftc, toolchain.swiftFrontend ?? ""] + arguments).joined(separator: "\u{0}")
    }
}
