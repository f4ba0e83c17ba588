#include "CLiftLogSystem.h"
#include <errno.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int liftlog_exchange(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#elif defined(__APPLE__)
#include <stdio.h>

int liftlog_exchange(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}

#else

int liftlog_exchange(const char *first, const char *second) {
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
}

#endif
