/*
** wins.h -- the composer's searches for wins, as filters: one key that
** wins in exactly N (battle play) or exactly K solutions (help and series
** play), the economy pass that removes every man the problem does not
** need, idle men, and the judgements (judge_puzzle) the quality filters
** read.  A worker holds one thread's search and transposition table,
** kept from search to search.  (Layer: compose, compose.h.)
*/
#ifndef MAAT_COMPOSE_WINS_H
#define MAAT_COMPOSE_WINS_H

#include <stdbool.h>
#include <stddef.h>

#include "compose/compose.h"
#include "judge/judge.h"
#include "solve/search.h"

/* One thread's searches. */
struct worker {
	const struct compose_opts *o;
	struct tt tt;
	bool have_tt;
	struct search *s;
	double deadline; /* this candidate's searches end here (0: never) */
	double run_end;  /* the whole run's --max-time (0: none) */
};

enum quick { Q_SOUND, Q_NO_WIN, Q_SHORT, Q_COOKED, Q_DUALS, Q_TIMEOUT };

/* compose_wins_light's answers that are not a count of wins. */
enum {
	WINS_TIMEOUT = -1, /* out of time */
	WINS_UNKNOWN = -2, /* not sound, or the tree was cut (too big to count) */
	WINS_OOM = -3      /* out of memory */
};

/* A worker for o: 0, or -1 out of memory. */
int compose_worker_init(struct worker *w, const struct compose_opts *o);
void compose_worker_free(struct worker *w);

/* Battle play: exactly one key winning in N, nothing shorter (*key). */
enum quick compose_quick_verdict(struct worker *w, const void *pos, move_t *key);
/* Sound with the key key_canon: 1, 0, -1 out of time (hint: the key of
   a position one change away, or MOVE_NONE). */
int compose_sound_with_key(struct worker *w, const void *trial, const char *key_canon, move_t hint,
                           move_t *key);
/* Remove every man the problem does not need (wins.c). */
int compose_economise(struct worker *w, void *pos, const char *key_canon, int *variations);
/* Help and series play: exactly o->solutions solutions; sig their text. */
enum quick compose_quick_lines(struct worker *w, const void *pos, char *sig, size_t siglen);
int compose_economise_lines(struct worker *w, void *pos, const char *sig);
/* Idle men (wins.c): their number, or -1, -2, -3. */
int compose_idle_men(struct worker *w, const void *pos, const char *key_canon, const char *sig,
                     bool first);
/* judge_puzzle on pos as the run's problem; NULL out of memory. */
struct judgement *compose_judge_candidate(struct worker *w, const void *pos, const char *intended,
                                          bool light);
/* Different wins after the key, or a WINS_ answer. */
int compose_wins_light(struct worker *w, const void *pos, int *variations);

#endif
