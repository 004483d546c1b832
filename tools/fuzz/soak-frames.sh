#!/bin/sh
# Builds Tests/Soak/FrameSoak.swift optimised (the Sources modules whole-module with -O into OUTDIR/modules/,
# the malloc counter of Tests/CMallocCounter) and runs it: FRAMES consecutive 320×240 frames of the soak
# scene that must allocate nothing (docs/reliability.md, `make soak`).
#
#   tools/fuzz/soak-frames.sh OUTDIR FRAMES
set -eu
outdir=$1 frames=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
SWIFTC=${SWIFTC:-swiftc}
CC=${CC:-clang}
modules_out="$outdir/modules"
mkdir -p "$modules_out" "$outdir/CMallocCounter"
MODULE_FLAGS="-parse-as-library -O" LOG_TAG=soak-frames
. "$root/tools/fuzz/modules.sh"

earlier="" objects=""
for module in FixedPoint Motion Raster Fonts Flipbook ImageCodecs FlipbookSim FlipbookScenes; do
	build_module "$module" "$earlier"
	objects="$objects $modules_out/$module.o"
	earlier="$earlier $module"
done
printf 'module CMallocCounter {\n    header "%s/Tests/CMallocCounter/include/cmalloccounter.h"\n    export *\n}\n' "$root" \
	>"$outdir/CMallocCounter/module.modulemap"
"$CC" -O2 -c "$root/Tests/CMallocCounter/counter.c" -I "$root/Tests/CMallocCounter/include" -o "$outdir/counter.o"
"$SWIFTC" -O -parse-as-library -module-name FrameSoak -I "$modules_out" -I "$outdir/CMallocCounter" \
	"$root/Tests/Soak/FrameSoak.swift" "$root/Tests/FlipbookScenesTests/SoakScene.swift" $objects "$outdir/counter.o" \
	-o "$outdir/frame-soak"
started=$(date +%s)
"$outdir/frame-soak" "$frames"
echo "soak-frames: $(($(date +%s) - started)) s of wall time"
