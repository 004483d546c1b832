# Raspberry Pi 2/3/4 on a 32-bit (armhf) OS: ARMv7-A, VFPv3-D16 hard float
# Board configuration for `make BOARD=rpi-armv7 …` (see docs/boards.md). Configuration only: no source.

## Embedded Swift target triple the core modules and the player are compiled for.
TRIPLE             := armv7-none-none-eabi
## SwiftPM toolset for `swift build --triple $(TRIPLE) --toolset $(TOOLSET)` cross builds.
TOOLSET            := boards/rpi-armv7/toolset.json
## Display backend: drm (DRM/KMS dumb buffers), fbdev (/dev/fb0) or sim (PPM files).
BACKEND            := drm
## Display device (DRM card, framebuffer, or the simulator's output directory).
DEVICE             := /dev/dri/card0
## Display mode and pixel format the board is set up for.
WIDTH              := 1920
HEIGHT             := 1080
FORMAT             := xrgb8888

## Cross toolchain: the C compiler that builds the runtime and links, and the flags that match its ABI.
LINK_CC            := arm-linux-gnueabihf-gcc
SWIFT_TARGET_FLAGS := -Xcc -mfloat-abi=hard -Xcc -mfpu=vfpv3-d16
C_TARGET_FLAGS     := -march=armv7-a -mfloat-abi=hard -mfpu=vfpv3-d16
## How to run a binary of this board on the build host (empty: natively).
RUN_PREFIX         := qemu-arm -cpu cortex-a7
