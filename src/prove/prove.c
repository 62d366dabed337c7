/*
** prove.c -- the value of a position, proved and checked (see prove.h).
*/
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prove/prove.h"
#include "prove/dfpn.h"
#include "prove/proof_check.h"
#include "prove/strategy.h"

const char *const prove_value_names[] = {"unknown", "win", "loss", "draw"};

struct run {
	const struct game *g;
	const void *root;
	const struct prove_opts *o;
	struct prove_result *r;
	struct pn_search *s;
	struct pn_table *table;   /* s's, for a second searcher (win_end) */
	struct pn_limits lim;     /* s's limits */
	uint64_t other_nodes;     /* positions made by the second searcher */
	int win_length;           /* the value's search: the length of the win it found
	                             (dfpn.c's fact lengths); 0 when not known */
	int seed_winner;          /* seed_one's attacker */
	struct strategy value_st; /* with --shortest: the value's strategy,
	                             its proof not written yet */
	bool have_value_st;
	bool value_pending; /* with --shortest: the value's strategy not even
	                       walked yet (decide: the dual facts) */
};

/* One search of the root, told on the log.  The depth-bounded searches
   run on one thread whatever -j: with weak disproof numbers two threads
   searched 248 million positions refuting Upuaut's "within 21" where one
   searches 73 million (each thread's numbers its own, they do not share
   the small refutation one finds).  With --shortest the value's search
   too: the bounded ones start from its table, and after two threads'
   table refuting "within 21" took 159.4 and 204.9 million positions (73.3
   after one thread's), more than the second thread saved; -j then runs
   the two ends of the shortest win side by side (win_end).  The value's
   search alone gains from two. */
static enum pn_answer search(struct run *u, int attacker, int budget)
{
	uint64_t n0 = pn_search_nodes(u->s);
	double t0 = pn_clock(), c0 = pn_cpu_clock();
	int jobs = budget == PN_UNBOUNDED && !u->o->shortest ? u->o->jobs : 1;
	enum pn_answer a = pn_search_run_jobs(u->s, u->root, attacker, budget, jobs);
	if (u->o->log) {
		char within[32] = "";
		if (budget != PN_UNBOUNDED)
			snprintf(within, sizeof within, " within %d", budget);
		int len = pn_search_root_length(u->s);
		char found[48] = "";
		if (a == PN_PROVED && len < PN_UNBOUNDED)
			snprintf(found, sizeof found, ", within %d found", len);
		fprintf(u->o->log, "prove: %s wins%s? %s (%llu positions, %.2f s, %.2f s CPU%s",
		        u->g->side_word[attacker], within,
		        a == PN_PROVED      ? "yes"
		        : a == PN_DISPROVED ? "no"
		                            : "stopped",
		        (unsigned long long)(pn_search_nodes(u->s) - n0), pn_clock() - t0,
		        pn_cpu_clock() - c0, found);
		uint64_t per[PN_MAX_JOBS];
		int threads = pn_search_threads(u->s, per);
		for (int t = 0; t < threads && threads > 1; t++)
			fprintf(u->o->log, "%s%llu", t ? " + " : "; threads ",
			        (unsigned long long)per[t]);
		fprintf(u->o->log, ")\n");
	}
	return a;
}

static void note(struct prove_result *r, const char *text)
{
	if (!r->note[0])
		snprintf(r->note, sizeof r->note, "%s", text);
}

/* Why the search stopped, while doing what ("" for nothing more): Ctrl-C
   is no limit (it was told as "stopped by a limit"). */
static void note_stop(struct prove_result *r, const struct prove_opts *o, const char *doing)
{
	char text[sizeof r->note];
	snprintf(text, sizeof text, "%s%s%s",
	         stop_requested(o->stop) ? "interrupted" : "stopped by a limit",
	         doing[0] ? " while " : "", doing);
	note(r, text);
}

/* The calling thread's CPU seconds (the log of two walks side by side:
   the process's would count both). */
static double thread_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The proof file: the directives the checker reads, then the lines. */
static char *proof_text(struct run *u, int winner, const char *lines, size_t nlines_len,
                        size_t *len)
{
	const struct game *g = u->g;
	char root[512];
	g->format(u->root, root, sizeof root);
	size_t cap = 1024 + strlen(root) + nlines_len;
	for (int i = 0; i < u->o->nrules; i++)
		cap += strlen(u->o->rules[i]) + 16;
	char *text = malloc(cap);
	if (!text)
		return NULL;
	size_t n = (size_t)snprintf(text, cap,
	                            "# maat proof: the winner's strategy, one line per position "
	                            "(maat(1), PROOF FILES)\n# game: %s\n",
	                            g->id);
	for (int i = 0; i < u->o->nrules; i++)
		n += (size_t)snprintf(text + n, cap - n, "# rule: %s\n", u->o->rules[i]);
	n += (size_t)snprintf(text + n, cap - n, "# root: %s\n# winner: %s\n", root,
	                      g->side_word[winner]);
	memcpy(text + n, lines, nlines_len);
	n += nlines_len;
	text[n] = 0;
	*len = n;
	return text;
}

/* The strategy as a proof file, checked; 0, or -1 (and a note). */
static int make_proof(struct run *u, struct strategy *st, char **text, size_t *len, int *depth,
                      size_t *positions)
{
	size_t llen = 0;
	char *lines = strategy_lines(st, &llen);
	if (!lines) {
		note(u->r, "out of memory writing the proof");
		return -1;
	}
	*text = proof_text(u, st->winner, lines, llen, len);
	free(lines);
	if (!*text) {
		note(u->r, "out of memory writing the proof");
		return -1;
	}
	struct proof_report rep;
	double t = pn_clock(), c = pn_cpu_clock();
	/* Ctrl-C stops the check (seconds on Upuaut's start): the value rests
	   on it, so it is then not told, and nothing is written */
	proof_check_until(*text, *len, "(proof)", stderr, u->o->stop, &rep);
	u->r->check_seconds = pn_clock() - t;
	if (u->o->log)
		fprintf(u->o->log,
		        "prove: proof checked: %s (%zu positions, longest line %d, %.2f s, %.2f s "
		        "CPU)\n",
		        rep.stopped ? "stopped"
		        : rep.valid ? "holds"
		                    : "fails",
		        rep.lines, rep.depth, u->r->check_seconds, pn_cpu_clock() - c);
	if (!rep.valid) {
		free(*text);
		*text = NULL;
		if (rep.stopped)
			note_stop(u->r, u->o, "checking the proof");
		else
			note(u->r, "internal error: the re-walked strategy failed its check");
		return -1;
	}
	*depth = rep.depth;
	*positions = rep.lines;
	return 0;
}

/* Walk and write the winner's strategy from the table about `attacker`. */
/* The exact re-walk of the winner's strategy, told on the log. */
static int extract(struct run *u, struct strategy *st, int winner, int attacker, int budget)
{
	double t = pn_clock(), c = pn_cpu_clock();
	uint64_t n0 = pn_search_nodes(u->s);
	int rc = strategy_extract(st, u->s, u->root, winner, attacker, budget);
	t = pn_clock() - t;
	u->r->walk_seconds += t;
	u->r->local_searches += st->local_searches;
	if (u->o->log)
		fprintf(u->o->log,
		        "prove: %s's strategy re-walked: %s (%zu positions, %zu searched again "
		        "over %llu positions, %.2f s, %.2f s CPU)\n",
		        u->g->side_word[winner], rc == 0 ? "complete" : "incomplete", st->map.count,
		        st->local_searches, (unsigned long long)(pn_search_nodes(u->s) - n0), t,
		        pn_cpu_clock() - c);
	return rc;
}

/* One position of a re-walked strategy told to the table as the winner's
   win within its depth (seed below). */
static void seed_one(void *ctx, const void *pos, int depth)
{
	struct run *u = ctx;
	/* weight for replacement: the strategy's positions below grow about
	   1.6 times a move (1.5 million for 31 moves on Upuaut's start) */
	int w = depth * 2 / 3;
	pn_search_note_win(u->s, pos, u->seed_winner, depth, (uint64_t)1 << (w < 40 ? w : 40));
}

/* With --shortest, a win found by walking the loser's failure (the value's
   search had the loser as attacker) is told to the table as the winner's,
   position by position with its walked depth: the depth-bounded searches
   that follow have the winner as attacker, and would otherwise start from
   a table that knows nothing of it (on Upuaut's start the first, "within
   29", cost 173 million positions).  The facts are exact (the walk's). */
static void seed(struct run *u, struct strategy *st)
{
	double t = pn_clock(), c = pn_cpu_clock();
	if (strategy_each(st, seed_one, u) == 0 && u->o->log)
		fprintf(u->o->log,
		        "prove: %s's strategy told to the table as its wins (%.2f s, %.2f s CPU)\n",
		        u->g->side_word[st->winner], pn_clock() - t, pn_cpu_clock() - c);
}

static void set_win(struct run *u, int winner, char *text, size_t len, int depth, size_t positions);

/* The winner's strategy re-walked and made the proof; 0, or -1 (a note).
   With --shortest and no limit the value's proof is not written yet: the
   shortest win's proof replaces it, so the re-walked strategy is kept
   (u->value_st) and written only when no shorter proof comes
   (finish_value_proof). */
static int take_strategy(struct run *u, int winner, int attacker, int budget)
{
	struct strategy st;
	char *text;
	size_t len, positions;
	int depth;
	int rc = extract(u, &st, winner, attacker, budget);
	if (rc < 0) {
		if (st.stopped)
			note_stop(u->r, u->o, "re-walking the proof");
		strategy_free(&st);
		return rc;
	}
	if (u->o->shortest && attacker != winner) {
		u->seed_winner = winner;
		seed(u, &st);
	}
	/* Under a limit the proof is made now: the shortening may be stopped
	   by it, and a proof written and checked after that would run past
	   it (seconds on Upuaut's start).  Without one the shorter proof
	   usually replaces it, so it waits. */
	if (u->o->shortest && !u->o->max_seconds && !u->o->max_nodes) {
		u->value_st = st;
		u->have_value_st = true;
		set_win(u, winner, NULL, 0, st.depth, 0);
		return 0;
	}
	rc = make_proof(u, &st, &text, &len, &depth, &positions);
	if (rc == 0)
		set_win(u, winner, text, len, depth, positions);
	strategy_free(&st);
	return rc;
}

/* The kept strategy of the value (take_strategy) made the proof, when no
   shorter one took its place; then freed. */
static void finish_value_proof(struct run *u)
{
	if (u->value_pending && !u->r->proof && !stop_requested(u->o->stop)) {
		/* no shorter proof came: the value's strategy walked now, from
		   what the table holds of the winner (exact, as ever) */
		int w = u->r->winner;
		u->value_pending = false;
		if (extract(u, &u->value_st, w, w, PN_UNBOUNDED) == 0) {
			u->have_value_st = true;
		} else {
			if (u->value_st.stopped)
				note_stop(u->r, u->o, "re-walking the proof");
			strategy_free(&u->value_st);
			u->r->value = PROVE_UNKNOWN;
			u->r->winner = -1;
			u->r->shortest = -1;
			u->r->shortest_bound = 0;
			return;
		}
	}
	if (u->value_pending) { /* Ctrl-C, or a shorter proof took its place */
		u->value_pending = false;
		if (!u->r->proof) {
			note_stop(u->r, u->o, "shortening the win");
			u->r->value = PROVE_UNKNOWN;
			u->r->winner = -1;
			u->r->shortest = -1;
			u->r->shortest_bound = 0;
		}
		return;
	}
	if (!u->have_value_st)
		return;
	if (!u->r->proof && stop_requested(u->o->stop)) {
		/* Ctrl-C came first: the proof is neither written nor checked
		   after it (seconds on Upuaut's start, none of them asked for),
		   and the value, which rests on that check, is not told */
		note_stop(u->r, u->o, "shortening the win");
		u->r->value = PROVE_UNKNOWN;
		u->r->winner = -1;
		u->r->shortest = -1;
		u->r->shortest_bound = 0;
	} else if (!u->r->proof) {
		char *text;
		size_t len, positions;
		int depth;
		if (make_proof(u, &u->value_st, &text, &len, &depth, &positions) == 0)
			set_win(u, u->value_st.winner, text, len, depth, positions);
		else { /* the value rests on the proof: not proved after all, nor
			  any length of the win */
			u->r->value = PROVE_UNKNOWN;
			u->r->winner = -1;
			u->r->shortest = -1;
			u->r->shortest_bound = 0;
		}
	}
	strategy_free(&u->value_st);
	u->have_value_st = false;
}

static void set_win(struct run *u, int winner, char *text, size_t len, int depth, size_t positions)
{
	struct prove_result *r = u->r;
	r->value = winner == u->g->side_to_move(u->root) ? PROVE_WIN : PROVE_LOSS;
	r->winner = winner;
	free(r->proof);
	r->proof = text;
	r->proof_len = len;
	r->depth = depth;
	r->proof_positions = positions;
}

/* The exact refutation of "the winner wins within k", told on the log. */
static int refute(struct run *u, int k)
{
	double t = pn_clock(), c = thread_cpu();
	uint64_t n0 = pn_search_nodes(u->s);
	size_t positions = 0;
	int rc = strategy_refute_bounded(u->s, u->g, u->root, u->r->winner, k, &positions);
	u->r->refuted_positions = positions;
	if (u->o->log)
		fprintf(u->o->log,
		        "prove: no win within %d, re-walked: %s (%zu positions, %llu searched "
		        "again, %.2f s, %.2f s CPU)\n",
		        k, rc == 0 ? "complete" : "incomplete", positions,
		        (unsigned long long)(pn_search_nodes(u->s) - n0), pn_clock() - t,
		        thread_cpu() - c);
	return rc;
}

/* The win within k re-walked into *st (the search done again first when
   another came after it); 0, or -1 and a note. */
static int walk_bounded(struct run *u, struct strategy *st, int k, int last)
{
	struct prove_result *r = u->r;
	if (last != k && search(u, r->winner, k) != PN_PROVED) {
		if (pn_search_stopped(u->s))
			note_stop(r, u->o, "shortening the win");
		else
			note(r, "a shorter win was not found again");
		return -1;
	}
	if (extract(u, st, r->winner, r->winner, k) < 0) {
		if (st->stopped)
			note_stop(r, u->o, "re-walking a shorter win");
		else
			note(r, "a shorter win failed its re-walk");
		strategy_free(st);
		return -1;
	}
	return 0;
}

/* "No win within k" refuted exactly (the search done again first when
   another came after it); 0, or -1 and a note. */
static int refute_bounded(struct run *u, int k, int last)
{
	struct prove_result *r = u->r;
	if ((last == k || search(u, r->winner, k) == PN_DISPROVED) && refute(u, k) == 0)
		return 0;
	if (pn_search_stopped(u->s))
		note_stop(r, u->o, "refuting a shorter win");
	else
		note(r, "the refutation of a shorter win failed its re-walk");
	return -1;
}

/*
** With -j 2 or more, the two ends of the shortest win are re-walked side by
** side: the refutation of "within lo" on the first thread (the search that
** ended the shortening left its facts in the table), and on a second one,
** with its own searcher over the same table, "within hi" searched again,
** re-walked, written and checked -- what one thread does one after the
** other (on Upuaut's start 12 s of CPU, then 9).  Neither rests on the
** table, so the answers are those of one thread; the table the second walk
** leaves can change the proof file (as -j does already).  The second thread
** stops when the first tells it to (halt): Ctrl-C, a limit, or the
** refutation failed; nothing it finds is taken when the refutation fails.
*/
struct win_end {
	struct run *u;
	struct pn_search *s; /* the thread's own, over the one table */
	stop_flag halt;      /* set by the first thread */
	int k;
	enum pn_answer found; /* "within k" searched again */
	int walked;           /* strategy_extract's: 0 complete */
	struct strategy st;
	char *text; /* the proof, made when the walk is complete */
	size_t len;
	struct proof_report rep;
	bool checked;
	double walk_seconds, check_seconds;
	pthread_t thread;
	atomic_bool done;
};

static void *win_end_main(void *arg)
{
	struct win_end *e = arg;
	struct run *u = e->u;
	int w = u->r->winner;
	FILE *log = u->o->log;
	double t = pn_clock(), c = thread_cpu();
	e->found = pn_search_run(e->s, u->root, w, e->k);
	if (log)
		fprintf(log,
		        "prove: %s wins within %d? %s (%llu positions, %.2f s, %.2f s CPU; "
		        "beside the refutation)\n",
		        u->g->side_word[w], e->k,
		        e->found == PN_PROVED      ? "yes"
		        : e->found == PN_DISPROVED ? "no"
		                                   : "stopped",
		        (unsigned long long)pn_search_nodes(e->s), pn_clock() - t,
		        thread_cpu() - c);
	if (e->found == PN_PROVED) {
		uint64_t n0 = pn_search_nodes(e->s);
		double t1 = pn_clock(), c1 = thread_cpu();
		e->walked = strategy_extract(&e->st, e->s, u->root, w, w, e->k);
		e->walk_seconds = pn_clock() - t1;
		if (log)
			fprintf(log,
			        "prove: %s's strategy re-walked: %s (%zu positions, %zu searched "
			        "again over %llu positions, %.2f s, %.2f s CPU; beside the "
			        "refutation)\n",
			        u->g->side_word[w], e->walked == 0 ? "complete" : "incomplete",
			        e->st.map.count, e->st.local_searches,
			        (unsigned long long)(pn_search_nodes(e->s) - n0), e->walk_seconds,
			        thread_cpu() - c1);
	}
	if (e->found == PN_PROVED && e->walked == 0 && !stop_requested(&e->halt)) {
		size_t llen = 0;
		char *lines = strategy_lines(&e->st, &llen);
		if (lines)
			e->text = proof_text(u, w, lines, llen, &e->len);
		free(lines);
		if (e->text) {
			double t2 = pn_clock(), c2 = thread_cpu();
			proof_check_until(e->text, e->len, "(proof)", stderr, &e->halt, &e->rep);
			e->check_seconds = pn_clock() - t2;
			e->checked = true;
			if (log)
				fprintf(log,
				        "prove: proof checked: %s (%zu positions, longest line %d, "
				        "%.2f s, %.2f s CPU; beside the refutation)\n",
				        e->rep.stopped ? "stopped"
				        : e->rep.valid ? "holds"
				                       : "fails",
				        e->rep.lines, e->rep.depth, e->check_seconds,
				        thread_cpu() - c2);
		}
	}
	atomic_store(&e->done, true);
	return NULL;
}

/* The second thread started on "within k"; NULL when it cannot be had
   (then the ends are walked one after the other). */
static struct win_end *win_end_start(struct run *u, int k)
{
	struct win_end *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->u = u;
	e->k = k;
	e->walked = -1;
	atomic_init(&e->halt, 0);
	atomic_init(&e->done, false);
	struct pn_limits lim = u->lim;
	lim.stop = &e->halt;
	e->s = pn_search_new(u->g, u->table, &lim);
	if (e->s)
		pn_search_set_weak_dn(e->s, true); /* as the first searcher's (decide) */
	if (!e->s || pthread_create(&e->thread, NULL, win_end_main, e) != 0) {
		pn_search_free(e->s);
		free(e);
		return NULL;
	}
	return e;
}

/* Wait for the second thread (telling it to stop when the refutation
   failed, or on Ctrl-C or a limit), then take what it found: the proof of
   the win within k when it holds and the refutation `refuted`; else what
   is known (a note; *walked: the length of a win re-walked complete whose
   proof is not taken).  0 when the proof is taken. */
static int win_end_finish(struct run *u, struct win_end *e, bool refuted, int *walked)
{
	struct prove_result *r = u->r;
	while (!atomic_load(&e->done)) {
		if (!refuted || stop_requested(u->o->stop) || pn_search_limit_reached(u->s))
			stop_set(&e->halt, 1);
		struct timespec nap = {0, 5 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	pthread_join(e->thread, NULL);
	u->other_nodes += pn_search_nodes(e->s);
	bool stopped = pn_search_stopped(e->s) || e->st.stopped || e->rep.stopped;
	int rc = -1;
	if (e->found == PN_PROVED) {
		r->walk_seconds += e->walk_seconds;
		r->local_searches += e->st.local_searches;
	}
	if (!refuted || stop_requested(u->o->stop)) {
		/* the refutation stopped (or failed), or Ctrl-C: the win's proof
		   is not taken; its re-walk, when complete, still bounds it */
		if (e->walked == 0)
			*walked = e->st.depth;
		if (stop_requested(u->o->stop) || pn_search_stopped(u->s))
			note_stop(r, u->o, "shortening the win");
	} else if (e->found != PN_PROVED) {
		if (stopped)
			note_stop(r, u->o, "shortening the win");
		else
			note(r, "a shorter win was not found again");
	} else if (e->walked != 0) {
		if (stopped)
			note_stop(r, u->o, "re-walking a shorter win");
		else
			note(r, "a shorter win failed its re-walk");
	} else if (!e->checked || !e->rep.valid) {
		*walked = e->st.depth;
		if (e->rep.stopped || stopped)
			note_stop(r, u->o, "checking the proof");
		else
			note(r, e->checked
			            ? "internal error: the re-walked strategy failed its check"
			            : "out of memory writing the proof");
	} else {
		r->check_seconds = e->check_seconds;
		set_win(u, r->winner, e->text, e->len, e->rep.depth, e->rep.lines);
		e->text = NULL;
		rc = 0;
	}
	free(e->text);
	if (e->found == PN_PROVED)
		strategy_free(&e->st);
	pn_search_free(e->s);
	free(e);
	return rc;
}

/*
** The least number of the winner's moves, searched downward with the
** depth-bounded search alone: the value's search found a win of some
** length (the fact lengths of dfpn.c; else the proof's longest line), and
** "a win within one move less?" is asked until the answer is no.  A win
** found comes with its own length, often shorter than the bound it was
** asked under, and the next question starts below that.  The table is
** kept from search to search: its facts hold at every budget they imply
** (a win within k is one within more, a failure within k one within
** fewer), so a search reuses what the others settled, the wins found
** under no budget included.  Then both ends are re-walked exactly, the
** last search's first (its facts are the fresher in the table): the
** failure within hi - 1, and the win within hi, which becomes the proof.
** (Bisection between 0 and the proof's longest line asked "within 15",
** "within 23", "within 19", "within 21" and "within 22" of Upuaut's
** start: three failures, each nearly as dear as the last; downward there
** is one.  Re-walking each win found on the way cost more than it saved.)
*/
static void find_shortest(struct run *u)
{
	struct prove_result *r = u->r;
	int w = r->winner, lo = 0, hi = r->depth, last = -1;
	if (!r->proof && !u->have_value_st && !u->value_pending) {
		/* the game is over: won in no moves */
		r->shortest = 0;
		return;
	}
	if (u->win_length > 0 && u->win_length < hi)
		hi = u->win_length;
	while (hi > 1) {
		int k = hi - 1;
		enum pn_answer a = search(u, w, k);
		last = k;
		if (a == PN_OPEN) {
			note_stop(r, u->o, "shortening the win");
			r->shortest_bound = r->depth;
			return;
		}
		if (a == PN_DISPROVED) {
			lo = k;
			break;
		}
		int len = pn_search_root_length(u->s);
		hi = len >= 1 && len < k ? len : k;
	}
	/* The proof of a win within hi (none needed when it is the unbounded
	   proof's own length) and the refutation of hi - 1 (none when hi is 1:
	   the game is not over). */
	struct strategy st;
	bool have = false, ok = true;
	bool refute_first = last == lo;
	int walked = 0; /* see below */
	struct win_end *e = NULL;
	/* the win within hi needs its own proof unless it is the value's
	   (not even walked when pending) */
	bool own_proof = hi < r->depth || u->value_pending;
	if (refute_first && lo > 0 && own_proof && u->o->jobs > 1)
		e = win_end_start(u, hi);
	if (e) {
		ok = refute_bounded(u, lo, last) == 0;
		ok = win_end_finish(u, e, ok, &walked) == 0 && ok;
		last = hi;
	} else if (refute_first && lo > 0) {
		ok = refute_bounded(u, lo, last) == 0;
	}
	if (!e && ok && own_proof) {
		ok = walk_bounded(u, &st, hi, last) == 0;
		have = ok;
		last = hi;
	}
	if (!e && ok && !refute_first && lo > 0)
		ok = refute_bounded(u, lo, last) == 0;
	/* A shorter win re-walked (exact) whose proof is not made: the
	   refutation below it stopped by a limit, Ctrl-C, or its check
	   stopped.  Its length is a proved upper bound all the same (the
	   shortest is unknown); it was dropped, the value's longer proof
	   told as the bound. */
	if (have && ((!ok && pn_search_stopped(u->s)) || stop_requested(u->o->stop))) {
		/* nothing more is written or checked after the stop (the
		   value's proof stands, if it was made) */
		note_stop(r, u->o, "shortening the win");
		walked = st.depth;
		strategy_free(&st);
		have = false;
		ok = false;
	}
	if (have) {
		char *text;
		size_t len, positions;
		int depth;
		if (make_proof(u, &st, &text, &len, &depth, &positions) == 0) {
			set_win(u, w, text, len, depth, positions);
		} else {
			ok = false;
			if (stop_requested(u->o->stop))
				walked = st.depth;
		}
		strategy_free(&st);
	}
	finish_value_proof(u);
	if (r->value == PROVE_UNKNOWN)
		return;
	if (ok && r->proof && r->depth == hi) {
		r->shortest = hi;
	} else {
		r->shortest_bound = r->depth;
		if (walked > 0 && walked < r->shortest_bound) {
			r->shortest_bound = walked;
			size_t at = strlen(r->note);
			snprintf(r->note + at, sizeof r->note - at,
			         "; a win within %d re-walked exactly, its proof neither written "
			         "nor checked",
			         walked);
		}
	}
}

static void decide(struct run *u)
{
	const struct game *g = u->g;
	struct prove_result *r = u->r;
	int us = g->side_to_move(u->root), them = 1 - us;

	/* A position already over needs no strategy (and may not even be one
	   a proof file could name: a Morok position without a king). */
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char root[MAX_POS_SIZE];
	memcpy(root, u->root, g->pos_size);
	int n = g->gen_moves(root, moves);
	enum result over = g->outcome(root, moves, n);
	if (over != RESULT_ONGOING || n == 0) {
		r->value = over == RESULT_WIN    ? PROVE_WIN
		           : over == RESULT_LOSS ? PROVE_LOSS
		                                 : PROVE_DRAW;
		r->winner = over == RESULT_WIN ? us : over == RESULT_LOSS ? them : -1;
		return;
	}
	/* the dual facts: what the depth-bounded searches of --shortest need,
	   whoever turns out the winner (pn_search_set_dual); and weak
	   disproof numbers for those searches (the unbounded ones keep the
	   sum: weak, the value's search of Upuaut positions took 2 to 3 times
	   the positions) */
	pn_search_set_dual(u->s, u->o->shortest);
	pn_search_set_weak_dn(u->s, true);
	enum pn_answer a = search(u, us, PN_UNBOUNDED);
	if (a == PN_PROVED) {
		u->win_length = pn_search_root_length(u->s);
		take_strategy(u, us, us, PN_UNBOUNDED);
		return;
	}
	if (a == PN_OPEN)
		return;
	/* We never win: where every line of that ends in our loss, it is the
	   opponent's win already.  With --shortest (no limit) and the dual
	   facts, the table knows it as the opponent's wins with their
	   lengths: the depth-bounded searches start from those, and the
	   strategy is walked only if no shorter proof replaces it
	   (finish_value_proof). */
	int olen = pn_search_root_other_length(u->s);
	if (u->o->shortest && !u->o->max_seconds && !u->o->max_nodes && olen > 0) {
		u->win_length = olen;
		u->value_pending = true;
		set_win(u, them, NULL, 0, olen, 0);
		return;
	}
	if (take_strategy(u, them, us, PN_UNBOUNDED) == 0)
		return;
	if (pn_search_stopped(u->s) || stop_requested(u->o->stop))
		return; /* (Ctrl-C may have stopped the proof's check, after the searches) */
	r->note[0] = 0;
	a = search(u, them, PN_UNBOUNDED);
	if (a == PN_PROVED) {
		u->win_length = pn_search_root_length(u->s);
		take_strategy(u, them, them, PN_UNBOUNDED);
		return;
	}
	if (a == PN_OPEN)
		return;
	size_t n1 = 0, n2 = 0;
	if (strategy_refute(u->s, g, u->root, us, &n1) == 0 &&
	    strategy_refute(u->s, g, u->root, them, &n2) == 0) {
		r->value = PROVE_DRAW;
		r->refuted_positions = n1 + n2;
		return;
	}
	if (pn_search_stopped(u->s))
		note_stop(r, u->o, "re-walking the draw");
	else
		note(r, "the draw failed its re-walk");
}

int prove_run(const struct game *g, const void *pos, const struct prove_opts *o,
              struct prove_result *r)
{
	memset(r, 0, sizeof *r);
	r->winner = -1;
	r->shortest = -1;
	double t0 = pn_clock();
	struct pn_table table;
	if (pn_table_init(&table, o->hash_mb) < 0)
		return -1;
	r->table_mb = o->hash_mb;
	struct pn_limits lim = {0};
	lim.stop = o->stop;
	lim.max_nodes = o->max_nodes;
	if (o->max_seconds > 0)
		lim.deadline = t0 + o->max_seconds;
	struct run u;
	memset(&u, 0, sizeof u);
	u.g = g;
	u.root = pos;
	u.o = o;
	u.r = r;
	u.table = &table;
	u.lim = lim;
	u.s = pn_search_new(g, &table, &lim);
	if (!u.s) {
		pn_table_free(&table);
		return -1;
	}

	decide(&u);
	if (r->value == PROVE_UNKNOWN && pn_search_stopped(u.s))
		note_stop(r, o, "");
	if (o->shortest && (r->value == PROVE_WIN || r->value == PROVE_LOSS))
		find_shortest(&u);
	finish_value_proof(&u);
	r->nodes = pn_search_nodes(u.s) + u.other_nodes;
	r->max_ply = pn_search_max_ply(u.s);
	pn_search_root(u.s, &r->root_pn, &r->root_dn);
	pn_search_free(u.s);
	pn_table_free(&table);
	r->seconds = pn_clock() - t0;
	return 0;
}

void prove_result_free(struct prove_result *r)
{
	free(r->proof);
	r->proof = NULL;
}
