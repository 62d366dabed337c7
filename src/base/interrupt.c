/*
** interrupt.c -- see interrupt.h.
*/
#include <string.h>
#include <time.h>

#include "base/interrupt.h"

static stop_flag flag; /* the signal that came, 0 when none */

static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int sig)
{
	if (atomic_load_explicit(&flag, memory_order_relaxed) && sig == SIGINT) {
		/* a second Ctrl-C: out at once */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	stop_set(&flag, sig);
}

void interrupt_clear(void)
{
	stop_set(&flag, 0);
}

void interrupt_catch(struct interrupt_catch *c, bool all, bool restart)
{
	memset(c, 0, sizeof *c);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < (all ? 3 : 1); i++) {
		if (sigaction(sigs[i], NULL, &c->old[i]) != 0 || c->old[i].sa_handler == SIG_IGN)
			continue; /* nohup, a background job: leave it so */
		c->caught[i] = sigaction(sigs[i], &sa, NULL) == 0;
	}
}

void interrupt_release(struct interrupt_catch *c)
{
	for (int i = 0; i < 3; i++)
		if (c->caught[i]) {
			sigaction(sigs[i], &c->old[i], NULL);
			c->caught[i] = false;
		}
}

const stop_flag *interrupt_flag(void)
{
	return &flag;
}

int interrupt_signal(void)
{
	return atomic_load_explicit(&flag, memory_order_relaxed);
}

void interrupt_wait(pthread_cond_t *cond, pthread_mutex_t *mutex, long ms)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += ms % 1000 * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(cond, mutex, &ts);
}
