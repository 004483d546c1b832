// The console guard's signal handlers: termination requests set a flag; crashes restore text mode
// (async-signal-safe: one ioctl) and re-raise with the default action.
#define _GNU_SOURCE
#include "cflipbook.h"

#include <errno.h>
#include <linux/kd.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>

// Atomics, not `volatile sig_atomic_t`: a process-directed signal runs its handler on whichever thread does not
// block it (a Dispatch or control thread), while the run loop reads the flag on its own thread — a data race
// for plain variables (ThreadSanitizer reported it). Lock-free atomics are async-signal-safe; relaxed order
// suffices, the flag carries no other data (and needs no barrier instructions on ARMv6).
static _Atomic int stop_signal = 0;
static _Atomic int guarded_tty = -1;

static const int termination_signals[] = { SIGINT, SIGTERM, SIGHUP };
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT };

static void on_termination(int signal_number) {
    atomic_store_explicit(&stop_signal, signal_number, memory_order_relaxed);
}

static void on_alarm(int signal_number) { (void)signal_number; }

static void on_crash(int signal_number) {
    int saved = errno;
    int tty = atomic_load_explicit(&guarded_tty, memory_order_relaxed);
    if (tty >= 0) ioctl(tty, KDSETMODE, (unsigned long)KD_TEXT);
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
    atomic_store_explicit(&stop_signal, 0, memory_order_relaxed);
    atomic_store_explicit(&guarded_tty, tty_fd, memory_order_relaxed);
    for (unsigned i = 0; i < sizeof termination_signals / sizeof *termination_signals; i++)
        if (!rc) rc = install(termination_signals[i], on_termination, 0);
    for (unsigned i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (!rc) rc = install(crash_signals[i], on_crash, SA_RESETHAND | SA_NODEFER);
    if (!rc) rc = install(SIGALRM, on_alarm, 0);
    return rc;
}

int32_t cfb_signals_uninstall(void) {
    int rc = 0;
    atomic_store_explicit(&guarded_tty, -1, memory_order_relaxed);
    for (unsigned i = 0; i < sizeof termination_signals / sizeof *termination_signals; i++)
        if (signal(termination_signals[i], SIG_DFL) == SIG_ERR) rc = -errno;
    for (unsigned i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (signal(crash_signals[i], SIG_DFL) == SIG_ERR) rc = -errno;
    return rc;
}

int32_t cfb_signals_stop_requested(void) { return atomic_load_explicit(&stop_signal, memory_order_relaxed); }
