/*
** sighold.h -- hold back the signals that end a process from the terminal
** (SIGINT, SIGTERM, SIGHUP) while a temporary output file exists.
**
** An output file is written to a temporary name and renamed when complete;
** a Ctrl-C in between would leave the temporary file behind.  Held back,
** the signal waits until sig_release(): by then the file is renamed or
** removed, and the process ends as the signal says (status 130 for
** Ctrl-C).  A long writer may ask sig_held_pending() and give up early.
** The mask is per thread: hold only when no other thread is running.
*/
#ifndef MAAT_SIGHOLD_H
#define MAAT_SIGHOLD_H

#include <signal.h>
#include <stdbool.h>

struct sig_hold {
	sigset_t old;
	sigset_t ignored; /* those the process ignores (nohup): never "pending" */
};

void sig_hold(struct sig_hold *h);
/* One of the held signals has arrived (and waits for sig_release); a
   signal the process ignores does not count. */
bool sig_held_pending(const struct sig_hold *h);
void sig_release(const struct sig_hold *h);

#endif
