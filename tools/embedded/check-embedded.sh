#!/bin/sh
# make check-embedded: builds the core modules in Embedded Swift mode for each triple, then links the
# frame proof (proof/FrameProof.swift) against a runtime with no allocator (runtime/freestanding.c).
#
#   tools/embedded/check-embedded.sh OUTDIR "MODULES" "TRIPLES"
#
# TRIPLES are Swift Embedded triples; the host triple and aarch64-none-none-elf are linked, others are
# only compiled. Exits non-zero if any triple fails.
set -eu
outdir=$1 modules=$2 triples=$3
here=$(cd "$(dirname "$0")" && pwd)
SWIFTC=${SWIFTC:-swiftc}
# Link with the toolchain's lld: GNU ld refuses static links of Embedded objects that touch protected
# runtime data ("copy relocation against non-copyable protected symbol").
toolbin=$(dirname "$(command -v "$SWIFTC")")
link="-fuse-ld=lld -B$toolbin -nostdlib -static -no-pie -Wl,--gc-sections -Wl,-e,_start"
check_triple() {
	triple=$1
	dir="$outdir/$triple"
	case $triple in
	x86_64-*) cc=${HOST_CC:-cc} ;;
	aarch64-*) cc=aarch64-linux-gnu-gcc ;;
	*) cc="" ;;
	esac
	# shellcheck disable=SC2086 # module list is a word list.
	"$here/build-modules.sh" "$triple" "$dir" $modules
	[ -n "$cc" ] || return 0
	objects=""
	for module in $modules; do objects="$objects $dir/$module.o"; done
	"$SWIFTC" -target "$triple" -enable-experimental-feature Embedded -wmo -Osize -parse-as-library \
		-module-name FrameProof -Xfrontend -function-sections -Xfrontend -disable-stack-protector \
		-I "$dir" -c "$here/proof/FrameProof.swift" -o "$dir/FrameProof.o"
	$cc -O2 -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns -fno-stack-protector \
		-ffunction-sections -c "$here/runtime/freestanding.c" -o "$dir/freestanding.o"
	# shellcheck disable=SC2086
	if ! $cc $link -o "$dir/frame-proof" \
		"$dir/FrameProof.o" $objects "$dir/freestanding.o" -lgcc 2>"$dir/link.log"; then
		echo "check-embedded: $triple frame proof FAILED to link against the allocator-free runtime:"
		grep -E 'undefined' "$dir/link.log" | sort -u | head -10
		return 1
	fi
	echo "check-embedded: $triple frame proof links with no allocator ($(wc -c <"$dir/frame-proof") bytes; modules: $modules)"
	# Negative control: an allocating program must not link against the same runtime.
	"$SWIFTC" -target "$triple" -enable-experimental-feature Embedded -wmo -Osize -parse-as-library \
		-Xfrontend -function-sections -Xfrontend -disable-stack-protector \
		-c "$here/proof/AllocatingControl.swift" -o "$dir/AllocatingControl.o"
	if $cc $link -o "$dir/allocating-control" \
		"$dir/AllocatingControl.o" "$dir/freestanding.o" -lgcc 2>"$dir/control.log"; then
		echo "check-embedded: $triple negative control linked although it allocates: the proof is vacuous"
		return 1
	fi
	if ! grep -q 'undefined symbol: posix_memalign' "$dir/control.log"; then
		echo "check-embedded: $triple negative control failed to link for another reason:"
		head -5 "$dir/control.log"
		return 1
	fi
	echo "check-embedded: $triple negative control (an allocating program) fails to link, as it must"
}

# The triples build concurrently (one per core); their reports print in order.
mkdir -p "$outdir"
pids=""
for triple in $triples; do
	check_triple "$triple" >"$outdir/$triple.report" 2>&1 &
	pids="$pids $!"
done
status=0
for pid in $pids; do wait "$pid" || status=1; done
for triple in $triples; do cat "$outdir/$triple.report"; done
exit $status
