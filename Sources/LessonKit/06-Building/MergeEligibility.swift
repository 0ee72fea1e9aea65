/// Decides whether a scenario may be compiled merged with others, its top-level code wrapped in a function.
///
/// Wrapping changes what some programs print or whether they build: a type declared in a function prints
/// with a local-context name, `deinit` and `weak` references run at other times once locals replace globals,
/// `await` needs an async context, `#function` names the wrapper (in the scenario, or as an engine
/// function's default argument), and a top-level name that shadows an engine declaration is a
/// redeclaration error only at the top level. Such scenarios are built alone, as are those marked
/// `standalone` and those of a Swift 6 lesson that its top-level isolation would tell apart
/// (`mayWrapIsolatedCode`), unless `mergedAnyway` finds a way to merge them that changes none of it (types
/// moved out, imports hoisted, an exit at the function's end). The scan is deliberately cautious: a word it
/// cannot place makes the scenario standalone, never merged.
package enum MergeEligibility {
    /// Words whose presence makes a scenario standalone.
    static let standaloneWords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "extension", "typealias", "operator", "precedencegroup",
        "import", "deinit", "weak", "unowned", "await", "async", "#function", "@main", "#if",
        // `return` is an error at the top level of main.swift but not inside a function.
        "return",
    ]

    /// Words of an engine that make each of its scenarios standalone: `#function` as a default argument
    /// names the function the scenario calls from, `main` at the top level and its wrapper when merged.
    static let engineStandaloneWords: Set<String> = ["#function"]

    private static let engineWords = TextMemo<String?>(capacity: 1_024)

    /// The first of `engineStandaloneWords` that `engine` uses, read once per engine however many of its
    /// scenarios ask.
    static func engineStandaloneWord(_ engine: String) -> String? {
        engineWords.value(for: engine) { SwiftTokens.of($0).words.first(where: engineStandaloneWords.contains) }
    }

    /// The words of Swift's concurrency. In Swift 6 a scenario's top-level variables are globals isolated to
    /// the main actor, and wrapped in a function (`@MainActor`, as top-level code is) they are locals, which
    /// the compiler lets a closure capture or a task take where it refuses such a global (`Task.detached {
    /// box.add() }` builds only wrapped): where the scenario or its engine uses one of these words, a Swift 6
    /// scenario is built alone (`mayWrapIsolatedCode`).
    static let concurrencyWords: Set<String> = [
        "actor", "async", "await", "Task", "TaskGroup", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "Sendable", "@Sendable", "sending", "nonisolated", "isolated", "@isolated",
        "@MainActor", "MainActor", "@globalActor", "@preconcurrency", "@concurrent", "@TaskLocal", "Thread",
        "DispatchQueue", "Dispatch", "AsyncStream", "AsyncThrowingStream", "Mutex", "Atomic",
    ]

    /// Whether a Swift 6 scenario means the same in a `@MainActor` function as at the top level: neither it
    /// nor its engine uses concurrency (`concurrencyWords`), and it declares no top-level function, which at
    /// the top level is not isolated and may not touch the isolated globals (`func add(_ n: Int) { total +=
    /// n }`), where a local function of the `@MainActor` function may. Then only the top-level code and its
    /// variables are isolated, and wrapped they still are.
    static func mayWrapIsolatedCode(_ scenario: SwiftTokens, engine: [SwiftTokens]) -> Bool {
        !scenario.topLevelWords.contains("func")
            && !([scenario] + engine).contains { $0.words.contains(where: concurrencyWords.contains) }
    }

    /// Why `scenario` must be built alone, or nil when it may be merged.
    package static func reasonToBuildAlone(
        scenario: String, engineSources: [String], standalone: Bool, languageMode: LanguageMode
    )
        -> BuildAloneReason?
    {
        if standalone { return .markedStandalone }
        let scenarioTokens = SwiftTokens.of(scenario)
        let engineTokens = engineSources.map(SwiftTokens.of)
        if languageMode.isolatesTopLevelCode, !mayWrapIsolatedCode(scenarioTokens, engine: engineTokens) {
            return .languageMode(languageMode)
        }
        if !scenarioTokens.isSelfContained { return .notSelfContained }
        if let word = scenarioTokens.words.first(where: standaloneWords.contains) { return .usesWord(word) }
        if let word = engineSources.lazy.compactMap(engineStandaloneWord).first { return .engineUsesWord(word) }
        let engineNames = Set(engineTokens.flatMap(\.topLevelDeclaredNames))
        if let name = scenarioTokens.topLevelDeclaredNames.first(where: engineNames.contains) {
            return .shadowsEngineName(name)
        }
        return nil
    }
}

extension MergeEligibility {
    /// The words of `standaloneWords` a scenario may still be merged with, its declarations moved to file
    /// scope (see `mayMoveScenarioDeclarations`).
    static let scenarioMovableWords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "typealias"]

    /// Whether a scenario built alone only because it declares types (a struct, a class, an enum, a protocol,
    /// an extension of one of them, a typealias) may be merged with those declarations moved out of its
    /// function to a file of its own, made `fileprivate` (`FileScopeDeclarations`). Nothing a moved
    /// declaration adds is then visible to the engine, as nothing the engine is compiled with may change: an
    /// extension must extend a type the scenario declares, and a conformance must be one of such a type.
    /// A moved declaration may not name what stays (the scenario's top-level functions and bindings become
    /// locals, out of its sight). Every other word of `standaloneWords` but those `allowed` (the lifetime
    /// words, see `mergedAnyway`; imports are hoisted before) still builds the scenario alone, as does a
    /// `return` outside a moved declaration. A `fileprivate` type prints another fully qualified name
    /// (`Executor.revealsMovedDeclarations`): a run that prints one is not the scenario's answer, and the
    /// scenario is built alone.
    package static func mayMoveScenarioDeclarations(
        scenario: String, engineSources: [String], allowing allowed: Set<String> = []
    ) -> Bool {
        let tokens = SwiftTokens.of(scenario)
        let blocking = standaloneWords.subtracting(scenarioMovableWords).subtracting(allowed).subtracting(["return"])
        // `return` may be in a moved type's methods, not in what stays in the function (`if x { return }`).
        guard tokens.isSelfContained, !tokens.words.contains(where: blocking.contains),
            let movable = movableBlock(scenario, operatorsInTypes: true), mayMoveDeclarations([movable]),
            let split = FileScopeDeclarations(scenario), !SwiftTokens.of(split.body).words.contains("return")
        else { return false }
        // What stays is local to a function, where a moved declaration no longer sees it: a method calling the
        // scenario's own `func round` would call another of that name (libm's), or not build.
        let staying = Set(SwiftTokens.of(split.body).topLevelDeclaredNames)
        guard !SwiftTokens.of(split.fileScope).unqualifiedWords.contains(where: staying.contains) else { return false }
        let declared = Set(tokens.topLevelDeclaredNames)
        guard tokens.topLevelExtendedNames.allSatisfy(declared.contains) else { return false }
        let engineNames = Set(engineSources.flatMap { SwiftTokens.of($0).topLevelDeclaredNames })
        return declared.isDisjoint(with: engineNames)
    }

    /// How a scenario built alone for words a merged program can still hold is merged anyway: its imports
    /// hoisted to the top of the program's files (`HoistedImports`), its declarations moved out of its
    /// function (`mayMoveScenarioDeclarations`), nested or not, and, where it uses `deinit`, `weak` or
    /// `unowned`, its process ended at the end of its function (`ProgramBody.exitsAtEnd`).
    package struct MergedAnyway: Equatable, Sendable {
        package var imports: [String]
        package var movesDeclarations: Bool
        package var nestsDeclarations: Bool
        package var exitsAtEnd = false
    }

    /// The words of `standaloneWords` that matter only when the scenario's top-level variables are released,
    /// which at the top level they never are: a function that exits at its end never releases them either.
    static let lifetimeWords: Set<String> = ["deinit", "weak", "unowned"]

    /// How `scenario` is merged anyway (`MergedAnyway`); nil when it cannot be.
    package static func mergedAnyway(scenario: String, engineSources: [String]) -> MergedAnyway? {
        guard let hoisted = HoistedImports(scenario) else { return nil }
        let code = hoisted.code
        let words = SwiftTokens.of(code).words
        let exits = words.contains(where: lifetimeWords.contains)
        let declares = words.contains(where: scenarioMovableWords.contains)
        guard !hoisted.imports.isEmpty || exits || declares,
            mayMoveScenarioDeclarations(
                scenario: code, engineSources: engineSources, allowing: exits ? lifetimeWords : [])
        else { return nil }
        // A `defer` of the function's own would not run once it exits before its end; at the top level it runs.
        if exits, let split = FileScopeDeclarations(code), SwiftTokens.of(split.body).words.contains("defer") {
            return nil
        }
        return MergedAnyway(
            imports: hoisted.imports, movesDeclarations: declares,
            nestsDeclarations: declares && mayNestScenarioDeclarations(scenario: code), exitsAtEnd: exits)
    }

    /// Whether a scenario whose declarations may move may nest them in an enum of its own
    /// (`ProgramBody.nestsDeclarations`): it extends nothing (an extension cannot nest, and one of a nested
    /// type does not see the enum's other members), and the code that stays does not name `self` or `Self`.
    package static func mayNestScenarioDeclarations(scenario: String) -> Bool {
        guard !SwiftTokens.of(scenario).words.contains("extension"), let split = FileScopeDeclarations(scenario)
        else { return false }
        let staying = SwiftTokens.of(split.body).words
        return !staying.contains("self") && !staying.contains("Self")
    }
}

extension MergeEligibility {
    /// Words that cannot be written in a function body, or mean something else there: a book's listing
    /// that uses one is built alone, at the top level of its own `main.swift`. Types, functions and bindings
    /// may be local, so a listing that declares them is merged; so is one with `deinit` or `weak`, since a
    /// listing's comments state some of its lines (the locals released at the wrapper's end may print more).
    static let listingStandaloneWords: Set<String> = [
        "protocol", "extension", "operator", "precedencegroup", "import", "await",
        "async", "#function", "@main", "public", "private", "fileprivate", "internal", "open", "actor", "macro",
        "@propertyWrapper", "@resultBuilder", "@dynamicMemberLookup", "@dynamicCallable", "#fileID", "#filePath",
        "#line", "#column",
    ]

    /// Whether the word at `index` makes a listing be built alone: an access level counts only as a modifier
    /// (`open class`, `private(set) var`), not as a name (`func open()`, `door.open()`).
    private static func isStandaloneWord(at index: Int, of words: [String]) -> Bool {
        let word = words[index]
        guard listingStandaloneWords.contains(word) else { return false }
        guard FileScopeDeclarations.accessLevels.contains(word) else { return true }
        guard index + 1 < words.count else { return false }
        return declarationModifiers.contains(words[index + 1])
    }

    /// The words that may follow an access level that modifies a declaration.
    static let declarationModifiers: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "actor", "protocol", "typealias", "extension", "init",
        "subscript", "static", "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "set",
        "required", "convenience", "indirect", "dynamic", "nonisolated", "macro", "import", "operator",
        "precedencegroup", "deinit", "public", "private", "fileprivate", "internal", "open", "package",
    ]

    /// Why one block of a listing's program (the listing, or one it is built after) makes that program be
    /// built alone; nil when it may be merged. A listing's program is built alone when any of its blocks
    /// says so, or in a language mode other than Swift 5.
    package static func reasonToBuildListingAlone(_ source: String) -> BuildAloneReason? {
        let tokens = SwiftTokens.of(source)
        if !tokens.isSelfContained { return .notSelfContained }
        if let word = tokens.words.enumerated().first(where: { isStandaloneWord(at: $0.offset, of: tokens.words) })?
            .element
        {
            return .usesWord(word)
        }
        if tokens.declaresOperatorFunction { return .usesWord("func") }
        // At the top level, `return` ends the wrapper, where a program built alone does not build.
        if tokens.topLevelWords.contains("return") { return .usesWord("return") }
        return nil
    }
}

extension MergeEligibility {
    /// The words of `listingStandaloneWords` a merged build can still hold, once the declarations they are in
    /// move to file scope (see `FileScopeDeclarations`).
    static let movableWords: Set<String> = [
        "protocol", "extension", "actor", "@propertyWrapper", "@resultBuilder", "@dynamicMemberLookup",
        "@dynamicCallable",
    ]

    /// What moving one block's declarations needs to know: the names it declares at its top level and the
    /// types its extensions conform; nil when the block cannot move (a word of `listingStandaloneWords`
    /// outside `movableWords`, an access level at its top level, a top-level `return`, an operator's
    /// function, or no split).
    package struct MovableBlock: Sendable {
        var declared: [String]
        var conformed: [String]
    }

    /// The block's `MovableBlock`, or nil. With `operatorsInTypes`, an operator's function inside a moved
    /// type (`static func ==`) moves with it; only one that stays (a global operator function) keeps the
    /// block from moving.
    package static func movableBlock(_ source: String, operatorsInTypes: Bool = false) -> MovableBlock? {
        let tokens = SwiftTokens.of(source)
        // An access level inside a moved type stays as it was; on a declaration that moves, the split refuses it.
        let immovable = { (word: String) in
            listingStandaloneWords.contains(word) && !movableWords.contains(word)
                && !FileScopeDeclarations.accessLevels.contains(word)
        }
        guard tokens.isSelfContained, !tokens.topLevelWords.contains("return"),
            operatorsInTypes || !tokens.declaresOperatorFunction, !tokens.words.contains(where: immovable),
            !tokens.topLevelWords.contains(where: FileScopeDeclarations.accessLevels.contains),
            let split = FileScopeDeclarations(source),
            !SwiftTokens.of(split.body).declaresOperatorFunction
        else { return nil }
        return MovableBlock(declared: tokens.topLevelDeclaredNames, conformed: split.conformedTypes)
    }

    /// Whether a listing's program (its context's blocks, then its own) built alone only for words in
    /// `movableWords` may be merged with its declarations moved to file scope: every block can move, and
    /// every type an extension conforms is one the program declares.
    package static func mayMoveDeclarations(_ blocks: [MovableBlock?]) -> Bool {
        var declared: Set<String> = []
        var conformed: [String] = []
        for block in blocks {
            guard let block else { return false }
            declared.formUnion(block.declared)
            conformed += block.conformed
        }
        return conformed.allSatisfy(declared.contains)
    }

    /// `mayMoveDeclarations` of the blocks' sources.
    package static func mayMoveDeclarations(_ sources: [String]) -> Bool {
        mayMoveDeclarations(sources.map { movableBlock($0) })
    }
}
