#!/bin/sh
# Instruction counts of one 1920×1080 q85 4:2:0 JPEG decode (docs/images.md, "Speed"): ImageCodecs built
# -O -wmo with jpeg-callgrind-driver.swift, and libjpeg-turbo's djpeg, each under callgrind (whole process).
# Deterministic, so it can run while other builds do. Needs valgrind, libjpeg-turbo-progs, python3.
#
#   tools/bench/jpeg-callgrind.sh [WORKDIR]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-/tmp/jpeg-callgrind-$(id -u)}
mkdir -p "$work"
python3 "$root/tools/bench/make-picture.py" "$work/picture.ppm"
cjpeg -quality 85 -sample 2x2 "$work/picture.ppm" > "$work/picture.jpg"
sources=$root/Sources
for module in FixedPoint Raster ImageCodecs; do
	swiftc -O -wmo -parse-as-library -module-name $module -I "$work" -emit-module \
		-emit-module-path "$work/$module.swiftmodule" -emit-object -o "$work/$module.o" \
		$(find "$sources/$module" -name '*.swift')
done
swiftc -O -parse-as-library -I "$work" "$root/tools/bench/jpeg-callgrind-driver.swift" \
	"$work/FixedPoint.o" "$work/Raster.o" "$work/ImageCodecs.o" -o "$work/driver"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
ours=$(count "$work/driver" "$work/picture.jpg")
theirs=$(count djpeg -outfile /dev/null "$work/picture.jpg")
echo "jpeg decode instructions: ImageCodecs $ours, libjpeg-turbo $theirs"
