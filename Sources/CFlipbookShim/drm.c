// DRM ioctls for dumb buffers and the frame path (page flip, dirty rectangles, events), on the
// kernel's uapi structs: no libdrm needed here, so the frame path cross-compiles without it.
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#if __has_include(<drm/drm.h>)
#include <drm/drm.h>
#include <drm/drm_mode.h>
#else
#include <libdrm/drm.h>
#include <libdrm/drm_mode.h>
#endif

static int drm_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument) < 0 ? -errno : 0;
}

int32_t cfb_drm_create_dumb(int32_t fd, uint32_t width, uint32_t height, uint32_t bpp,
                            uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb request = { .width = width, .height = height, .bpp = bpp };
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &request);
    if (rc) return rc;
    *handle = request.handle;
    *pitch = request.pitch;
    *size = request.size;
    return 0;
}

int32_t cfb_drm_map_dumb(int32_t fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb request = { .handle = handle };
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &request);
    if (rc) return rc;
    *offset = request.offset;
    return 0;
}

int32_t cfb_drm_destroy_dumb(int32_t fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request = { .handle = handle };
    return drm_ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}

int32_t cfb_drm_add_framebuffer(int32_t fd, uint32_t width, uint32_t height, uint32_t fourcc,
                                uint32_t handle, uint32_t pitch, uint32_t *framebuffer_id) {
    struct drm_mode_fb_cmd2 request;
    memset(&request, 0, sizeof request);
    request.width = width;
    request.height = height;
    request.pixel_format = fourcc;
    request.handles[0] = handle;
    request.pitches[0] = pitch;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &request);
    if (rc) return rc;
    *framebuffer_id = request.fb_id;
    return 0;
}

int32_t cfb_drm_remove_framebuffer(int32_t fd, uint32_t framebuffer_id) {
    uint32_t id = framebuffer_id;
    return drm_ioctl(fd, DRM_IOCTL_MODE_RMFB, &id);
}

int32_t cfb_drm_page_flip(int32_t fd, uint32_t crtc_id, uint32_t framebuffer_id, uint64_t user_data) {
    struct drm_mode_crtc_page_flip request = {
        .crtc_id = crtc_id, .fb_id = framebuffer_id, .flags = DRM_MODE_PAGE_FLIP_EVENT, .user_data = user_data,
    };
    return drm_ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &request);
}

int32_t cfb_drm_dirty_framebuffer(int32_t fd, uint32_t framebuffer_id, const uint16_t *clips, uint32_t count) {
    struct drm_mode_fb_dirty_cmd request = {
        .fb_id = framebuffer_id, .num_clips = count, .clips_ptr = (uint64_t)(uintptr_t)clips,
    };
    return drm_ioctl(fd, DRM_IOCTL_MODE_DIRTYFB, &request);
}

int32_t cfb_drm_set_master(int32_t fd) { return drm_ioctl(fd, DRM_IOCTL_SET_MASTER, NULL); }

int32_t cfb_drm_get_capability(int32_t fd, uint64_t capability, uint64_t *value) {
    struct drm_get_cap request = { .capability = capability };
    int rc = drm_ioctl(fd, DRM_IOCTL_GET_CAP, &request);
    if (rc) return rc;
    *value = request.value;
    return 0;
}

int32_t cfb_drm_read_flip_event(int32_t fd, int64_t *time_micros, uint32_t *sequence, uint64_t *user_data) {
    _Alignas(8) char buffer[1024];
    ssize_t length = read(fd, buffer, sizeof buffer);
    if (length < 0) return -errno;
    int found = 0;
    for (ssize_t at = 0; at + (ssize_t)sizeof(struct drm_event) <= length;) {
        struct drm_event header;
        memcpy(&header, buffer + at, sizeof header);
        if (header.length < sizeof header || at + (ssize_t)header.length > length) break;
        if (header.type == DRM_EVENT_FLIP_COMPLETE && header.length >= sizeof(struct drm_event_vblank)) {
            struct drm_event_vblank flip;
            memcpy(&flip, buffer + at, sizeof flip);
            *time_micros = (int64_t)flip.tv_sec * 1000000 + flip.tv_usec;
            *sequence = flip.sequence;
            *user_data = flip.user_data;
            found = 1;
        }
        at += header.length;
    }
    return found;
}
