import Foundation

/// What building and running programs may spend, and how they are built: the executor's input, whichever
/// client (check, coverage, grade) drives it.
public struct ExecutionOptions: Sendable, Hashable {
    /// Wall-clock seconds a program may run.
    public var timeout: Double = 10
    /// Bytes a program may print (stdout and stderr together) before it is stopped.
    public var outputLimit: Int = 1 << 20
    /// Builds and runs at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Wall-clock seconds one compiler run may take.
    public var buildTimeout: Double = 300
    /// Address space one compiler run may use: a pathological line must not take the machine's memory.
    public var buildMemoryLimit: Int = 4 << 30
    /// How scenarios are built: merged by engine (fast) or one program each (the reference).
    public var strategy: BuildStrategy = .merged

    public init() {}

    /// The limits of one run.
    var processLimits: ProcessLimits { ProcessLimits(timeout: timeout, outputLimit: outputLimit) }

    /// The compiler of a check, a coverage run or a grading: these build limits, under the default launcher.
    func compiler(_ toolchain: Toolchain) -> SwiftCompiler {
        var compiler = SwiftCompiler(toolchain: toolchain, timeout: buildTimeout, memoryLimit: buildMemoryLimit)
        compiler.launcher = SwiftCompiler.defaultLauncher
        return compiler
    }
}

/// How the scenarios of one engine are built: in one merged program (the default), or one program each
/// (the reference: the same findings, slower).
public enum BuildStrategy: String, Sendable, CaseIterable {
    case merged, isolated
}
