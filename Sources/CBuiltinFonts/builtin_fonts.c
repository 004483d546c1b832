// SwiftPM builds a C target from at least one source file. The data is all in include/builtin_fonts.h (static
// inline, so the Fonts module compiles it in and the Embedded builds need no C object for it).
#include "builtin_fonts.h"
