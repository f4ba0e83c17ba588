#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// `errno` values the store tells apart, named so code outside this file needs no C import.
package let ENOENT_VALUE = ENOENT
package let ENOTDIR_VALUE = ENOTDIR
package let EISDIR_VALUE = EISDIR
package let EINVAL_VALUE = EINVAL
package let EFBIG_VALUE = EFBIG
package let ELOOP_VALUE = ELOOP
package let EEXIST_VALUE = EEXIST
