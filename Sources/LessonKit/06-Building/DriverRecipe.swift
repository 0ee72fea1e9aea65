import Foundation

/// The driver's commands for merged builds (`SeparateCompilation.learn`), asked for once per process and
/// toolchain, and early: a check whose cache does not hold the commands yet starts asking as it starts,
/// while it reads and plans its lessons (`prefetch`), so that its first merged build does not wait for
/// `swiftc -###` (about 50 ms alone, 70–80 ms beside the planning; on the path to every result of a cold
/// check). The check's cache keeps the answer for later checks.
final class DriverRecipe: @unchecked Sendable {
    static let shared = DriverRecipe()

    private let lock = NSLock()
    private var questions: [String: Question] = [:]

    /// One question to the driver, answered on a thread of its own.
    private final class Question: @unchecked Sendable {
        let answered = DispatchGroup()
        var answer: Result<SeparateCompilation?, Error> = .success(nil)
    }

    /// Starts asking the driver, unless this process has asked already; `keep` is given the answer, when
    /// the driver could be asked.
    func prefetch(
        toolchain: Toolchain, arguments: [String], keep: @escaping @Sendable (SeparateCompilation?) -> Void = { _ in }
    ) {
        _ = question(toolchain: toolchain, arguments: arguments, keep: keep)
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

    private func question(
        toolchain: Toolchain, arguments: [String], keep: @escaping @Sendable (SeparateCompilation?) -> Void = { _ in }
    ) -> Question {
        lock.withLock {
            let key = Self.key(toolchain, arguments)
            if let asked = questions[key] { return asked }
            let question = Question()
            question.answered.enter()
            questions[key] = question
            Thread {
                question.answer = Result { try Self.recipe(toolchain: toolchain, arguments: arguments) }
                if case .success(let recipe) = question.answer { keep(recipe) }
                question.answered.leave()
            }.start()
            return question
        }
    }

    /// The driver's commands as this user's toolchain memo keeps them (their absence too), or as the
    /// driver prints them, then kept there. The key names the driver, the frontend and the `clang` the
    /// link learnt (`DirectLink`) is run by.
    private static func recipe(toolchain: Toolchain, arguments: [String]) throws -> SeparateCompilation? {
        let tools = [toolchain.swiftc, toolchain.swiftFrontend, toolchain.tool("clang")].compactMap { $0 }
        let key = ["driver commands", LessonKitVersion.current] + tools.map(Paths.identity(of:)) + arguments
        if let kept = ToolchainMemo.shared?.value(Learnt.self, key: key) { return kept.recipe }
        let learnt = try SeparateCompilation.learn(toolchain: toolchain, arguments: arguments)
        ToolchainMemo.shared?.store(Learnt(recipe: learnt), key: key)
        return learnt
    }

    /// The commands, or their absence where the driver prints another shape.
    private struct Learnt: Codable {
        var recipe: SeparateCompilation?
    }

    private static func key(_ toolchain: Toolchain, _ arguments: [String]) -> String {
        ([toolchain.swiftc, toolchain.swiftFrontend ?? ""] + arguments).joined(separator: "\u{0}")
    }
}
