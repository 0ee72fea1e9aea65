import Foundation

/// The three commands `swiftc` runs to build a program from separately compiled files: the frontend for each
/// file's object, the extraction of the libraries the objects link with, the link. They are learnt once from
/// what the driver prints for `swiftc -###` and then run without it: the driver costs about 50 ms a build on
/// its own, and compiling files one by one lets an engine's objects be compiled once and linked into every
/// program that uses it (see `EngineObjects`).
///
/// When the driver prints commands of another shape (another platform, another driver), there is no recipe,
/// and programs are built by `swiftc` as a whole.
struct SeparateCompilation: Codable, Sendable, Equatable {
    /// One word of a command: a literal, or where the build's own paths go.
    enum Word: Codable, Sendable, Equatable {
        case literal(String)
        /// Every object file, in order.
        case objects
        /// The file the extracted library list is written to (`-o` of the extraction).
        case libraryList
        /// The same file as a response file of the link (`@path`).
        case libraryListResponse
        /// The program.
        case output
    }

    /// `swift-frontend -frontend -c` and its flags, without inputs and outputs.
    var frontend: [String]
    /// Nil where the linker reads the library list from the objects itself (Darwin).
    var libraryExtraction: [Word]?
    var link: [Word]
    /// The linker's own command, which `link`'s `clang` would start (`DirectLink`); nil where it could not be
    /// learnt, and `link` is run.
    var directLink: [Word]? = nil

    /// Learns the commands from the driver, in a scratch folder; nil when it prints something else. Throws
    /// when the driver cannot be asked (it fails, it cannot be started).
    static func learn(toolchain: Toolchain, arguments: [String]) throws -> SeparateCompilation? {
        try WorkDirectory.using(prefix: "lesson-driver") { scratch in
            // The driver prints paths in their normal form (`$TMPDIR` may hold `//` or `/./`).
            let folder = Paths.absolute(scratch.path)
            let source = folder + "/main.swift"
            let program = folder + "/program"
            try ScratchFile.save("", to: source)
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = folder  // the driver leaves a folder there, even for `-###`
            // The frontend the checker parses with, the one beside `swiftc` (the driver's own otherwise).
            if let frontend = toolchain.swiftFrontend { environment["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC"] = frontend }
            let printed = try Subprocess.run(
                toolchain.swiftc, arguments: ["-###"] + arguments + [source, "-o", program], environment: environment,
                workingDirectory: folder, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            guard printed.termination == .exited(0) else {
                throw LessonError(.toolchain, "swiftc -### ended with \(printed.termination)")
            }
            let lines = String(decoding: printed.standardOutput, as: UTF8.self).split(separator: "\n")
            guard
                var learnt = recipe(from: lines.map { ShellWords.split(String($0)) }, source: source, program: program)
            else { return nil }
            learnt.directLink = DirectLink.learn(learnt, environment: environment, in: folder)
            return learnt
        }
    }

    /// The recipe in the commands the driver printed for compiling `source` into `program`: one frontend
    /// command, an optional library extraction, a link. Every temporary path of the driver's, and every path
    /// into the folder of `source` (however the driver spelled it), must be one the recipe replaces, or there
    /// is no recipe.
    static func recipe(from commands: [[String]], source: String, program: String) -> SeparateCompilation? {
        guard commands.count == 2 || commands.count == 3, let frontendCommand = commands.first,
            frontendCommand.count > 2, frontendCommand[1] == "-frontend", frontendCommand[2] == "-c",
            let objectIndex = frontendCommand.firstIndex(of: "-o"), objectIndex + 1 < frontendCommand.count
        else { return nil }
        let object = frontendCommand[objectIndex + 1]
        var frontend: [String] = []
        var words = frontendCommand[...]
        while let word = words.popFirst() {
            switch word {
            case "-primary-file", "-o": _ = words.popFirst()
            case source: continue
            default: frontend.append(word)
            }
        }
        var libraryList: String?
        var extraction: [Word]?
        if commands.count == 3 {
            let command = commands[1]
            guard let output = command.firstIndex(of: "-o"), output + 1 < command.count else { return nil }
            libraryList = command[output + 1]
            extraction = command.map { $0 == object ? .objects : $0 == libraryList ? .libraryList : .literal($0) }
        }
        let link: [Word] = commands.last!.map {
            if $0 == object { return .objects }
            if $0 == program { return .output }
            if let libraryList, $0 == "@" + libraryList { return .libraryListResponse }
            return .literal($0)
        }
        let recipe = SeparateCompilation(frontend: frontend, libraryExtraction: extraction, link: link)
        let scratch = Paths.parent(object)
        let folderName = "/" + (Paths.parent(source) as NSString).lastPathComponent
        let leftover = recipe.literals.contains {
            $0.contains(scratch) || $0.contains(folderName + "/") || $0.hasSuffix(folderName)
        }
        return leftover ? nil : recipe
    }

    private var literals: [String] {
        let words = (libraryExtraction ?? []) + link
        return frontend + words.compactMap { if case .literal(let text) = $0 { text } else { nil } }
    }

    /// The `clang` the driver links with, which compiles the native support; where the link starts another
    /// program, the `clang` beside `swiftc`.
    func cCompiler(_ toolchain: Toolchain) -> String? {
        if case .literal(let program) = link.first, (program as NSString).lastPathComponent.hasPrefix("clang") {
            return program
        }
        return toolchain.tool("clang")
    }

    /// The frontend command that compiles `primaries` (each into the object beside it, `.o` for `.swift`)
    /// with every other input read for its declarations only.
    func compileCommand(inputs: [String], primaries: Set<String>) -> (command: [String], objects: [String]) {
        var command = frontend
        var objects: [String] = []
        for input in inputs {
            if primaries.contains(input) {
                command += ["-primary-file", input]
                objects.append(Self.object(for: input))
            } else {
                command.append(input)
            }
        }
        return (command + objects.flatMap { ["-o", $0] }, objects)
    }

    /// The frontend command that compiles every one of `inputs` into the one object `output`, as a
    /// whole module: one object to write and link where a file each would be many.
    func wholeModuleCommand(inputs: [String], output: String) -> [String] {
        frontend + inputs + ["-o", output]
    }

    /// The same commands with the frontend in `mode` (the driver changes only `-swift-version` between
    /// modes); nil when the frontend names no language mode.
    func inLanguageMode(_ mode: LanguageMode) -> SeparateCompilation? {
        guard let flag = frontend.firstIndex(of: "-swift-version"), flag + 1 < frontend.count else { return nil }
        var copy = self
        copy.frontend[flag + 1] = mode.version
        return copy
    }

    static func object(for source: String) -> String {
        (source as NSString).deletingPathExtension + ".o"
    }

    /// The command that writes the libraries `objects` link with to `libraryList`; nil where the platform
    /// has no such step.
    func extractionCommand(objects: [String], libraryList: String) -> [String]? {
        libraryExtraction.map { render($0, objects: objects, libraryList: libraryList, output: "") }
    }

    /// The command that links `objects` into `output`, with the library list `libraryList` (where the
    /// platform has one): the linker itself where its command is known and the list holds only libraries,
    /// or with `direct` false, `clang`.
    func linkCommand(objects: [String], output: String, libraryList: String, direct: Bool = true) -> [String] {
        if direct, let directLink, DirectLink.takes(libraryList) {
            return render(directLink, objects: objects, libraryList: libraryList, output: output)
        }
        return render(link, objects: objects, libraryList: libraryList, output: output)
    }

    private func render(_ words: [Word], objects: [String], libraryList: String, output: String) -> [String] {
        words.flatMap { word -> [String] in
            switch word {
            case .literal(let text): [text]
            case .objects: objects
            case .libraryList: [libraryList]
            case .libraryListResponse: ["@" + libraryList]
            case .output: [output]
            }
        }
    }
}

/// Splits a command line as a POSIX shell would, for the commands `swiftc -###` prints: words separated by
/// spaces, single quotes, double quotes and backslashes.
enum ShellWords {
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var characters = line[...]
        while let character = characters.popFirst() {
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("\"", "\\"):
                if let next = characters.first, "\"\\$`".contains(next) {
                    word.append(characters.removeFirst())
                } else {
                    word.append(character)
                }
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, "\\"):
                if let next = characters.popFirst() { word.append(next) }
                inWord = true
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
