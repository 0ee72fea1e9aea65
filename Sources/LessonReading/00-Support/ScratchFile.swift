import Foundation

/// Writes files that live only as long as one check: compiler input in a temporary directory, cache entries
/// before their rename. Foundation's `Data.write` calls `fsync` on every file, which costs milliseconds
/// each on a real disk; a thousand snippet files or cache entries would wait on the disk for seconds. These
/// files need no durability: scratch files are gone after the run, and a cache entry the system lost is
/// caught by its checksum and computed again.
package enum ScratchFile {

    package static func save(_ bytes: some Collection<UInt8>, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw LessonError(.system, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let number = DescriptorWrite.all(Array(bytes), to: descriptor)
        guard number == 0 else {
            throw LessonError(.system, "cannot write \(path): \(String(cString: strerror(number)))")
        }
    }

    package static func save(_ text: String, to path: String) throws { try save(text.utf8, to: path) }
}
