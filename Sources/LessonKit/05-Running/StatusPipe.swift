import Foundation

#if canImport(Glibc)
    import Glibc
    private let closeDescriptor = Glibc.close
#elseif canImport(Darwin)
    import Darwin
    private let closeDescriptor = Darwin.close
#endif

/// The pipe the containment launcher's reaper writes the program's real end to (`exit N`, `signal N`), as
/// descriptor 3 of the process the checker starts. The program itself never holds it.
final class StatusPipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw LessonError(.system, "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        // (Should it be descriptor 3, `Subprocess` copies it before making it the child's descriptor 3.)
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    }

    /// Closes the checker's write end once the child has its own copy, so the pipe ends with the reaper.
    func closeWriteEnd() {
        if writeEnd >= 0 { _ = closeDescriptor(writeEnd) }
        writeEnd = -1
    }

    /// What the reaper reported, after the process ended.
    func reportedEnd() -> Termination? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let line = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        let words = line.split(separator: " ")
        guard words.count == 2, let number = Int(words[1]) else { return nil }
        switch words[0] {
        case "exit": return Int32(exactly: number).map { .exited($0) }
        case "signal": return Int32(exactly: number).map { .signaled($0) }
        // The reaper's accounting of the whole tree (`memory BYTES`, `cpu SECONDS`).
        case "memory": return .stopped(.memory(bytes: number))
        case "cpu": return .stopped(.cpuTime(seconds: number))
        default: return nil
        }
    }

    func close() {
        closeWriteEnd()
        _ = closeDescriptor(readEnd)
    }
}
