// Virtual terminal mode: text or graphics (no fbcon drawing, no blinking cursor).
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <linux/kd.h>
#include <string.h>
#include <sys/ioctl.h>

int32_t cfb_vt_get_mode(int32_t fd) {
    int mode = 0;
    if (ioctl(fd, KDGETMODE, &mode) < 0) return -errno;
    return mode;
}

int32_t cfb_vt_set_mode(int32_t fd, int32_t mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)(mode ? KD_GRAPHICS : KD_TEXT)) < 0 ? -errno : 0;
}

// VT switching on request (VT_PROCESS): the kernel asks with SIGUSR1 before switching away and tells with
// SIGUSR2 after switching back; both are blocked and read from a signalfd by the run loop, so no work
// happens in a signal handler.
#include <linux/vt.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

static int console_signal_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGUSR1);
    sigaddset(set, SIGUSR2);
    return 0;
}

int32_t cfb_vt_set_switching(int32_t fd, int32_t on_request) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = on_request ? VT_PROCESS : VT_AUTO;
    if (on_request) {
        mode.relsig = SIGUSR1;
        mode.acqsig = SIGUSR2;
    }
    return ioctl(fd, VT_SETMODE, &mode) < 0 ? -errno : 0;
}

int32_t cfb_vt_answer_switch(int32_t fd, int32_t releasing) {
    return ioctl(fd, VT_RELDISP, (unsigned long)(releasing ? 1 : VT_ACKACQ)) < 0 ? -errno : 0;
}

int32_t cfb_vt_signals_open(void) {
    sigset_t set;
    console_signal_set(&set);
    if (sigprocmask(SIG_BLOCK, &set, NULL) < 0) return -errno;
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) {
        int saved = errno;
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        return -saved;
    }
    return fd;
}

int32_t cfb_vt_signals_read(int32_t fd) {
    struct signalfd_siginfo info;
    ssize_t n;
    do { n = read(fd, &info, sizeof info); } while (n < 0 && errno == EINTR);
    if (n < 0) return errno == EAGAIN ? 0 : -errno;
    if (n != (ssize_t)sizeof info) return -EIO;
    return info.ssi_signo == SIGUSR1 ? 1 : info.ssi_signo == SIGUSR2 ? 2 : 0;
}

int32_t cfb_vt_signals_close(int32_t fd) {
    sigset_t set;
    console_signal_set(&set);
    int rc = close(fd) < 0 ? -errno : 0;
    if (sigprocmask(SIG_UNBLOCK, &set, NULL) < 0 && !rc) rc = -errno;
    return rc;
}
