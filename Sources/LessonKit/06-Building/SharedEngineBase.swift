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
        MappedCode(engine).flatMap { declarations(of: $0.code).items.first }
    }

    /// The base of `engines`, each written as `ProgramSource.mapped` writes a block (a `#sourceLocation`
    /// line, then the code); nil when they share none, or it would change what a program means.
    init?(_ engines: [String]) {
        let mapped = engines.compactMap(MappedCode.init)
        guard engines.count > 1, mapped.count == engines.count else { return nil }
        let cut = mapped.map { Self.declarations(of: $0.code) }
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
        var rests: [String] = []
        for (engine, (preamble, pieces)) in zip(mapped, cut) {
            let rest = pieces[shared...].joined()
            let tokens = SwiftTokens.of(rest)
            let reachesBase =
                tokens.declaresOperatorFunction
                || tokens.topLevelDeclaredNames.contains { baseWords.contains($0) || $0.hasSuffix("Type") }
                || RestExtensions(rest).reachedBy(code, baseWords: baseWords, rest: tokens)
            guard !reachesBase,
                let rewritten = FilePrivateEngine.of(
                    engine.location(line: engine.line + Self.lines(in: preamble) + lines) + rest)
            else { return nil }
            rests.append(rewritten.source)
        }
        base = mapped[0].location(line: mapped[0].line + Self.lines(in: cut[0].preamble)) + code + "#sourceLocation()\n"
        self.rests = rests
    }

    /// An engine's code and the lesson lines it is mapped to.
    private struct MappedCode {
        var path: String
        var line: Int
        var code: String

        /// Reads `#sourceLocation(file: "…", line: N)` and the code after it.
        init?(_ engine: String) {
            let prefix = "#sourceLocation(file: "
            guard engine.hasPrefix(prefix), let end = engine.firstIndex(of: "\n") else { return nil }
            let header = engine[..<end]
            guard let comma = header.range(of: ", line: ", options: .backwards), header.hasSuffix(")"),
                let line = Int(header[comma.upperBound..<header.index(before: header.endIndex)])
            else { return nil }
            path = String(header[header.index(header.startIndex, offsetBy: prefix.count)..<comma.lowerBound])
            self.line = line
            code = String(engine[engine.index(after: end)...])
        }

        /// The `#sourceLocation` line that maps what follows to `line` of the engine's lesson.
        func location(line: Int) -> String { "#sourceLocation(file: \(path), line: \(line))\n" }
    }

    /// `code`'s comments before its first declaration (its file's header, which lessons word differently),
    /// and its declarations (`items`). A preamble that holds code is the first item.
    static func declarations(of code: String) -> (preamble: String, items: [String]) {
        var items = items(of: code)
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
    static func items(of code: String) -> [String] {
        let lexed = LexedSource.of(code)
        var starts: [Int] = []
        var depth = 0
        var lastLine = -1
        var awaitingDeclaration = false  // attributes or modifiers read, their declaration not yet
        for token in lexed.tokens where token.isCode {
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
        let cuts = [0] + starts.filter { $0 > 0 } + [lexed.bytes.count]
        return zip(cuts, cuts.dropFirst()).map { String(decoding: lexed.bytes[$0..<$1], as: UTF8.self) }
    }
}
