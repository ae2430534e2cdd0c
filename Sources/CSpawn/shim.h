#ifndef CSPAWN_SHIM_H
#define CSPAWN_SHIM_H
// glibc's GNU extensions for starting children (part of libc: nothing to link), which
// Swift's Glibc module hides because it is built without _GNU_SOURCE. Declared here with
// glibc's own signatures. Only `ProcessSpawning` (`ChildProcess`) imports it.
#include <spawn.h>

// A pipe whose ends are close-on-exec from the start (glibc 2.9).
int pipe2(int pipefd[2], int flags);
// Closes every descriptor from `from` up in the child (glibc 2.34).
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
