/*
** stopflag.h -- the flag a signal handler sets to stop the searches (Ctrl-C,
** SIGTERM) and every worker thread reads.
**
** A volatile sig_atomic_t is safe between a handler and the thread it
** interrupts, not between threads: a lock-free atomic is both (C11 7.17.5,
** 7.14.1.1), so the threads see the handler's store without a data race.
*/
#ifndef MAAT_STOPFLAG_H
#define MAAT_STOPFLAG_H

#include <stdatomic.h>
#include <stdbool.h>

#if ATOMIC_INT_LOCK_FREE != 2
#error "a stop flag set in a signal handler needs a lock-free atomic int"
#endif

typedef atomic_int stop_flag;

static inline bool stop_requested(const stop_flag *f)
{
	return f && atomic_load_explicit(f, memory_order_relaxed) != 0;
}

static inline void stop_set(stop_flag *f, int v)
{
	atomic_store_explicit(f, v, memory_order_relaxed);
}

#endif
