#!/bin/sh
# tools/tsan/tsan.sh OUTDIR 'SUITE|SUITE…' — `make sanitize-thread`: the test suites whose code runs on two threads,
# under ThreadSanitizer. SwiftPM's --sanitize=thread instruments every module, and Swift 6.3.1 cannot compile
# Raster that way (docs/reliability.md, "Sanitizers"); this script builds the single-threaded modules without
# instrumentation and only the threaded ones (CFlipbookShim, FlipbookLinux, FlipbookControl) and the suites with
# -sanitize=thread, then runs the suites matching the filter in one TSan-linked executable.
set -eu
mkdir -p "$1"
outdir=$(cd "$1" && pwd) suites=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
SWIFTC=${SWIFTC:-swiftc}
CC=${CC:-clang}
modules_out="$outdir/modules"
mkdir -p "$modules_out" "$outdir/c"
LOG_TAG=tsan
. "$root/tools/fuzz/modules.sh"

# C modules: the shim (signals, sockets) instrumented; the malloc counter forwards to TSan's allocator.
modulemap() { # name header-dir
	printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$1" "$2" >"$outdir/c/$1.modulemap"
	mkdir -p "$outdir/c/$1" && mv "$outdir/c/$1.modulemap" "$outdir/c/$1/module.modulemap"
}
modulemap CFlipbookShim "$root/Sources/CFlipbookShim/include"
modulemap CMallocCounter "$root/Tests/CMallocCounter/include"
c_objects=""
for source in "$root"/Sources/CFlipbookShim/*.c "$root/Tests/CMallocCounter/counter.c"; do
	object="$outdir/c/$(basename "$source" .c).o"
	"$CC" -g -O1 -fsanitize=thread -c "$source" -I "$root/Sources/CFlipbookShim/include" \
		-I "$root/Tests/CMallocCounter/include" -o "$object"
	c_objects="$c_objects $object"
done
"$CC" -O1 -c "$root/Sources/CBuiltinFonts/builtin_fonts.c" -I "$root/Sources/CBuiltinFonts/include" -o "$outdir/c/builtin_fonts.o"
c_objects="$c_objects $outdir/c/builtin_fonts.o"

includes="-I $outdir/c/CFlipbookShim -I $outdir/c/CMallocCounter -I $root/Sources/CLibDRM -Xcc $(pkg-config --cflags-only-I libdrm)"
earlier="" objects=""
for module in FixedPoint Motion Raster Fonts Flipbook ImageCodecs FlipbookSim FlipbookScenes FlipbookInput \
	FlipbookLinux FlipbookControl; do
	case $module in
	FlipbookLinux | FlipbookControl) MODULE_FLAGS="-parse-as-library -Onone -gline-tables-only -enable-testing -sanitize=thread $includes" ;;
	*) MODULE_FLAGS="-parse-as-library -O $includes" ;;
	esac
	build_module "$module" "$earlier"
	objects="$objects $modules_out/$module.o"
	earlier="$earlier $module"
done

started=$(date +%s)
rm -f "$outdir/tsan-suites"
# shellcheck disable=SC2086 # word lists of paths without spaces
"$SWIFTC" -parse-as-library -Onone -g -D DEBUG -sanitize=thread -module-name ThreadSanitizerSuites -I "$modules_out" $includes \
	"$root/tools/tsan/Driver.swift" "$root/Tests/FlipbookControlTests/ControlServerTests.swift" \
	"$root"/Tests/FlipbookLinuxTests/RunLoopTests.swift "$root"/Tests/FlipbookLinuxTests/LinuxKernelTests.swift \
	"$root"/Tests/FlipbookLinuxTests/Support/*.swift "$root/tools/tsan/SignalWhilePollingTests.swift" \
	$objects $c_objects -ldrm -o "$outdir/tsan-suites" 2>&1 | tee "$outdir/suites.log" | grep -m 20 'error' || true
if ! [ -x "$outdir/tsan-suites" ]; then
	echo "tsan: building the suites FAILED (log: $outdir/suites.log)"
	exit 1
fi
echo "tsan: built the suites in $(($(date +%s) - started)) s"

started=$(date +%s)
cd "$root/Tests/FlipbookControlTests"
SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
	"$outdir/tsan-suites" --no-parallel --filter "$suites"
echo "tsan: the suites ran in $(($(date +%s) - started)) s with no ThreadSanitizer report"
