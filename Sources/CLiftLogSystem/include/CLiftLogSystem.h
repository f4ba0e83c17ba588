#ifndef CLIFTLOGSYSTEM_H
#define CLIFTLOGSYSTEM_H

/// Swaps the files at `first` and `second` in one step, both names staying taken throughout:
/// `renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on Apple platforms.
/// Returns 0, or -1 with `errno` set (`EINVAL`, `ENOTSUP` or `ENOSYS` where the file system or
/// the platform cannot swap). Neither C library declares it to Swift: glibc only with
/// `_GNU_SOURCE`, which the C library's module is built without.
int liftlog_exchange(const char *first, const char *second);

#endif
