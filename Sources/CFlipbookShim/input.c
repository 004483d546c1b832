// Linux evdev input devices and /dev/input watching: 0 / -errno wrappers (docs/input.md).
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

// Opens an event device and has it stamp events with CLOCK_MONOTONIC, the run loop's clock (a long press is
// timed against it). A file that is not an event device (a recorded stream in tests) keeps its own times.
int32_t cfb_input_open(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -errno;
    int clock = CLOCK_MONOTONIC;
    (void)ioctl(fd, EVIOCSCLOCKID, &clock);
    return fd;
}

int32_t cfb_input_bits(int32_t fd, uint32_t type, uint8_t *bits, uint32_t length) {
    int n = ioctl(fd, EVIOCGBIT(type, length), bits);
    return n < 0 ? -errno : n;
}

int32_t cfb_input_axis_range(int32_t fd, uint32_t axis, int32_t *minimum, int32_t *maximum) {
    struct input_absinfo info;
    if (ioctl(fd, EVIOCGABS(axis), &info) < 0) return -errno;
    *minimum = info.minimum;
    *maximum = info.maximum;
    return 0;
}

int64_t cfb_input_read(int32_t fd, uint8_t *buffer, uint64_t length) {
    ssize_t n = read(fd, buffer, (size_t)length);
    return n < 0 ? -errno : (int64_t)n;
}

int32_t cfb_input_watch_directory(const char *path) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -errno;
    if (inotify_add_watch(fd, path, IN_CREATE | IN_DELETE | IN_ATTRIB) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}
