import Foundation

#if canImport(Glibc)
    import Glibc

    /// A TCP listener on 127.0.0.1 at a port the kernel picks, counting the connections that reach it.
    final class LoopbackTCPListener {
        let port: UInt16
        private let descriptor: Int32

        init() throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            port = try bindToLoopback(descriptor)
            guard listen(descriptor, 16) == 0 else { throw ListenerError(description: "cannot listen") }
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        }

        func acceptedConnections() -> Int {
            var count = 0
            while case let client = accept(descriptor, nil, nil), client >= 0 {
                Glibc.close(client)
                count += 1
            }
            return count
        }

        deinit { Glibc.close(descriptor) }
    }

    /// A UDP socket on 127.0.0.1 that says which datagrams reached it.
    final class LoopbackUDPReceiver {
        let port: UInt16
        private let descriptor: Int32

        init() throws {
            descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            port = try bindToLoopback(descriptor)
        }

        func receivedDatagrams() -> [String] {
            var datagrams: [String] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while case let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)), count >= 0 {
                datagrams.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            return datagrams
        }

        deinit { Glibc.close(descriptor) }
    }

    /// A listening Unix socket in the abstract namespace (no file: only Landlock's scoping keeps it out of reach).
    final class AbstractSocketListener {
        let name = "lesson-launcher-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        private let descriptor: Int32

        init() throws {
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let nameBytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { path in
                for (index, byte) in nameBytes.enumerated() { path[index + 1] = byte }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + nameBytes.count)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else {
                throw ListenerError(description: "cannot listen on @\(name)")
            }
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        }

        func acceptedConnections() -> Int {
            var count = 0
            while case let client = accept(descriptor, nil, nil), client >= 0 {
                Glibc.close(client)
                count += 1
            }
            return count
        }

        deinit { Glibc.close(descriptor) }
    }

    struct ListenerError: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds to 127.0.0.1, port 0, and returns the port the kernel chose.
    private func bindToLoopback(_ descriptor: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw ListenerError(description: "cannot bind to 127.0.0.1") }
        return UInt16(bigEndian: address.sin_port)
    }
#endif
