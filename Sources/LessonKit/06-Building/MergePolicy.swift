/// The one answer, for every client (check, grade, coverage), to "may this scenario be wrapped in a function
/// and built with others of its engine?". The reference is the reader's build: the engine files and the
/// scenario as `main.swift`, one module. A wrapped scenario is the same program when nothing the wrapping
/// changes is in it, and the policy only lets through what it knows (a closed list); everything else is
/// built alone.
///
/// What wrapping changes, and how the policy keeps it out:
/// - **Names.** At the top level a scenario's declarations join the module: the engine's code sees them,
///   and a top-level function overloads the standard library's functions of its name, where a local one
///   hides them. So no top-level name of the scenario may be one the engine declares, or one the engine
///   writes that the standard library (read from the toolchain's interface, `StandardNames`) or an import
///   declares (`reasonOfNames`), and a top-level function may not be named like a declaration of the
///   standard library or share a program with an imported module (whose names no list holds).
/// - **Constructs.** Types, extensions, operators, `lazy`, `consume`, property wrappers and other attributes,
///   `async`, access levels, `#` directives (`#if`, `#line`, `#fileID`, `#function`): every Swift keyword and
///   every attribute but those of `wrappableWords`, and every `#` word.
///   A `return` of the top-level code does not build there, and does in a function.
/// - **The engine.** An engine that names a place in its source (`#fileID`, `#line`, `#function`, …) builds
///   each scenario alone: merged, one lesson's compile serves every lesson that reprints it.
/// - **Lifetimes.** Top-level variables are globals, never released: where the scenario or its engine uses
///   `deinit`, `weak` or `unowned`, the wrapped scenario's process ends at its function's end, before a
///   local is released (so a scenario with a `defer`, which would then not run, is built alone).
/// - **Isolation.** In Swift 6 top-level code and its variables are isolated to the main actor; the
///   function is `@MainActor` too, which is the same program unless concurrency is used (`concurrencyWords`)
///   or the scenario declares a function (not isolated at the top level).
/// - **Imports.** Each `import` line is hoisted to the merged program's files and the engine is compiled
///   with it, as the reader's `main.swift` imports it; only scenarios of the same imports share a build.
/// - **Lookups.** What a program finds by name as it runs (`NSClassFromString`, `_typeByName`, an archive's
///   classes) or on its own stack (`Thread.callStackSymbols`) depends on what else the executable holds and
///   on what calls its code: a scenario that names one (`SwiftVocabulary.runtimeLookupWords`) builds alone.
///
/// A merged build that fails builds the scenarios its errors are in alone, so what fails merged is never
/// reported as a pass. `lesson check --verify` builds every merged scenario alone as well and compares.
package enum MergePolicy {
    /// How a wrapped scenario is built.
    package struct Wrapping: Hashable, Sendable {
        /// Its import lines, hoisted (`HoistedImports`).
        package var imports: [String] = []
        /// Whether its process ends at its function's end (lifetimes, above).
        package var exitsAtEnd = false
    }

    /// The ways a program is built.
    package enum Decision: Hashable, Sendable {
        /// Wrapped in a function and built with the others of its group.
        case wrapped(Wrapping)
        /// A book's program wrapped with its type declarations moved to file scope (`FileScopeDeclarations`):
        /// a protocol or an extension, which cannot be local. When that build fails for it, it is built as a
        /// module (`reason`: why it is not wrapped as it is).
        case movingDeclarations(BuildAloneReason)
        /// Built alone, as the reader's `main.swift` (its module `main`), and linked into one executable with
        /// others (`ModuleBatch`): a book's program that needs the top level, or a scenario whose top-level
        /// declarations its engine's code does not see (`mayLinkAsMain`).
        case module(BuildAloneReason)
        /// Built as the reader builds it: its engine and itself as `main.swift`, one module.
        case alone(BuildAloneReason)
    }

    /// The decision for `scenario`, run against `engine` (each engine file, read in planning): wrapped;
    /// else, where its own top-level code cannot change what its engine's code means, compiled alone as the
    /// reader's `main.swift` and linked with others (`module`, `mayLinkAsMain`); else alone.
    package static func scenario(
        _ scenario: SwiftBlock, engine: [SwiftBlock], standalone: Bool = false, compileFail: Bool = false,
        languageMode: LanguageMode
    ) -> Decision {
        if compileFail { return .alone(.markedCompileFail) }
        if standalone { return .alone(.markedStandalone) }
        let decision = wrappedOrAlone(scenario, engine: engine, languageMode: languageMode)
        guard case .alone(let reason) = decision, mayLinkAsMain(scenario, engine: engine, languageMode: languageMode)
        else { return decision }
        return .module(reason)
    }

    /// Whether `scenario`, built alone, may be compiled as the reader's `main.swift` against its engine's
    /// objects compiled without it, then linked into one executable with others (`ModuleBatch`): its module
    /// is `main`, its top-level code is its program's, and every symbol it defines is its object's own. The
    /// reader's build compiles the engine's files with `main.swift` beside them; they mean the same without it
    /// when nothing `main.swift` declares at its top level is seen by the engine's code: no name the engine
    /// declares or finds elsewhere (`reasonOfNames`), no extension but of its own types (a member or a
    /// conformance it adds would be seen by the engine, and by every program of the executable), no
    /// operator, no attribute that names a symbol or an entry point, none of the checker's own names
    /// (`_lesson…`, which its support declares), in an engine that names no place in its
    /// source (its objects are shared by the lessons that reprint it) and in Swift 5 mode, the mode module
    /// batches are built in. Its imports are compiled with the engine (`MergeGroup`), as a merged build's are.
    static func mayLinkAsMain(_ scenario: SwiftBlock, engine: [SwiftBlock], languageMode: LanguageMode) -> Bool {
        let lookups = SwiftVocabulary.runtimeLookupWords
        guard languageMode == .swift5, scenario.hoisted != nil, scenario.isSelfContained,
            engine.allSatisfy({ placeWord($0) == nil && !lookups.contains(where: $0.wordSet.contains) }),
            !scenario.wordSet.contains(where: lookups.contains)
        else { return false }
        let tokens = scenario.tokens
        guard !extendsForeignType([scenario]), !tokens.declaresOperatorFunction, !readsInitialEnvironment(scenario),
            !tokens.words.contains(where: {
                mainModuleRefusedWords.contains($0) || $0.hasPrefix("@_") || $0.hasPrefix("_lesson")
                    || $0.hasPrefix("_Lesson")
            })
        else { return false }
        let engineImports = engine.contains { $0.wordSet.contains("import") }
        return reasonOfNames(tokens.topLevelDeclaredNames, engine: engine, imports: engineImports) == nil
    }

    /// Whether `blocks` extend a type they do not declare themselves as a struct, class, enum, protocol or
    /// actor: the standard library's or the engine's (by name, through a type alias, or written with sugar,
    /// `extension [Int]`). A member such an extension adds is seen by the engine's code at the top level, and
    /// a conformance it adds by every program of an executable that links it.
    static func extendsForeignType(_ blocks: [SwiftBlock]) -> Bool {
        var nominal: Set<String> = []
        var extended: [String?] = []
        for block in blocks {
            let read = block.items
            for item in read.items {
                guard let keyword = item.keyword, keyword + 1 < item.tokens.upperBound else { continue }
                let word = read.text(keyword)
                let next = read.code[keyword + 1].kind == .identifier ? read.text(keyword + 1) : nil
                if word == "extension" {
                    extended.append(next)
                } else if SwiftVocabulary.nominalTypeWords.contains(word), let next {
                    nominal.insert(next)
                }
            }
        }
        return extended.contains { $0.map { !nominal.contains($0) } ?? true }
    }

    /// Whether a block's text names the environment a process started with (`/proc/self/environ`), which
    /// still holds the `LESSON_SCENARIO` a merged or linked program is started with, where the reader's does
    /// not; its current environment (`ProcessInfo`, `getenv`) no longer does.
    static func readsInitialEnvironment(_ block: SwiftBlock) -> Bool { block.text.contains("/environ") }

    /// The words a scenario linked as `main` may not hold: what declares operators or macros, replaces a
    /// dynamic member, or names the program's entry point.
    static let mainModuleRefusedWords: Set<String> = [
        "operator", "precedencegroup", "macro", "dynamic", "@main", "@dynamicReplacement", "@used", "@section",
    ]

    /// The decision for `scenario` as it is: wrapped, or alone and why.
    private static func wrappedOrAlone(_ scenario: SwiftBlock, engine: [SwiftBlock], languageMode: LanguageMode)
        -> Decision
    {
        guard let hoisted = scenario.hoisted else { return .alone(.usesWord("import")) }
        let tokens = scenario.wrappedTokens
        guard scenario.isSelfContained else { return .alone(.notSelfContained) }
        if let word = tokens.words.first(where: { !isWrappable($0) }) { return .alone(.usesWord(word)) }
        if let word = tokens.unqualifiedWords.first(where: { keywords.contains($0) && !wrappableWords.contains($0) }) {
            return .alone(.usesWord(word))
        }
        if let word = exclusiveAccessWord(scenario.items) { return .alone(.usesWord(word)) }
        // What a program finds by name as it runs, or on its own stack, is not the same wrapped.
        if let word = tokens.words.first(where: SwiftVocabulary.runtimeLookupWords.contains) {
            return .alone(.usesWord(word))
        }
        if readsInitialEnvironment(scenario) { return .alone(.usesWord("/proc/self/environ")) }
        let shape = scenario.shape
        if shape.returnsFromTopLevel { return .alone(.usesWord("return")) }
        if let word = engine.lazy.compactMap(placeWord).first { return .alone(.engineUsesWord(word)) }
        // The engine is asked by its files' word sets, read once per file: not walked for each scenario.
        func engineUses(any words: Set<String>) -> Bool {
            engine.contains { file in words.contains(where: file.wordSet.contains) }
        }
        // An import reaches the top-level names of the file that writes it: the engine's code sees those of
        // the engine's own imports alone.
        let engineImports = engine.contains { $0.wordSet.contains("import") }
        let imports = !hoisted.imports.isEmpty || engineImports
        if let reason = reasonOfNames(tokens.topLevelDeclaredNames, engine: engine, imports: engineImports) {
            return .alone(reason)
        }
        // Every function the scenario declares, not only its first: `func keep` then `func abs` overloads too.
        if let function = shape.functions.first(where: { imports || StandardNames.current?.contains($0) ?? true }) {
            return .alone(.overloadsStandardName(function))
        }
        if languageMode.isolatesTopLevelCode,
            !shape.functions.isEmpty || tokens.words.contains(where: concurrencyWords.contains)
                || engineUses(any: concurrencyWords)
        {
            return .alone(.languageMode(languageMode))
        }
        let exits =
            tokens.words.contains(where: lifetimeWords.contains) || engineUses(any: lifetimeWords)
        if exits, tokens.words.contains("defer") { return .alone(.usesWord("defer")) }
        return .wrapped(Wrapping(imports: hoisted.imports, exitsAtEnd: exits))
    }

    /// Why the scenario's top-level names would mean something else to its engine at the top level, if they
    /// would. The engine's code finds a top-level name of the scenario where its own lookup reaches the
    /// module's scope: where the engine writes the name unqualified and no local binding or member of that
    /// name is nearer. A name the engine declares at its top level is declared twice. Any other name the
    /// engine writes is bound nearer at every use, or the engine does not build without the scenario (and
    /// its merged build fails, which builds the scenario alone), unless the standard library or a module the
    /// engine imports declares it, which the scenario's name would then hide. (The scenario's own imports
    /// reach its own file's names alone.) A literal's default type
    /// (`IntegerLiteralType`) is looked up by the compiler itself, unwritten.
    private static func reasonOfNames(_ names: [String], engine: [SwiftBlock], imports: Bool) -> BuildAloneReason? {
        let standard = StandardNames.current
        for name in names {
            if engine.contains(where: { $0.declaredNames.contains(name) }) { return .shadowsEngineName(name) }
            // The program's own module is `main` (`main.Tally`), and a custom attribute names a type
            // (`@MainActor`).
            let known = imports || name == "main" || standard?.contains(name) ?? true
            if known,
                engine.contains(where: { $0.unqualifiedWords.contains(name) || $0.wordSet.contains("@" + name) })
            {
                return .hidesNameOfEngine(name)
            }
            if SwiftVocabulary.literalTypeNames.contains(name) || name.hasSuffix("LiteralType")
                || name.hasPrefix("_MaxBuiltin")
            {
                return .hidesNameOfEngine(name)
            }
        }
        return nil
    }

    /// `inout` or `&`: overlapping access to a top-level variable is checked as the program runs (a trap), to
    /// a local as it is compiled, or not at all where a closure captures it; a wrapped program may so build
    /// or run where the reader's traps.
    static func exclusiveAccessWord(_ read: TopLevelItems) -> String? {
        for token in read.code {
            if token.kind == .operator, read.source.token(token, is: "&") { return "&" }
            if token.kind == .identifier, read.source.token(token, is: "inout") { return "inout" }
        }
        return nil
    }

    /// Whether a word (name, keyword, `#` word or attribute) may be in a wrapped scenario: no `#` word, only
    /// the attributes of `wrappableWords`, none of the merged program's own names (`_lesson…`).
    private static func isWrappable(_ word: String) -> Bool {
        if word.hasPrefix("#") { return false }
        if word.hasPrefix("@") { return wrappableWords.contains(word) }
        return !word.hasPrefix("_lesson") && !word.hasPrefix("_Lesson")
    }

    /// An engine file's first `#` word that names a place in its source, if any.
    private static func placeWord(_ engine: SwiftBlock) -> String? {
        // Most engines name no place, which their word set says without a walk of their words.
        guard placeWords.contains(where: engine.wordSet.contains) else { return nil }
        return engine.tokens.words.first(where: placeWords.contains)
    }

    /// The `#` words that evaluate to a place in the source (or its function). (`#sourceLocation` is how the
    /// checker maps every file to its lesson: a grading's engine files arrive with it.)
    static let placeWords = SwiftVocabulary.placeWords

    /// The words of lifetimes: a top-level variable is never released, a local is.
    static let lifetimeWords = SwiftVocabulary.lifetimeWords

    /// Swift's keywords (`SwiftVocabulary`).
    static let keywords = SwiftVocabulary.keywords

    /// The keywords and attributes a wrapped scenario may use: statements, bindings and local functions mean
    /// the same in a function body as at the top level (the differences of names, lifetimes and isolation
    /// aside, above). Contextual keywords that are only keywords where a wrapped scenario cannot reach (in a
    /// type, an operator's precedence group) are names there.
    static let wrappableWords: Set<String> = [
        "@escaping", "@autoclosure", "@discardableResult", "@unknown",
        "let", "var", "func", "rethrows", "throws", "if", "else", "guard", "for", "in", "while", "repeat",
        "switch", "case", "default", "break", "continue", "fallthrough", "where", "do", "catch", "try", "throw",
        "defer", "return", "Any", "as", "is", "nil", "true", "false", "self", "Self", "some", "any", "get", "set",
        "willSet", "didSet", "weak", "unowned", "none", "left", "right", "optional", "Type", "Protocol", "copy",
        "associativity", "precedence",
    ]

    /// The words of Swift's concurrency. In Swift 6 a scenario's top-level variables are globals isolated to
    /// the main actor, and wrapped in a function they are locals, which a closure or a task may take where
    /// such a global may not (`Task.detached { box.add() }` builds only wrapped).
    static let concurrencyWords = SwiftVocabulary.concurrencyWords
}

// MARK: A book's listings

extension MergePolicy {
    /// Words that cannot be written in a function body, or mean something else there: a book's listing
    /// that uses one is built alone, at the top level of its own `main.swift`. Types, functions and bindings
    /// may be local, so a listing that declares them is merged; so is one with `deinit` or `weak`, since a
    /// listing's comments state some of its lines (the locals released at the wrapper's end may print more).
    static let listingStandaloneWords: Set<String> = placeWords.union([
        "protocol", "extension", "operator", "precedencegroup", "import", "await", "async", "@main", "public",
        "private", "fileprivate", "internal", "open", "actor", "macro", "@propertyWrapper", "@resultBuilder",
        "@dynamicMemberLookup", "@dynamicCallable",
    ])

    /// What a listing wrapped in a function may hold besides what a scenario may (`wrappableWords`): its
    /// types, their members and their modifiers, which mean the same declared in a function, conditional
    /// compilation and availability. (A type that cannot be local moves: `listingStandaloneWords`.)
    static let listingWrappableWords: Set<String> = [
        "struct", "class", "enum", "init", "deinit", "subscript", "static", "mutating", "nonmutating", "final",
        "override", "required", "convenience", "indirect", "lazy", "typealias", "associatedtype",
        "#if", "#else", "#elseif", "#endif", "#available", "#unavailable", "@available",
    ]

    /// Whether the word at `index` makes a listing be built alone: an access level counts only as a modifier
    /// (`open class`, `private(set) var`), not as a name (`func open()`, `door.open()`).
    private static func isStandaloneWord(at index: Int, of words: [String]) -> Bool {
        let word = words[index]
        guard listingStandaloneWords.contains(word) else { return false }
        guard SwiftVocabulary.accessLevels.contains(word) else { return true }
        guard index + 1 < words.count else { return false }
        // A keyword after it (`public var`, `private(set) var`, `open class`): a modifier. Swift's keywords
        // include its declarations' and modifiers'.
        return keywords.contains(words[index + 1])
    }

    /// Why one block of a listing's program (the listing, or one it is built after) makes that program be
    /// built alone; nil when it may be merged. A listing's program is built alone when any of its blocks
    /// says so, or in a language mode other than Swift 5.
    package static func reasonToBuildListingAlone(_ block: SwiftBlock) -> BuildAloneReason? {
        let tokens = block.tokens
        if !tokens.isSelfContained { return .notSelfContained }
        if let word = tokens.words.enumerated().first(where: { isStandaloneWord(at: $0.offset, of: tokens.words) })?
            .element
        {
            return .usesWord(word)
        }
        // The closed list: a keyword, an attribute or a `#` word that neither a wrapped listing may hold nor a
        // moved declaration carries (`listingStandaloneWords`, which may move) builds the listing alone.
        let unknown = { (word: String) in
            !listingStandaloneWords.contains(word) && !listingWrappableWords.contains(word)
                && !wrappableWords.contains(word)
        }
        if let word = tokens.words.first(where: { ($0.hasPrefix("@") || $0.hasPrefix("#")) && unknown($0) }) {
            return .usesWord(word)
        }
        if let word = tokens.unqualifiedWords.first(where: { keywords.contains($0) && unknown($0) }) {
            return .usesWord(word)
        }
        if let name = tokens.topLevelDeclaredNames.first(where: {
            $0.hasSuffix("LiteralType") || SwiftVocabulary.literalTypeNames.contains($0)
        }) {
            return .usesWord(name)
        }
        if let word = tokens.words.first(where: SwiftVocabulary.runtimeLookupWords.contains) {
            return .usesWord(word)
        }
        if tokens.declaresOperatorFunction { return .usesWord("func") }
        // At the top level, `return` ends the wrapper, where a program built alone does not build.
        if tokens.topLevelWords.contains("return") { return .usesWord("return") }
        return nil
    }
}

extension MergePolicy {
    /// The words of `listingStandaloneWords` a merged build can still hold, once the declarations they are in
    /// move to file scope (see `FileScopeDeclarations`): a type's keyword, and an attribute of a type that
    /// cannot be local (`@propertyWrapper`, `@resultBuilder`, …) but `@main`.
    static func isMovable(_ word: String) -> Bool {
        listingStandaloneWords.contains(word)
            && (SwiftVocabulary.typeWords.contains(word) || (word.hasPrefix("@") && word != "@main"))
    }

    /// Whether `tokens` declare at their top level what the whole module sees: a function, a type, an
    /// extension, an operator, an import (a keyword no wrapped scenario may use, or `func`). A book's listing
    /// after which such a block runs in a later program is not checked within that program (`SharedRuns`).
    static func declaresForTheModule(_ tokens: SwiftTokens) -> Bool {
        tokens.topLevelWords.contains { $0 == "func" || (keywords.contains($0) && !wrappableWords.contains($0)) }
    }

    /// Why a book's program (the listings it is built after, then its own block; or a book test's blocks,
    /// which share one scope: `oneScope`) is built alone, beyond what each block needs
    /// (`reasonToBuildListingAlone`); nil when it may be merged: exclusive access (`exclusiveAccessWord`); a
    /// top-level `lazy` or `consume`; a name two listings declare, which nested scopes let the later hide and the top level does not; a book
    /// test's top-level `throw`, `try` or `catch`, which ends the program at the top level and does not
    /// build in a function; a test that expects a runtime error.
    package static func reasonToBuildProgramAlone(_ blocks: [SwiftBlock], oneScope: Bool, expectsTrap: Bool)
        -> BuildAloneReason?
    {
        if let word = blocks.lazy.compactMap({ exclusiveAccessWord($0.items) }).first {
            return .usesWord(word)
        }
        // A global cannot be `lazy` (it is already) nor consumed; a local can.
        let topLevel = Set(blocks.flatMap(\.tokens.topLevelWords))
        if let word = ["lazy", "consume"].first(where: topLevel.contains) { return .usesWord(word) }
        if oneScope {
            if expectsTrap { return .expectsRuntimeError }
            return ["throw", "try", "catch"].first(where: topLevel.contains).map { .usesWord($0) }
        }
        var declared: Set<String> = []
        for block in blocks {
            for name in block.declaredNames where !declared.insert(name).inserted {
                return .declaresTwice(name)
            }
        }
        return nil
    }

    /// What moving one block's declarations needs to know: the names it declares at its top level and the
    /// types its extensions conform; nil when the block cannot move (a word of `listingStandaloneWords`
    /// that is not movable (`isMovable`), an access level at its top level, a top-level `return`, an operator's
    /// function, or no split).
    package struct MovableBlock: Sendable {
        var declared: [String]
        var conformed: [String]
    }

    /// The block's `MovableBlock`, or nil. With `operatorsInTypes`, an operator's function inside a moved
    /// type (`static func ==`) moves with it; only one that stays (a global operator function) keeps the
    /// block from moving.
    package static func movableBlock(_ block: SwiftBlock, operatorsInTypes: Bool = false) -> MovableBlock? {
        let tokens = block.tokens
        // An access level inside a moved type stays as it was; on a declaration that moves, the split refuses it.
        let immovable = { (word: String) in
            listingStandaloneWords.contains(word) && !isMovable(word)
                && !SwiftVocabulary.accessLevels.contains(word)
        }
        guard tokens.isSelfContained, !tokens.topLevelWords.contains("return"),
            operatorsInTypes || !tokens.declaresOperatorFunction, !tokens.words.contains(where: immovable),
            !tokens.topLevelWords.contains(where: SwiftVocabulary.accessLevels.contains),
            let split = FileScopeDeclarations(block.items),
            !SwiftTokens(split.body).declaresOperatorFunction
        else { return nil }
        return MovableBlock(declared: tokens.topLevelDeclaredNames, conformed: split.conformedTypes)
    }

    /// Whether a listing's program (its context's blocks, then its own) built alone only for words in
    /// `isMovable` may be merged with its declarations moved to file scope: every block can move, and
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

    /// `mayMoveDeclarations` of the blocks.
    package static func mayMoveDeclarations(_ blocks: [SwiftBlock]) -> Bool {
        mayMoveDeclarations(blocks.map { movableBlock($0) })
    }
}
