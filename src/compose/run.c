/*
** run.c -- the composer's defaults and its run (see compose.h): the
** threads, each judging candidates (candidate.h) in the order handed out,
** and the run's thread taking the problems in candidate order, dropping
** near-duplicates (alike.c), giving unique titles (titles.h) and sorting
** them by score.
**
** The run's parts: place.c (candidate positions), wins.c (the searches
** for wins, economy, idle men), candidate.c (one candidate's pipeline),
** filters.c (the quality filters), climb.c (local search on the score),
** self_build.c and backward.c (self play built backwards), variations.c
** (variations and duals), score.c (the quality score), titles.c, alike.c
** (near-duplicates), write.c (YAML and JSON).
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "compose/compose.h"
#include "compose/candidate.h"
#include "compose/place.h"
#include "compose/titles.h"
#include "compose/wins.h"
#include "play/play.h"

void compose_defaults(struct compose_opts *o, const struct game *g, const struct stipulation *st)
{
	const struct compose_profile *pf = compose_profile_of(g);
	memset(o, 0, sizeof *o);
	o->g = g;
	o->stip = *st;
	o->count = 1;
	o->seed = 1;
	o->side = pf->side;
	if (pf->help_by_first && compose_lines_play(o))
		o->side = 0;
	o->method = compose_backward_play(o) ? COMPOSE_BACKWARD : COMPOSE_PLACE;
	/* two different wins at least: in direct play two variations beside
	   the threat; in self play, where the defender's every move must be
	   answered by a forced win, one (the threat's and the variation's) */
	o->variations = st->n < 2 ? 0 : compose_backward_play(o) ? 1 : 2;
	/* the genre judges read most closely (the game's profile): direct
	   play in 2, variations after the defender's men, no dual */
	const struct play *pl = play_of(st->kind);
	bool direct = pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_DIRECT;
	if (direct && st->n == 2) {
		o->men_variations = pf->men_variations;
		if (pf->no_duals)
			o->duals = DUALS_PLAY;
		/* no key that takes a flight, the fault judges name first on
		   a key (stop 37's marks: 28 of 30 chess keys took one), in
		   the games where a king is mated by check (chess, Upuaut):
		   the defending king has none in the diagram */
		o->closed_king = g->has_check;
		/* a win that takes the man that has just defended is the
		   defence's undoing, not a variation (stop 37's marks: the
		   first fault named in Upuaut, Morok's king star), where a
		   win is a mate or a king taken (chess, Upuaut, Morok's
		   possession); Tavlei wins by taking a man against another,
		   as often as not the one that moved, and refusing those
		   took its run of seed 35 from 80 s to more than 4 minutes */
		o->undoing_refused = g->has_check || pf->forced_is_trivial;
	}
	/* a short threat is a fault every judge names: refused from win in 3 */
	o->allow_short_threat = st->n < 3;
	o->solutions = 1;
	/* a quiet key in every game (issue 22): no capture, no check -- in
	   Morok no attack on the king, its check (score.h) */
	o->allow_capture_key = false;
	o->allow_check_key = false;
	o->climb = st->n <= 3 ? 12 : 0;
	if (direct && st->n == 2 && pf->climb > 0) {
		o->climb = pf->climb;
		o->repair = true;
	}
	if (!(direct && st->n == 2 && pf->no_duals))
		o->duals = DUALS_MAIN;
	o->pool = direct && st->n == 2 && pf->pool > 1 ? pf->pool : 1;
	o->has_min_score = direct && st->n == 2 && pf->min_score > 0;
	o->min_score = o->has_min_score ? pf->min_score : 0;
	o->economy = true;
	o->candidate_seconds = 10;
	o->hash_mb = 16;
}

void composed_free(struct composed *c)
{
	free(c->solution);
	c->solution = NULL;
}

#define IDLE UINT64_MAX

struct run {
	const struct compose_opts *o;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint64_t next;          /* next candidate to hand out */
	uint64_t *busy;         /* per thread: candidate in hand, or IDLE */
	struct composed *found; /* sorted by index, not yet taken */
	int nfound, cap;
	bool stop, oom;
	double end; /* search_clock() at --max-time, 0: none */
	struct compose_stats st;
};

struct thread_arg {
	struct run *run;
	int id;
};

static void count_outcome(struct compose_stats *st, enum outcome res)
{
	st->candidates++;
	switch (res) {
	case C_ILLEGAL:
		st->illegal++;
		st->candidates--;
		break;
	case C_NO_WIN:
		st->no_win++;
		break;
	case C_SHORT:
		st->shorter++;
		break;
	case C_COOKED:
		st->cooked++;
		break;
	case C_TIMEOUT:
		st->timeout++;
		break;
	case C_SMALL:
		st->small++;
		st->filtered++;
		break;
	case C_KEY:
		st->key++;
		st->filtered++;
		break;
	case C_ONLY_MOVE:
		st->only_move++;
		st->filtered++;
		break;
	case C_FORCED:
		st->forced++;
		st->filtered++;
		break;
	case C_LEGAL:
		st->legal++;
		st->filtered++;
		break;
	case C_LONE:
		st->lone++;
		st->filtered++;
		break;
	case C_SCORE:
		st->low_score++;
		st->filtered++;
		break;
	case C_DUALS:
		st->duals++;
		st->filtered++;
		break;
	case C_VARIATIONS:
		st->variations++;
		st->filtered++;
		break;
	case C_SHORT_THREAT:
		st->short_threat++;
		st->filtered++;
		break;
	case C_SET_WIN:
		st->set_win++;
		st->filtered++;
		break;
	case C_KING_RUN:
		st->king_run++;
		st->filtered++;
		break;
	case C_REPEATED:
		st->repeated++;
		st->filtered++;
		break;
	case C_UNREADABLE:
		st->unreadable++;
		break;
	case C_KEPT:
	case C_OOM:
		break;
	}
}

static void *thread_main(void *arg)
{
	struct thread_arg *ta = arg;
	struct run *run = ta->run;
	struct worker w;
	if (compose_worker_init(&w, run->o) < 0) {
		pthread_mutex_lock(&run->lock);
		run->oom = run->stop = true;
		pthread_cond_broadcast(&run->cond);
		pthread_mutex_unlock(&run->lock);
		return NULL;
	}
	w.run_end = run->end;
	struct composed c;
	for (;;) {
		pthread_mutex_lock(&run->lock);
		/* past the run's end no candidate is begun: the run's thread sees
		   the end only when it wakes (4 times a second), and each one begun
		   meanwhile ran out of time at once (285 "timeout" in a run of
		   --max-time 5 on one core, Morok's win in 2) */
		bool over = run->end > 0 && search_clock() >= run->end;
		if (run->stop || over) {
			run->busy[ta->id] = IDLE;
			if (over)
				pthread_cond_broadcast(&run->cond);
			pthread_mutex_unlock(&run->lock);
			break;
		}
		uint64_t i = run->next++;
		run->busy[ta->id] = i;
		pthread_mutex_unlock(&run->lock);

		uint64_t illegal = 0;
		enum outcome res = compose_try_candidate(&w, i, &c, &illegal);

		pthread_mutex_lock(&run->lock);
		run->st.illegal += illegal;
		count_outcome(&run->st, res);
		if (res == C_OOM)
			run->oom = run->stop = true;
		if (res == C_KEPT) {
			if (run->nfound == run->cap) {
				int cap = run->cap ? run->cap * 2 : 16;
				struct composed *v = realloc(run->found, (size_t)cap * sizeof *v);
				if (!v) {
					composed_free(&c);
					run->oom = run->stop = true;
					res = C_OOM;
				} else {
					run->found = v;
					run->cap = cap;
				}
			}
			if (res == C_KEPT) {
				int k = run->nfound++;
				while (k > 0 && run->found[k - 1].index > i) {
					run->found[k] = run->found[k - 1];
					k--;
				}
				run->found[k] = c;
			}
		}
		run->busy[ta->id] = IDLE;
		/* the run's thread waits for a problem to take (this one, or one
		   this candidate held back in candidate order) or the stop; it
		   wakes 4 times a second anyway.  Woken by every candidate, it
		   took a tenth of the time in the kernel (perf, s#2). */
		if (res == C_KEPT || run->nfound > 0 || run->stop)
			pthread_cond_broadcast(&run->cond);
		pthread_mutex_unlock(&run->lock);
	}
	compose_worker_free(&w);
	return NULL;
}

/* Best score first; the candidate order among equals. */
static int by_score(const void *x, const void *y)
{
	const struct composed *a = x, *b = y;
	if (a->score.total != b->score.total)
		return a->score.total > b->score.total ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Every candidate below this one is finished. */
static uint64_t watermark(const struct run *run, int threads)
{
	uint64_t w = run->next;
	for (int t = 0; t < threads; t++)
		if (run->busy[t] < w)
			w = run->busy[t];
	return w;
}

int compose_run(const struct compose_opts *o, compose_progress_fn progress, void *ctx,
                struct composed **out, struct compose_stats *st)
{
	struct run run;
	memset(&run, 0, sizeof run);
	run.o = o;
	*out = NULL;
	int jobs = o->jobs;
	if (jobs <= 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cores > 0 ? (int)cores : 1;
	}
	/* the run finds `want` problems, and the best `count` of them by score
	   are its answer (o->pool) */
	int want = o->count * (o->pool > 1 ? o->pool : 1);
	/* grown as problems come: --count may be far more than a time limit
	   lets the run find */
	int kept_cap = want < 64 ? want + 1 : 64;
	struct composed *kept = calloc((size_t)kept_cap, sizeof *kept);
	run.busy = calloc((size_t)jobs, sizeof *run.busy);
	pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
	struct thread_arg *args = calloc((size_t)jobs, sizeof *args);
	if (!kept || !run.busy || !threads || !args) {
		free(kept);
		free(run.busy);
		free(threads);
		free(args);
		return -1;
	}
	pthread_mutex_init(&run.lock, NULL);
	pthread_cond_init(&run.cond, NULL);
	for (int t = 0; t < jobs; t++)
		run.busy[t] = IDLE;
	double t0 = search_clock(), shown = 0;
	run.end = o->max_seconds > 0 ? t0 + o->max_seconds : 0;
	int started = 0;
	for (int t = 0; t < jobs; t++) {
		args[t].run = &run;
		args[t].id = t;
		if (pthread_create(&threads[t], NULL, thread_main, &args[t]) == 0)
			started++;
		else
			break;
	}
	int nkept = 0;
	/* the pool's bound: once the first --count problems are in, candidates
	   up to pool times that far (so a pool costs at most pool times the
	   run without it, whatever the options make rare); in candidate order,
	   so the same on any number of threads */
	uint64_t pool_end = UINT64_MAX;
	if (started == 0)
		run.oom = true;
	pthread_mutex_lock(&run.lock);
	while (started > 0) {
		/* take finished problems in candidate order */
		uint64_t wm = watermark(&run, started);
		while (run.nfound > 0 && run.found[0].index < wm && nkept < want &&
		       run.found[0].index < pool_end) {
			struct composed c = run.found[0];
			memmove(run.found, run.found + 1, (size_t)--run.nfound * sizeof *run.found);
			bool dup = false;
			for (int k = 0; k < nkept && !dup; k++)
				dup = compose_alike(o->g, &kept[k], &c);
			/* one problem a scheme (compose_scheme): the better scoring
			   stays, the earlier among equals; in candidate order, so
			   the same whatever the threads */
			for (int k = 0; k < nkept && !dup; k++) {
				if (!c.scheme || kept[k].scheme != c.scheme)
					continue;
				if (c.score.total <= kept[k].score.total) {
					dup = true;
				} else {
					composed_free(&kept[k]);
					memmove(kept + k, kept + k + 1,
					        (size_t)(nkept - k - 1) * sizeof *kept);
					nkept--;
					run.st.duplicate++;
				}
				break;
			}
			if (!dup && nkept == kept_cap) {
				int cap = kept_cap * 2 > want ? want + 1 : kept_cap * 2;
				struct composed *v = realloc(kept, (size_t)cap * sizeof *v);
				if (v) {
					kept = v;
					kept_cap = cap;
				} else {
					run.oom = true;
				}
			}
			if (dup) {
				run.st.duplicate++;
				composed_free(&c);
			} else if (nkept < kept_cap) {
				compose_title_once(o, kept, nkept, &c);
				kept[nkept++] = c;
				if (nkept == o->count && want > o->count && pool_end == UINT64_MAX)
					pool_end = (c.index + 1) * (uint64_t)o->pool;
			} else {
				composed_free(&c);
			}
		}
		run.st.kept = (uint64_t)nkept;
		run.st.seconds = search_clock() - t0;
		if (nkept >= want || wm >= pool_end ||
		    (o->max_seconds > 0 && run.st.seconds >= o->max_seconds) ||
		    stop_requested(o->stop))
			run.stop = true;
		bool all_idle = true;
		for (int t = 0; t < started; t++)
			all_idle &= run.busy[t] == IDLE;
		if (run.stop && all_idle)
			break;
		if (run.oom)
			run.stop = true;
		/* woken by every finished candidate: show progress 4 times a second */
		if (progress && run.st.seconds >= shown + 0.25) {
			shown = run.st.seconds;
			struct compose_stats snap = run.st;
			pthread_mutex_unlock(&run.lock);
			progress(ctx, &snap, nkept < o->count ? nkept : o->count, o->count);
			pthread_mutex_lock(&run.lock);
		}
		interrupt_wait(&run.cond, &run.lock, 250);
	}
	pthread_mutex_unlock(&run.lock);
	for (int t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	for (int k = 0; k < run.nfound; k++)
		composed_free(&run.found[k]);
	free(run.found);
	free(run.busy);
	free(threads);
	free(args);
	pthread_mutex_destroy(&run.lock);
	pthread_cond_destroy(&run.cond);
	run.st.seconds = search_clock() - t0;
	*st = run.st;
	if (run.oom) {
		for (int k = 0; k < nkept; k++)
			composed_free(&kept[k]);
		free(kept);
		return -1;
	}
	qsort(kept, (size_t)nkept, sizeof *kept, by_score);
	/* the best `count` of the pool (by_score: the earlier among equals) */
	for (int k = o->count; k < nkept; k++)
		composed_free(&kept[k]);
	if (nkept > o->count)
		nkept = o->count;
	st->kept = (uint64_t)nkept;
	*out = kept;
	return nkept;
}
