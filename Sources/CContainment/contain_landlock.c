#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"
#include "contain_linux_abi.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int contain_landlock_abi(void) {
    return (int)syscall(SYS_landlock_create_ruleset, NULL, (size_t)0, LANDLOCK_CREATE_RULESET_VERSION);
}

/// Every file-system right the ABI knows: all of them are handled, so all are denied unless a rule allows.
static uint64_t file_system_rights(int abi) {
    uint64_t rights = CONTAIN_FS_ABI1_ALL;
    if (abi >= 2) rights |= CONTAIN_FS_REFER;
    if (abi >= 3) rights |= CONTAIN_FS_TRUNCATE;
    if (abi >= 5) rights |= CONTAIN_FS_IOCTL_DEV;
    return rights;
}

/// A ruleset for `abi`, passed with the size of the fields that ABI knows.
static int create_ruleset(int abi, uint64_t all_file_rights) {
    struct contain_ruleset_attr attributes = {.handled_access_fs = all_file_rights};
    size_t size = offsetof(struct contain_ruleset_attr, handled_access_net);
    if (abi >= 4) {
        attributes.handled_access_net = CONTAIN_NET_BIND_TCP | CONTAIN_NET_CONNECT_TCP;
        size = offsetof(struct contain_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attributes.scoped = CONTAIN_SCOPE_ABSTRACT_UNIX_SOCKET | CONTAIN_SCOPE_SIGNAL;
        size = sizeof attributes;
    }
    return (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0U);
}

static int fail_for_path(const char *action, const char *path) {
    char step[4352];
    snprintf(step, sizeof step, "%s %s", action, path);
    return contain_fail(step);
}

int contain_apply_landlock(const struct contain_options *options) {
    int abi = contain_landlock_abi();
    if (abi < 1) return contain_fail("use Landlock");
    uint64_t all = file_system_rights(abi);
    uint64_t read = CONTAIN_FS_EXECUTE | CONTAIN_FS_READ_FILE | CONTAIN_FS_READ_DIR;
    int ruleset = create_ruleset(abi, all);
    if (ruleset < 0) return contain_fail("create the Landlock ruleset");
    for (size_t index = 0; index < options->read_count; index++)
        if (contain_allow_beneath(ruleset, options->read_paths[index], read) != 0)
            return fail_for_path("allow reading", options->read_paths[index]);
    for (size_t index = 0; index < options->write_count; index++)
        if (contain_allow_beneath(ruleset, options->write_paths[index], all) != 0)
            return fail_for_path("allow writing", options->write_paths[index]);
    if (syscall(SYS_landlock_restrict_self, ruleset, 0U) != 0) return contain_fail("enforce the Landlock ruleset");
    close(ruleset);
    return 0;
}

#endif
