import Foundation

/// The one builder of every program the checker runs without the driver: a program is compile units (one
/// frontend process each) and link products (one link each), run with the driver's own commands
/// (`SeparateCompilation`, learnt once: `DriverRecipe`). Whole builds (`SwiftCompiler.build`), merged
/// programs and batches of programs linked as `main` (`Executor`), and a grading's two programs
/// (`TwoProgramBuild`) are made of these two steps and nothing else: one library list, one link, one fallback.
///
/// The steps of one builder share one build's time, as the driver's run does (`SwiftCompiler.withinOneTimeout`).
struct ProgramBuilder {
    /// One frontend process.
    enum Unit {
        /// Every input compiled as one module into the one object `object` (`-wmo`).
        case wholeModule(inputs: [String], object: String)
        /// Each of `primaries` compiled into the object beside it (`.o` for `.swift`), every other input read
        /// for its declarations only, as the driver compiles files one by one.
        case objects(inputs: [String], primaries: [String])
        /// `main` compiled as the reader's `main.swift` is, in the module `main` beside `others` (read for
        /// their declarations), its top-level code the function `entryPoint`; every other symbol its object
        /// defines is then made the object's own (`llvm-objcopy --keep-global-symbol`), so that programs
        /// that each declare the same `main.X` link side by side.
        case program(main: String, others: [String], entryPoint: String)
    }

    /// Where a link takes the list of the libraries its objects need (where the platform has that step).
    enum Libraries {
        /// Listed for these objects: as listed before for objects of the same autolink entries
        /// (`LibraryListMemo`), or by the toolchain's extraction, into `libraryList`.
        case listed
        /// This list, written before (for several programs of the same objects).
        case given(String)
        /// A list kept from an earlier link (an engine's kept objects, `EngineObjects`), which may no longer
        /// fit: a link that fails with it is tried again with the objects' own list.
        case kept(String)
    }

    private(set) var compiler: SwiftCompiler
    let recipe: SeparateCompilation
    /// The build folder: the frontends and the link run there, and the library list is written there.
    let directory: String
    private let libraryLists: LibraryListMemo

    /// A builder whose steps share one timeout from now on.
    init(compiler: SwiftCompiler, recipe: SeparateCompilation, directory: String, libraryLists: LibraryListMemo? = nil)
    {
        self.compiler = compiler.withinOneTimeout
        self.recipe = recipe
        self.directory = directory
        self.libraryLists = libraryLists ?? compiler.libraryLists
    }

    /// The list `link(_:into:libraries: .listed)` writes.
    var libraryList: String { directory + "/program.autolink" }

    /// Runs one frontend: the unit's build and the objects it wrote, in the order of its inputs.
    func compile(_ unit: Unit) throws -> (build: CompileResult, objects: [String]) {
        let names = compiler.diagnosticNameArguments
        switch unit {
        case .wholeModule(let inputs, let object):
            let command = recipe.wholeModuleCommand(inputs: inputs, output: object)
            let build = try frontend(command, extra: names)
            return (build, [object])
        case .objects(let inputs, let primaries):
            let (command, objects) = recipe.compileCommand(inputs: inputs, primaries: Set(primaries))
            return (try frontend(command, extra: names), objects)
        case .program(let main, let others, let entryPoint):
            guard let objcopy = compiler.toolchain.tool("llvm-objcopy") else {
                throw LessonError(.toolchain, "the toolchain has no llvm-objcopy")
            }
            let (command, objects) = recipe.withEntryPoint(entryPoint).compileCommand(
                inputs: [main] + others, primaries: [main])
            let build = try frontend(command, extra: names)
            guard build.succeeded else { return (build, objects) }
            // A failure here says nothing of the program's code: it is thrown, not its build's.
            for object in objects {
                let localized = try compiler.run(
                    objcopy, ["--keep-global-symbol=" + entryPoint, object], in: directory)
                guard localized.succeeded else { throw LessonError(.toolchain, "llvm-objcopy: " + localized.output) }
            }
            return (build, objects)
        }
    }

    private func frontend(_ command: [String], extra: [String]) throws -> CompileResult {
        try compiler.run(
            command[0], Array(command.dropFirst()) + compiler.builderArguments(for: directory) + extra, in: directory)
    }

    /// Links `objects` into `output` with the libraries `libraries` says. A link that fails with a kept list
    /// is tried once more with the list of these very objects; the result says whether it listed them.
    func link(_ objects: [String], into output: String, libraries: Libraries = .listed) throws -> Linked {
        switch libraries {
        case .listed:
            break
        case .given(let list):
            return Linked(build: try runLink(objects, output: output, libraryList: list), relisted: false)
        case .kept(let list):
            let linked = try runLink(objects, output: output, libraryList: list)
            guard !linked.succeeded else { return Linked(build: linked, relisted: false) }
        }
        let listed = try listLibraries(of: objects)
        guard listed.succeeded else { return Linked(build: listed, relisted: true) }
        return Linked(build: try runLink(objects, output: output, libraryList: libraryList), relisted: true)
    }

    /// A link's build, and whether it listed the libraries of its own objects (`libraryList`) rather than
    /// use a kept list.
    struct Linked {
        var build: CompileResult
        var relisted: Bool
    }

    /// Writes the list of the libraries `objects` link with to `libraryList`: the list the memo holds for
    /// objects of the same autolink entries, or the one the toolchain's extraction writes, then kept there.
    func listLibraries(of objects: [String]) throws -> CompileResult {
        let extraction = recipe.libraryExtraction?.compactMap { word -> String? in
            if case .literal(let text) = word { text } else { nil }
        }
        // A grading names its objects relative to the build folder, where the tools run.
        let key =
            extraction == nil
            ? nil : libraryLists.key(for: objects.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 })
        if let key, let extraction, let known = libraryLists.list(for: key, extraction: extraction) {
            try ScratchFile.save(known, to: libraryList)
            return .nothingRun
        }
        guard let command = recipe.extractionCommand(objects: objects, libraryList: libraryList) else {
            return .nothingRun
        }
        let extracted = try compiler.run(command[0], Array(command.dropFirst()), in: directory)
        if extracted.succeeded, let key, let extraction {
            // A grading's objects are a student's code's: its list is not kept for the next process.
            libraryLists.remember(
                listAt: libraryList, for: key, extraction: extraction, keeping: !compiler.hidesBuildFolder)
        }
        return extracted
    }

    /// The linker's own command (`DirectLink`), or, should it fail, `clang`'s: the linker's command was learnt
    /// from the machine as it was then (its C runtime files, its library folders).
    private func runLink(_ objects: [String], output: String, libraryList: String) throws -> CompileResult {
        let command = recipe.linkCommand(objects: objects, output: output, libraryList: libraryList)
        let linked = try compiler.run(command[0], Array(command.dropFirst()), in: directory)
        guard !linked.succeeded, !linked.timedOut, linked.stoppedBy == nil else { return linked }
        let throughClang = recipe.linkCommand(objects: objects, output: output, libraryList: libraryList, direct: false)
        guard command != throughClang else { return linked }
        var relinked = try compiler.run(throughClang[0], Array(throughClang.dropFirst()), in: directory)
        relinked.seconds += linked.seconds
        return relinked
    }
}

extension CompileResult {
    /// A step that had nothing to run.
    static let nothingRun = CompileResult(
        succeeded: true, diagnostics: [], output: "", seconds: 0, timedOut: false, exitStatus: 0)

    /// Whether a failure says something of what was built, rather than of the build's limits or its
    /// interruption: only then is a kept set blamed for it.
    var failedOnItsOwn: Bool { !succeeded && !timedOut && stoppedBy == nil && !Cleanup.shared.isInterrupted }
}

extension SeparateCompilation {
    /// The frontend command for the module `main` whose top-level code is the function `entryPoint`.
    func withEntryPoint(_ entryPoint: String) -> SeparateCompilation {
        var copy = self
        copy.frontend += ["-entry-point-function-name", entryPoint]
        return copy
    }
}
