import Foundation

/// The names every Swift file sees without an import: those the standard library and the other modules
/// every file imports implicitly (`_Concurrency`, `_StringProcessing`) declare at their top level (`abs`,
/// `print`, `String`, `zip`, `CancellationError`, `withUnsafeCurrentTask`, …), read from the toolchain's own
/// interfaces, and those modules' own names (`Swift.max`). What a scenario's top-level function would
/// overload at the top level of `main.swift`, where a local function of the same name hides them (a
/// scenario's `func abs(_ x: Double)` makes `abs(-3)` print `3` at the top level and `3.0` in a function),
/// and what a top-level name of the scenario would hide from its engine's code.
enum StandardNames {
    /// The modules every Swift file imports without saying so.
    static let implicitModules = ["Swift", "_Concurrency", "_StringProcessing"]

    /// The names, or nil when the toolchain's interface of the standard library cannot be found or read
    /// (every top-level function is then taken to overload one). Kept in the user's toolchain memo
    /// (`ToolchainMemo`) under the interfaces' and the checker's paths, sizes and times: reading the 2 MB of interfaces cost a
    /// debug `lesson` about 80 ms of CPU, in every process whose merge policy asks.
    static let current: Set<String>? = read(interfaces: implicitModules.map(interfacePath(of:)), kept: .shared)

    /// The names the interfaces at `paths` (the standard library's first) declare, with the modules' own;
    /// from `kept` where it holds them for these very files, else read and kept there.
    static func read(interfaces paths: [String?], kept: ToolchainMemo?) -> Set<String>? {
        guard let standardPath = paths.first ?? nil else { return nil }
        // The checker's own binary too: the names are its reading of the files, which a new build may change.
        let key =
            ["standard names", Paths.identity(of: Paths.runningProgram)]
            + paths.map { $0.map(Paths.identity(of:)) ?? "none" }
        if let list = kept?.value(String.self, key: key) { return Set(list.split(separator: "\n").map(String.init)) }
        guard let standard = names(inInterfaceAt: standardPath) else { return nil }
        let others = paths.dropFirst().compactMap { $0.flatMap(names(inInterfaceAt:)) }
        let all = others.reduce(standard) { $0.union($1) }.union(implicitModules)
        kept?.store(all.sorted().joined(separator: "\n"), key: key)
        return all
    }

    /// `<module>.swiftmodule/<target>.swiftinterface` under the runtime libraries of the `swiftc` on `PATH`.
    private static func interfacePath(of module: String) -> String? {
        guard let folder = (try? Toolchain.locate())?.runtimeLibraries else { return nil }
        let path = folder + "/" + module + ".swiftmodule"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.filter { $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface") }
            .sorted().first.map { path + "/" + $0 }
    }

    /// The name each top-level declaration of an interface file declares. An interface writes one
    /// declaration a line, top-level ones at the line's start and members indented, after their attributes
    /// and modifiers (`@inlinable public func abs<T>(…)`). Read as bytes: the interface is 2 MB.
    static func names(inInterfaceAt path: String) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let declaring = Set(SwiftVocabulary.declaringWords.map { Array($0.utf8) })
        var names: Set<String> = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                // `memchr` finds each line's end: most lines are members, indented, and skipped whole.
                let found = memchr(base + start, 0x0A, bytes.count - start)
                let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                if bytes[start] != UInt8(ascii: " "), bytes[start] != UInt8(ascii: "\t"),
                    let name = declaredName(bytes[start..<end], declaring: declaring)
                {
                    names.insert(name)
                }
                start = end + 1
            }
        }
        return names.isEmpty ? nil : names
    }

    /// The word after the first declaring word of `line`, if any.
    private static func declaredName(_ line: Slice<UnsafeBufferPointer<UInt8>>, declaring: Set<[UInt8]>) -> String? {
        var word: [UInt8] = []
        var expectsName = false
        for byte in Array(line) + [UInt8(ascii: " ")] {
            if isWordByte(byte) {
                word.append(byte)
                continue
            }
            guard !word.isEmpty else { continue }
            if expectsName { return String(decoding: word, as: UTF8.self) }
            expectsName = declaring.contains(word)
            word.removeAll(keepingCapacity: true)
        }
        return nil
    }

    /// A byte of a name or a keyword (`@` and backticks are not: `@inlinable` reads as `inlinable`).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
