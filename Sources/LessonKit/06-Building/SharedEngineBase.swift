/// The leading declarations that the engines of several lessons share word for word. A course whose engine
/// grows from lesson to lesson (the same kernel, one function more each time) then compiles that kernel
/// once in a combined program (`CombinedLessons.swift`) instead of once a lesson: the base is compiled as
/// the engines wrote it, in a file of its own, and each engine's rest is made `fileprivate`
/// (`FilePrivateEngine`) in the file of its scenarios. A scenario sees the base and its own lesson's rest,
/// as it sees its whole engine alone.
///
/// What would make the two differ is refused (nil). The base does not see the rests, where alone it sees the
/// whole engine, and the compiler reaches some declarations without their names written:
/// - a rest's extension whose members the base's code could find without naming them (a protocol's
///   requirement with a default, `appendInterpolation` for an interpolation, a result builder's
///   `buildExpression`), or as a better overload, or that could reach the base's `private` members, which
///   only an extension in the same file sees (`RestExtensions`);
/// - a rest that declares a literal's default type (`typealias IntegerLiteralType = Double`,
///   `UnicodeScalarType`: any name that ends in `Type`), which changes every literal of the base;
/// - a name a rest declares at the top level that is a word of the base (alone, the base's code could call
///   the rest's function, or find it a better overload), or a rest's operator;
/// - an `import` in the base (the rests would not see it), and what names a place in the source (`#file`,
///   `#line`, `#function`, …): the base keeps the first engine's locations;
/// - a rest that the rewrite refuses, or engines that share no whole declaration.
struct SharedEngineBase: Equatable {
    /// The base, mapped to the first engine's lesson and closed by `#sourceLocation()`.
    var base: String
    /// Each engine's rest, every top-level declaration `fileprivate`, mapped to its lesson's lines after
    /// the base.
    var rests: [String]

    /// Words the base may not hold.
    static let refusedInBase: Set<String> = [
        "import", "#file", "#fileID", "#filePath", "#line", "#column", "#function", "#sourceLocation", "#if",
    ]
    /// Words that, beginning a line outside every bracket, begin a top-level declaration.
    static let declarationStarts: Set<String> =
        FilePrivateEngine.declarationWords.union(FilePrivateEngine.refused).union(FilePrivateEngine.modifiers)
        .union(FilePrivateEngine.accessLevels)

    /// Words that may come before a declaration's keyword.
    static let modifierWords: Set<String> = FilePrivateEngine.modifiers.union(FilePrivateEngine.accessLevels).union([
        "private", "open", "nonisolated", "dynamic", "static", "infix", "prefix", "postfix",
    ])

    /// What engines that may share a base have in common: the first top-level declaration of `engine`
    /// (written as `init` reads it), or nil.
    static func family(of engine: String) -> String? {
        MappedCode(engine).flatMap { $0.declarations.items.first }
    }

    /// The base of `engines`, each written as `ProgramSource.mapped` writes a block (a `#sourceLocation`
    /// line, then the code); nil when they share none, or it would change what a program means.
    init?(_ engines: [String]) {
        let mapped = engines.compactMap(MappedCode.init)
        guard engines.count > 1, mapped.count == engines.count else { return nil }
        let cut = mapped.map(\.declarations)
        let items = cut.map(\.items)
        var shared = 0
        while items.allSatisfy({ shared < $0.count && $0[shared] == items[0][shared] }) { shared += 1 }
        guard shared > 0 else { return nil }
        var code = items[0][..<shared].joined()
        if !code.hasSuffix("\n") { code += "\n" }
        // An attribute names a type too (`@Wrapped` uses `Wrapped`).
        let baseWords = Set(SwiftTokens.of(code).words.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 })
        guard LexedSource.of(code).isSelfContained, baseWords.isDisjoint(with: Self.refusedInBase) else { return nil }
        let lines = Self.lines(in: code)
        let baseTypes = BaseTypes(code)
        var rests: [String] = []
        for (engine, (preamble, pieces)) in zip(mapped, cut) {
            let rest = pieces[shared...].joined()
            let tokens = SwiftTokens.of(rest)
            let reachesBase =
                tokens.declaresOperatorFunction
                || tokens.topLevelDeclaredNames.contains { baseWords.contains($0) || $0.hasSuffix("Type") }
                || RestExtensions(rest).reachedBy(baseWords: baseWords, baseTypes: baseTypes, rest: tokens)
            guard !reachesBase,
                let rewritten = FilePrivateEngine.of(
                    engine.location(line: engine.line + Self.lines(in: preamble) + lines) + rest)
            else { return nil }
            rests.append(rewritten.source)
        }
        base = mapped[0].location(line: mapped[0].line + Self.lines(in: cut[0].preamble)) + code + "#sourceLocation()\n"
        self.rests = rests
    }

    /// An engine, the lesson lines its code is mapped to, and where that code starts.
    private struct MappedCode {
        var engine: String
        var path: String
        var line: Int
        /// The UTF-8 offset of the code, after the `#sourceLocation` line.
        var codeStart: Int

        /// Reads `#sourceLocation(file: "…", line: N)`, which the code follows.
        init?(_ engine: String) {
            let prefix = "#sourceLocation(file: "
            guard engine.hasPrefix(prefix), let end = engine.firstIndex(of: "\n") else { return nil }
            let header = engine[..<end]
            guard let comma = header.range(of: ", line: ", options: .backwards), header.hasSuffix(")"),
                let line = Int(header[comma.upperBound..<header.index(before: header.endIndex)])
            else { return nil }
            path = String(header[header.index(header.startIndex, offsetBy: prefix.count)..<comma.lowerBound])
            self.engine = engine
            self.line = line
            codeStart = engine.utf8.distance(from: engine.startIndex, to: end) + 1
        }

        /// The code's declarations, cut from the engine's tokens (lexed once for its rewrite too).
        var declarations: (preamble: String, items: [String]) {
            SharedEngineBase.declarations(of: LexedSource.of(engine), from: codeStart)
        }

        /// The `#sourceLocation` line that maps what follows to `line` of the engine's lesson.
        func location(line: Int) -> String { "#sourceLocation(file: \(path), line: \(line))\n" }
    }

    /// The comments of the code of `lexed` from `start` before its first declaration (its file's header,
    /// which lessons word differently), and its declarations (`items`). A preamble that holds code is the
    /// first item.
    static func declarations(of lexed: LexedSource, from start: Int) -> (preamble: String, items: [String]) {
        var items = items(of: lexed, from: start)
        guard let first = items.first, !LexedSource.of(first).tokens.contains(where: \.isCode) else {
            return ("", items)
        }
        items.removeFirst()
        return (first, items)
    }

    private static func lines(in text: String) -> Int {
        text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// `code` cut before each top-level declaration, at the start of its line (its attributes and modifiers
    /// with it): concatenated, the pieces are `code`.
    static func items(of code: String) -> [String] { items(of: LexedSource.of(code), from: 0) }

    /// The code of `lexed` from `start`, a line's start, cut as `items(of:)` cuts it.
    static func items(of lexed: LexedSource, from start: Int) -> [String] {
        var starts: [Int] = []
        var depth = 0
        var lastLine = -1
        var awaitingDeclaration = false  // attributes or modifiers read, their declaration not yet
        for token in lexed.tokens where token.isCode && token.range.lowerBound >= start {
            let begins = token.line != lastLine
            lastLine = token.lastLine
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            case .attribute where depth == 0:
                if begins, !awaitingDeclaration { starts.append(lexed.lineStarts[token.line]) }
                awaitingDeclaration = true
            case .identifier where depth == 0:
                let word = lexed.text(of: token)
                guard declarationStarts.contains(word) else { continue }
                if begins, !awaitingDeclaration { starts.append(lexed.lineStarts[token.line]) }
                awaitingDeclaration = modifierWords.contains(word)
            default: continue
            }
        }
        let cuts = [start] + starts.filter { $0 > start } + [lexed.bytes.count]
        return zip(cuts, cuts.dropFirst()).map { String(decoding: lexed.bytes[$0..<$1], as: UTF8.self) }
    }
}
