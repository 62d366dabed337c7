/*
** sighold.c -- see sighold.h.
*/
#include <pthread.h>
#include <stddef.h>

#include "base/sighold.h"

static const int fatal[] = {SIGINT, SIGTERM, SIGHUP};
#define NFATAL (int)(sizeof fatal / sizeof fatal[0])

void sig_hold(struct sig_hold *h)
{
	sigset_t s;
	sigemptyset(&s);
	sigemptyset(&h->ignored);
	for (int i = 0; i < NFATAL; i++) {
		struct sigaction sa;
		sigaddset(&s, fatal[i]);
		/* nohup, a background job: an ignored signal stays ignored.
		   Blocked, Linux keeps it pending all the same. */
		if (sigaction(fatal[i], NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			sigaddset(&h->ignored, fatal[i]);
	}
	pthread_sigmask(SIG_BLOCK, &s, &h->old);
}

bool sig_held_pending(const struct sig_hold *h)
{
	sigset_t p;
	if (sigpending(&p) != 0)
		return false;
	for (int i = 0; i < NFATAL; i++)
		if (sigismember(&p, fatal[i]) == 1 && sigismember(&h->ignored, fatal[i]) != 1)
			return true;
	return false;
}

void sig_release(const struct sig_hold *h)
{
	pthread_sigmask(SIG_SETMASK, &h->old, NULL);
}
