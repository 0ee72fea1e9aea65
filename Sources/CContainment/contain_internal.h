#ifndef CONTAIN_INTERNAL_H
#define CONTAIN_INTERNAL_H

#ifdef __linux__

#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

/// The status the launcher ends with when it could not set up the containment.
#define CONTAIN_SETUP_FAILURE 125

/// One optional resource limit from the command line.
struct contain_limit {
    int is_set;
    rlim_t value;
};

/// The program's whole tree, accounted as one by its reaper (every process it started, in any session):
/// --tree-memory BYTES of resident memory and --tree-cpu SECONDS of CPU in all, and --cpu-share PERCENT of
/// one CPU at most (100: one core), enforced by stopping the tree while it is over its share.
struct contain_accounting {
    unsigned long long memory_bytes, cpu_seconds;
    unsigned share_percent;
    /// The token bucket of --cpu-share: when it was last filled, the tree's CPU then, and what it owes.
    double last, used_at_last, debt;
    int paused;
};

/// One step of building the file system of a new mount namespace (--namespaces), in command-line order.
enum contain_mount_kind { CONTAIN_TMPFS, CONTAIN_BIND, CONTAIN_MKDIR, CONTAIN_COPY, CONTAIN_MOVE };
struct contain_mount_step {
    enum contain_mount_kind kind;
    /// --ns-tmpfs NAME OPTIONS TARGET: the file system's name and its mount options; otherwise NULL.
    const char *name, *options;
    /// --ns-bind, --ns-copy and --ns-move SOURCE TARGET; NULL for the others.
    const char *source;
    const char *target;
};

/// The parsed command line.
struct contain_options {
    int probe;
    int has_uid, has_gid;
    uid_t uid;
    gid_t gid;
    struct contain_limit address_space, cpu_seconds, processes, file_size, core_size, open_files;
    const char **read_paths;
    size_t read_count;
    const char **write_paths;
    size_t write_count;
    int landlock, seccomp, pdeathsig, reap;
    struct contain_accounting accounting;
    /// --status-fd N: where the reaper writes how the program ended (`exit N` or `signal N`); -1 if none.
    int status_fd;
    const char *working_directory;
    /// --namespaces: new mount, network, PID and IPC namespaces, their file system built by `steps`, whose
    /// copied files belong to --ns-owner (0 unless given).
    int namespaces;
    struct contain_mount_step *steps;
    size_t step_count;
    uid_t owner;
    char **program;
};

/// Prints "lesson sandbox: cannot <step>: <strerror(errno)>" and returns -1.
int contain_fail(const char *step);

/// Parses argv (argv[0] is the command's name); prints the reason and returns -1 on a bad command line.
/// The arrays it fills are never freed: the process either executes the program or ends.
int contain_parse(int argc, char **argv, struct contain_options *options);

/// The process steps, in the order the launcher takes them; each returns 0, or -1 after contain_fail.
int contain_new_session(void);
/// --namespaces: unshares the namespaces and forks. The parent stays outside, waits, and ends as the
/// namespace's first process ended; the child, that first process, builds the file system and returns 0.
int contain_enter_namespaces(const struct contain_options *options);
int contain_close_inherited_descriptors(int keep);
int contain_set_limits(const struct contain_options *options);
int contain_change_credentials(const struct contain_options *options);
int contain_watch_parent(pid_t parent_at_start, int signal);
int contain_forbid_new_privileges(void);
/// --reap: forks. Returns 0 in the child, which goes on to contain and execute the program; the parent
/// never returns: it reaps (see contain_reaper.c) and ends as the program ended.
int contain_become_reaper(int status_fd, struct contain_accounting *accounting);

/// Measures the reaper's tree once and enforces its accounting. Returns the limit it went over ("memory",
/// "cpu") with the limit in `limit`, or NULL.
const char *contain_account(struct contain_accounting *accounting, unsigned long long *limit);
/// Continues every process of the tree the share stopped.
void contain_accounting_release(void);
/// The parent process ID of process `pid` (its /proc name), from /proc/PID/stat; -1 when it cannot be read.
pid_t contain_parent_of(const char *pid);
/// Whether any accounting is asked for.
int contain_accounting_enabled(const struct contain_accounting *accounting);
int contain_apply_landlock(const struct contain_options *options);
int contain_apply_seccomp(void);

/// The highest Landlock ABI the kernel offers, or -1 with errno set.
int contain_landlock_abi(void);

/// --probe: prints one line per mechanism.
int contain_probe(void);

#endif
#endif
