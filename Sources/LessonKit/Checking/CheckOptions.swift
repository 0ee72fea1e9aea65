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

    public init() {}
}
