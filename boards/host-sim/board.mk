# The development host with the PPM simulator display (no hardware)
# Board configuration for `make BOARD=host-sim …` (see docs/boards.md). Configuration only: no source.

## Embedded Swift target triple the core modules and the player are compiled for.
TRIPLE             := x86_64-unknown-linux-gnu
## SwiftPM toolset for `swift build --triple $(TRIPLE) --toolset $(TOOLSET)` cross builds.
TOOLSET            := boards/host-sim/toolset.json
## Display backend: drm (DRM/KMS dumb buffers), fbdev (/dev/fb0) or sim (PPM files).
BACKEND            := sim
## Display device (DRM card, framebuffer, or the simulator's output directory).
DEVICE             := out/frames
## Display mode and pixel format the board is set up for.
WIDTH              := 800
HEIGHT             := 480
FORMAT             := xrgb8888

## Cross toolchain: the C compiler that builds the runtime and links, and the flags that match its ABI.
LINK_CC            := gcc
SWIFT_TARGET_FLAGS := 
C_TARGET_FLAGS     := 
## How to run a binary of this board on the build host (empty: natively).
RUN_PREFIX         := 
