import Foundation

/// Programs that must be built alone (their code needs the top level of `main.swift`: a protocol, an
/// extension), linked into one executable all the same. Each is compiled as a module of its own, whose
/// top-level code becomes a function (`-entry-point-function-name`), and a small `main.swift` calls the one
/// `LESSON_SCENARIO` selects. One frontend process per program and one link for all of them: the link of a
/// small program costs more than its compile.
///
/// Only for jobs planned so (`MergePolicy.Decision.module`, a book's programs): a module is named
/// `_LessonProgram0`, `_LessonProgram1`…, not `main`, which shows in a type's fully qualified name
/// (`String(reflecting:)`, the description of a class instance).
extension Executor {
    /// The module name and entry point of the program at `position` of a batch.
    static func moduleName(_ position: Int) -> String { "_LessonProgram\(position)" }
    static func entryPoint(_ position: Int) -> String { "_lessonProgram\(position)" }

    /// A job compiled as a module of the batch: its objects and its compile.
    private typealias CompiledModule = (job: Int, objects: [String], build: CompileResult)

    /// What compiling one job as a module gave: the module, or the job's outcome when it did not compile.
    private enum ModuleCompile {
        case compiled(CompiledModule)
        case outcome(BuildOutcome)
    }

    /// Compiles each job of `indices` as its module, then links those that compiled into one executable.
    /// A job that does not compile has its own failed build; when the link fails, every compiled job is left
    /// to be built alone.
    func buildModuleBatch(_ indices: [Int], of jobs: [ScenarioJob], using engineObjects: EngineObjects)
        -> [BuildOutcome]
    {
        let folder: WorkDirectory
        do { folder = try buildFolder(prefix: "lesson-modules") } catch { return [.failed(jobs: indices, build: nil)] }
        var outcomes: [BuildOutcome] = []
        var compiled: [CompiledModule] = []
        for index in indices {
            switch compileModule(index, position: compiled.count, of: jobs, in: folder, recipe: engineObjects.recipe) {
            case .compiled(let module): compiled.append(module)
            case .outcome(let outcome): outcomes.append(outcome)
            }
        }
        guard !compiled.isEmpty else {
            folder.remove()
            return outcomes
        }
        return outcomes + [linkModules(compiled, in: folder, using: engineObjects)]
    }

    /// Job `index` compiled in a folder of its own as the module at `position` of the batch.
    private func compileModule(
        _ index: Int, position: Int, of jobs: [ScenarioJob], in folder: WorkDirectory, recipe: SeparateCompilation
    ) -> ModuleCompile {
        do {
            let module = folder.path + "/m\(index)"
            try FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: false)
            // The support is linked once, for every module: each declares it.
            let files = jobs[index].files.filter { $0.name != NativeSupport.source.name }
            let paths = files.map { module + "/" + $0.name }
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let (build, objects) = try compiler.compileObjects(
                inputs: paths, primaries: Set(paths),
                recipe: recipe.module(named: Self.moduleName(position), entryPoint: Self.entryPoint(position)),
                in: module)
            guard build.succeeded else { return .outcome(.alone(index, ScenarioExecution(build: build, run: nil))) }
            return .compiled((index, objects, build))
        } catch {
            return .outcome(.failed(jobs: [index], build: nil))
        }
    }

    /// The dispatcher compiled and linked with the compiled modules and the native support into one
    /// executable; when that fails, every compiled job is left to be built alone.
    private func linkModules(_ compiled: [CompiledModule], in folder: WorkDirectory, using engineObjects: EngineObjects)
        -> BuildOutcome
    {
        engineObjects.startSupport(compiler: compiler)
        do {
            let dispatcher = folder.path + "/main.swift"
            let declarations = folder.path + "/" + NativeSupport.declarations.name
            try ScratchFile.save(Self.dispatcher(programs: compiled.count), to: dispatcher)
            try ScratchFile.save(NativeSupport.declarations.contents, to: declarations)
            let (main, mainObjects) = try compiler.compileObjects(
                inputs: [declarations, dispatcher], primaries: [dispatcher], recipe: engineObjects.recipe,
                in: folder.path)
            let executable = folder.path + "/" + ScenarioRunner.programName
            let separate = SeparateBuild(compiler: compiler, engineObjects: engineObjects, folder: folder)
            let support = main.succeeded ? engineObjects.support(compiler: compiler) : nil
            let linked = try support.map {
                try separate.linkListingLibraries(
                    compiled.flatMap(\.objects) + mainObjects + $0.objects, into: executable)
            }
            guard let linked, linked.succeeded else {
                folder.remove()
                return .failed(jobs: compiled.map(\.job), build: nil)
            }
            // One build for the batch, as for a merged program: its programs' compiles, then the link.
            let build = compiled.map(\.build).reduce(main) { $0.followed(by: $1) }.followed(by: linked)
            return .built(
                executable: executable, folder: folder, build: build, jobs: compiled.map(\.job), batches: false)
        } catch {
            folder.remove()
            return .failed(jobs: compiled.map(\.job), build: nil)
        }
    }

    /// The `main.swift` that runs program `LESSON_SCENARIO` of the batch. It imports nothing, so that it
    /// compiles without the C library's module: the native support selects and exits.
    static func dispatcher(programs: Int) -> String {
        var text = ""
        for position in 0..<programs {
            text += "@_silgen_name(\"\(entryPoint(position))\")\n"
            text += "func \(entryPoint(position))(_ argc: Int32, "
            text += "_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32\n"
        }
        let calls = (0..<programs).map {
            "_lessonExit(\(entryPoint($0))(CommandLine.argc, CommandLine.unsafeArgv))"
        }
        return text + ScenarioDispatch.switchStatement(over: "_lessonSelectedScenario()", calls: calls)
    }
}

extension SeparateCompilation {
    /// The frontend command for a module named `name` whose top-level code is the function `entryPoint`.
    func module(named name: String, entryPoint: String) -> SeparateCompilation {
        var copy = self
        var words: [String] = []
        var rest = frontend[...]
        while let word = rest.popFirst() {
            words.append(word)
            if word == "-module-name", rest.popFirst() != nil { words.append(name) }
        }
        if !words.contains("-module-name") { words += ["-module-name", name] }
        copy.frontend = words + ["-entry-point-function-name", entryPoint]
        return copy
    }
}
