/*
** interrupt.h -- a run stopped from outside: Ctrl-C (SIGINT) for every
** command that reports what it finished, and SIGTERM and SIGHUP too for a
** command that writes what it found before it ends (compose).
**
** The flag the handler sets is the one mutable static of maat (a signal
** handler can reach nothing else); threads read it through
** interrupt_flag() (an atomic, stopflag.h).  A signal the process ignores
** (nohup, a background job) is left ignored.  A second Ctrl-C ends maat at
** once, as the signal says.
*/
#ifndef MAAT_INTERRUPT_H
#define MAAT_INTERRUPT_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>

#include "base/stopflag.h"

struct interrupt_catch {
	struct sigaction old[3];
	bool caught[3];
};

/* A new run: no signal has come. */
void interrupt_clear(void);
/* Catch SIGINT (and, with all, SIGTERM and SIGHUP) from now on: the first
   of them sets the flag.  restart: system calls go on after the handler
   (output being written); else they fail with EINTR (a read from a pipe
   or a FIFO that would wait for ever). */
void interrupt_catch(struct interrupt_catch *c, bool all, bool restart);
/* The handlers as they were before interrupt_catch(); the flag stays. */
void interrupt_release(struct interrupt_catch *c);

const stop_flag *interrupt_flag(void);
/* The signal that came (SIGINT, SIGTERM, SIGHUP), 0 when none. */
int interrupt_signal(void);

/* Wait on cond (its mutex held) at most ms milliseconds: a waiter that
   must also see a signal or show progress wakes on its own. */
void interrupt_wait(pthread_cond_t *cond, pthread_mutex_t *mutex, long ms);

#endif
