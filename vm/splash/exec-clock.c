/* exec-clock COMMAND [ARGUMENT...]: prints "exec-clock: T µs" (CLOCK_MONOTONIC, the clock `flipbook play
 * --verbose` prints its first frame's time in) on standard error, then executes COMMAND in its own place, so
 * vm/splash/guest.sh measures the time to the first frame from exec: loader, runtime start-up and the command
 * line's parse included. Built static by vm/splash/pack.sh. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: exec-clock COMMAND [ARGUMENT...]\n");
		return 2;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	fprintf(stderr, "exec-clock: %lld µs\n", (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000);
	fflush(stderr);
	execvp(argv[1], argv + 1);
	perror("exec-clock");
	return 127;
}
