# Sourced by fuzz.sh and soak-frames.sh: build_module MODULE "EARLIER MODULES" compiles Sources/MODULE whole-module
# with $SWIFTC $MODULE_FLAGS into $modules_out/MODULE.o (and its .swiftmodule), unless the object is newer than
# every source and than the objects of the earlier modules it imports. Messages start with $LOG_TAG.
build_module() {
	module=$1 earlier=$2
	object="$modules_out/$module.o"
	count=$(find -L "$root/Sources/$module" -name '*.swift' | wc -l)
	if [ -f "$object" ] && [ "$count" -eq "$(cat "$modules_out/$module.count" 2>/dev/null || echo -1)" ] &&
		[ -z "$(find -L "$root/Sources/$module" -name '*.swift' -newer "$object" | head -1)" ]; then
		imports=$(find -L "$root/Sources/$module" -name '*.swift' -exec sed -n 's/^import \([A-Za-z]*\).*/\1/p' {} + | sort -u)
		stale=""
		for dependency in $earlier; do
			if echo "$imports" | grep -qx "$dependency" && [ "$modules_out/$dependency.o" -nt "$object" ]; then
				stale=$dependency
			fi
		done
		[ -z "$stale" ] && return 0
	fi
	started=$(date +%s)
	# shellcheck disable=SC2086 # MODULE_FLAGS is a word list; sources are paths without spaces.
	if ! "$SWIFTC" $MODULE_FLAGS -wmo -module-name "$module" -I "$modules_out" -I "$root/Sources/CBuiltinFonts/include" \
		-emit-module -emit-module-path "$modules_out/$module.swiftmodule" \
		-c $(find -L "$root/Sources/$module" -name '*.swift' | sort) -o "$object" >"$modules_out/$module.log" 2>&1; then
		rm -f "$object"
		echo "$LOG_TAG: building $module FAILED (log: $modules_out/$module.log)"
		grep -m 5 'error:' "$modules_out/$module.log" | sed 's/^/    /' || true
		return 1
	fi
	echo "$count" >"$modules_out/$module.count"
	echo "$LOG_TAG: built $module in $(($(date +%s) - started)) s"
}
