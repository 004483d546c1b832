// Unix stream sockets, epoll sets and FIFOs for the control channel (docs/control.md): 0 / fd / count, or
// -errno. Every descriptor is close-on-exec; server-side ones are non-blocking.
#ifndef CFLIPBOOK_SOCKET_H
#define CFLIPBOOK_SOCKET_H
#include <stdint.h>

/// Listens on a Unix stream socket at `path` (a stale socket file there is replaced); returns the fd.
int32_t cfb_socket_listen(const char *path, int32_t backlog);
/// Accepts one pending client, non-blocking; -EAGAIN when none waits.
int32_t cfb_socket_accept(int32_t listener);
/// Connects to the Unix stream socket at `path` (blocking, for the `send` client).
int32_t cfb_socket_connect(const char *path);
/// Reads up to `count` bytes; 0 at end of stream, -EAGAIN when nothing is ready.
int64_t cfb_socket_read(int32_t fd, uint8_t *bytes, int64_t count);
/// Writes up to `count` bytes without SIGPIPE (send with MSG_NOSIGNAL on sockets, write otherwise).
int64_t cfb_socket_write(int32_t fd, const uint8_t *bytes, int64_t count);
/// Ends writing (the peer reads end of stream).
int32_t cfb_socket_shutdown_write(int32_t fd);
/// Removes a file (the socket at exit).
int32_t cfb_file_unlink(const char *path);

/// A new epoll set.
int32_t cfb_epoll_create(void);
/// Adds `fd` for readability, reported with `tag`.
int32_t cfb_epoll_add(int32_t set, int32_t fd, uint64_t tag);
/// Removes `fd`.
int32_t cfb_epoll_remove(int32_t set, int32_t fd);
/// Fills up to `capacity` tags of ready descriptors without waiting; returns the count.
int32_t cfb_epoll_ready(int32_t set, uint64_t *tags, int32_t capacity);

/// Creates the FIFO at `path` (mode 0600) unless one exists, and opens it read-write and non-blocking, so
/// writers coming and going never make it report end of file (as psplash does).
int32_t cfb_fifo_open(const char *path);
#endif
