import Foundation

/// Two programs of one engine from one compile: a submission's visible tests and its hidden tests. One
/// frontend process compiles the engine (the student's file among it), both sets of tests and the entry
/// point, each file its own object; the visible program is linked from the engine, the visible tests and
/// the entry point, the hidden one from the engine, the hidden tests and the entry point. The student's
/// code is compiled once, and the visible program holds no hidden code.
///
/// Both test files define the entry point's one function, `_lesson_run_scenario`, under names of their own
/// (`@_silgen_name`): the compile is not whole-module, so each object defines it once, and each program
/// links one of them. Each test is wrapped in a function, as merged scenarios are (`MergePolicy`).
package struct TwoProgramBuild: Sendable {
    var compiler: SwiftCompiler
    var recipe: SeparateCompilation

    /// The tests of one program: each scenario with the path its diagnostics name.
    typealias Tests = [(block: PlannedBlock, markdownPath: String)]

    enum Outcome: Sendable {
        /// Both programs, in the folder the caller gave (and removes), and the build (compile and links).
        case built(visible: String, hidden: String, build: CompileResult)
        /// The compile or a link failed.
        case failed(CompileResult)
    }

    /// The driver's commands for files compiled one by one, learnt from the driver (once for this user,
    /// `DriverRecipe`); nil when it prints commands of another shape.
    static func recipe(toolchain: Toolchain) -> SeparateCompilation? {
        let arguments =
            SwiftCompiler.arguments(languageMode: .swift5).filter { $0 != "-wmo" } + toolchain.linkerArguments
        return try? DriverRecipe.shared.learn(toolchain: toolchain, arguments: arguments)
    }

    /// The driver's commands as `recipe(toolchain:)` learns them, written to `path` once for a class, so
    /// that each student's grader reads them instead of asking the driver; false when they cannot be.
    package static func writeRecipe(toolchain: Toolchain, to path: String) -> Bool {
        guard let recipe = recipe(toolchain: toolchain), let data = try? JSONEncoder().encode(recipe) else {
            return false
        }
        return (try? data.write(to: URL(fileURLWithPath: path))) != nil
    }

    /// The commands `writeRecipe` wrote; nil when the file holds none.
    static func readRecipe(_ path: String) -> SeparateCompilation? {
        FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode(SeparateCompilation.self, from: $0)
        }
    }

    func build(engine: [ProgramFile], visible: Tests, hidden: Tests, in folder: WorkDirectory) throws
        -> Outcome
    {
        let visibleFile = Self.tests(visible, kind: "Visible")
        let hiddenFile = Self.tests(hidden, kind: "Hidden")
        let files = engine + [NativeSupport.declarations, visibleFile, hiddenFile, Self.entryPoint]
        for file in files {
            try ScratchFile.save(file.contents, to: folder.path + "/" + file.name)
        }
        // Named relative to the folder the compiler runs in, when the program must not learn it.
        let paths = files.map { compiler.hidesBuildFolder ? $0.name : folder.path + "/" + $0.name }
        let builder = ProgramBuilder(compiler: compiler, recipe: recipe, directory: folder.path)
        let support = folder.path + "/" + NativeSupport.source.name
        var compiled = try NativeSupport.compile(
            into: SeparateCompilation.object(for: support), clang: recipe.cCompiler(compiler.toolchain) ?? "clang",
            compiler: builder.compiler, in: folder.path)
        guard compiled.succeeded else { return .failed(compiled) }
        let (swift, swiftObjects) = try builder.compile(.objects(inputs: paths, primaries: paths))
        compiled = compiled.followed(by: swift)
        guard compiled.succeeded else { return .failed(compiled) }
        let objects = swiftObjects + [SeparateCompilation.object(for: support)]
        // engine…, support declarations, visible tests, hidden tests, entry point; the support's object.
        let shared =
            Array(swiftObjects.prefix(engine.count + 1)) + [swiftObjects[swiftObjects.count - 1], objects.last!]
        let visibleObjects = shared + [swiftObjects[engine.count + 1]]
        let hiddenObjects = shared + [swiftObjects[engine.count + 2]]
        // The libraries of all the objects, listed once for both programs.
        let listed = try builder.listLibraries(of: objects)
        compiled = compiled.followed(by: listed)
        guard listed.succeeded else { return .failed(compiled) }
        for (program, programObjects) in [("visible", visibleObjects), ("hidden", hiddenObjects)] {
            let linked = try builder.link(
                programObjects, into: folder.path + "/" + program, libraries: .given(builder.libraryList))
            compiled = compiled.followed(by: linked.build)
            guard linked.build.succeeded else { return .failed(compiled) }
        }
        return .built(visible: folder.path + "/visible", hidden: folder.path + "/hidden", build: compiled)
    }

    /// One program's tests, each wrapped in a function, and the function the entry point calls.
    static func tests(_ tests: Tests, kind: String) -> ProgramFile {
        var text = ""
        var calls: [String] = []
        for (index, test) in tests.enumerated() {
            let function = "_lesson\(kind)Test\(index)"
            text +=
                "private func \(function)() {\n" + ProgramSource.mapped(test.block.fenced, to: test.markdownPath)
                + "#sourceLocation()\n}\n"
            calls.append("\(function)()")
        }
        let dispatch =
            "@_silgen_name(\"_lesson_run_scenario\")\nfunc _lessonRun\(kind)(_ index: Int) {\n"
            + ScenarioDispatch.switchStatement(over: "index", calls: calls) + "}\n"
        return ProgramFile(name: "_Lesson\(kind)Tests.swift", contents: text + dispatch)
    }

    /// The entry point: what `LESSON_SCENARIO` selects, of the tests linked in.
    static let entryPoint = ProgramFile(
        name: "main.swift",
        contents: ProgramSource.mainPrologue + """
            @_silgen_name("_lesson_run_scenario")
            func _lessonRunScenario(_ index: Int)
            _lessonRunScenario(_lessonSelectedScenario())

            """)
}
