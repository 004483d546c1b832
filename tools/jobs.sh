# Sourced by scripts that run independent work one job per core (tools/fuzz/fuzz.sh, tools/embedded/cross-check.sh).
#   job_start LOG COMMAND...   starts COMMAND (a program or a shell function) in the background, its output in
#                              LOG; while JOBS of them are running it first waits for the oldest
#   jobs_wait                  waits for the rest
# A job that fails sets jobs_status to 1.
jobs_status=0 jobs_pids="" jobs_running=0

job_start() {
	log=$1
	shift
	if [ "$jobs_running" -ge "$JOBS" ]; then
		wait "${jobs_pids%% *}" || jobs_status=1
		case $jobs_pids in *" "*) jobs_pids=${jobs_pids#* } ;; *) jobs_pids="" ;; esac
		jobs_running=$((jobs_running - 1))
	fi
	"$@" >"$log" 2>&1 &
	jobs_pids="${jobs_pids:+$jobs_pids }$!"
	jobs_running=$((jobs_running + 1))
}

jobs_wait() {
	for pid in $jobs_pids; do wait "$pid" || jobs_status=1; done
	jobs_pids="" jobs_running=0
}
