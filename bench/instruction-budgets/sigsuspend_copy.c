// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/* An LD_PRELOAD shim that lets valgrind run trailcast at all. Only for running under
   valgrind (bench/instruction-budgets/run compiles it into a temporary directory).

   Why: valgrind's pre-handler for rt_sigsuspend, PRE(sys_rt_sigsuspend) in
   coregrind/m_syswrap/syswrap-linux.c, removes its own VG_SIGVGKILL from the caller's mask
   *in place* (VG_(sigdelset) on the syscall's first argument) before the call. It checks
   that the mask can be read, not that it can be written. libdispatch's signal thread
   (_dispatch_sigsuspend in swift-corelibs-libdispatch's queue.c, which every Swift
   program with an async main starts when the main thread exits through dispatch_main)
   passes a `static const sigset_t mask`: it lives in .rodata, the write faults inside
   valgrind, and valgrind dies with "the 'impossible' happened: Killed by fatal signal"
   (SIGSEGV at the mask's address). Seen with valgrind 3.19 (Debian bookworm); the same
   code is in valgrind 3.24's source, and libdispatch's mask is still const upstream.

   The fix: copy the mask to the stack and make the system call with the copy, which
   valgrind may edit. Same semantics as glibc's sigsuspend (the mask is only read). */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
