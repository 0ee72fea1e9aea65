import Foundation

/// The Swift toolchain the checker builds with: `swiftc` from `$SWIFTC` or the first on `PATH`, and the
/// `swift-frontend` beside it for fast parse-only checks.
public struct Toolchain: Sendable {
    package var swiftc: String
    /// Parses a file without type-checking in a few milliseconds; nil when the toolchain has none.
    package var swiftFrontend: String?

    package init(swiftc: String, swiftFrontend: String?) {
        self.swiftc = swiftc
        self.swiftFrontend = swiftFrontend
    }

    /// A tool of the toolchain beside `swiftc` (`llvm-cov`, `llvm-profdata`): the system's older LLVM tools
    /// reject Swift's profiles.
    package func tool(_ name: String) -> String? {
        let directory = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent(name).path,
            directory.appendingPathComponent(name).path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The driver's flag that links with the toolchain's `lld` when it has one: a third faster than the
    /// system's `gold` for these small programs (none otherwise: the driver's default linker).
    package var linkerArguments: [String] {
        tool("ld.lld") == nil ? [] : ["-use-ld=lld"]
    }

    /// The folder of the Swift runtime libraries a built program loads (`libswiftCore.so`).
    package var runtimeLibraries: String? {
        let prefix = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
        #if os(Linux)
            let folder = prefix.appendingPathComponent("lib/swift/linux").path
        #else
            let folder = prefix.appendingPathComponent("lib/swift/macosx").path
        #endif
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> Toolchain
    {
        let fileManager = FileManager.default
        var swiftc: String
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            guard fileManager.isExecutableFile(atPath: explicit) else {
                throw LessonError(.toolchain, "SWIFTC is set to '\(explicit)', which is not an executable file")
            }
            swiftc = explicit
        } else {
            let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            guard let found = directories.map({ "\($0)/swiftc" }).first(where: fileManager.isExecutableFile)
            else {
                throw LessonError(.toolchain, "cannot find swiftc on PATH; install Swift or set SWIFTC")
            }
            swiftc = found
        }
        swiftc = URL(fileURLWithPath: swiftc).standardizedFileURL.path
        let frontend = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift-frontend")
            .path
        return Toolchain(swiftc: swiftc, swiftFrontend: fileManager.isExecutableFile(atPath: frontend) ? frontend : nil)
    }

    /// The toolchain's release (`6.3.1`), from `swiftc --version` ("Swift version 6.3.1 (swift-6.3.1-RELEASE)").
    package func version() throws -> String {
        let result = try Subprocess.run(
            swiftc, arguments: ["--version"], environment: ProcessInfo.processInfo.environment,
            limits: ProcessLimits(timeout: 30, outputLimit: 1 << 16))
        let text = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        guard let range = text.range(of: #"Swift version [0-9]+(\.[0-9]+)*"#, options: .regularExpression) else {
            throw LessonError(.toolchain, "\(swiftc) --version does not say its Swift version")
        }
        return String(text[range].dropFirst("Swift version ".count))
    }
}
