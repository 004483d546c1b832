/* drm-master [CARD]: another DRM client for the VM checks (vm/splash, vm/faults). Opens CARD (default
 * /dev/dri/card0), asks for DRM master (DRM_IOCTL_SET_MASTER), prints "drm-master: master" or
 * "drm-master: not master (ERRNO)" and holds the card, touching nothing on the screen, until SIGTERM or
 * SIGINT; then exits 0 (1 when it could not open the card). Built statically on the host. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <drm.h>

static volatile sig_atomic_t stop;

static void on_signal(int number) { (void)number; stop = 1; }

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "/dev/dri/card0";
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        printf("drm-master: cannot open %s (%s)\n", path, strerror(errno));
        return 1;
    }
    if (ioctl(fd, DRM_IOCTL_SET_MASTER, 0) == 0) printf("drm-master: master\n");
    else printf("drm-master: not master (%s)\n", strerror(errno));
    fflush(stdout);
    struct sigaction action = { .sa_handler = on_signal };
    sigaction(SIGTERM, &action, 0);
    sigaction(SIGINT, &action, 0);
    while (!stop) pause();
    close(fd);
    return 0;
}
