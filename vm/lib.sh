# vm/lib.sh: the prologue shared by the x86_64 VM test scripts (vm/e2e.sh, vm/splash/test.sh, vm/input/test.sh,
# vm/faults/test.sh), sourced after they set VM_TEST (the prefix of their result lines and the name of their
# results folder, e.g. vm-faults). It sets
#   VM, ROOT   the vm/ folder and the repository;
#   OUT        the results folder: VM_OUT, default out/$VM_TEST;
#   FLIPBOOK   the script's first argument as an absolute path or, without one, a release build of flipbook
#              with the Swift runtime linked statically (SWIFT_FLAGS passed on);
# and defines vm_boot_bochs, check and contains.
VM=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
ROOT=$(dirname "$VM")
OUT=$(realpath -m "${VM_OUT:-$ROOT/out/$VM_TEST}")
if [ -n "${1:-}" ]; then
	FLIPBOOK=$(realpath "$1")
else
	(cd "$ROOT" && swift build -c release --static-swift-stdlib --product flipbook ${SWIFT_FLAGS-} >&2)
	FLIPBOOK=$(cd "$ROOT" && swift build -c release --static-swift-stdlib ${SWIFT_FLAGS-} --show-bin-path)/flipbook
fi

# vm_boot_bochs FILES GUEST_COMMAND OUT_DIR DEFAULT_TIMEOUT: boots vm/run.sh with bochs DRM at 1024x768 (VM_TIMEOUT
# overrides the timeout), its console output in OUT_DIR/../console.log; the guest's status is not the verdict (the
# checks read the serial log, OUT_DIR/serial.log).
vm_boot_bochs() {
	VM_DISPLAY=bochs VM_RES=1024x768 VM_TIMEOUT=${VM_TIMEOUT:-$4} "$VM/run.sh" "$1" "$2" "$3" \
		>"$(dirname "$3")/console.log" 2>&1 || true
}

failures=0
check() {  # DESCRIPTION CONDITION...: prints ok or FAIL for the condition's status and counts the failures
	local what=$1; shift
	if "$@"; then echo "$VM_TEST: ok   $what"; else echo "$VM_TEST: FAIL $what"; failures=$((failures + 1)); fi
}
contains() { grep -qF -- "$2" "$1"; }  # FILE TEXT
