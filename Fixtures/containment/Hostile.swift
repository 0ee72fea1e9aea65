// What a hostile submission tries, one attempt per run: `Hostile ATTEMPT [ARGUMENTS]`. Each attempt prints
// one line, `ATTEMPT: <what happened>`, with the failing call and its error when it is refused.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

func report(_ attempt: String, _ outcome: String) {
    print("\(attempt): \(outcome)")
}

func failure(_ call: String) -> String {
    "\(call): \(String(cString: strerror(errno)))"
}

/// ioctl and ptrace are variadic in C, so Swift reaches them through their addresses, as a student could.
typealias IoctlFunction = @convention(c) (Int32, UInt, UnsafeMutableRawPointer?) -> Int32
typealias SyscallFunction = @convention(c) (Int, Int, Int, Int, Int, Int, Int) -> Int
typealias PtraceFunction = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int

func cFunction<T>(_ name: String, as type: T.Type) -> T {
    unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), name)!, to: type)
}

func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}

func connectTCP(port: UInt16) -> String {
    let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketDescriptor >= 0 else { return failure("socket") }
    var address = loopbackAddress(port: port)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { return failure("connect") }
    _ = write(socketDescriptor, "stolen", 6)
    return "connected"
}

func sendUDP(port: UInt16) -> String {
    let socketDescriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    guard socketDescriptor >= 0 else { return failure("socket") }
    var address = loopbackAddress(port: port)
    let sent = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            sendto(socketDescriptor, "stolen", 6, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return sent == 6 ? "sent" : failure("sendto")
}

func connectAbstract(name: String) -> String {
    let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard socketDescriptor >= 0 else { return failure("socket") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let nameBytes = Array(name.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { path in
        for (index, byte) in nameBytes.enumerated() { path[index + 1] = byte }  // path[0] = 0: abstract
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + nameBytes.count)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, length) }
    }
    return connected == 0 ? "connected" : failure("connect")
}

func readFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return failure("open") }
    return readAll(descriptor)
}

func readAll(_ descriptor: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    guard count >= 0 else { return failure("read") }
    return String(decoding: buffer[0..<count], as: UTF8.self)
}

/// Pushes `text` into the terminal's input queue, byte by byte, as if typed.
func inject(_ text: String, into descriptor: Int32) -> String {
    let ioctlFunction = cFunction("ioctl", as: IoctlFunction.self)
    for var byte in Array(text.utf8) {
        guard ioctlFunction(descriptor, UInt(TIOCSTI), &byte) == 0 else { return failure("ioctl TIOCSTI") }
    }
    return "injected"
}

func injectIntoControllingTerminal(_ text: String) -> String {
    let terminal = open("/dev/tty", O_RDWR)
    guard terminal >= 0 else { return failure("open /dev/tty") }
    return inject(text, into: terminal)
}

/// Starts this program again as a sleeping child, then tries to attach to it.
func traceChild() -> String {
    var child: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), strdup("sleep"), nil]
    let spawned = posix_spawn(&child, CommandLine.arguments[0], nil, nil, arguments, environ)
    guard spawned == 0 else { return "posix_spawn: \(String(cString: strerror(spawned)))" }
    defer {
        kill(child, SIGKILL)
        waitpid(child, nil, 0)
    }
    let ptraceFunction = cFunction("ptrace", as: PtraceFunction.self)
    return ptraceFunction(16 /* PTRACE_ATTACH */, child, nil, nil) == 0 ? "attached" : failure("ptrace")
}

/// System calls the seccomp layer refuses, by number on this architecture (the ones whose call with zero
/// arguments could change the machine, kexec_load and the module calls, are left out).
#if arch(x86_64)
    let kernelCalls: KeyValuePairs = [
        "process_vm_readv": 310, "process_vm_writev": 311, "keyctl": 250, "add_key": 248, "request_key": 249,
        "bpf": 321, "userfaultfd": 323, "perf_event_open": 298, "mount": 165, "umount2": 166, "pivot_root": 155,
        "unshare": 272, "setns": 308, "open_by_handle_at": 304, "io_uring_setup": 425,
    ]
#elseif arch(arm64)
    let kernelCalls: KeyValuePairs = [
        "process_vm_readv": 270, "process_vm_writev": 271, "keyctl": 219, "add_key": 217, "request_key": 218,
        "bpf": 280, "userfaultfd": 282, "perf_event_open": 241, "mount": 40, "umount2": 39, "pivot_root": 41,
        "unshare": 97, "setns": 268, "open_by_handle_at": 265, "io_uring_setup": 425,
    ]
#endif

/// Calls each of them with zero arguments: one line each, `NAME: <result or error>`.
func callKernel() -> String {
    let call = cFunction("syscall", as: SyscallFunction.self)
    return kernelCalls.map { name, number in
        call(number, 0, 0, 0, 0, 0, 0) >= 0 ? "\(name): returned" : failure(name)
    }.joined(separator: "\n")
}

/// clone() with CLONE_NEWUTS, as fork() would with a namespace of its own.
func cloneIntoNamespace() -> String {
    let call = cFunction("syscall", as: SyscallFunction.self)
    let cloneNumber = {
        #if arch(x86_64)
            56
        #else
            220
        #endif
    }()
    let child = call(cloneNumber, 0x0400_0000 /* CLONE_NEWUTS */ | Int(SIGCHLD), 0, 0, 0, 0, 0)
    if child == 0 { _exit(0) }
    guard child > 0 else { return failure("clone") }
    waitpid(pid_t(child), nil, 0)
    return "created"
}

func openDescriptors() -> String {
    guard let directory = opendir("/proc/self/fd") else { return failure("opendir") }
    defer { closedir(directory) }
    var numbers: [Int32] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let number = Int32(name), number != dirfd(directory) { numbers.append(number) }
    }
    return numbers.sorted().map(String.init).joined(separator: " ")
}

func mapMemory(bytes: Int) -> String {
    let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard memory != MAP_FAILED else { return failure("mmap") }
    return "mapped \(bytes) bytes"
}

func writeFile(bytes: Int, path: String) -> String {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return failure("open") }
    return writeBytes(bytes, to: descriptor).map { "wrote \($0) bytes" } ?? failure("write")
}

/// Writes `bytes` bytes of `a` to `descriptor`; how many, or nil when a write fails.
func writeBytes(_ bytes: Int, to descriptor: Int32) -> Int? {
    let chunk = [UInt8](repeating: 0x61, count: 1 << 16)
    var written = 0
    while written < bytes {
        let count = write(descriptor, chunk, min(chunk.count, bytes - written))
        guard count > 0 else { return nil }
        written += count
    }
    return written
}

/// Memory no address-space limit counts: an anonymous file (`memfd_create`, system call 319 on x86-64,
/// 279 on arm64) that is written, never mapped.
func holdInAnonymousFile(bytes: Int) -> String {
    #if arch(x86_64)
        let number = 319
    #else
        let number = 279
    #endif
    typealias Syscall = @convention(c) (Int, UnsafePointer<CChar>, UInt32) -> Int32
    let descriptor = "hold".withCString { cFunction("syscall", as: Syscall.self)(number, $0, 0) }
    guard descriptor >= 0 else { return failure("memfd_create") }
    return writeBytes(bytes, to: descriptor).map { "held \($0) bytes" } ?? failure("write")
}

func spinForever() -> Never {
    var counter: UInt64 = 0
    while true { counter &+= 1 }
}

/// Starts `count` copies of this program with `arguments`, each in a session of its own (out of reach of
/// a process-group kill), and waits for them all.
func spawnCopies(_ count: Int, _ arguments: [String]) -> String {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
    var started = 0
    for _ in 0..<count {
        let argv = ([CommandLine.arguments[0]] + arguments).map { strdup($0) } + [nil]
        var pid: pid_t = 0
        if posix_spawn(&pid, CommandLine.arguments[0], nil, &attributes, argv, environ) == 0 { started += 1 }
        argv.forEach { free($0) }
    }
    var status: Int32 = 0
    while wait(&status) > 0 {}
    return "started \(started) copies"
}

/// Maps `bytes` and writes every page, so that they are resident, then holds them.
func holdMemory(bytes: Int) -> Never {
    let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if let memory, memory != MAP_FAILED { memset(memory, 1, bytes) }
    while true { sleep(10) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let attempt = arguments.first ?? ""
let argument = arguments.count > 1 ? arguments[1] : ""
switch attempt {
case "tcp": report(attempt, connectTCP(port: UInt16(argument)!))
case "udp": report(attempt, sendUDP(port: UInt16(argument)!))
case "abstract": report(attempt, connectAbstract(name: argument))
case "read": report(attempt, readFile(argument))
case "read-fd": report(attempt, readAll(Int32(argument)!))
case "fds": report(attempt, openDescriptors())
case "tty-inject": report(attempt, injectIntoControllingTerminal(argument))
case "stdin-inject": report(attempt, inject(argument, into: 0))
case "ptrace": report(attempt, traceChild())
case "signal": report(attempt, kill(pid_t(argument)!, 0) == 0 ? "delivered" : failure("kill"))
case "memory": report(attempt, mapMemory(bytes: Int(argument)!))
case "memfd": report(attempt, holdInAnonymousFile(bytes: Int(argument)!))
case "file-size": report(attempt, writeFile(bytes: Int(argument)!, path: arguments[2]))
case "syscalls": print(callKernel())
case "clone-namespace": report(attempt, cloneIntoNamespace())
case "cpu": spinForever()
case "fork-memory": report(attempt, spawnCopies(Int(argument)!, ["hold", arguments[2]]))
case "hold": holdMemory(bytes: Int(argument)!)
case "fork-cpu": report(attempt, spawnCopies(Int(argument)!, ["cpu"]))
case "uid": report(attempt, "uid \(getuid()) euid \(geteuid()) gid \(getgid()) groups \(getgroups(0, nil))")
case "sleep": sleep(10)
default:
    report(
        "usage",
        "Hostile tcp|udp PORT, abstract NAME, read PATH, read-fd N, fds, tty-inject|stdin-inject TEXT, ptrace, syscalls, clone-namespace, signal PID, memory BYTES, file-size BYTES PATH, cpu, fork-memory COUNT BYTES, fork-cpu COUNT, uid"
    )
    exit(2)
}
