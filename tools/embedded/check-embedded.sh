#!/bin/sh
# make check-embedded: builds the core modules in Embedded Swift mode for each triple, then links the
# frame proof (proof/FrameProof.swift) against a runtime with no allocator (runtime/freestanding.c).
#
#   tools/embedded/check-embedded.sh OUTDIR "MODULES" "TRIPLES"
#
# TRIPLES are Swift Embedded triples; the host triple and aarch64-none-none-elf are linked, others are
# only compiled, with the Swift flags of the first board built for the triple (boards/*/board.mk: armv7's
# float ABI). Exits non-zero if any triple fails.
#
# With FlipbookScenes in MODULES, the linked triples also build the scene proof (proof/SceneFrames.swift): every
# demo loaded from its JSON text in Embedded mode and drawn at its still times; its PPM stream must equal the
# golden frames of the full-Swift renderer byte for byte (the aarch64 one runs under qemu-aarch64).
#
# With Flipbook in MODULES, a second link adds `Engine.advance(to:)` to the frame (FrameProof.swift built
# with -D PROOF_ENGINE_ADVANCE). While $ENGINE_KNOWN_ALLOCATION names a function, that link may fail only
# through it: the step prints lld's --why-live chain to the allocator and fails if the chain does not run
# through that function. With ENGINE_KNOWN_ALLOCATION empty the link must succeed.
set -eu
outdir=$1 modules=$2 triples=$3
ENGINE_KNOWN_ALLOCATION=${ENGINE_KNOWN_ALLOCATION-}
here=$(cd "$(dirname "$0")" && pwd)
SWIFTC=${SWIFTC:-swiftc}
# Link with the toolchain's lld: GNU ld refuses static links of Embedded objects that touch protected
# runtime data ("copy relocation against non-copyable protected symbol").
toolbin=$(dirname "$(command -v "$SWIFTC")")
link="-fuse-ld=lld -B$toolbin -nostdlib -static -no-pie -Wl,--gc-sections -Wl,-e,_start"
# The frame proof plus Engine.advance(to:); uses $triple, $dir, $cc, $objects of check_triple.
check_engine_advance() {
	"$SWIFTC" -target "$triple" -enable-experimental-feature Embedded -wmo -Osize -parse-as-library \
		-module-name FrameProof -Xfrontend -function-sections -Xfrontend -disable-stack-protector \
		-D PROOF_ENGINE_ADVANCE -I "$dir" -c "$here/proof/FrameProof.swift" -o "$dir/EngineProof.o"
	# shellcheck disable=SC2086
	if $cc $link -o "$dir/engine-proof" "$dir/EngineProof.o" $objects "$dir/freestanding.o" -lgcc \
		2>"$dir/engine-link.log"; then
		echo "check-embedded: $triple engine frame (advance + render) links with no allocator"
		[ -z "$ENGINE_KNOWN_ALLOCATION" ] ||
			echo "check-embedded: ENGINE_KNOWN_ALLOCATION=$ENGINE_KNOWN_ALLOCATION no longer allocates: clear it in mk/embedded.mk"
		return 0
	fi
	# Which call path reaches the allocator: lld's chain from the allocation entry to _start.
	# shellcheck disable=SC2086
	$cc $link -Wl,--unresolved-symbols=ignore-all -Wl,--why-live=swift_slowAlloc -o "$dir/engine-proof-why" \
		"$dir/EngineProof.o" $objects "$dir/freestanding.o" -lgcc >"$dir/engine-why.log" 2>&1 || true
	chain=$("$toolbin/swift-demangle" --simplified <"$dir/engine-why.log" | sed -n 's/.*referenced by: [^(]*(\(.*\))$/\1/p')
	if [ -n "$ENGINE_KNOWN_ALLOCATION" ] && printf '%s\n' "$chain" | grep -qF "$ENGINE_KNOWN_ALLOCATION"; then
		echo "check-embedded: $triple engine frame: advance(to:) reaches the allocator only through the known"
		echo "    $ENGINE_KNOWN_ALLOCATION (docs/boards.md); chain:"
		printf '%s\n' "$chain" | head -6 | sed 's/^/      /'
		return 0
	fi
	echo "check-embedded: $triple engine frame (advance + render) FAILED to link against the allocator-free runtime:"
	grep -E 'undefined' "$dir/engine-link.log" | sort -u | head -10
	printf '%s\n' "$chain" | head -12 | sed 's/^/    /'
	return 1
}

# The scene proof for $triple: frames of every demo loaded from JSON in Embedded mode against the goldens.
# Uses $dir, $cc, $objects and $run of check_triple.
check_scene_frames() {
	golden="$here/../../Tests/FlipbookScenesTests/Golden"
	"$SWIFTC" -target "$triple" -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -Osize \
		-parse-as-library -module-name SceneFrames -Xfrontend -function-sections -Xfrontend -disable-stack-protector \
		-I "$dir" -c "$here/proof/SceneFrames.swift" -o "$dir/SceneFrames.o" >"$dir/scene-compile.log" 2>&1 || {
		echo "check-embedded: $triple scene proof FAILED to compile:"
		grep -m 5 'error:' "$dir/scene-compile.log"
		return 1
	}
	for part in setup-heap math-subset stdlib-support; do
		$cc -O2 -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns -fno-stack-protector \
			-ffunction-sections -fdata-sections -c "$here/runtime/$part.c" -o "$dir/$part.o"
	done
	# shellcheck disable=SC2086
	if ! $cc $link -o "$dir/scene-frames" "$dir/SceneFrames.o" $objects "$dir/freestanding.o" "$dir/setup-heap.o" \
		"$dir/math-subset.o" "$dir/stdlib-support.o" "$toolbin/../lib/swift/embedded/$triple/libswiftUnicodeDataTables.a" -lgcc \
		2>"$dir/scene-link.log"; then
		echo "check-embedded: $triple scene proof FAILED to link:"
		grep -E 'undefined|error' "$dir/scene-link.log" | sort -u | head -10
		return 1
	fi
	$run "$dir/scene-frames" --list >"$dir/scene-frames.list"
	: >"$dir/scene-frames.expected"
	: >"$dir/scene-frames.ppm"
	while read -r demo file; do cat "$golden/$file" >>"$dir/scene-frames.expected"; done <"$dir/scene-frames.list"
	for demo in $(cut -d' ' -f1 "$dir/scene-frames.list" | uniq); do
		if ! $run "$dir/scene-frames" "$demo" >>"$dir/scene-frames.ppm" 2>"$dir/scene-frames.log"; then
			echo "check-embedded: $triple scene proof FAILED for $demo:"
			head -5 "$dir/scene-frames.log"
			return 1
		fi
	done
	if ! cmp -s "$dir/scene-frames.ppm" "$dir/scene-frames.expected"; then
		# Name the frames that differ (each golden's bytes sit at a known offset of the stream).
		offset=0 differing=""
		while read -r demo file; do
			size=$(wc -c <"$golden/$file")
			tail -c +$((offset + 1)) "$dir/scene-frames.ppm" | head -c "$size" | cmp -s - "$golden/$file" ||
				differing="$differing $file"
			offset=$((offset + size))
		done <"$dir/scene-frames.list"
		echo "check-embedded: $triple scene proof: frames differ from the full-Swift goldens:$differing"
		echo "    (GoldenDemoTests compares the full-Swift frames with the same files; stream in $dir/scene-frames.ppm)"
		return 1
	fi
	echo "check-embedded: $triple scene proof: $(wc -l <"$dir/scene-frames.list") frames of the 10 demos, loaded from JSON in Embedded mode, equal the full-Swift goldens ($(wc -c <"$dir/scene-frames") bytes)"
}

check_triple() {
	triple=$1
	dir="$outdir/$triple"
	run=""
	case $triple in
	x86_64-*) cc=${HOST_CC:-cc} ;;
	aarch64-*) cc=aarch64-linux-gnu-gcc run="qemu-aarch64 -cpu cortex-a72" ;;
	*) cc="" ;;
	esac
	# shellcheck disable=SC2086 # module list is a word list.
	EMBEDDED_TARGET_FLAGS="${EMBEDDED_TARGET_FLAGS:-$("$here/triple-flags.sh" "$triple")}" \
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
	case " $modules " in *" Flipbook "*) check_engine_advance || return 1 ;; esac
	case " $modules " in *" FlipbookScenes "*) check_scene_frames || return 1 ;; esac
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
