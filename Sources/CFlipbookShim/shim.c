#include "cflipbook.h"
