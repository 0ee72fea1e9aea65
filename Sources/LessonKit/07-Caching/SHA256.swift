import CSHA256
import Foundation

/// SHA-256 (FIPS 180-4), for cache keys: Foundation on Linux has no digest, and no package may be added.
///
/// The rounds run in C (`Sources/CSHA256`): a debug build compiles Swift without optimisation, where a
/// per-byte Swift loop hashes a few megabytes a second and a warm check of a course would spend most of its
/// time hashing. Bytes are handed over a buffer at a time, never byte by byte. On x86-64 with the SHA
/// extensions the rounds run on those instructions (220 MB/s at -O0 against 94 MB/s, one core), which
/// took hashing from 24 % of a warm check's CPU to 15–17 % (`perf record` of the `reprints` course).
struct SHA256: Sendable {
    private var context = csha256_context()

    /// Whether the rounds run on the CPU's SHA instructions; set false, the portable rounds (the same
    /// digests, which a test compares).
    static var usesCPUInstructions: Bool {
        get { csha256_accelerated() != 0 }
        set { csha256_use_acceleration(newValue ? 1 : 0) }
    }

    init() { csha256_init(&context) }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        csha256_update(&context, base, bytes.count)
    }

    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest's 32 bytes.
    mutating func finalizeBytes() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { csha256_final(&context, $0.baseAddress!) }
        return digest
    }

    /// The digest as 64 lowercase hexadecimal digits.
    mutating func finalize() -> String { Self.hexDigits(finalizeBytes()) }

    /// 32 bytes as 64 lowercase hexadecimal digits.
    static func hexDigits(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8](repeating: 0, count: 64)
        for index in 0..<32 {
            hex[index * 2] = digits[Int(digest[index] >> 4)]
            hex[index * 2 + 1] = digits[Int(digest[index] & 0xf)]
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// HMAC-SHA256 (RFC 2104) of `data` under `key`, as 64 hexadecimal digits.
    static func authenticationCode(_ data: Data, key: [UInt8]) -> String {
        var block =
            key.count > 64
            ? {
                var hasher = SHA256(); hasher.update(key); return hasher.finalizeBytes()
            }() : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(data)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalizeBytes())
        return hexDigits(outer.finalizeBytes())
    }

    static func hex(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(text)
        return hasher.finalize()
    }

    static func hex(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }
}
