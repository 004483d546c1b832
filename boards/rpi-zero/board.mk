# Raspberry Pi Zero / Zero W / 1 (BCM2835, ARM1176JZF-S, ARMv6)
# Board configuration for `make BOARD=rpi-zero …` (see docs/boards.md). Configuration only: no source.

## Embedded Swift target triple the core modules and the player are compiled for.
TRIPLE             := armv6-none-none-eabi
## SwiftPM toolset for `swift build --triple $(TRIPLE) --toolset $(TOOLSET)` cross builds.
TOOLSET            := boards/rpi-zero/toolset.json
## Display backend: drm (DRM/KMS dumb buffers), fbdev (/dev/fb0) or sim (PPM files).
BACKEND            := drm
## Display device (DRM card, framebuffer, or the simulator's output directory).
DEVICE             := /dev/dri/card0
## Display mode and pixel format the board is set up for.
WIDTH              := 1920
HEIGHT             := 1080
FORMAT             := xrgb8888

## Cross toolchain: the C compiler that builds the runtime and links, and the flags that match its ABI.
LINK_CC            := arm-linux-gnueabi-gcc
SWIFT_TARGET_FLAGS := 
C_TARGET_FLAGS     := -march=armv6 -marm -mfloat-abi=soft
## How to run a binary of this board on the build host (empty: natively).
RUN_PREFIX         := qemu-arm -cpu arm1176
