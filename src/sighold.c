/*
** sighold.c -- see sighold.h.
*/
#include <pthread.h>

#include "sighold.h"

static void fatal_set(sigset_t *s)
{
	sigemptyset(s);
	sigaddset(s, SIGINT);
	sigaddset(s, SIGTERM);
	sigaddset(s, SIGHUP);
}

void sig_hold(struct sig_hold *h)
{
	sigset_t s;
	fatal_set(&s);
	pthread_sigmask(SIG_BLOCK, &s, &h->old);
}

bool sig_held_pending(void)
{
	sigset_t p;
	if (sigpending(&p) != 0)
		return false;
	return sigismember(&p, SIGINT) == 1 || sigismember(&p, SIGTERM) == 1 ||
	       sigismember(&p, SIGHUP) == 1;
}

void sig_release(const struct sig_hold *h)
{
	pthread_sigmask(SIG_SETMASK, &h->old, NULL);
}
