// Virtual terminal mode: text or graphics (no fbcon drawing, no blinking cursor).
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <linux/kd.h>
#include <sys/ioctl.h>

int32_t cfb_vt_get_mode(int32_t fd) {
    int mode = 0;
    if (ioctl(fd, KDGETMODE, &mode) < 0) return -errno;
    return mode;
}

int32_t cfb_vt_set_mode(int32_t fd, int32_t mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)(mode ? KD_GRAPHICS : KD_TEXT)) < 0 ? -errno : 0;
}
