#!/bin/sh
# Builds the Embedded Swift benchmark for one board (called by `make BOARD=<board> bench-board`).
#
#   tools/embedded/bench/build-bench.sh OUTDIR "MODULES"
#
# Same board settings and module builds as the player (tools/embedded/build-player.sh: TRIPLE, LINK_CC,
# SWIFT_TARGET_FLAGS, C_TARGET_FLAGS, MODULE_DIR), the same runtime (tools/embedded/runtime: raw
# system calls, a setup heap that is sealed before measuring), the player's SystemCalls.swift, plus
# counter.c (perf_event_open, architectural timers, clock_gettime). Result: OUTDIR/flipbook-bench.
set -eu
outdir=$1 modules=$2
here=$(cd "$(dirname "$0")" && pwd)
embedded=$(dirname "$here")
SWIFTC=${SWIFTC:-swiftc}
toolbin=$(dirname "$(command -v "$SWIFTC")")
: "${TRIPLE:?set by boards/<board>/board.mk}" "${LINK_CC:?set by boards/<board>/board.mk}"
mkdir -p "$outdir"
moddir=${MODULE_DIR:-$outdir/modules}

# shellcheck disable=SC2086 # module and flag lists are word lists.
EMBEDDED_TARGET_FLAGS="${SWIFT_TARGET_FLAGS:-}" "$embedded/build-modules.sh" "$TRIPLE" "$moddir" $modules \
	>"$outdir/bench-modules.log" || { cat "$outdir/bench-modules.log"; exit 1; }
objects=""
for module in $modules; do objects="$objects $moddir/$module.o"; done

# shellcheck disable=SC2086
"$SWIFTC" -target "$TRIPLE" -enable-experimental-feature Embedded -enable-experimental-feature Extern \
	-wmo -Osize -parse-as-library -module-name FlipbookBench \
	-Xfrontend -function-sections -Xfrontend -disable-stack-protector ${SWIFT_TARGET_FLAGS:-} \
	-I "$moddir" -c "$here"/*.swift "$embedded/player/SystemCalls.swift" -o "$outdir/bench.o"

# The runtime as the player builds it (counter.c calls its read, clock_gettime and syscall); counter.c's
# word-store memset must stay a loop (no memset call).
for source in "$embedded"/runtime/freestanding.c "$embedded"/runtime/setup-heap.c "$embedded"/runtime/math-subset.c \
	"$embedded"/runtime/syscalls.c "$here/counter.c"; do
	# shellcheck disable=SC2086
	$LINK_CC ${C_TARGET_FLAGS:-} -O2 -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns \
		-fno-stack-protector -ffunction-sections -fdata-sections -c "$source" \
		-o "$outdir/bench-$(basename "$source" .c).o"
done

unicode_tables="$toolbin/../lib/swift/embedded/$TRIPLE/libswiftUnicodeDataTables.a"
# shellcheck disable=SC2086
$LINK_CC ${C_TARGET_FLAGS:-} -fuse-ld=lld -B"$toolbin" -nostdlib -static -no-pie -Wl,--gc-sections -Wl,-e,_start \
	-o "$outdir/flipbook-bench" "$outdir/bench.o" $objects "$outdir"/bench-freestanding.o "$outdir"/bench-setup-heap.o \
	"$outdir"/bench-math-subset.o "$outdir"/bench-syscalls.o "$outdir"/bench-counter.o "$unicode_tables" -lgcc
echo "bench: $TRIPLE → $outdir/flipbook-bench ($(wc -c <"$outdir/flipbook-bench") bytes)"
