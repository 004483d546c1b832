# The x86_64 QEMU VM of vm/ (bochs-drm / fbdev)
# Board configuration for `make BOARD=qemu-x86_64 …` (see docs/boards.md). Configuration only: no source.

## Embedded Swift target triple the core modules and the player are compiled for.
TRIPLE             := x86_64-unknown-linux-gnu
## SwiftPM toolset for `swift build --triple $(TRIPLE) --toolset $(TOOLSET)` cross builds.
TOOLSET            := boards/qemu-x86_64/toolset.json
## Display backend: drm (DRM/KMS dumb buffers), fbdev (/dev/fb0) or sim (PPM files).
BACKEND            := drm
## Display device (DRM card, framebuffer, or the simulator's output directory).
DEVICE             := /dev/dri/card0
## Display mode and pixel format the board is set up for.
WIDTH              := 1024
HEIGHT             := 768
FORMAT             := xrgb8888

## Cross toolchain: the C compiler that builds the runtime and links, and the flags that match its ABI.
LINK_CC            := gcc
SWIFT_TARGET_FLAGS := 
C_TARGET_FLAGS     := 
## How to run a binary of this board on the build host (empty: natively).
RUN_PREFIX         := 
