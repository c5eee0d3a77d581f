#!/usr/bin/env bash
# Runs mpi_failure_probe under mpirun and checks how the job ends when one process fails:
#   expect_job_failure.sh WORK_DIR POINT EXPECT MPIRUN_AND_PROBE... --victim P
# POINT is the probe's --fail-at (map, collective, reduce, throw, wait, none). For `wait` the
# test sends SIGINT to mpirun once every process is inside the job (Ctrl-C). The job must end
# within 10 s of the failure, with a non-zero status and EXPECT in its output; no process of it
# may be left, nor any file in the output's folder. For `none` the job must succeed instead and
# write its output (so the checks above can fail).
set -uo pipefail

work="$1" point="$2" expect="$3"
shift 3
rm -rf "$work"
mkdir -p "$work/out" "$work/markers"
set -m  # the job gets its own process group and default signal handling (SIGINT included)
"$@" --fail-at "$point" --output "$work/out/result.tsv" --markers "$work/markers" >"$work/log" 2>&1 &
job=$!

fail() {
  echo "FAILED: $*"
  echo "--- output of the job:"
  cat "$work/log"
  kill -KILL -- "-$job" 2>/dev/null
  exit 1
}
now() { date +%s%N; }
running() { kill -0 "$job" 2>/dev/null; }

if [[ "$point" == none ]]; then
  wait "$job" || fail "the job without a failure exited with status $?"
  [[ -s "$work/out/result.tsv" ]] || fail "the job without a failure wrote no output"
  echo "the job without a failure completed and wrote its output"
  rm -rf "$work"
  exit 0
fi

# Up to 120 s to start (mpirun and sanitizers are slow on a busy machine) and reach the point.
deadline=$(($(now) + 120 * 1000000000))
until [[ -e "$work/markers/failing" ]]; do
  running || break
  (($(now) < deadline)) || fail "the job did not reach its failure point within 120 s"
  sleep 0.05
done
[[ -e "$work/markers/failing" ]] || fail "the job ended before its failure point"
failed_at=$(now)
[[ "$point" == wait ]] && kill -INT "$job"

# A process has ended once it is gone or a zombie (its parent, mpirun, may not have reaped it).
alive() { [[ -e "/proc/$1/stat" ]] && [[ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" != Z ]]; }
survivors() {
  for pid_file in "$work"/markers/pid-*; do
    pid=$(cat "$pid_file")
    [[ -n "$pid" ]] && alive "$pid" && echo "process ${pid_file##*pid-} (pid $pid)"
  done
}
while (($(now) - failed_at < 10 * 1000000000)); do
  running || [[ -n "$(survivors)" ]] || break
  sleep 0.05
done
running && fail "mpirun still runs 10 s after the failure"
[[ -z "$(survivors)" ]] || fail "still running 10 s after the failure: $(survivors)"
wait "$job"
status=$?
seconds=$(awk -v ns=$(($(now) - failed_at)) 'BEGIN { printf "%.1f", ns / 1e9 }')

((status != 0)) || fail "the job exited with status 0 after a failure"
[[ -z "$expect" ]] || grep -qF -- "$expect" "$work/log" || fail "the output does not contain '$expect'"
leftovers=$(ls -A "$work/out")
[[ -z "$leftovers" ]] && echo "no output file left" || fail "files left in the output folder: $leftovers"
echo "the job ended ${seconds} s after the failure at '$point' with status $status and '$expect' in its output"
rm -rf "$work"
