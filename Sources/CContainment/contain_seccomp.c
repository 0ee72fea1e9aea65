#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#define CONTAIN_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CONTAIN_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif
#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif
#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif

/// Every CLONE_NEW* flag clone() takes (CLONE_NEWTIME shares its bit with the exit signal there).
#define CONTAIN_CLONE_NAMESPACES \
    (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)

/// The low 32 bits of a system call argument, where a 32-bit load finds them.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CONTAIN_ARG_LOW(index) (offsetof(struct seccomp_data, args) + (index) * 8)
#else
#define CONTAIN_ARG_LOW(index) (offsetof(struct seccomp_data, args) + (index) * 8 + 4)
#endif

#define CONTAIN_DENY (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))

/// The system calls refused outright with EPERM: other processes' memory, kernel keys, kernel programs and
/// modules, mounts and namespaces, handles that escape a folder, io_uring (which bypasses this filter), and
/// System V IPC, whose shared memory, queues and semaphores outlive the program and reach other runs, and
/// anonymous files (`memfd_create`, `memfd_secret`), whose pages no address-space limit counts.
static const int denied_calls[] = {
    SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_keyctl, SYS_add_key, SYS_request_key,
    SYS_bpf, SYS_userfaultfd, SYS_perf_event_open, SYS_mount, SYS_umount2, SYS_pivot_root, SYS_unshare,
    SYS_setns, SYS_open_by_handle_at, SYS_kexec_load, SYS_init_module, SYS_finit_module, SYS_delete_module,
#ifdef SYS_kexec_file_load
    SYS_kexec_file_load,
#endif
#ifdef SYS_io_uring_setup
    SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
#endif
#ifdef SYS_fsopen
    SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick, SYS_move_mount, SYS_open_tree,
#endif
#ifdef SYS_shmget
    SYS_shmget, SYS_shmat, SYS_shmctl, SYS_msgget, SYS_msgsnd, SYS_msgrcv, SYS_msgctl, SYS_semget, SYS_semop,
    SYS_semctl,
#endif
#ifdef SYS_semtimedop
    SYS_semtimedop,
#endif
#ifdef SYS_memfd_create
    SYS_memfd_create,
#endif
#ifdef SYS_memfd_secret
    SYS_memfd_secret,
#endif
};

/// A growing BPF program; the filter has a fixed, small size, so a fixed capacity is enough.
struct program {
    struct sock_filter code[256];
    unsigned short length;
};

static void emit(struct program *program, unsigned short code, unsigned int k, unsigned char jt, unsigned char jf) {
    program->code[program->length++] = (struct sock_filter)BPF_JUMP(code, k, jt, jf);
}

static void emit_statement(struct program *program, unsigned short code, unsigned int k) {
    program->code[program->length++] = (struct sock_filter)BPF_STMT(code, k);
}

/// Kills a system call of another architecture (or an x32 one): its numbers mean other calls.
static void check_architecture(struct program *program) {
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, CONTAIN_AUDIT_ARCH, 1, 0);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    emit(program, BPF_JMP | BPF_JSET | BPF_K, 0x40000000U, 0, 1);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
}

/// socket() and socketpair(): only AF_UNIX (Foundation and posix_spawn use it); no network family at all.
static void allow_only_unix_sockets(struct program *program, int call) {
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)call, 0, 4);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(0));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
}

/// ioctl(): no TIOCSTI (typing into a terminal) and no TIOCLINUX (the console's selection), on any fd.
static void deny_terminal_injection(struct program *program) {
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SYS_ioctl, 0, 5);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(1));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, TIOCSTI, 2, 0);
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, TIOCLINUX, 1, 0);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
}

/// clone(): threads and processes, but no new namespace. clone3() gets ENOSYS, as from an older kernel:
/// its flags sit in memory the filter cannot read, and the C library then falls back to clone().
static void deny_namespace_clones(struct program *program) {
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(0));
    emit(program, BPF_JMP | BPF_JSET | BPF_K, CONTAIN_CLONE_NAMESPACES, 1, 0);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
#ifdef SYS_clone3
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
}

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
#ifndef SO_SNDBUFFORCE
#define SO_SNDBUFFORCE 32
#endif
#ifndef SO_RCVBUFFORCE
#define SO_RCVBUFFORCE 33
#endif

/// `call` fails with EPERM when its argument `argument` is `value`; any other value is allowed.
static void deny_when(struct program *program, int call, int argument, unsigned int value) {
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)call, 0, 4);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(argument));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, value, 1, 0);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
}

/// setsockopt() may not grow a socket's buffers (SO_SNDBUF, SO_RCVBUF, and their FORCE forms), nor fcntl() a
/// pipe's (F_SETPIPE_SZ): the kernel memory they hold is no address space, and 131 socket pairs grown to
/// 8 MB queued 1 GiB past a 512 MiB limit. At their defaults, the reaper charges each open one in full
/// (`contain_accounting.c`).
static void deny_buffer_growth(struct program *program) {
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SYS_setsockopt, 0, 9);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(1));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SOL_SOCKET, 0, 5);
    emit_statement(program, BPF_LD | BPF_W | BPF_ABS, CONTAIN_ARG_LOW(2));
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SO_SNDBUF, 4, 0);
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SO_RCVBUF, 3, 0);
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SO_SNDBUFFORCE, 2, 0);
    emit(program, BPF_JMP | BPF_JEQ | BPF_K, SO_RCVBUFFORCE, 1, 0);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
    deny_when(program, SYS_fcntl, 1, F_SETPIPE_SZ);
}

static void build_filter(struct program *program) {
    program->length = 0;
    check_architecture(program);
    for (size_t index = 0; index < sizeof denied_calls / sizeof denied_calls[0]; index++) {
        emit(program, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)denied_calls[index], 0, 1);
        emit_statement(program, BPF_RET | BPF_K, CONTAIN_DENY);
    }
    allow_only_unix_sockets(program, SYS_socket);
    allow_only_unix_sockets(program, SYS_socketpair);
    deny_terminal_injection(program);
    deny_buffer_growth(program);
    // prctl(PR_SET_DUMPABLE): an undumpable program hides its descriptors, and so the socket buffers it
    // holds, from the reaper's accounting.
    deny_when(program, SYS_prctl, 0, PR_SET_DUMPABLE);
    deny_namespace_clones(program);
    emit_statement(program, BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
}

int contain_apply_seccomp(void) {
#ifndef CONTAIN_AUDIT_ARCH
    errno = ENOSYS;
    return contain_fail("install the seccomp filter on this architecture");
#else
    struct program program;
    build_filter(&program);
    struct sock_fprog filter = {.len = program.length, .filter = program.code};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0) != 0)
        return contain_fail("install the seccomp filter");
    return 0;
#endif
}

#endif
