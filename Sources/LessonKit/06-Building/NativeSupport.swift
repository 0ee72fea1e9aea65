import Foundation

/// The runtime support of every program, written once, in C: what `main.swift` calls to unbuffer its
/// output, pick its scenario, mark a listing's segment, and run a batch of scenarios in one process
/// (`ScenarioRunner.runBatch`). `clang` compiles it in about 20 ms of a core, where a Swift file doing the
/// same costs a frontend about 190 ms, most of it importing the C library's module.
///
/// The functions use Swift's calling convention (`swiftcall`), so Swift code calls them through plain
/// declarations (`declarations`), as the Swift runtime's own C++ functions are called. A program compiled
/// file by file (merged programs, a book's module batches) links the object compiled once and kept
/// (`EngineObjects.support`); a program built whole, or a grading's two programs, link the object kept in
/// the toolchain memo (`ToolchainMemo`), copied beside their own files, or compile it there without one
/// (`ProgramSource.runtimeSupport`).
enum NativeSupport {
    /// The C file (`Sources/LessonRuntimeSupport/lesson_support.c`, which the package compiles too, and the
    /// EmbedEngines plugin carries into the binary), compiled once into a set of its own
    /// (`EngineObjects.support`) linked into every program compiled file by file. The libraries it names are
    /// extracted with the program's own objects.
    static let source = ProgramFile(name: "_LessonSupport.c", contents: Embedded.runtimeSupport)

    /// The functions of `source` as Swift declares them, in place of a support compiled with the program.
    static let declarations = ProgramFile(
        name: "_LessonSupportDeclarations.swift",
        contents: """
            @_silgen_name("_lessonStartProgram") func _lessonStartProgram()
            @_silgen_name("_lessonSelectedScenario") func _lessonSelectedScenario() -> Int
            @_silgen_name("_lessonUnknownScenario") func _lessonUnknownScenario() -> Never
            @_silgen_name("_lessonExit") func _lessonExit(_ status: Int32) -> Never
            @_silgen_name("_lessonSilenceStandardOutput") func _lessonSilenceStandardOutput()
            @_silgen_name("_lessonRestoreStandardOutput") func _lessonRestoreStandardOutput()
            @_silgen_name("_lessonBeginSegment") func _lessonBeginSegment(_ segment: Int)
            @_silgen_name("_lessonEndSegment") func _lessonEndSegment(_ segment: Int)
            @_silgen_name("_lessonBatchSelectedScenario") func _lessonBatchSelectedScenario() -> Int

            """)
}

extension NativeSupport {
    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedObjects: [String: String] = [:]

    /// The object of the C file `source`, compiled once for the programs this user builds whole (the
    /// isolated strategy, coverage): kept in the toolchain memo (`ToolchainMemo`), or, where there is none,
    /// in this process's scratch folder, removed when it ends. Nil when it cannot be compiled (the build then
    /// compiles it beside its own files).
    static func sharedObject(of source: ProgramFile, compiler: SwiftCompiler) -> String? {
        sharedLock.withLock { () -> String? in
            if let object = sharedObjects[source.contents] { return object }
            let clang = compiler.toolchain.tool("clang") ?? "clang"
            guard
                let object = keptObject(of: source, clang: clang, compiler: compiler)
                    ?? processObject(of: source, clang: clang, compiler: compiler)
            else { return nil }
            sharedObjects[source.contents] = object
            return object
        }
    }

    /// Writes the support's object to `object`: a copy of the one kept in the toolchain memo, or, without
    /// one, compiled there by `clang` (as `compiler`'s user: a builder's folder is handed over to it).
    static func compile(into object: String, clang: String, compiler: SwiftCompiler, in directory: String) throws
        -> CompileResult
    {
        // Readable by the builder the folder is handed over to (the memo's own files are this user's alone).
        if let kept = keptObject(of: source, clang: clang, compiler: compiler),
            (try? FileManager.default.copyItem(atPath: kept, toPath: object)) != nil, chmod(object, 0o644) == 0
        {
            return CompileResult(
                succeeded: true, diagnostics: [], output: "", seconds: 0, timedOut: false, exitStatus: 0)
        }
        let path = directory + "/" + source.name
        try ScratchFile.save(source.contents, to: path)
        return try compiler.compileC(path, into: object, with: clang, in: directory)
    }

    /// The object of `source` compiled by `clang`, kept in the toolchain memo, compiled as this user (not a
    /// builder's: the memo is this user's alone); nil without a memo, or when it does not compile.
    private static func keptObject(of source: ProgramFile, clang: String, compiler: SwiftCompiler) -> String? {
        guard let memo = ToolchainMemo.shared else { return nil }
        var own = compiler
        own.builder = nil
        let key = ["native support", LessonKitVersion.current, Paths.identity(of: clang), source.contents]
        return memo.file(key: key, suffix: "o") { object in
            (try? WorkDirectory.using(prefix: "lesson-support") { folder in
                let path = folder.path + "/" + source.name
                try ScratchFile.save(source.contents, to: path)
                return try own.compileC(path, into: object, with: clang, in: folder.path).succeeded
            }) ?? false
        }
    }

    nonisolated(unsafe) private static var processFolder: String?

    /// The object of `source` compiled into this process's scratch folder, which goes when it ends.
    private static func processObject(of source: ProgramFile, clang: String, compiler: SwiftCompiler) -> String? {
        if processFolder == nil {
            guard let folder = try? WorkDirectory.create(prefix: "lesson-support") else { return nil }
            processFolder = folder.path
            atexit { NativeSupport.removeProcessFolder() }
        }
        guard let folder = processFolder else { return nil }
        let path = folder + "/\(sharedObjects.count)-" + source.name
        let object = SeparateCompilation.object(for: path)
        guard (try? ScratchFile.save(source.contents, to: path)) != nil,
            let compiled = try? compiler.compileC(path, into: object, with: clang, in: folder),
            compiled.succeeded
        else { return nil }
        return object
    }

    private static func removeProcessFolder() {
        if let folder = processFolder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
