/// Why a scenario is built as a program of its own rather than merged with others.
package enum BuildAloneReason: Hashable, Sendable, CustomStringConvertible {
    case markedStandalone
    case markedCompileFail
    /// Swift 6 mode (and later): top-level code is main-actor isolated, which wrapping would change.
    case languageMode(LanguageMode)
    /// A word whose meaning wrapping in a function would change (`struct`, `weak`, `await`, …).
    case usesWord(String)
    /// A word of the engine whose meaning wrapping the scenario changes: a `#function` default argument
    /// names the wrapper where the scenario calls it (`_lessonScenario1()` for `main`).
    case engineUsesWord(String)
    /// A top-level name that shadows an engine declaration: an error only at the top level.
    case shadowsEngineName(String)
    /// A top-level name the engine writes that the standard library or an import declares: at the top level
    /// the engine would find the scenario's instead.
    case hidesNameOfEngine(String)
    /// A top-level function named like a declaration of the standard library, or in a program that imports
    /// a module: at the top level it overloads them, where a local function hides them.
    case overloadsStandardName(String)
    /// A name two blocks of a book's program declare at their top level: nested in scopes merged, the later
    /// hides the earlier; at the top level the two clash or overload.
    case declaresTwice(String)
    /// A book test that expects a runtime error, whose message a function's locals may not give (exclusive
    /// access to a global is checked as the program runs, to a local as it is compiled).
    case expectsRuntimeError
    /// Brackets, a block comment or a multi-line string that do not close within the scenario (or close
    /// what it did not open): wrapped, it could close its wrapper early.
    case notSelfContained
    case exerciseStarter
    case engineFilesWithoutScenario

    package var description: String {
        switch self {
        case .markedStandalone: "marked standalone"
        case .markedCompileFail: "marked compile_fail"
        case .languageMode(let mode): "\(mode) language mode"
        case .usesWord(let word): "uses '\(word)'"
        case .engineUsesWord(let word): "its engine uses '\(word)'"
        case .shadowsEngineName(let name): "declares '\(name)', which the engine declares too"
        case .hidesNameOfEngine(let name):
            "declares '\(name)', which its engine's code would find instead of the standard library's"
        case .overloadsStandardName(let name):
            "declares a top-level function '\(name)', which overloads the standard library's or an import's at the top level"
        case .declaresTwice(let name): "its program declares '\(name)' in two blocks"
        case .expectsRuntimeError: "expects a runtime error"
        case .notSelfContained: "does not close every bracket, comment or string it opens"
        case .exerciseStarter: "an exercise starter"
        case .engineFilesWithoutScenario: "engine files with no scenario"
        }
    }
}
