#ifndef C_CONTAINMENT_H
#define C_CONTAINMENT_H

/*
 * The containment launcher: applies every containment layer to its own process, then executes the
 * contained program in its place. The `lesson` executable runs it as its internal command `__contain`:
 *
 *   lesson __contain [--uid N] [--gid N] [--as BYTES] [--cpu SECONDS] [--nproc N] [--fsize BYTES]
 *                    [--core N] [--nofile N] [--read PATH]... [--write PATH]... [--landlock] [--seccomp]
 *                    [--chdir DIR] [--pdeathsig] [--reap --status-fd N [--tree-memory BYTES]
 *                    [--tree-cpu SECONDS] [--cpu-share PERCENT]] -- PROGRAM [ARGS...]
 *   lesson __contain --probe
 *
 * Steps, in this order; each one that fails prints one line "lesson sandbox: cannot <step>: <reason>" on
 * stderr and ends the launcher with status 125, before the program starts:
 *   1. setsid(): a new session without a controlling terminal (already a session leader is fine).
 *   2. Close every descriptor above 2 (close_range, else each entry of /proc/self/fd).
 *   3. Resource limits: --as RLIMIT_AS, --cpu RLIMIT_CPU (soft N, hard N+1: SIGXCPU, then SIGKILL),
 *      --nproc RLIMIT_NPROC, --fsize RLIMIT_FSIZE, --core RLIMIT_CORE, --nofile RLIMIT_NOFILE. A hard
 *      limit the caller already
 *      has below N is kept (a limit is never raised).
 *   4. --uid/--gid: no supplementary groups, then real, effective and saved group and user IDs (the group
 *      defaults to the user), checked after the change.
 *   5. --pdeathsig: SIGKILL when the parent thread ends (set after step 4, which clears it); fails when the
 *      parent has already gone: the parent is now PID 1, or no longer the one at start. (A caller that is
 *      itself PID 1 leaves --pdeathsig out: its end ends its PID namespace anyway.)
 *   6. PR_SET_NO_NEW_PRIVS.
 *   7. --landlock: a Landlock ruleset at the highest ABI the kernel reports. --read PATH allows reading
 *      and executing beneath PATH, --write PATH everything beneath PATH; nothing else of the file system
 *      is reachable. A PATH that does not exist (or that the process may not reach) is skipped. ABI >= 4:
 *      no TCP bind or connect. ABI >= 6: abstract Unix sockets and signals scoped to the sandbox.
 *   8. --seccomp: a seccomp-bpf filter. Another architecture's system calls (and x32 ones on x86_64) kill
 *      the process. These fail with EPERM: socket() and socketpair() of any family but AF_UNIX, ptrace,
 *      process_vm_readv, process_vm_writev, keyctl, add_key, request_key, bpf, userfaultfd,
 *      perf_event_open, mount, umount2, pivot_root, the new mount API (fsopen, fsconfig, fsmount, fspick,
 *      move_mount, open_tree), unshare, setns, clone with a CLONE_NEW* flag, open_by_handle_at,
 *      kexec_load, kexec_file_load, init_module, finit_module, delete_module, io_uring_setup,
 *      io_uring_enter, io_uring_register, ioctl TIOCSTI and TIOCLINUX, setsockopt SO_SNDBUF, SO_RCVBUF,
 *      SO_SNDBUFFORCE and SO_RCVBUFFORCE, fcntl F_SETPIPE_SZ, and prctl PR_SET_DUMPABLE. clone3 fails with ENOSYS (its
 *      flags are out of the filter's reach), so the C library falls back to clone. Everything else is
 *      allowed.
 *   9. --chdir DIR, then execute PROGRAM (searched in PATH when it holds no '/').
 *
 * --reap (before step 6) forks: the parent stays as a child subreaper that waits for the program, ends
 * everything it left running, and reports on --status-fd how it ended (`exit N`, `signal N`). With
 * --tree-memory, --tree-cpu or --cpu-share it also measures the program's whole tree every 10 ms (the
 * processes below it, found through /proc/PID/task/TID/children, or every process of /proc where the
 * kernel has no such file): over BYTES of resident memory or SECONDS of CPU in all, it ends the tree and
 * reports `memory BYTES` or `cpu SECONDS`; over PERCENT of one CPU (100: one core), it stops the tree
 * (SIGSTOP) until the tree is back within its share, then continues it (SIGCONT).
 *
 * --probe prints one line per mechanism and exits 0:
 *   landlock: abi N            or  landlock: unavailable (<reason>)
 *   seccomp: available         or  seccomp: unavailable (<reason>)
 *   setuid: available          or  setuid: unavailable (<reason>)
 *
 * On systems other than Linux the launcher says containment is Linux-only and exits 125.
 */

/// Runs the launcher. `argv[0]` is the command's name (`__contain`); the options follow. Returns only on
/// failure (status 125) or after --probe (status 0): otherwise the program replaces the process.
int lesson_contain_main(int argc, char **argv);

#endif
