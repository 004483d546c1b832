# Raspberry Pi 4 B / 400 / CM4 (BCM2711, Cortex-A72)
# Board configuration for `make BOARD=rpi4 …` (see docs/boards.md). Configuration only: no source.

## Embedded Swift target triple the core modules and the player are compiled for.
TRIPLE             := aarch64-none-none-elf
## SwiftPM toolset for `swift build --triple $(TRIPLE) --toolset $(TOOLSET)` cross builds.
TOOLSET            := boards/rpi4/toolset.json
## Display backend: drm (DRM/KMS dumb buffers), fbdev (/dev/fb0) or sim (PPM files).
BACKEND            := drm
## Display device (DRM card, framebuffer, or the simulator's output directory).
DEVICE             := /dev/dri/card1
## Display mode and pixel format the board is set up for.
WIDTH              := 1920
HEIGHT             := 1080
FORMAT             := xrgb8888

## Cross toolchain: the C compiler that builds the runtime and links, and the flags that match its ABI.
LINK_CC            := aarch64-linux-gnu-gcc
SWIFT_TARGET_FLAGS := 
C_TARGET_FLAGS     := -mcpu=cortex-a72
## How to run a binary of this board on the build host (empty: natively).
RUN_PREFIX         := qemu-aarch64 -cpu cortex-a72
