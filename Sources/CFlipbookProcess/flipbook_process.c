#define _GNU_SOURCE
#include "flipbook_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

/// Closes every descriptor from `first` to `last` (only async-signal-safe calls: this runs
/// between fork and exec).
static void close_range_of(int first, int last) {
    if (first > last) return;
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, (unsigned)last, 0) == 0) return;
#endif
    struct rlimit limit;
    long end = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY ? (long)limit.rlim_cur : 65536;
    if ((unsigned)last < (unsigned long)end) end = (long)last + 1;
    for (long fd = first; fd < end; fd++) close((int)fd);
}

/// Moves `fd` to at least 3, so that installing the standard streams cannot overwrite it.
static int above_standard(int fd) {
    return fd >= 0 && fd < 3 ? fcntl(fd, F_DUPFD, 3) : fd;
}

int fb_spawn(const char *path, char *const argv[], int input, int output, int error, pid_t *pid) {
    // exec's failure comes back on a pipe that closes by itself when exec succeeds.
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int failure = errno;
        close(report[0]);
        close(report[1]);
        return failure;
    }
    if (child == 0) {
        struct sigaction standard = {0};
        standard.sa_handler = SIG_DFL;
        for (int signal = 1; signal < NSIG; signal++) sigaction(signal, &standard, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);  // the parent ended before the signal was asked for
#endif
        int channel = above_standard(report[1]);
        int streams[3] = { above_standard(input), above_standard(output), above_standard(error) };
        for (int i = 0; i < 3; i++) {
            if (streams[i] < 0) streams[i] = above_standard(open("/dev/null", O_RDWR));
            if (streams[i] < 0 || dup2(streams[i], i) < 0) goto failed;
        }
        fcntl(channel, F_SETFD, FD_CLOEXEC);
        close_range_of(3, channel - 1);
        close_range_of(channel + 1, (int)(~0U >> 1));
        execve(path, argv, environ);
    failed:;
        int failure = errno;
        (void)!write(channel, &failure, sizeof failure);
        _exit(127);
    }
    close(report[1]);
    int failure = 0;
    ssize_t got;
    do { got = read(report[0], &failure, sizeof failure); } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == sizeof failure) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        return failure;
    }
    *pid = child;
    return 0;
}
