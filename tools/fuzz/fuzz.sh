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
# the run and leaves the reproducer in OUTDIR/<target>/artifacts/. One summary line per target.
set -eu
outdir=$1 seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
SWIFTC=${SWIFTC:-swiftc}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_FLAGS="-sanitize=fuzzer,address -parse-as-library -O -g"
targets=${*:-$(cd "$root/Tests/Fuzz" && for dir in */; do [ -f "$dir/Target.swift" ] && echo "${dir%/}"; done)}
modules_out="$outdir/modules"
mkdir -p "$modules_out"
MODULE_FLAGS=$FUZZ_FLAGS LOG_TAG=fuzz
. "$root/tools/fuzz/modules.sh"

status=0
for target in $targets; do
	source="$root/Tests/Fuzz/$target"
	[ -f "$source/Target.swift" ] || { echo "fuzz: no target $source/Target.swift"; status=1; continue; }
	work="$outdir/$target"
	mkdir -p "$work/corpus" "$work/artifacts"
	objects="" earlier=""
	for module in $(cat "$source/modules"); do
		build_module "$module" "$earlier" || { status=1; continue 2; }
		objects="$objects $modules_out/$module.o"
		earlier="$earlier $module"
	done
	# shellcheck disable=SC2086
	if ! "$SWIFTC" $FUZZ_FLAGS -module-name "Fuzz_$(echo "$target" | tr -c "A-Za-z0-9_\n" _)" -I "$modules_out" "$source/Target.swift" $objects \
		-o "$work/fuzzer" >"$work/build.log" 2>&1; then
		echo "fuzz: linking $target FAILED (log: $work/build.log)"
		grep -m 5 'error:' "$work/build.log" | sed 's/^/    /' || true
		status=1
		continue
	fi
	rm -rf "$work/seeds"
	cp -R "$source/corpus" "$work/seeds"
	if "$work/fuzzer" -max_total_time="$seconds" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
		-print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" >"$work/run.log" 2>&1; then
		result=ok
	else
		result=FAILED
		status=1
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/run.log" | tail -1)
	coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/run.log" | tail -1)
	echo "fuzz: $target $result: ${seconds} s, ${runs:-?} runs, ${coverage:-no coverage line}, $(ls "$work/corpus" | wc -l) inputs in the working corpus (log: $work/run.log)"
	if [ $result = FAILED ]; then
		grep -m 3 -E 'ERROR: |Fatal error|Test unit written' "$work/run.log" | sed 's/^/    /' || true
	fi
done
exit $status
