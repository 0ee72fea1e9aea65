/// What a scenario's "not built" says when the errors of its build are in its engine's lines. An engine may
/// be broken for every scenario, or only with this one: a scenario's top-level declarations join the module,
/// as those of a reader's `main.swift` do, so after `let max = 3` the engine's `max(count, amount)` calls
/// the scenario's constant. Saying which keeps an author from looking for the fault in an engine that builds.
enum EngineBreakage {
    /// "not built: …", pointing at the engine's first error of this scenario's build (or, when one of the
    /// errors is at a name the scenario declares at its top level, at that one, and naming it).
    /// `buildsWithOthers`: the engine built with another scenario of the lesson.
    static func notBuilt(
        _ scenario: SwiftBlock?, errors: [Finding], buildsWithOthers: Bool, engineFiles: [EngineFile],
        lessonPath: String
    ) -> String {
        let sorted = errors.sorted { $0.location < $1.location }
        let named = sorted.lazy.compactMap { error in scenario.flatMap { name(in: $0, at: error) }.map { (error, $0) } }
            .first
        guard let error = named?.0 ?? sorted.first else { return "not built" }
        let cause =
            named.map { " with this scenario's top-level `\($0.1)`" } ?? (buildsWithOthers ? " with this scenario" : "")
        guard error.location.path == lessonPath else {
            return "not built: the engine does not build\(cause) (\(error.location.description))"
        }
        let file = engineFiles.last { $0.block.openingLine < error.location.line }?.fileName ?? ""
        return "not built: the lesson's engine file \(file) does not build\(cause) (line \(error.location.line))"
    }

    /// The name the error's column points at in its line, when the scenario declares it at its top level.
    private static func name(in scenario: SwiftBlock, at error: Finding) -> String? {
        guard let column = error.location.column, let line = error.details.first else { return nil }
        let source = LexedSource(line)
        guard
            let token = source.tokens.first(where: { $0.kind == .identifier && $0.range.contains(column - 1) })
        else { return nil }
        let word = source.text(of: token)
        return scenario.tokens.topLevelDeclaredNames.contains(word) ? word : nil
    }
}
