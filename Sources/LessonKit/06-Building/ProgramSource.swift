import Foundation

/// A source file of a program to build, named as the compiler will see it.
package struct ProgramFile: Hashable, Sendable {
    package var name: String
    package var contents: String
    /// Where the file already is, when it is compiled from there rather than written into the build folder:
    /// coverage compiles every program of an engine from one copy, so that their coverage mappings merge.
    package var existingPath: String?

    package init(name: String, contents: String, existingPath: String? = nil) {
        self.name = name
        self.contents = contents
        self.existingPath = existingPath
    }
}

/// Turns lesson blocks into compiler input whose diagnostics point into the Markdown file.
package enum ProgramSource {
    /// `#sourceLocation` wants a string literal.
    static func literal(_ path: String) -> String {
        "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The block's content, with diagnostics mapped to `markdownPath` at the block's lines.
    package static func mapped(_ block: FencedBlock, to markdownPath: String) -> String {
        mapped(block.text, firstLine: block.firstContentLine, to: markdownPath)
    }

    /// `text`, with diagnostics mapped to `path` from `firstLine` on.
    package static func mapped(_ text: String, firstLine: Int, to path: String) -> String {
        // No closing `#sourceLocation()`: an error at the end of the file (an unclosed brace) then points at
        // the block's closing fence instead of a temporary file.
        "#sourceLocation(file: \(literal(path)), line: \(firstLine))\n" + text
    }

    /// The runtime support of a program built whole: what `main.swift` calls to unbuffer its output (so that
    /// what a program prints before a trap is not lost in the stdio buffer), pick its scenario and mark a
    /// listing's segments, written once in C (`NativeSupport`) and declared to Swift. It declares nothing a
    /// lesson could clash with. (A program compiled file by file declares it and links its kept object.)
    package static let runtimeSupport = [NativeSupport.declarations, NativeSupport.source]

    /// The statement `main.swift` starts with, before the scenario's own lines.
    package static let mainPrologue = "_lessonStartProgram()\n"

    /// The name of the merged program's function that runs scenario `index`.
    static func scenarioFunction(_ index: Int) -> String { "_lessonScenario\(index)" }

    /// One program for many scenarios of one engine: each scenario's top-level code is wrapped in a function
    /// (with its `#sourceLocation`), and `main.swift` runs the one `LESSON_SCENARIO` selects. Besides the
    /// runtime support, only the scenarios' hoisted imports (`imports`, the same for every scenario of the
    /// program and compiled with the engine too) import anything, as in a program built alone.
    ///
    /// Each function is in a file of its own, or with `inMain` all are in `main.swift`: compiled apart from
    /// the engine, one file is one object, where a file per scenario costs an object each. A program whose
    /// declarations move to file scope (`ProgramBody.movesDeclarations`) always has a file of its own. With
    /// `native`, the support is only declared (`NativeSupport.declarations`), for files compiled one by one
    /// and linked with its kept object; `batches` then lets the program run its scenarios in a batch.
    package static func mergedProgram(
        engine: [ProgramFile], programs scenarios: [(body: ProgramBody, markdownPath: String)], inMain: Bool = false,
        native: Bool = false, batches: Bool = false, imports: [String] = [], languageMode: LanguageMode = .swift5
    ) -> [ProgramFile] {
        // Top-level code isolated to the main actor stays so in its function.
        let isolation = languageMode.isolatesTopLevelCode ? "@MainActor " : ""
        // Every file with a scenario's code imports what the scenarios import (`HoistedImports`).
        let imported = imports.map { $0 + "\n" }.joined()
        var files = engine + (native ? [NativeSupport.declarations] : runtimeSupport)
        var functions = ""
        let selected = native && batches ? "_lessonBatchSelectedScenario()" : "_lessonSelectedScenario()"
        var calls: [String] = []
        for (index, scenario) in scenarios.enumerated() {
            let function = scenarioFunction(index)
            let split = scenario.body.movesDeclarations ? scenario.body.splitWrapped(to: scenario.markdownPath) : nil
            if let split {
                // The declarations are `fileprivate`: a file of the program's own.
                let contents = imported + split.fileScope + isolation + "func \(function)() {\n" + split.body + "}\n"
                files.append(ProgramFile(name: "_LessonScenario\(index).swift", contents: contents))
                calls.append("\(function)()")
                continue
            }
            let wrapped =
                isolation + "func \(function)() {\n" + scenario.body.wrapped(to: scenario.markdownPath) + "}\n"
            if inMain {
                functions += wrapped
            } else {
                files.append(ProgramFile(name: "_LessonScenario\(index).swift", contents: imported + wrapped))
            }
            calls.append("\(function)()")
        }
        let dispatch = mainPrologue + ScenarioDispatch.switchStatement(over: selected, calls: calls)
        return files + [ProgramFile(name: "main.swift", contents: imported + functions + dispatch)]
    }

    /// The file that imports what a merged program's scenarios import, compiled with the engine: the
    /// engine's objects are then compiled as the scenarios see the module (an imported module's extensions
    /// are seen in every file), kept apart from the objects of scenarios that import nothing, and list the
    /// imported modules' libraries. None without imports.
    static func importsFile(_ imports: [String]) -> [ProgramFile] {
        imports.isEmpty ? [] : [ProgramFile(name: "_LessonImports.swift", contents: imports.map { $0 + "\n" }.joined())]
    }

    /// A complete program: the engine files, the runtime support, and `body` (a scenario, a listing after
    /// its context) at the top level of `main.swift`.
    package static func program(engine: [ProgramFile], body: ProgramBody, markdownPath: String) -> [ProgramFile] {
        engine + runtimeSupport + [
            ProgramFile(name: "main.swift", contents: mainPrologue + body.topLevel(to: markdownPath))
        ]
    }
}

/// The code of one program: a block, after the blocks of its context (a book's earlier listings), which run
/// first with their output discarded.
package struct ProgramBody: Hashable, Sendable {
    package var block: PlannedBlock
    package var context: [PlannedBlock] = []
    /// Positions in `context` of listings checked within this run: each prints between segment markers
    /// instead of into the void (see `SharedRuns.swift`).
    package var segments: Set<Int> = []

    /// How it is built (`MergePolicy.Decision`). Wrapped in a function, its `import` lines are blank, imported
    /// at the top of the program's files instead (see `HoistedImports`); its type declarations may move out to
    /// file scope (see `FileScopeDeclarations`); its process may exit at the function's end (`_lessonExit(0)`),
    /// before the function's locals are released: at the top level they are globals, never released, so a
    /// `deinit` they would run, or a `weak` reference they would clear, is not seen either way. Each
    /// scenario of a merged program runs in a process of its own.
    package var way: MergePolicy.Decision
    /// A book test's blocks are parts of one program: what every part prints is output, and wrapped in a
    /// function they share one scope (a later block's function overloads an earlier one, as at the top level),
    /// where listings run before a block each open a scope.
    package var kind: ProgramKind

    package init(
        block: PlannedBlock, context: [PlannedBlock] = [], segments: Set<Int> = [],
        way: MergePolicy.Decision = .wrapped(MergePolicy.Wrapping()), kind: ProgramKind = .scenario
    ) {
        self.block = block
        self.context = context
        self.segments = segments
        self.way = way
        self.kind = kind
    }

    /// Whether, wrapped, its type declarations move to file scope.
    package var movesDeclarations: Bool {
        if case .movingDeclarations = way { return true }
        return false
    }

    private var isOneProgram: Bool { kind == .bookTest }

    /// How it is wrapped: as its plan says, or plainly where its plan builds it otherwise.
    private var wrapping: MergePolicy.Wrapping {
        if case .wrapped(let wrapping) = way { return wrapping }
        return MergePolicy.Wrapping()
    }

    /// At the top level of `main.swift`: the context's blocks, then the block, each mapped to its lines.
    func topLevel(to path: String) -> String {
        guard !context.isEmpty else { return ProgramSource.mapped(block.fenced, to: path) }
        let earlier = context.indices.map { contextBlock($0, to: path) }.joined()
        if isOneProgram { return earlier + ProgramSource.mapped(block.fenced, to: path) }
        return "_lessonSilenceStandardOutput()\n" + earlier + ownBeginning
            + ProgramSource.mapped(block.fenced, to: path)
    }

    /// In a function body: each block of the context opens a scope the next is written in, so that a later
    /// listing's declaration shadows an earlier one of the same name, as reading order has it.
    func wrapped(to path: String) -> String { wrapped(to: path, code: code) }

    /// A block's code as a merged program holds it: its import lines blank when they are hoisted, as the
    /// planner read them.
    private func code(_ block: PlannedBlock) -> String {
        wrapping.imports.isEmpty ? block.text : block.swift.hoisted?.code ?? block.text
    }

    /// A block's declarations at file scope and the rest, read from its code as a merged program holds it:
    /// the planner's reading where no import line is blanked.
    private func fileScopeSplit(_ block: PlannedBlock) -> FileScopeDeclarations? {
        let read = block.swift
        guard !wrapping.imports.isEmpty, let hoisted = read.hoisted else { return FileScopeDeclarations(read.items) }
        return FileScopeDeclarations(hoisted.code)
    }

    /// The declarations of every block at file scope, and the function body without them; nil when a block
    /// does not split.
    func splitWrapped(to path: String) -> (fileScope: String, body: String)? {
        var splits: [Int: FileScopeDeclarations] = [:]
        var fileScope = ""
        for block in context + [block] {
            guard let split = fileScopeSplit(block) else { return nil }
            splits[block.openingLine] = split
            fileScope += ProgramSource.mapped(split.fileScope, firstLine: block.firstContentLine, to: path)
            fileScope += "#sourceLocation()\n"
        }
        return (fileScope, wrapped(to: path) { splits[$0.openingLine]?.body ?? code($0) })
    }

    private func wrapped(to path: String, code: (PlannedBlock) -> String) -> String {
        let own =
            ProgramSource.mapped(code(block), firstLine: block.firstContentLine, to: path) + "#sourceLocation()\n"
            + (wrapping.exitsAtEnd ? "_lessonExit(0)\n" : "")
        guard !context.isEmpty else { return own }
        if isOneProgram { return context.indices.map { contextBlock($0, to: path, code: code) }.joined() + own }
        var text = "_lessonSilenceStandardOutput()\n"
        for position in context.indices { text += contextBlock(position, to: path, code: code) + "do {\n" }
        text += ownBeginning + own
        return text + String(repeating: "}\n", count: context.count)
    }

    /// A block of the context, between the markers of its segment when it is one.
    private func contextBlock(_ position: Int, to path: String, code: (PlannedBlock) -> String = \.text) -> String {
        let block = context[position]
        let code =
            ProgramSource.mapped(code(block), firstLine: block.firstContentLine, to: path) + "#sourceLocation()\n"
        guard segments.contains(position) else { return code }
        return "_lessonBeginSegment(\(position))\n" + code + "_lessonEndSegment(\(position))\n"
    }

    /// Where the block's own output begins: marked as a segment of its own when the run has others.
    private var ownBeginning: String {
        segments.isEmpty
            ? "_lessonRestoreStandardOutput()\n" : "_lessonBeginSegment(\(SegmentMarker.ownSegment))\n"
    }

    /// Every Markdown line the body's code comes from.
    package var lineRanges: [ClosedRange<Int>] { (context + [block]).map { $0.openingLine...$0.lastLine } }
}
