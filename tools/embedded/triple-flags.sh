#!/bin/sh
# tools/embedded/triple-flags.sh TRIPLE: prints the Swift flags the modules of TRIPLE are compiled with in
# out/embedded/TRIPLE: those of the first board (boards/*/board.mk, in name order) whose TRIPLE it is, empty when
# it has none. Used by check-embedded.sh, and by player.mk to tell whether a board can share those builds.
set -eu
for board in "$(dirname "$0")"/../../boards/*/board.mk; do
	if grep -Eq "^TRIPLE +:= +$1\$" "$board"; then
		sed -n 's/^SWIFT_TARGET_FLAGS *:= *//p' "$board"
		exit 0
	fi
done
