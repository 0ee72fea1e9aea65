import Foundation

/// The driver's commands for files compiled one by one (`SeparateCompilation`), for one check: read from the
/// cache, or else asked of the driver on a thread of their own as soon as the check knows it has lessons to
/// check, so that the tenth of a second the driver takes to answer passes while the lessons are planned.
/// The answer is kept in the cache, an answer of no commands too (a driver of another shape), so the driver
/// is asked once per toolchain.
final class SeparateCompilationRequest: @unchecked Sendable {
    private let answered = DispatchGroup()
    /// Written before `answered` is left, read after it is waited for.
    private var answer: SeparateCompilation?

    private struct Learnt: Codable {
        var recipe: SeparateCompilation?
    }

    /// The language mode of the programs compiled one by one: Swift 5, the only one merged.
    static let languageMode = LanguageMode.swift5

    init(toolchain: Toolchain, cache: ResultCache?, keys: CacheKeys) {
        // The driver's commands for files compiled one by one (`-wmo` compiles them as one).
        let arguments = SwiftCompiler.arguments(languageMode: Self.languageMode).filter { $0 != "-wmo" }
        let key = keys.key(["separate compilation"] + arguments)
        if let learnt = cache?.load(Learnt.self, key: key) {
            answer = learnt.recipe
            return
        }
        answered.enter()
        Thread.detachNewThread { [self] in
            defer { answered.leave() }
            let learnt: Learnt
            do {
                learnt = Learnt(recipe: try SeparateCompilation.learn(toolchain: toolchain, arguments: arguments))
            } catch {
                return  // a driver that cannot be asked now is asked again next time
            }
            answer = learnt.recipe
            cache?.store(learnt, key: key)
        }
    }

    /// The commands, once the driver has answered; nil when it has none of the known shape.
    var recipe: SeparateCompilation? {
        answered.wait()
        return answer
    }
}
