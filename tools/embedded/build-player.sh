#!/bin/sh
# Builds the static Embedded Swift player for one board (called by `make BOARD=<board> player`).
#
#   tools/embedded/build-player.sh OUTDIR "MODULES"
#
# Board settings come from the environment (boards/<board>/board.mk exports them):
#   TRIPLE              Embedded Swift target triple (aarch64-none-none-elf, armv6-none-none-eabi, …)
#   LINK_CC             the C compiler that compiles the runtime and links (a Debian cross gcc)
#   SWIFT_TARGET_FLAGS  extra swiftc flags (float ABI, CPU)
#   C_TARGET_FLAGS      extra C flags for the runtime (must match the Swift float ABI)
#   MODULE_DIR          where the modules are built (default OUTDIR/modules; boards with the same triple
#                       and flags share one, see tools/embedded/player.mk)
#   LINUX_FULL_ONLY     FlipbookLinux files (relative to Sources/FlipbookLinux) that are full Swift only
#                       (Glibc, libdrm, fbdev): every other file of the module is built in Embedded mode
# FlipbookLinux's Embedded part is built into MODULE_DIR/linux with CFlipbookShim as a Clang module; the shim's
# C files are compiled with LINK_CC against the board's glibc headers and linked over runtime/syscalls.c.
# The result is OUTDIR/flipbook-player (static, no libc) and OUTDIR/flipbook-player.stripped.
set -eu
outdir=$1 modules=$2
here=$(cd "$(dirname "$0")" && pwd)
SWIFTC=${SWIFTC:-swiftc}
toolbin=$(dirname "$(command -v "$SWIFTC")")
: "${TRIPLE:?set by boards/<board>/board.mk}" "${LINK_CC:?set by boards/<board>/board.mk}"
mkdir -p "$outdir"
moddir=${MODULE_DIR:-$outdir/modules}

# shellcheck disable=SC2086 # module and flag lists are word lists.
EMBEDDED_TARGET_FLAGS="${SWIFT_TARGET_FLAGS:-}" "$here/build-modules.sh" "$TRIPLE" "$moddir" $modules >"$outdir/modules.log" || {
	cat "$outdir/modules.log"
	exit 1
}
objects=""
for module in $modules; do objects="$objects $moddir/$module.o"; done

# FlipbookLinux (Embedded part): CFlipbookShim is imported through a module map over its header.
sources=$(cd "$here/../.." && pwd)/Sources
linuxdir=$moddir/linux  # shared, like the modules, by boards with the same triple and flags
mkdir -p "$linuxdir"
printf 'module CFlipbookShim {\n    header "%s"\n    export *\n}\n' "$sources/CFlipbookShim/include/cflipbook.h" \
	>"$linuxdir/module.modulemap"
linux_sources=$(cd "$sources/FlipbookLinux" && find . -name '*.swift' | sed 's|^\./||' | sort |
	grep -vxF "$(printf '%s\n' ${LINUX_FULL_ONLY:-} | grep . || echo /)" | sed "s|^|$sources/FlipbookLinux/|")
if [ ! -f "$linuxdir/FlipbookLinux.o" ] || [ "$(cat "$linuxdir/sources" 2>/dev/null)" != "$linux_sources" ] ||
	[ -n "$(find $linux_sources "$sources/CFlipbookShim/include" $(for m in $modules; do echo "$moddir/$m.o"; done) \
		-newer "$linuxdir/FlipbookLinux.o" | head -1)" ]; then
	# shellcheck disable=SC2086
	"$SWIFTC" -target "$TRIPLE" -enable-experimental-feature Embedded -enable-experimental-feature Extern \
		-wmo -Osize -parse-as-library -module-name FlipbookLinux \
		-Xfrontend -function-sections -Xfrontend -disable-stack-protector ${SWIFT_TARGET_FLAGS:-} \
		-I "$moddir" -I "$linuxdir" -emit-module -emit-module-path "$linuxdir/FlipbookLinux.swiftmodule" \
		-c $linux_sources -o "$linuxdir/FlipbookLinux.o.tmp" >"$linuxdir/build.log" 2>&1 || {
		echo "player: FlipbookLinux does not build in Embedded mode for $TRIPLE ($linuxdir/build.log):"
		grep -m 10 'error:' "$linuxdir/build.log" | sed 's/^/    /'
		exit 1
	}
	mv "$linuxdir/FlipbookLinux.o.tmp" "$linuxdir/FlipbookLinux.o"
	echo "$linux_sources" >"$linuxdir/sources"
fi

# shellcheck disable=SC2086
"$SWIFTC" -target "$TRIPLE" -enable-experimental-feature Embedded -enable-experimental-feature Extern \
	-wmo -Osize -parse-as-library -module-name FlipbookPlayer \
	-Xfrontend -function-sections -Xfrontend -disable-stack-protector ${SWIFT_TARGET_FLAGS:-} \
	-I "$moddir" -I "$linuxdir" -c "$here"/player/*.swift -o "$outdir/player.o"

for part in freestanding setup-heap math-subset syscalls stdlib-support; do
	# shellcheck disable=SC2086
	$LINK_CC ${C_TARGET_FLAGS:-} -O2 -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns \
		-fno-stack-protector -ffunction-sections -fdata-sections -c "$here/runtime/$part.c" -o "$outdir/$part.o"
done
# The shim's C files, against the board's C library headers (their calls resolve to runtime/syscalls.c).
shim_objects=""
for part in drm fbdev file vt signals; do
	# shellcheck disable=SC2086
	$LINK_CC ${C_TARGET_FLAGS:-} -O2 -fno-stack-protector -ffunction-sections -fdata-sections \
		-I "$sources/CFlipbookShim/include" -c "$sources/CFlipbookShim/$part.c" -o "$outdir/shim-$part.o"
	shim_objects="$shim_objects $outdir/shim-$part.o"
done

# lld: GNU ld refuses static links of Embedded objects that touch protected runtime data. The engine's
# setup compares String keys and names, which needs the toolchain's Unicode normalisation tables.
# --icf=all folds functions whose code is identical (generic specialisations that compile to the same
# instructions): 13.5 KB of the armv6 player (docs/boards.md, "Size").
unicode_tables="$toolbin/../lib/swift/embedded/$TRIPLE/libswiftUnicodeDataTables.a"
# shellcheck disable=SC2086
$LINK_CC ${C_TARGET_FLAGS:-} -fuse-ld=lld -B"$toolbin" -nostdlib -static -no-pie -Wl,--gc-sections -Wl,--icf=all -Wl,-e,_start \
	-o "$outdir/flipbook-player" "$outdir/player.o" $objects "$linuxdir/FlipbookLinux.o" $shim_objects \
	"$outdir/freestanding.o" "$outdir/setup-heap.o" "$outdir/math-subset.o" "$outdir/syscalls.o" "$outdir/stdlib-support.o" \
	"$unicode_tables" -lgcc
"$toolbin/llvm-objcopy" --strip-all "$outdir/flipbook-player" "$outdir/flipbook-player.stripped" 2>/dev/null ||
	cp "$outdir/flipbook-player" "$outdir/flipbook-player.stripped"
echo "player: $TRIPLE → $outdir/flipbook-player ($(wc -c <"$outdir/flipbook-player") bytes, $(wc -c <"$outdir/flipbook-player.stripped") stripped)"
