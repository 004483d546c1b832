// fbdev ioctls: copies between the kernel's screeninfo structs and the shim's.
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <linux/fb.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/time.h>

static void var_from_kernel(const struct fb_var_screeninfo *v, cfb_fb_var *out) {
    *out = (cfb_fb_var){
        .xres = v->xres, .yres = v->yres, .xres_virtual = v->xres_virtual, .yres_virtual = v->yres_virtual,
        .xoffset = v->xoffset, .yoffset = v->yoffset, .bits_per_pixel = v->bits_per_pixel,
        .red_offset = v->red.offset, .red_length = v->red.length,
        .green_offset = v->green.offset, .green_length = v->green.length,
        .blue_offset = v->blue.offset, .blue_length = v->blue.length,
        .transp_offset = v->transp.offset, .transp_length = v->transp.length,
        .nonstd = v->nonstd, .activate = v->activate,
        .pixclock = v->pixclock, .left_margin = v->left_margin, .right_margin = v->right_margin,
        .upper_margin = v->upper_margin, .lower_margin = v->lower_margin,
        .hsync_len = v->hsync_len, .vsync_len = v->vsync_len,
    };
}

int32_t cfb_fb_get_vscreeninfo(int32_t fd, cfb_fb_var *out) {
    struct fb_var_screeninfo v;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0) return -errno;
    var_from_kernel(&v, out);
    return 0;
}

int32_t cfb_fb_put_vscreeninfo(int32_t fd, const cfb_fb_var *in, cfb_fb_var *out) {
    struct fb_var_screeninfo v;
    // The timings are not ours to change: start from the driver's current values.
    if (ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0) return -errno;
    v.xres = in->xres; v.yres = in->yres;
    v.xres_virtual = in->xres_virtual; v.yres_virtual = in->yres_virtual;
    v.xoffset = in->xoffset; v.yoffset = in->yoffset; v.bits_per_pixel = in->bits_per_pixel;
    v.red.offset = in->red_offset; v.red.length = in->red_length;
    v.green.offset = in->green_offset; v.green.length = in->green_length;
    v.blue.offset = in->blue_offset; v.blue.length = in->blue_length;
    v.transp.offset = in->transp_offset; v.transp.length = in->transp_length;
    v.activate = in->activate;
    if (ioctl(fd, FBIOPUT_VSCREENINFO, &v) < 0) return -errno;
    var_from_kernel(&v, out);
    return 0;
}

int32_t cfb_fb_get_fscreeninfo(int32_t fd, cfb_fb_fix *out) {
    struct fb_fix_screeninfo f;
    if (ioctl(fd, FBIOGET_FSCREENINFO, &f) < 0) return -errno;
    memset(out, 0, sizeof *out);
    memcpy(out->id, f.id, sizeof out->id);
    out->smem_length = f.smem_len;
    out->line_length = f.line_length;
    out->type = f.type;
    out->visual = f.visual;
    out->ypanstep = f.ypanstep;
    out->ywrapstep = f.ywrapstep;
    return 0;
}

int32_t cfb_fb_pan_display(int32_t fd, uint32_t xoffset, uint32_t yoffset) {
    struct fb_var_screeninfo v;
    memset(&v, 0, sizeof v);
    v.xoffset = xoffset;
    v.yoffset = yoffset;
    return ioctl(fd, FBIOPAN_DISPLAY, &v) < 0 ? -errno : 0;
}

int32_t cfb_fb_wait_for_vsync(int32_t fd, int64_t timeout_micros) {
    // A one-shot ITIMER_REAL interrupts a driver that never signals: its SIGALRM handler (installed by
    // cfb_signals_install, without SA_RESTART) makes the ioctl return EINTR.
    struct itimerval arm = { .it_value = { .tv_sec = timeout_micros / 1000000, .tv_usec = timeout_micros % 1000000 } };
    struct itimerval disarm = { 0 }, left;
    uint32_t screen = 0;
    if (setitimer(ITIMER_REAL, &arm, NULL) < 0) return -errno;
    int rc = ioctl(fd, FBIO_WAITFORVSYNC, &screen) < 0 ? -errno : 0;
    setitimer(ITIMER_REAL, &disarm, &left);
    if (rc == -EINTR && left.it_value.tv_sec == 0 && left.it_value.tv_usec == 0) return -ETIMEDOUT;
    return rc;
}
