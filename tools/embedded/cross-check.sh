#!/bin/sh
# make cross-check: every board's player renders the check frames (tools/embedded/player.mk player-frames) and
# they must equal host-sim's byte for byte; the 32-bit ARM boards' players also pass r10-check.
#
#   tools/embedded/cross-check.sh OUT "BOARDS" "R10_BOARDS"
#
# Boards of different triples build and run at once (CROSS_CHECK_JOBS at a time, default one per core); boards
# sharing a triple share its module builds (out/embedded/TRIPLE), so they go one after another in one job. Each
# job's output lands in OUT/boards/<first board>/cross-check.log and prints in order once all have finished.
set -eu
out=$1 boards=$2 r10_boards=$3
MAKE=${MAKE:-make}

triple_of() { sed -n 's/^TRIPLE *:= *//p' "boards/$1/board.mk"; }

# Builds and runs one group of boards (same triple), in order; stops at the first failure.
run_group() {
	for board in "$@"; do
		$MAKE --no-print-directory -f tools/embedded/player.mk BOARD="$board" OUT="$out" player-frames || return 1
		case " $r10_boards " in *" $board "*)
			$MAKE --no-print-directory BOARD="$board" OUT="$out" r10-check || return 1 ;;
		esac
	done
}

groups=""
for triple in $(for board in host-sim $boards; do triple_of "$board"; done | awk '!seen[$0]++'); do
	group=""
	for board in host-sim $boards; do [ "$(triple_of "$board")" = "$triple" ] && group="$group $board"; done
	groups="$groups $(echo $group | tr ' ' ,)"
done

JOBS=${CROSS_CHECK_JOBS:-$(nproc)}
. "$(dirname "$0")/../jobs.sh"
logs=""
for group in $groups; do
	first=${group%%,*}
	mkdir -p "$out/boards/$first"
	log="$out/boards/$first/cross-check.log"
	# shellcheck disable=SC2046 # the group's boards are words.
	job_start "$log" run_group $(echo "$group" | tr , ' ')
	logs="$logs $log"
done
jobs_wait
for log in $logs; do cat "$log"; done
[ $jobs_status -eq 0 ] || { echo "cross-check: a board failed to build or render (above)"; exit 1; }

for board in $boards; do
	cmp "$out/boards/host-sim/frames.ppm" "$out/boards/$board/frames.ppm" ||
		{ echo "cross-check: $board differs from host-sim"; exit 1; }
	cmp "$out/boards/host-sim/text-frames.ppm" "$out/boards/$board/text-frames.ppm" ||
		{ echo "cross-check: $board's text frames differ from host-sim"; exit 1; }
done
