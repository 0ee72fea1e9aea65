import Foundation

/// Runs `body` with stdout sent to a pipe, and returns what it printed: the engines' contract is their
/// printed lines.
func capturedOutput(_ body: () -> Void) -> String {
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "cannot create a pipe")
    dup2(ends[1], STDOUT_FILENO)
    close(ends[1])
    body()
    fflush(nil)
    dup2(saved, STDOUT_FILENO)
    close(saved)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(ends[0], &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    close(ends[0])
    return String(decoding: bytes, as: UTF8.self)
}
