#ifndef FLIPBOOK_PROCESS_H
#define FLIPBOOK_PROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated) and the environment of this process, with
/// `input`, `output` and `error` as its standard streams (-1: /dev/null) and no other
/// descriptor open.
/// The child starts clean of this process's signal state: every signal at its default
/// action and none blocked. On Linux it is killed (SIGKILL) when the thread that started
/// it ends, which for a thread that lives as long as the process means when the process
/// ends, however it ends. Returns 0 and the child's number in `pid`, or an errno value
/// (from fork, or from exec when the program could not be run).
int fb_spawn(const char *path, char *const argv[], int input, int output, int error, pid_t *pid);

#endif
