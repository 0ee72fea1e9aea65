/// A limit that stopped a program, named in the message the student reads.
package enum ResourceLimit: Hashable, Sendable, Codable {
    case memory(bytes: Int)
    case cpuTime(seconds: Int)
    case fileSize(bytes: Int)

    /// `memory limit 512 MiB`, in English (the grader's feedback translates it).
    package var description: String {
        switch self {
        case .memory(let bytes): "memory limit \(ByteCount.describe(bytes))"
        case .cpuTime(let seconds): "CPU time limit \(seconds) s"
        case .fileSize(let bytes): "file size limit \(ByteCount.describe(bytes))"
        }
    }
}
