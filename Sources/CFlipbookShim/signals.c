// The console guard's signal handlers: termination requests set a flag; crashes restore text mode
// (async-signal-safe: one ioctl) and re-raise with the default action.
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <linux/kd.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>

static volatile sig_atomic_t stop_signal = 0;
static volatile sig_atomic_t guarded_tty = -1;

static const int termination_signals[] = { SIGINT, SIGTERM, SIGHUP };
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT };

static void on_termination(int signal_number) { stop_signal = signal_number; }

static void on_alarm(int signal_number) { (void)signal_number; }

static void on_crash(int signal_number) {
    int saved = errno;
    if (guarded_tty >= 0) ioctl(guarded_tty, KDSETMODE, (unsigned long)KD_TEXT);
    signal(signal_number, SIG_DFL);
    errno = saved;
    raise(signal_number);
}

static int install(int signal_number, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL) < 0 ? -errno : 0;
}

int32_t cfb_signals_install(int32_t tty_fd) {
    int rc = 0;
    stop_signal = 0;
    guarded_tty = tty_fd;
    for (unsigned i = 0; i < sizeof termination_signals / sizeof *termination_signals; i++)
        if (!rc) rc = install(termination_signals[i], on_termination, 0);
    for (unsigned i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (!rc) rc = install(crash_signals[i], on_crash, SA_RESETHAND | SA_NODEFER);
    if (!rc) rc = install(SIGALRM, on_alarm, 0);
    return rc;
}

int32_t cfb_signals_uninstall(void) {
    int rc = 0;
    guarded_tty = -1;
    for (unsigned i = 0; i < sizeof termination_signals / sizeof *termination_signals; i++)
        if (signal(termination_signals[i], SIG_DFL) == SIG_ERR) rc = -errno;
    for (unsigned i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (signal(crash_signals[i], SIG_DFL) == SIG_ERR) rc = -errno;
    return rc;
}

int32_t cfb_signals_stop_requested(void) { return stop_signal; }
