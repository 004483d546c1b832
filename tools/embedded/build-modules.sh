#!/bin/sh
# Builds core modules in Embedded Swift mode with swiftc (whole-module, one object and one .swiftmodule
# per module), in the order given, each importing the ones before it.
#
#   tools/embedded/build-modules.sh TRIPLE OUTDIR MODULE...
#
# Sources are globbed from $SOURCES_ROOT/<Module>/ (recursively, following symbolic links; default: the
# repository's Sources).
# Extra compiler flags for the triple
# (float ABI, CPU) come from $EMBEDDED_TARGET_FLAGS. Prints one line per module: "ok" or "FAILED"
# followed by the compiler's first errors, and exits non-zero if any module failed. A module whose object
# is newer than its sources and than every module before it in the list is not rebuilt ("up to date").
set -eu
triple=$1 outdir=$2
shift 2
SWIFTC=${SWIFTC:-swiftc}
sources_root=${SOURCES_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)/Sources}
# Header-only C modules a module may import (CBuiltinFonts: the built-in font's bytes, imported by Fonts).
c_modules="-I $(cd "$(dirname "$0")/../.." && pwd)/Sources/CBuiltinFonts/include"
mkdir -p "$outdir"
status=0
rebuilt=0
for module in "$@"; do
	sources=$(find -L "$sources_root/$module" -name '*.swift' | sort)
	log="$outdir/$module.log"
	object="$outdir/$module.o"
	if [ $rebuilt -eq 0 ] && [ -f "$object" ] && [ -f "$outdir/$module.swiftmodule" ] &&
		[ -z "$(find -L "$sources_root/$module" -name '*.swift' -newer "$object" | head -1)" ] &&
		[ "$(find -L "$sources_root/$module" -name '*.swift' | wc -l)" -eq "$(cat "$outdir/$module.count" 2>/dev/null || echo -1)" ]; then
		echo "check-embedded: $triple $module up to date"
		continue
	fi
	rebuilt=1
	# shellcheck disable=SC2086 # EMBEDDED_TARGET_FLAGS is a word list by design.
	if "$SWIFTC" -target "$triple" -enable-experimental-feature Embedded -enable-experimental-feature Extern \
		-wmo -Osize -parse-as-library -module-name "$module" \
		-Xfrontend -function-sections -Xfrontend -disable-stack-protector \
		${EMBEDDED_TARGET_FLAGS:-} -I "$outdir" $c_modules \
		-emit-module -emit-module-path "$outdir/$module.swiftmodule" \
		-c $sources -o "$outdir/$module.o" >"$log" 2>&1; then
		find -L "$sources_root/$module" -name '*.swift' | wc -l >"$outdir/$module.count"
		echo "check-embedded: $triple $module ok ($(wc -c <"$outdir/$module.o") bytes of object)"
	else
		rm -f "$object"
		echo "check-embedded: $triple $module FAILED (full log: $log)"
		grep -m 5 'error:' "$log" | sed 's/^/    /' || true
		status=1
	fi
done
exit $status
