// CFlipbookShim: only what Swift cannot do itself (variadic ioctl, macro constants, inline asm,
// signal handlers). One `cfb_<subsystem>_<verb>` function per kernel operation; each returns 0 (or a
// non-negative result) or -errno and does nothing but copy fields: no logging, no allocation.
// This header uses only <stdint.h> types; the Linux headers are included in the .c files.
#ifndef CFLIPBOOK_H
#define CFLIPBOOK_H

#include <stdint.h>

/// A monotonically increasing cycle (x86_64: TSC) or fixed-frequency timer (aarch64: CNTVCT) reading.
static inline __attribute__((always_inline)) uint64_t cfb_cycles(void) {
#if defined(__x86_64__)
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) :: "memory");
    return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) :: "memory");
    return v;
#else
    return 0;
#endif
}

/// The name of the counter `cfb_cycles` reads ("rdtsc", "cntvct_el0" or "none").
static inline const char *cfb_cycles_source(void) {
#if defined(__x86_64__)
    return "rdtsc";
#elif defined(__aarch64__)
    return "cntvct_el0";
#else
    return "none";
#endif
}

// MARK: - Files, memory, clocks

/// open(path, O_RDWR | O_CLOEXEC [| O_NONBLOCK]): the descriptor, or -errno.
int32_t cfb_file_open(const char *path, int32_t nonblocking);
/// close(fd): 0 or -errno.
int32_t cfb_file_close(int32_t fd);
/// fsync(fd): 0 or -errno. Flushes a deferred-I/O framebuffer (DRM fbdev emulation) to the screen.
int32_t cfb_file_fsync(int32_t fd);
/// Reads the byte at address and writes it back through a volatile store the compiler keeps: marks a
/// deferred-I/O framebuffer page dirty again without changing it.
void cfb_memory_rewrite_byte(void *address);
/// access(path, F_OK): 0 when the path exists, or -errno.
int32_t cfb_file_exists(const char *path);
/// mmap(NULL, length, PROT_READ|PROT_WRITE, MAP_SHARED, fd, offset) into *address: 0 or -errno.
int32_t cfb_memory_map(int32_t fd, uint64_t length, uint64_t offset, void **address);
/// munmap(address, length): 0 or -errno.
int32_t cfb_memory_unmap(void *address, uint64_t length);
/// clock_gettime(CLOCK_MONOTONIC) in microseconds.
int64_t cfb_clock_monotonic_micros(void);
/// clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) until the given monotonic time: 0 or -errno (EINTR).
int32_t cfb_clock_sleep_until(int64_t monotonic_micros);
/// poll(fd, POLLIN, timeout): 1 readable, 0 timed out, or -errno.
int32_t cfb_file_poll_readable(int32_t fd, int32_t timeout_millis);
/// poll(POLLIN) on `count` (1 … 64) descriptors for up to `timeout_micros` (rounded up to milliseconds; < 0: no limit); `ready[i]` is set
/// to 1 for each readable (or hung-up) one, else 0. Returns how many are ready, 0 timed out, or -errno
/// (-EINTR when a signal arrived, -EINVAL for a bad count).
int32_t cfb_poll_readable_set(const int32_t *fds, uint8_t *ready, int32_t count, int64_t timeout_micros);
/// Writes `length` bytes of `text` and a newline to standard error (a one-line log message); 0 or -errno.
int32_t cfb_log_line(const char *text, uint32_t length);

// MARK: - fbdev

/// The fields of `struct fb_var_screeninfo` Flipbook uses.
typedef struct cfb_fb_var {
    uint32_t xres, yres, xres_virtual, yres_virtual, xoffset, yoffset, bits_per_pixel;
    uint32_t red_offset, red_length, green_offset, green_length;
    uint32_t blue_offset, blue_length, transp_offset, transp_length;
    uint32_t nonstd, activate;
    /// Timings: pixel clock in picoseconds and margins/sync lengths in pixels or lines (0 when unknown).
    uint32_t pixclock, left_margin, right_margin, upper_margin, lower_margin, hsync_len, vsync_len;
} cfb_fb_var;

/// The fields of `struct fb_fix_screeninfo` Flipbook uses.
typedef struct cfb_fb_fix {
    uint8_t id[16];
    uint64_t smem_length;
    uint32_t line_length, type, visual;
    uint16_t ypanstep, ywrapstep;
} cfb_fb_fix;

/// FBIOGET_VSCREENINFO: 0 or -errno.
int32_t cfb_fb_get_vscreeninfo(int32_t fd, cfb_fb_var *out);
/// FBIOPUT_VSCREENINFO with the geometry and format fields of `in` (the timings are the driver's
/// current ones); `out` receives what the driver made of it. 0 or -errno.
int32_t cfb_fb_put_vscreeninfo(int32_t fd, const cfb_fb_var *in, cfb_fb_var *out);
/// FBIOGET_FSCREENINFO: 0 or -errno.
int32_t cfb_fb_get_fscreeninfo(int32_t fd, cfb_fb_fix *out);
/// FBIOPAN_DISPLAY to (xoffset, yoffset): 0 or -errno.
int32_t cfb_fb_pan_display(int32_t fd, uint32_t xoffset, uint32_t yoffset);
/// FBIO_WAITFORVSYNC, interrupted after `timeout_micros` by a one-shot timer: 0, -ETIMEDOUT, or -errno.
int32_t cfb_fb_wait_for_vsync(int32_t fd, int64_t timeout_micros);

// MARK: - Virtual terminal

/// KDGETMODE: 0 (KD_TEXT) or 1 (KD_GRAPHICS), or -errno.
int32_t cfb_vt_get_mode(int32_t fd);
/// KDSETMODE: 0 or -errno. `mode` is 0 (KD_TEXT) or 1 (KD_GRAPHICS).
int32_t cfb_vt_set_mode(int32_t fd, int32_t mode);
/// VT_SETMODE: VT_PROCESS (`on_request` 1: the kernel sends SIGUSR1 before switching away and SIGUSR2 after
/// switching back, and waits for VT_RELDISP) or VT_AUTO (0). 0 or -errno.
int32_t cfb_vt_set_switching(int32_t fd, int32_t on_request);
/// VT_RELDISP: 1 lets a requested switch away happen (`releasing` 1), VT_ACKACQ acknowledges the switch
/// back (0). 0 or -errno.
int32_t cfb_vt_answer_switch(int32_t fd, int32_t releasing);
/// Blocks SIGUSR1 and SIGUSR2 and opens a non-blocking signalfd for them: the descriptor or -errno.
int32_t cfb_vt_signals_open(void);
/// Reads one signal from that signalfd: 1 (switch away requested), 2 (switched back), 0 when none waits
/// (or another signal), or -errno.
int32_t cfb_vt_signals_read(int32_t fd);
/// Closes the signalfd and unblocks SIGUSR1 and SIGUSR2. 0 or -errno.
int32_t cfb_vt_signals_close(int32_t fd);

// MARK: - Signals (the console guard)

/// Installs handlers: SIGINT, SIGTERM and SIGHUP set the stop flag (no SA_RESTART, so blocking calls
/// return EINTR); SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGABRT put `tty_fd` back into
/// KD_TEXT (when tty_fd >= 0) and re-raise with the default action. SIGALRM gets a no-op handler
/// (the vsync timeout). 0 or -errno.
int32_t cfb_signals_install(int32_t tty_fd);
/// Restores the default actions and forgets the tty. 0 or -errno.
int32_t cfb_signals_uninstall(void);
/// The number of the termination signal received since install (0 when none).
int32_t cfb_signals_stop_requested(void);

// MARK: - DRM (raw ioctls for the frame path and dumb buffers)

/// DRM_IOCTL_MODE_CREATE_DUMB: 0 or -errno; fills handle, pitch (bytes) and size (bytes).
int32_t cfb_drm_create_dumb(int32_t fd, uint32_t width, uint32_t height, uint32_t bpp,
                            uint32_t *handle, uint32_t *pitch, uint64_t *size);
/// DRM_IOCTL_MODE_MAP_DUMB: 0 or -errno; fills the mmap offset.
int32_t cfb_drm_map_dumb(int32_t fd, uint32_t handle, uint64_t *offset);
/// DRM_IOCTL_MODE_DESTROY_DUMB: 0 or -errno.
int32_t cfb_drm_destroy_dumb(int32_t fd, uint32_t handle);
/// DRM_IOCTL_MODE_ADDFB2 with one plane: 0 or -errno; fills the framebuffer id.
int32_t cfb_drm_add_framebuffer(int32_t fd, uint32_t width, uint32_t height, uint32_t fourcc,
                                uint32_t handle, uint32_t pitch, uint32_t *framebuffer_id);
/// DRM_IOCTL_MODE_RMFB: 0 or -errno.
int32_t cfb_drm_remove_framebuffer(int32_t fd, uint32_t framebuffer_id);
/// DRM_IOCTL_MODE_PAGE_FLIP with DRM_MODE_PAGE_FLIP_EVENT: 0 or -errno.
int32_t cfb_drm_page_flip(int32_t fd, uint32_t crtc_id, uint32_t framebuffer_id, uint64_t user_data);
/// DRM_IOCTL_MODE_DIRTYFB with `count` clip rectangles (x1, y1, x2, y2 each, exclusive ends): 0 or -errno.
int32_t cfb_drm_dirty_framebuffer(int32_t fd, uint32_t framebuffer_id, const uint16_t *clips, uint32_t count);
/// DRM_IOCTL_SET_MASTER: 0 or -errno (EBUSY: another process is the DRM master).
int32_t cfb_drm_set_master(int32_t fd);
/// DRM_IOCTL_DROP_MASTER: 0 or -errno (the screen keeps what it shows; another process may become master).
int32_t cfb_drm_drop_master(int32_t fd);
/// DRM_IOCTL_GET_CAP: 0 or -errno; fills the value.
int32_t cfb_drm_get_capability(int32_t fd, uint64_t capability, uint64_t *value);
/// Reads one batch of events; reports the last page-flip completion found: 1 (time and sequence
/// filled), 0 (no flip event in the batch), or -errno (EAGAIN when nothing is pending).
int32_t cfb_drm_read_flip_event(int32_t fd, int64_t *time_micros, uint32_t *sequence, uint64_t *user_data);
/// A fault switch for the VM fault test (vm/faults/, `FLIPBOOK_FAULT_DISCARD_FLIP_EVENTS=1` in `flipbook play`):
/// with `discard` non-zero, cfb_drm_read_flip_event still reads the card's events but reports none, as from a
/// driver whose flips never complete. Off by default; set before the display opens.
void cfb_drm_discard_flip_events(int32_t discard);

/// DRM_CAP_DUMB_BUFFER.
static const uint64_t cfb_drm_cap_dumb_buffer = 0x1;
/// DRM_CAP_TIMESTAMP_MONOTONIC.
static const uint64_t cfb_drm_cap_timestamp_monotonic = 0x6;

// MARK: - DRM enumeration (raw uapi ioctls, no libdrm: the Embedded player's path)

/// The kernel's `struct drm_mode_modeinfo`, field for field (drm_query.c checks the layout).
typedef struct cfb_drm_mode {
    uint32_t clock;
    uint16_t hdisplay, hsync_start, hsync_end, htotal, hskew;
    uint16_t vdisplay, vsync_start, vsync_end, vtotal, vscan;
    uint32_t vrefresh, flags, type;
    char name[32];
} cfb_drm_mode;

/// A caller-owned array of object ids: the kernel fills up to `capacity` entries of `ids` and `count`
/// receives how many exist (call again with more room when `count > capacity`).
typedef struct cfb_drm_ids {
    uint32_t *ids;
    uint32_t capacity;
    uint32_t count;
} cfb_drm_ids;

/// A connector's scalar fields (`struct drm_mode_get_connector`).
typedef struct cfb_drm_connector {
    uint32_t connector_id, connector_type, connector_type_id, connection, encoder_id;
} cfb_drm_connector;

/// DRM_IOCTL_VERSION: the driver's name and description, NUL-terminated (truncated to the capacities).
int32_t cfb_drm_get_version(int32_t fd, char *name, uint32_t name_capacity, char *description,
                            uint32_t description_capacity);
/// DRM_IOCTL_MODE_GETRESOURCES: CRTC, connector and encoder ids (each list up to its capacity).
int32_t cfb_drm_get_resources(int32_t fd, cfb_drm_ids *crtcs, cfb_drm_ids *connectors, cfb_drm_ids *encoders);
/// DRM_IOCTL_MODE_GETCONNECTOR. `mode_capacity == 0` makes the kernel probe the monitor; the kernel copies
/// the modes (and encoder ids) only when all fit, and `*mode_count` / `encoders->count` say how many exist.
int32_t cfb_drm_get_connector(int32_t fd, uint32_t connector_id, cfb_drm_connector *connector,
                              cfb_drm_ids *encoders, cfb_drm_mode *modes, uint32_t mode_capacity,
                              uint32_t *mode_count);
/// DRM_IOCTL_MODE_GETENCODER: the CRTC attached (0: none) and the possible-CRTCs bit mask.
int32_t cfb_drm_get_encoder(int32_t fd, uint32_t encoder_id, uint32_t *crtc_id, uint32_t *possible_crtcs);
/// DRM_IOCTL_MODE_GETCRTC: framebuffer, scan-out origin, and the mode (`*mode_valid` 0: the CRTC is off).
int32_t cfb_drm_get_crtc(int32_t fd, uint32_t crtc_id, uint32_t *framebuffer_id, uint32_t *x, uint32_t *y,
                         uint32_t *mode_valid, cfb_drm_mode *mode);
/// DRM_IOCTL_MODE_SETCRTC: shows `framebuffer_id` on the CRTC for `count` connectors in `mode`
/// (NULL: switches the CRTC off). 0 or -errno.
int32_t cfb_drm_set_crtc(int32_t fd, uint32_t crtc_id, uint32_t framebuffer_id, uint32_t x, uint32_t y,
                         const uint32_t *connectors, uint32_t count, const cfb_drm_mode *mode);
/// DRM_IOCTL_SET_CLIENT_CAP (e.g. DRM_CLIENT_CAP_UNIVERSAL_PLANES = 2 to see primary planes).
int32_t cfb_drm_set_client_capability(int32_t fd, uint64_t capability, uint64_t value);
/// DRM_IOCTL_MODE_GETPLANERESOURCES: the plane ids.
int32_t cfb_drm_get_plane_resources(int32_t fd, cfb_drm_ids *planes);
/// DRM_IOCTL_MODE_GETPLANE: the possible-CRTCs mask and the formats (fourcc codes; copied only when all fit).
int32_t cfb_drm_get_plane(int32_t fd, uint32_t plane_id, uint32_t *possible_crtcs, cfb_drm_ids *formats);
/// DRM_IOCTL_MODE_OBJ_GETPROPERTIES: property ids and values of an object (`object_type` DRM_MODE_OBJECT_*),
/// up to `capacity`; `*count` receives how many exist.
int32_t cfb_drm_get_object_properties(int32_t fd, uint32_t object_id, uint32_t object_type, uint32_t *properties,
                                      uint64_t *values, uint32_t capacity, uint32_t *count);
/// DRM_IOCTL_MODE_GETPROPERTY: the property's name (NUL-terminated, 32 bytes).
int32_t cfb_drm_get_property_name(int32_t fd, uint32_t property_id, char name[32]);

// MARK: - Input devices (input.c)

/// open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC): the descriptor or -errno.
int32_t cfb_input_open(const char *path);
/// EVIOCGBIT(type, length): the capability bitmap of event `type` (0: the event types); bytes written or -errno.
int32_t cfb_input_bits(int32_t fd, uint32_t type, uint8_t *bits, uint32_t length);
/// EVIOCGABSINFO(axis): the axis's declared minimum and maximum. 0 or -errno.
int32_t cfb_input_axis_range(int32_t fd, uint32_t axis, int32_t *minimum, int32_t *maximum);
/// read(2): bytes read, or -errno (-EAGAIN when nothing is waiting, -ENODEV once the device is gone).
int64_t cfb_input_read(int32_t fd, uint8_t *buffer, uint64_t length);
/// An inotify descriptor (non-blocking) watching `path` for created, deleted and re-permissioned entries, or -errno.
int32_t cfb_input_watch_directory(const char *path);

#endif
