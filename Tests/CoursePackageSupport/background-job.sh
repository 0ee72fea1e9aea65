#!/bin/sh
# A `BackgroundJob`'s shell (`sh background-job.sh COMMAND…`, run under `setsid flock LOCK`): runs COMMAND in the
# idle cpu cgroup $JOB_CGROUP where one can be made (its path then written to $JOB_RECORD, for whoever waits
# for the job to make it an ordinary one), in a session of nice value 19, and stops it when the process
# $SWIFT_TEST_PID is gone. However it ends (its command done, or stopped with the job's whole group), it
# leaves the cgroup and removes it. `.ci/run` starts the course package's build with it too.
leave() {
    echo $$ > "${JOB_CGROUP%/*}/cgroup.procs" 2>/dev/null
    rmdir "$JOB_CGROUP" 2>/dev/null
}
trap leave EXIT
trap 'exit 143' TERM
if mkdir -p "$JOB_CGROUP" 2>/dev/null && echo 1 > "$JOB_CGROUP/cpu.idle" 2>/dev/null \
    && echo $$ > "$JOB_CGROUP/cgroup.procs" 2>/dev/null; then
    echo "in the idle cpu cgroup $JOB_CGROUP"
    [ -z "$JOB_RECORD" ] || echo "$JOB_CGROUP" > "$JOB_RECORD"
fi
echo 19 > /proc/self/autogroup 2>/dev/null
nice -n 19 "$@" &
job=$!
while kill -0 "$job" 2>/dev/null; do
    kill -0 "$SWIFT_TEST_PID" 2>/dev/null || { echo "process $SWIFT_TEST_PID has ended: stopping"; kill -TERM 0; }
    sleep 1
done
wait "$job"
