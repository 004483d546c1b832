# Boards and the Embedded player (owner: fixed). See docs/boards.md and boards/<board>/README.md.
#   make BOARD=<board> player   static Embedded Swift player for the board → out/boards/<board>/
#   make cross-check            armv6, armv7 and aarch64 players under qemu-user must write the same bytes
#                               as the host build
BOARDS             := $(notdir $(patsubst %/,%,$(dir $(wildcard boards/*/board.mk))))
## Boards whose emulated output must equal host-sim's, byte for byte.
CROSS_CHECK_BOARDS ?= rpi-zero rpi-armv7 rpi4

ifeq ($(wildcard boards/$(BOARD)/board.mk),)
$(error BOARD=$(BOARD) has no boards/$(BOARD)/board.mk; boards: $(BOARDS))
endif

.PHONY: player cross-check boards
player:
	@$(MAKE) --no-print-directory -f tools/embedded/player.mk BOARD=$(BOARD) OUT=$(OUT) player

boards:
	@echo $(BOARDS)

cross-check:
	@$(MAKE) --no-print-directory -f tools/embedded/player.mk BOARD=host-sim OUT=$(OUT) player-frames
	@for board in $(CROSS_CHECK_BOARDS); do \
		$(MAKE) --no-print-directory -f tools/embedded/player.mk BOARD=$$board OUT=$(OUT) player-frames || exit 1; \
		cmp $(OUT)/boards/host-sim/frames.ppm $(OUT)/boards/$$board/frames.ppm || \
			{ echo "cross-check: $$board differs from host-sim"; exit 1; }; \
	done
	@echo "cross-check: $(CROSS_CHECK_BOARDS) match host-sim byte for byte ($$(wc -c < $(OUT)/boards/host-sim/frames.ppm) bytes of PPM)"

TEST_STEPS += cross-check
