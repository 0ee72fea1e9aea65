import Foundation

/// The one loop that writes bytes to an open file: every byte, retrying a write a signal interrupted. A write
/// that returns 0 for bytes left to write makes no progress and would loop for ever: it is an I/O error.
package enum DescriptorWrite {
    /// 0 once every byte is written, or the error number that stopped the writing.
    package static func all(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return EIO }
            written += count
        }
        return 0
    }
}
