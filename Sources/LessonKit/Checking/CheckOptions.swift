import Foundation

/// What a check may spend, and how.
public struct CheckOptions: Sendable {
    /// Wall-clock seconds a scenario may run.
    public var timeout: Double = 10
    /// Bytes a scenario may print (stdout and stderr together) before it is stopped.
    public var outputLimit: Int = 1 << 20
    /// Builds and runs at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Wall-clock seconds one compiler run may take.
    public var buildTimeout: Double = 300
    /// Address space one compiler run may use: a pathological line must not take the machine's memory.
    public var buildMemoryLimit: Int = 4 << 30
    /// How scenarios are built: merged by engine (fast) or one program each (the reference).
    public var strategy: Strategy = .merged
    /// Wall-clock seconds a whole grading may take (a platform's time window); nil for no budget.
    public var budget: Double?
    /// Where results are cached; nil checks everything anew.
    public var cacheDirectory: String?

    public enum Strategy: String, Sendable, CaseIterable {
        case merged, isolated
    }

    public init() {}
}
