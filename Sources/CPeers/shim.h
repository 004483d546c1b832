// Peer renderers linked into the benchmark program only (never into the library).
#include <cairo/cairo.h>
#include <pixman-1/pixman.h>
#include "image_peers.h"
#include <cairo/cairo-ft.h>
