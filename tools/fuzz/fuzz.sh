#!/bin/sh
# Builds and runs the libFuzzer targets under Tests/Fuzz/ (docs/reliability.md).
#
#   tools/fuzz/fuzz.sh OUTDIR SECONDS [TARGET...]
#
# Every folder Tests/Fuzz/<target>/ holding Target.swift, `modules` (Sources modules, dependency order) and
# corpus/ is a target; with no TARGET given, all of them run. Modules are compiled once each, whole-module,
# with -sanitize=fuzzer,address into OUTDIR/modules/ (shared by the targets: a module's object only depends on
# the modules before it), the target is linked into OUTDIR/<target>/fuzzer, then libFuzzer runs for SECONDS on
# a working corpus (OUTDIR/<target>/corpus, kept between runs, new inputs land there) plus a fresh copy of the
# committed seeds. A crash, leak, timeout (FUZZ_TIMEOUT s per input) or an allocation beyond FUZZ_RSS_MB fails
# the run and leaves the reproducer in OUTDIR/<target>/artifacts/. The modules are built first, one after another;
# then FUZZ_JOBS targets (default: one per core) link and fuzz at once, each for SECONDS of wall time. One summary
# line per target, in order.
set -eu
outdir=$1 seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
SWIFTC=${SWIFTC:-swiftc}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_JOBS=${FUZZ_JOBS:-$(nproc)}
FUZZ_FLAGS="-sanitize=fuzzer,address -parse-as-library -O -g"
targets=${*:-$(cd "$root/Tests/Fuzz" && for dir in */; do [ -f "$dir/Target.swift" ] && echo "${dir%/}"; done)}
modules_out="$outdir/modules"
mkdir -p "$modules_out"
MODULE_FLAGS=$FUZZ_FLAGS LOG_TAG=fuzz
. "$root/tools/fuzz/modules.sh"

status=0
# Every module a target lists, built once, in each target's dependency order.
runnable=""
for target in $targets; do
	source="$root/Tests/Fuzz/$target"
	[ -f "$source/Target.swift" ] || { echo "fuzz: no target $source/Target.swift"; status=1; continue; }
	earlier=""
	for module in $(cat "$source/modules"); do
		build_module "$module" "$earlier" || { status=1; continue 2; }
		earlier="$earlier $module"
	done
	runnable="$runnable $target"
done

# Links TARGET and fuzzes it; prints its summary line (and the first lines of a failure); fails when it fails.
run_target() {
	target=$1 source="$root/Tests/Fuzz/$1" work="$outdir/$1"
	mkdir -p "$work/corpus" "$work/artifacts"
	objects=""
	for module in $(cat "$source/modules"); do objects="$objects $modules_out/$module.o"; done
	if ! "$SWIFTC" $FUZZ_FLAGS -module-name "Fuzz_$(echo "$target" | tr -c "A-Za-z0-9_\n" _)" -I "$modules_out" "$source/Target.swift" $objects \
		-o "$work/fuzzer" >"$work/build.log" 2>&1; then
		echo "fuzz: linking $target FAILED (log: $work/build.log)"
		grep -m 5 'error:' "$work/build.log" | sed 's/^/    /' || true
		return 1
	fi
	rm -rf "$work/seeds"
	cp -R "$source/corpus" "$work/seeds"
	if "$work/fuzzer" -max_total_time="$seconds" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
		-print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" >"$work/run.log" 2>&1; then
		result=ok
	else
		result=FAILED
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/run.log" | tail -1)
	coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/run.log" | tail -1)
	echo "fuzz: $target $result: ${seconds} s, ${runs:-?} runs, ${coverage:-no coverage line}, $(ls "$work/corpus" | wc -l) inputs in the working corpus (log: $work/run.log)"
	[ $result = ok ] && return 0
	grep -m 3 -E 'ERROR: |Fatal error|Test unit written' "$work/run.log" | sed 's/^/    /' || true
	return 1
}

# FUZZ_JOBS targets at a time; each writes its report beside its work and they print in order.
JOBS=$FUZZ_JOBS
. "$root/tools/jobs.sh"
for target in $runnable; do
	mkdir -p "$outdir/$target"
	job_start "$outdir/$target/report" run_target "$target"
done
jobs_wait
[ $jobs_status -eq 0 ] || status=1
for target in $runnable; do cat "$outdir/$target/report"; done
exit $status
