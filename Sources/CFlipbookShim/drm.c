// DRM ioctls on the kernel's uapi structs: dumb buffers and the frame path (page flip, dirty rectangles,
// events), and the enumeration of connectors, encoders, CRTCs and planes. No libdrm: this file
// cross-compiles for every board and links against the Embedded player's raw-syscall runtime.
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

_Static_assert(sizeof(cfb_drm_mode) == sizeof(struct drm_mode_modeinfo), "cfb_drm_mode mirrors drm_mode_modeinfo");
_Static_assert(__builtin_offsetof(cfb_drm_mode, name) == __builtin_offsetof(struct drm_mode_modeinfo, name),
               "cfb_drm_mode mirrors drm_mode_modeinfo");

/// One ioctl: 0 or -errno (EINTR is retried by the Swift side's valueOrErrno, not here).
static int drm_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument) < 0 ? -errno : 0;
}

static uint64_t user_pointer(const void *pointer) { return (uint64_t)(uintptr_t)pointer; }

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

int32_t cfb_drm_drop_master(int32_t fd) { return drm_ioctl(fd, DRM_IOCTL_DROP_MASTER, NULL); }

int32_t cfb_drm_get_capability(int32_t fd, uint64_t capability, uint64_t *value) {
    struct drm_get_cap request = { .capability = capability };
    int rc = drm_ioctl(fd, DRM_IOCTL_GET_CAP, &request);
    if (rc) return rc;
    *value = request.value;
    return 0;
}

/// The fault switch of cfb_drm_discard_flip_events: set once by the host program before the display opens.
static int discards_flip_events = 0;

void cfb_drm_discard_flip_events(int32_t discard) { discards_flip_events = discard != 0; }

int32_t cfb_drm_read_flip_event(int32_t fd, int64_t *time_micros, uint32_t *sequence, uint64_t *user_data) {
    _Alignas(8) char buffer[1024];
    ssize_t length = read(fd, buffer, sizeof buffer);
    if (length < 0) return -errno;
    int found = 0;
    for (ssize_t at = 0; at + (ssize_t)sizeof(struct drm_event) <= length;) {
        struct drm_event header;
        memcpy(&header, buffer + at, sizeof header);
        if (header.length < sizeof header || at + (ssize_t)header.length > length) break;
        if (header.type == DRM_EVENT_FLIP_COMPLETE && header.length >= sizeof(struct drm_event_vblank)
            && !discards_flip_events) {
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

int32_t cfb_drm_get_version(int32_t fd, char *name, uint32_t name_capacity, char *description,
                            uint32_t description_capacity) {
    if (name_capacity == 0 || description_capacity == 0) return -EINVAL;
    struct drm_version request;
    memset(&request, 0, sizeof request);
    request.name = name;
    request.name_len = name_capacity - 1;
    request.desc = description;
    request.desc_len = description_capacity - 1;
    int rc = drm_ioctl(fd, DRM_IOCTL_VERSION, &request);
    if (rc) return rc;
    name[request.name_len < name_capacity - 1 ? request.name_len : name_capacity - 1] = 0;
    description[request.desc_len < description_capacity - 1 ? request.desc_len : description_capacity - 1] = 0;
    return 0;
}

int32_t cfb_drm_get_resources(int32_t fd, cfb_drm_ids *crtcs, cfb_drm_ids *connectors, cfb_drm_ids *encoders) {
    struct drm_mode_card_res request;
    memset(&request, 0, sizeof request);
    request.crtc_id_ptr = user_pointer(crtcs->ids);
    request.count_crtcs = crtcs->capacity;
    request.connector_id_ptr = user_pointer(connectors->ids);
    request.count_connectors = connectors->capacity;
    request.encoder_id_ptr = user_pointer(encoders->ids);
    request.count_encoders = encoders->capacity;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &request);
    if (rc) return rc;
    crtcs->count = request.count_crtcs;
    connectors->count = request.count_connectors;
    encoders->count = request.count_encoders;
    return 0;
}

int32_t cfb_drm_get_connector(int32_t fd, uint32_t connector_id, cfb_drm_connector *connector,
                              cfb_drm_ids *encoders, cfb_drm_mode *modes, uint32_t mode_capacity,
                              uint32_t *mode_count) {
    struct drm_mode_get_connector request;
    memset(&request, 0, sizeof request);
    request.connector_id = connector_id;
    request.encoders_ptr = user_pointer(encoders->ids);
    request.count_encoders = encoders->capacity;
    request.modes_ptr = user_pointer(modes);
    request.count_modes = mode_capacity;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &request);
    if (rc) return rc;
    connector->connector_id = request.connector_id;
    connector->connector_type = request.connector_type;
    connector->connector_type_id = request.connector_type_id;
    connector->connection = request.connection;
    connector->encoder_id = request.encoder_id;
    encoders->count = request.count_encoders;
    *mode_count = request.count_modes;
    return 0;
}

int32_t cfb_drm_get_encoder(int32_t fd, uint32_t encoder_id, uint32_t *crtc_id, uint32_t *possible_crtcs) {
    struct drm_mode_get_encoder request;
    memset(&request, 0, sizeof request);
    request.encoder_id = encoder_id;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &request);
    if (rc) return rc;
    *crtc_id = request.crtc_id;
    *possible_crtcs = request.possible_crtcs;
    return 0;
}

int32_t cfb_drm_get_crtc(int32_t fd, uint32_t crtc_id, uint32_t *framebuffer_id, uint32_t *x, uint32_t *y,
                         uint32_t *mode_valid, cfb_drm_mode *mode) {
    struct drm_mode_crtc request;
    memset(&request, 0, sizeof request);
    request.crtc_id = crtc_id;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &request);
    if (rc) return rc;
    *framebuffer_id = request.fb_id;
    *x = request.x;
    *y = request.y;
    *mode_valid = request.mode_valid;
    memcpy(mode, &request.mode, sizeof *mode);
    return 0;
}

int32_t cfb_drm_set_crtc(int32_t fd, uint32_t crtc_id, uint32_t framebuffer_id, uint32_t x, uint32_t y,
                         const uint32_t *connectors, uint32_t count, const cfb_drm_mode *mode) {
    struct drm_mode_crtc request;
    memset(&request, 0, sizeof request);
    request.crtc_id = crtc_id;
    request.fb_id = framebuffer_id;
    request.x = x;
    request.y = y;
    request.set_connectors_ptr = user_pointer(connectors);
    request.count_connectors = count;
    if (mode) {
        memcpy(&request.mode, mode, sizeof request.mode);
        request.mode_valid = 1;
    }
    return drm_ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &request);
}

int32_t cfb_drm_set_client_capability(int32_t fd, uint64_t capability, uint64_t value) {
    struct drm_set_client_cap request = { .capability = capability, .value = value };
    return drm_ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &request);
}

int32_t cfb_drm_get_plane_resources(int32_t fd, cfb_drm_ids *planes) {
    struct drm_mode_get_plane_res request;
    memset(&request, 0, sizeof request);
    request.plane_id_ptr = user_pointer(planes->ids);
    request.count_planes = planes->capacity;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &request);
    if (rc) return rc;
    planes->count = request.count_planes;
    return 0;
}

int32_t cfb_drm_get_plane(int32_t fd, uint32_t plane_id, uint32_t *possible_crtcs, cfb_drm_ids *formats) {
    struct drm_mode_get_plane request;
    memset(&request, 0, sizeof request);
    request.plane_id = plane_id;
    request.format_type_ptr = user_pointer(formats->ids);
    request.count_format_types = formats->capacity;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &request);
    if (rc) return rc;
    *possible_crtcs = request.possible_crtcs;
    formats->count = request.count_format_types;
    return 0;
}

int32_t cfb_drm_get_object_properties(int32_t fd, uint32_t object_id, uint32_t object_type, uint32_t *properties,
                                      uint64_t *values, uint32_t capacity, uint32_t *count) {
    struct drm_mode_obj_get_properties request;
    memset(&request, 0, sizeof request);
    request.obj_id = object_id;
    request.obj_type = object_type;
    request.props_ptr = user_pointer(properties);
    request.prop_values_ptr = user_pointer(values);
    request.count_props = capacity;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &request);
    if (rc) return rc;
    *count = request.count_props;
    return 0;
}

int32_t cfb_drm_get_property_name(int32_t fd, uint32_t property_id, char name[32]) {
    struct drm_mode_get_property request;
    memset(&request, 0, sizeof request);
    request.prop_id = property_id;
    int rc = drm_ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &request);
    if (rc) return rc;
    memcpy(name, request.name, 32);
    name[31] = 0;
    return 0;
}
