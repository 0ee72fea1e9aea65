#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

/// Whether the process already has exactly these IDs and no supplementary group (a non-root caller that
/// names its own IDs: setgroups would be refused, and there is nothing to change).
static int has_credentials(const struct contain_options *options) {
    uid_t real_uid, effective_uid, saved_uid;
    gid_t real_gid, effective_gid, saved_gid;
    if (getresuid(&real_uid, &effective_uid, &saved_uid) != 0) return 0;
    if (getresgid(&real_gid, &effective_gid, &saved_gid) != 0) return 0;
    int uid_matches = !options->has_uid ||
                      (real_uid == options->uid && effective_uid == options->uid && saved_uid == options->uid);
    int gid_matches = real_gid == options->gid && effective_gid == options->gid && saved_gid == options->gid;
    return uid_matches && gid_matches && getgroups(0, NULL) == 0;
}

int contain_change_credentials(const struct contain_options *options) {
    if (!options->has_uid && !options->has_gid) return 0;
    if (has_credentials(options)) return 0;
    if (setgroups(0, NULL) != 0) return contain_fail("drop the supplementary groups");
    if (setresgid(options->gid, options->gid, options->gid) != 0) return contain_fail("set the group ID");
    if (options->has_uid && setresuid(options->uid, options->uid, options->uid) != 0)
        return contain_fail("set the user ID");
    if (!has_credentials(options)) return errno = EPERM, contain_fail("verify the user and group IDs");
    return 0;
}

int contain_watch_parent(pid_t parent_at_start, int signal) {
    if (prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0) != 0) return contain_fail("set the parent-death signal");
    // The parent may have ended before the signal was armed, even before the launcher started: then the
    // process was re-parented, to PID 1 (or a subreaper, which only the first check catches).
    pid_t parent = getppid();
    if (parent == 1 || parent != parent_at_start) return errno = ESRCH, contain_fail("watch the parent");
    return 0;
}

int contain_forbid_new_privileges(void) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return contain_fail("set no_new_privs");
    return 0;
}

#endif
