#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"
#include "contain_linux_abi.h"

#include <errno.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/// The user ID the probe switches to: unused on the machines the grader runs on, never a login.
#define PROBE_UID 61999

/// What a probe child reports through its pipe: the step that failed (NULL: none) and its errno.
struct probe_outcome {
    const char *failed_step;
    int error;
};

/// Runs `attempt` in a child process, which may change its own credentials and filters without harm.
static struct probe_outcome run_in_child(const char *(*attempt)(void)) {
    struct probe_outcome outcome = {"start the probe", 0};
    int channel[2];
    if (pipe(channel) != 0) return outcome.error = errno, outcome;
    fflush(NULL);
    pid_t child = fork();
    if (child < 0) {
        outcome.error = errno;
    } else if (child == 0) {
        close(channel[0]);
        struct probe_outcome result = {attempt(), errno};
        ssize_t written = write(channel[1], &result, sizeof result);
        _exit(written == (ssize_t)sizeof result ? 0 : 1);
    } else {
        close(channel[1]);
        if (read(channel[0], &outcome, sizeof outcome) != (ssize_t)sizeof outcome) outcome.error = EIO;
        waitpid(child, NULL, 0);
    }
    close(channel[0]);
    if (child < 0) close(channel[1]);
    return outcome;
}

static const char *try_landlock(void) {
    int abi = contain_landlock_abi();
    if (abi < 1) return "query the ABI";
    struct contain_ruleset_attr attributes = {.handled_access_fs = CONTAIN_FS_EXECUTE};
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes.handled_access_fs, 0U);
    if (ruleset < 0) return "create a ruleset";
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return "set no_new_privs";
    if (syscall(SYS_landlock_restrict_self, ruleset, 0U) != 0) return "enforce a ruleset";
    return NULL;
}

static const char *try_seccomp(void) {
    struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog filter = {.len = 1, .filter = &allow};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return "set no_new_privs";
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0) != 0) return "install a filter";
    return NULL;
}

static const char *try_setuid(void) {
    if (setgroups(0, NULL) != 0) return "setgroups";
    if (setresgid(PROBE_UID, PROBE_UID, PROBE_UID) != 0) return "setresgid";
    if (setresuid(PROBE_UID, PROBE_UID, PROBE_UID) != 0) return "setresuid";
    return NULL;
}

static void print_outcome(const char *mechanism, struct probe_outcome outcome, const char *available) {
    if (outcome.failed_step == NULL)
        printf("%s: %s\n", mechanism, available);
    else
        printf("%s: unavailable (%s: %s)\n", mechanism, outcome.failed_step, strerror(outcome.error));
}

int contain_probe(void) {
    char abi_text[32];
    int abi = contain_landlock_abi();
    snprintf(abi_text, sizeof abi_text, "abi %d", abi);
    print_outcome("landlock", run_in_child(try_landlock), abi_text);
    print_outcome("seccomp", run_in_child(try_seccomp), "available");
    print_outcome("setuid", run_in_child(try_setuid), "available");
    fflush(stdout);
    return 0;
}

#endif
