// Control channel: Unix stream sockets, epoll, the psplash FIFO. 0 / fd / count, or -errno.
#define _GNU_SOURCE
#include "cflipbook_socket.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static int32_t unix_address(const char *path, struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address->sun_path) return -ENAMETOOLONG;
    memcpy(address->sun_path, path, length);
    return 0;
}

int32_t cfb_socket_listen(const char *path, int32_t backlog) {
    struct sockaddr_un address;
    int32_t status = unix_address(path, &address);
    if (status < 0) return status;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    struct stat info;
    if (lstat(path, &info) == 0 && S_ISSOCK(info.st_mode)) unlink(path);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, backlog) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

int32_t cfb_socket_accept(int32_t listener) {
    int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int32_t cfb_socket_connect(const char *path) {
    struct sockaddr_un address;
    int32_t status = unix_address(path, &address);
    if (status < 0) return status;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

int64_t cfb_socket_read(int32_t fd, uint8_t *bytes, int64_t count) {
    ssize_t n;
    do { n = read(fd, bytes, (size_t)count); } while (n < 0 && errno == EINTR);
    return n < 0 ? -errno : (int64_t)n;
}

int64_t cfb_socket_write(int32_t fd, const uint8_t *bytes, int64_t count) {
    ssize_t n;
    do { n = send(fd, bytes, (size_t)count, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    if (n < 0 && errno == ENOTSOCK) n = write(fd, bytes, (size_t)count);
    return n < 0 ? -errno : (int64_t)n;
}

int32_t cfb_socket_shutdown_write(int32_t fd) { return shutdown(fd, SHUT_WR) < 0 ? -errno : 0; }

int32_t cfb_file_unlink(const char *path) { return unlink(path) < 0 ? -errno : 0; }

int32_t cfb_epoll_create(void) {
    int fd = epoll_create1(EPOLL_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int32_t cfb_epoll_add(int32_t set, int32_t fd, uint64_t tag) {
    struct epoll_event event = {.events = EPOLLIN | EPOLLRDHUP, .data.u64 = tag};
    return epoll_ctl(set, EPOLL_CTL_ADD, fd, &event) < 0 ? -errno : 0;
}

int32_t cfb_epoll_remove(int32_t set, int32_t fd) {
    return epoll_ctl(set, EPOLL_CTL_DEL, fd, NULL) < 0 ? -errno : 0;
}

int32_t cfb_epoll_ready(int32_t set, uint64_t *tags, int32_t capacity) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int n;
    do { n = epoll_wait(set, events, capacity, 0); } while (n < 0 && errno == EINTR);
    if (n < 0) return -errno;
    for (int i = 0; i < n; i++) tags[i] = events[i].data.u64;
    return n;
}

int32_t cfb_fifo_open(const char *path) {
    if (mkfifo(path, S_IRUSR | S_IWUSR) < 0 && errno != EEXIST) return -errno;
    struct stat info;
    if (stat(path, &info) < 0) return -errno;
    if (!S_ISFIFO(info.st_mode)) return -EEXIST;
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
