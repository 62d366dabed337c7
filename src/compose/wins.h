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

enum quick { Q_SOUND, Q_NO_WIN, Q_SHORT, Q_COOKED, Q_DUALS, Q_TIMEOUT, Q_FEW };

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
/* The same, and in direct play in 2 Q_FEW as soon as a winning move has
   fewer than `least` variations by compose_variations_bound (sound or
   cooked: the position is no problem either way). */
enum quick compose_quick_verdict_few(struct worker *w, const void *pos, int least, move_t *key);
/* Sound with the key key_canon: 1, 0, -1 out of time (hint: the key of
   a position one change away, or MOVE_NONE). */
int compose_sound_with_key(struct worker *w, const void *trial, const char *key_canon, move_t hint,
                           move_t *key);
/* Direct play in 2 with the key `key`: at most how many variations
   compose_variations can count in pos, from the search alone (no
   judgement: a tenth of its cost), or -1 (another play, out of time or
   memory).  Each defence answered by one move, not a threat's nor another
   defence's, adds one; the judgement's tree may count fewer (a defence
   the threat still answers, a win moved along), never more. */
int compose_variations_bound(struct worker *w, const void *pos, move_t key);
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
