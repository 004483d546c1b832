// Files, memory maps, clocks and poll: 0 / -errno wrappers.
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64  // DRM map offsets exceed 32 bits; 32-bit ARM needs mmap64
#include "cflipbook.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

int32_t cfb_file_open(const char *path, int32_t nonblocking) {
    int fd = open(path, O_RDWR | O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
    return fd < 0 ? -errno : fd;
}

int32_t cfb_file_close(int32_t fd) { return close(fd) < 0 ? -errno : 0; }

int32_t cfb_file_fsync(int32_t fd) { return fsync(fd) < 0 ? -errno : 0; }

void cfb_memory_rewrite_byte(void *address) {
    volatile uint8_t *byte = address;
    *byte = *byte;
}

int32_t cfb_file_exists(const char *path) { return access(path, F_OK) < 0 ? -errno : 0; }

int32_t cfb_memory_map(int32_t fd, uint64_t length, uint64_t offset, void **address) {
    void *p = mmap(NULL, (size_t)length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    if (p == MAP_FAILED) return -errno;
    *address = p;
    return 0;
}

int32_t cfb_memory_unmap(void *address, uint64_t length) {
    return munmap(address, (size_t)length) < 0 ? -errno : 0;
}

int64_t cfb_clock_monotonic_micros(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int32_t cfb_clock_sleep_until(int64_t monotonic_micros) {
    struct timespec ts = { .tv_sec = monotonic_micros / 1000000, .tv_nsec = (monotonic_micros % 1000000) * 1000 };
    return -clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

int32_t cfb_file_poll_readable(int32_t fd, int32_t timeout_millis) {
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int n = poll(&p, 1, timeout_millis);
    return n < 0 ? -errno : (n > 0);
}

int32_t cfb_poll_readable_set(const int32_t *fds, uint8_t *ready, int32_t count, int64_t timeout_micros) {
    if (count < 1 || count > 64) return -EINVAL;
    struct pollfd set[64];
    for (int32_t i = 0; i < count; i++) {
        set[i].fd = fds[i];
        set[i].events = POLLIN;
        set[i].revents = 0;
    }
    // poll(2) rather than ppoll(2): the Embedded players' syscall layer (tools/embedded/runtime) has poll only.
    int64_t millis = timeout_micros < 0 ? -1 : (timeout_micros + 999) / 1000;
    int n = poll(set, (nfds_t)count, millis > 0x7fffffff ? 0x7fffffff : (int)millis);
    if (n < 0) return -errno;
    for (int32_t i = 0; i < count; i++) ready[i] = (set[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
    return n;
}

int32_t cfb_log_line(const char *text, uint32_t length) {
    while (length > 0) {
        ssize_t written = write(2, text, length);
        // glibc answers -1 and errno; the Embedded players' raw write answers -errno itself.
        if (written < 0) return written == -1 ? -errno : (int32_t)written;
        text += written;
        length -= (uint32_t)written;
    }
    return write(2, "\n", 1) == 1 ? 0 : -EIO;
}
