import Foundation

/// The limits a contained program runs under.
package struct SandboxPolicy: Hashable, Sendable {
    /// Address space: enough for a Foundation program to load (it needs about 200 MiB).
    package var memoryLimit = 512 << 20
    /// Processes and threads of the sandbox user.
    package var processLimit = 64
    /// Open descriptors of each process: they bound the sockets and pipes it holds, whose buffers are kernel
    /// memory no address space counts (the reaper charges each open one; this bounds those sent away).
    package var openFileLimit = 128
    /// The largest file the program may write.
    package var fileSizeLimit = 16 << 20
    /// CPU seconds; nil takes the wall-clock limit.
    package var cpuSeconds: Int?
    /// The CPU cores one run may use at once, all its processes together (in a class, a student's share
    /// of the machine divided among their runs); nil: no share.
    package var cpuShare: Double?
    /// Folders the program must not see (the lesson, the hidden tests, the cache, other submissions): a
    /// private mount namespace covers each with an empty, unreadable file system.
    package var hiddenFolders: [String] = []
    /// Files the program must not read (the lesson, the hidden tests), hidden one by one as well, for when
    /// their folder cannot be (it holds the sandbox itself, as `/` does).
    package var hiddenFiles: [String] = []
    /// Folders and files the program may read beside the system's (with Landlock): the toolchain's
    /// runtime libraries.
    package var readablePaths: [String] = []
    /// The first of the user IDs the programs run as; each parallel run takes its own.
    package var firstUID = 61_000
    /// How many UIDs (parallel runs) the pool holds.
    package var uidCount = 64

    package init() {}
}
