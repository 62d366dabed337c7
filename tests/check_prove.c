/*
** check_prove.c -- the proof-number prover (src/prove/), against values
** known by exhaustive search, for every game.
**
** The reference below is written here, independent of the prover: it
** enumerates every position reachable from a small root (positions told
** apart by their setup, as a human would: grid, side to move, castling, en
** passant), then labels them by retrograde analysis -- positions over by
** the game's outcome, then "won: some move reaches a lost position, lost:
** every move reaches a won one", in order of distance, so that each label
** comes with the least number of moves; what is never labelled is a draw
** (endless play wins nothing).  The prover must agree on the value, the
** winner and, with --shortest, the number of the winner's moves, at the
** root and at positions sampled from the reachable set.
**
** Also: a proof the prover writes is accepted by the checker, and every
** kind of tampering with it is refused; and with a hash so bad that most
** positions collide, the prover may fail to answer but never answers
** wrongly (no answer rests on the table).
*/
#define _GNU_SOURCE /* fopencookie: a log that sets the stop flag at a line */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stopflag.h"
#include "games/game.h"
#include "prove/dfpn.h"
#include "prove/pn_table.h"
#include "prove/proof_check.h"
#include "prove/prove.h"

extern Suite *prove_suite(void);

#define REF_MAX 400000 /* positions a reference may enumerate */

/* ---- the reference: enumeration and retrograde analysis ---- */

struct ref {
	const struct game *g;
	size_t n, cap, stride;
	unsigned char *pos; /* n positions */
	char (*key)[100];   /* their setups, as text */
	size_t *slot;       /* open addressing: index + 1 */
	size_t nslots;
	int *first, *succ; /* successors of i: succ[first[i] .. first[i+1]) */
	size_t nsucc;
	signed char *value; /* 1 side to move wins, -1 loses, 0 draw */
	int *dist;          /* plies to the end under best play */
};

static void ref_key(const struct game *g, const void *pos, char *out)
{
	struct setup s;
	g->get_setup(pos, &s);
	size_t n = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			out[n++] = s.grid[r][f];
	n += (size_t)snprintf(out + n, 99 - n, "|%d|%s|%s", s.side_to_move, s.castling,
	                      s.en_passant);
	out[n] = 0;
}

static size_t hash_text(const char *s)
{
	size_t h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Index of the position, added when new. */
static size_t ref_index(struct ref *R, const void *pos)
{
	char key[100];
	ref_key(R->g, pos, key);
	size_t i = hash_text(key) & (R->nslots - 1);
	while (R->slot[i]) {
		if (strcmp(R->key[R->slot[i] - 1], key) == 0)
			return R->slot[i] - 1;
		i = (i + 1) & (R->nslots - 1);
	}
	ck_assert_msg(R->n < REF_MAX, "reference: more than %d positions", REF_MAX);
	memcpy(R->pos + R->n * R->stride, pos, R->g->pos_size);
	strcpy(R->key[R->n], key);
	R->slot[i] = ++R->n;
	return R->n - 1;
}

static void ref_build(struct ref *R, const struct game *g, const void *root)
{
	memset(R, 0, sizeof *R);
	R->g = g;
	R->stride = (g->pos_size + 15) / 16 * 16;
	R->pos = aligned_alloc(16, REF_MAX * R->stride);
	R->key = malloc(REF_MAX * sizeof *R->key);
	R->nslots = 1 << 20;
	R->slot = calloc(R->nslots, sizeof *R->slot);
	R->first = malloc((REF_MAX + 1) * sizeof *R->first);
	R->value = calloc(REF_MAX, 1);
	R->dist = calloc(REF_MAX, sizeof *R->dist);
	ck_assert(R->pos && R->key && R->slot && R->first && R->value && R->dist);
	size_t cap = 1 << 20;
	R->succ = malloc(cap * sizeof *R->succ);
	signed char *over = calloc(REF_MAX, 1); /* 1 won, -1 lost, 2 draw: over */
	ref_index(R, root);
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char p[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	/* breadth first: positions are numbered as they are found */
	for (size_t i = 0; i < R->n; i++) {
		memcpy(p, R->pos + i * R->stride, g->pos_size);
		R->first[i] = (int)R->nsucc;
		int n = g->gen_moves(p, moves);
		enum result r = g->outcome(p, moves, n);
		if (r != RESULT_ONGOING || n == 0) {
			over[i] = r == RESULT_WIN ? 1 : r == RESULT_LOSS ? -1 : 2;
			continue;
		}
		for (int k = 0; k < n; k++) {
			g->make(p, moves[k], undo);
			size_t j = ref_index(R, p);
			g->unmake(p, moves[k], undo);
			if (R->nsucc == cap) {
				cap *= 2;
				R->succ = realloc(R->succ, cap * sizeof *R->succ);
				ck_assert_ptr_nonnull(R->succ);
			}
			R->succ[R->nsucc++] = (int)j;
		}
	}
	R->first[R->n] = (int)R->nsucc;
	/* predecessors, for the retrograde pass */
	int *pfirst = calloc(R->n + 1, sizeof *pfirst),
	    *pred = malloc((R->nsucc + 1) * sizeof *pred);
	int *left = calloc(R->n, sizeof *left), *queue = malloc(R->n * sizeof *queue);
	ck_assert(pfirst && pred && left && queue);
	for (size_t e = 0; e < R->nsucc; e++)
		pfirst[R->succ[e] + 1]++;
	for (size_t i = 0; i < R->n; i++)
		pfirst[i + 1] += pfirst[i];
	int *fill = calloc(R->n, sizeof *fill);
	for (size_t i = 0; i < R->n; i++)
		for (int e = R->first[i]; e < R->first[i + 1]; e++) {
			int j = R->succ[e];
			pred[pfirst[j] + fill[j]++] = (int)i;
		}
	size_t qh = 0, qt = 0;
	for (size_t i = 0; i < R->n; i++) {
		left[i] = R->first[i + 1] - R->first[i];
		if (over[i] == 1 || over[i] == -1) {
			R->value[i] = over[i];
			queue[qt++] = (int)i;
		}
	}
	while (qh < qt) {
		int u = queue[qh++];
		for (int e = pfirst[u]; e < pfirst[u + 1]; e++) {
			int p2 = pred[e];
			if (R->value[p2] || over[p2])
				continue;
			if (R->value[u] < 0) { /* a move to a lost position: won */
				R->value[p2] = 1;
				R->dist[p2] = R->dist[u] + 1;
				queue[qt++] = p2;
			} else if (--left[p2] == 0) { /* every move to a won one: lost */
				R->value[p2] = -1;
				R->dist[p2] = R->dist[u] + 1;
				queue[qt++] = p2;
			}
		}
	}
	free(over);
	free(pfirst);
	free(pred);
	free(left);
	free(queue);
	free(fill);
}

static void ref_free(struct ref *R)
{
	free(R->pos);
	free(R->key);
	free(R->slot);
	free(R->first);
	free(R->succ);
	free(R->value);
	free(R->dist);
}

/* ---- the prover against the reference ---- */

static void prove_jobs(const struct game *g, const void *pos, bool shortest, int jobs,
                       struct prove_result *r)
{
	struct prove_opts o = {.hash_mb = 16, .shortest = shortest, .jobs = jobs};
	ck_assert_int_eq(prove_run(g, pos, &o, r), 0);
}

static void prove(const struct game *g, const void *pos, bool shortest, struct prove_result *r)
{
	prove_jobs(g, pos, shortest, 1, r);
}

/* The prover on `jobs` threads at position i of the reference agrees with
   it.  With --shortest the value's search runs on one thread whatever
   -j (prove.c), so on more the value is also asked without it: the
   threads' search gives it. */
static void agree_jobs(struct ref *R, size_t i, int jobs)
{
	const struct game *g = R->g;
	const void *pos = R->pos + i * R->stride;
	char text[512];
	g->format(pos, text, sizeof text);
	struct prove_result r;
	int v = R->value[i], us = g->side_to_move(pos);
	enum prove_value want = v > 0 ? PROVE_WIN : v < 0 ? PROVE_LOSS : PROVE_DRAW;
	if (jobs > 1) {
		prove_jobs(g, pos, false, jobs, &r);
		ck_assert_msg(r.value == want,
		              "%s %s -j %d: prover says %s, exhaustive search %s (%s)", g->id, text,
		              jobs, prove_value_names[r.value], prove_value_names[want], r.note);
		if (r.proof) {
			struct proof_report rep;
			ck_assert_int_eq(proof_check(r.proof, r.proof_len, "proof", stderr, &rep),
			                 0);
		}
		prove_result_free(&r);
	}
	prove_jobs(g, pos, true, jobs, &r);
	ck_assert_msg(r.value == want, "%s %s: prover says %s, exhaustive search %s (%s)", g->id,
	              text, prove_value_names[r.value], prove_value_names[want], r.note);
	if (v) {
		int winner = v > 0 ? us : 1 - us;
		int moves = v > 0 ? (R->dist[i] + 1) / 2 : R->dist[i] / 2;
		ck_assert_int_eq(r.winner, winner);
		ck_assert_msg(r.shortest == moves, "%s %s: shortest %d, exhaustive search %d",
		              g->id, text, r.shortest, moves);
		/* the proof it wrote holds, and its longest line is no shorter
		   (a position already over needs none) */
		ck_assert(moves == 0 || r.proof);
		struct proof_report rep;
		if (r.proof) {
			ck_assert_int_eq(proof_check(r.proof, r.proof_len, "proof", stderr, &rep),
			                 0);
			ck_assert_int_ge(rep.depth, moves);
		}
	}
	prove_result_free(&r);
}

static void agree(struct ref *R, size_t i)
{
	agree_jobs(R, i, 1);
}

struct sample {
	const char *game, *position;
	int min_positions; /* the reference must be at least this big: a real test */
};

static const struct sample samples[] = {
    /* Upuaut (U7: no move loses) */
    {"upuaut", "5/2k2/5/5/2K2/5 w", 10},
    {"upuaut", "2k2/1b3/5/5/3B1/2K2 w", 100},
    {"upuaut", "2k2/2b2/5/5/1B3/2K2 b", 1000},
    {"upuaut", "2B2/k2B1/1b3/4K/2B2/5 w", 100}, /* puzzles/upuaut/01, win in 2 */
    /* chess: mates, stalemate draws, endless play */
    {"chess", "8/8/8/8/8/2k5/8/K7 w - - 0 1", 1000},
    {"chess", "k7/8/1K6/8/8/8/8/8 b - - 0 1", 1000},
    /* Morok: forced captures, a king captured or self-captured */
    {"morok", "8/8/8/3k4/8/8/8/3K4 w - - 0 1", 1000},
    /* Tavlei: the king to the edge, or surrounded */
    {"tavlei", "/9/9/9/9/4K4/9/9/9/4t4/ d", 100},
    {"tavlei", "/9/9/9/9/4K4/9/4t4/9/9/ d", 1000},
};

/* Sample i's reference: its position parsed into pos (checked), every
   position reachable from it worked out in R; its game. */
static const struct game *sample_ref(int i, unsigned char *pos, struct ref *R)
{
	const struct sample *sm = &samples[i];
	const struct game *g = game_find(sm->game);
	ck_assert_ptr_nonnull(g);
	char err[256];
	ck_assert_msg(g->parse(pos, sm->position, err, sizeof err) == 0, "%s", err);
	ref_build(R, g, pos);
	return g;
}

START_TEST(test_values_agree_with_exhaustive_search)
{
	const struct sample *sm = &samples[_i];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct ref R;
	sample_ref(_i, pos, &R);
	ck_assert_msg(R.n >= (size_t)sm->min_positions, "%s %s: only %zu positions", sm->game,
	              sm->position, R.n);
	/* the root, then positions spread over the set */
	agree(&R, 0);
	for (size_t k = 1; k <= 12; k++)
		agree(&R, (R.n - 1) * k / 12);
	ref_free(&R);
}
END_TEST

/* The same on two and three threads over one table (prove -j): the value,
   the winner and the shortest win do not depend on them.  The root (the
   largest search) and four positions spread over the reachable set. */
START_TEST(test_threads_agree_with_exhaustive_search)
{
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct ref R;
	sample_ref(_i, pos, &R);
	for (int jobs = 2; jobs <= 3; jobs++) {
		agree_jobs(&R, 0, jobs);
		for (size_t k = 1; k <= 4; k++)
			agree_jobs(&R, (R.n - 1) * k / 5, jobs);
	}
	ref_free(&R);
}
END_TEST

/* ---- the table's facts and their lengths ---- */

/* Does `attacker` win at reference position i, and in how many of its
   moves at the least? */
static bool ref_attacker_wins(const struct ref *R, size_t i, int attacker, int *moves)
{
	const void *pos = R->pos + i * R->stride;
	int v = R->value[i], us = R->g->side_to_move(pos);
	*moves = us == attacker ? (R->dist[i] + 1) / 2 : R->dist[i] / 2;
	return (v > 0 && us == attacker) || (v < 0 && us != attacker);
}

/* Every fact the prover's table holds after searches from the root, for
   either side as the attacker, unbounded and under budgets 1 to 6, holds
   at every reachable position: "wins within k" (k the length the search
   worked out, dfpn.c's fact lengths) only where the attacker wins in k or
   fewer, "no win within k" only where it does not.  A failure that rests
   on a position met again on the path depends on the path, so failures
   are checked in the games that cannot cycle (Upuaut, U9) only; wins never
   rest on the path.  And the unbounded search tells the length of the win
   it found: counted, no shorter than the least. */
START_TEST(test_fact_lengths_agree_with_exhaustive_search)
{
	const struct sample *sm = &samples[_i];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct ref R;
	const struct game *g = sample_ref(_i, pos, &R);
	struct pn_table table;
	ck_assert_int_eq(pn_table_init(&table, 16), 0);
	struct pn_search *s = pn_search_new(g, &table, NULL);
	ck_assert_ptr_nonnull(s);
	for (int attacker = 0; attacker < 2; attacker++) {
		int least;
		bool wins = ref_attacker_wins(&R, 0, attacker, &least);
		enum pn_answer a = pn_search_run(s, pos, attacker, PN_UNBOUNDED);
		ck_assert_int_eq(a == PN_PROVED, wins);
		if (wins) {
			int len = pn_search_root_length(s);
			ck_assert_msg(len >= least && len < PN_UNBOUNDED,
			              "%s %s: a win of length %d found, the least is %d", g->id,
			              sm->position, len, least);
		}
		for (int budget = 1; budget <= 6; budget++)
			pn_search_run(s, pos, attacker, budget);
	}
	size_t wins_checked = 0, failures_checked = 0;
	for (size_t i = 0; i < R.n; i++) {
		const void *p = R.pos + i * R.stride;
		for (int attacker = 0; attacker < 2; attacker++) {
			int win_le, fail_ge, least;
			pn_table_facts(&table, pn_key(g, p, attacker), &win_le, &fail_ge);
			bool wins = ref_attacker_wins(&R, i, attacker, &least);
			char text[512];
			g->format(p, text, sizeof text);
			if (win_le) {
				ck_assert_msg(
				    wins && (win_le == PN_UNBOUNDED || least <= win_le),
				    "%s %s, attacker %d: table wins within %d, reference %s in "
				    "%d",
				    g->id, text, attacker, win_le, wins ? "wins" : "no win", least);
				wins_checked += win_le < PN_UNBOUNDED;
			}
			if (fail_ge && g->acyclic) {
				ck_assert_msg(
				    fail_ge == PN_UNBOUNDED ? !wins : !wins || least > fail_ge,
				    "%s %s, attacker %d: table no win within %d, reference %s "
				    "in %d",
				    g->id, text, attacker, fail_ge, wins ? "wins" : "no win",
				    least);
				failures_checked++;
			}
		}
	}
	/* a real test: counted wins wherever someone wins (the kings alone of
	   chess draw), failures where they are checked */
	ck_assert(!R.value[0] || wins_checked > 0);
	ck_assert(!g->acyclic || failures_checked > 0);
	pn_search_free(s);
	pn_table_free(&table);
	ref_free(&R);
}
END_TEST

/* The dual facts (pn_search_set_dual): an unbounded search of either side,
   on one to three threads, stores what it settles for the opponent too;
   every fact of the table, either side's, holds at every reachable
   position (a win within k only where the reference wins in k or fewer),
   and a failure at the root tells a length no shorter than the
   opponent's least, where the opponent wins (U7: Upuaut has no draws). */
START_TEST(test_dual_facts_agree_with_exhaustive_search)
{
	const struct sample *sm = &samples[_i];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct ref R;
	const struct game *g = sample_ref(_i, pos, &R);
	for (int jobs = 1; jobs <= 3; jobs++)
		for (int attacker = 0; attacker < 2; attacker++) {
			struct pn_table table;
			ck_assert_int_eq(pn_table_init(&table, 16), 0);
			struct pn_search *s = pn_search_new(g, &table, NULL);
			ck_assert_ptr_nonnull(s);
			pn_search_set_dual(s, true);
			enum pn_answer a = pn_search_run_jobs(s, pos, attacker, PN_UNBOUNDED, jobs);
			int least;
			bool other_wins = ref_attacker_wins(&R, 0, 1 - attacker, &least);
			int olen = pn_search_root_other_length(s);
			if (a == PN_DISPROVED && olen > 0)
				ck_assert_msg(other_wins && olen >= least,
				              "%s %s -j %d: the opponent wins within %d, the "
				              "reference %s in %d",
				              g->id, sm->position, jobs, olen,
				              other_wins ? "wins" : "no win", least);
			/* (on threads a length may be lost to a race, never wrong) */
			if (g->acyclic && a == PN_DISPROVED && other_wins && jobs == 1)
				ck_assert_int_gt(olen, 0);
			for (size_t i = 0; i < R.n; i++) {
				const void *p = R.pos + i * R.stride;
				for (int side = 0; side < 2; side++) {
					int win_le, fail_ge, k;
					pn_table_facts(&table, pn_key(g, p, side), &win_le,
					               &fail_ge);
					bool wins = ref_attacker_wins(&R, i, side, &k);
					char text[512];
					g->format(p, text, sizeof text);
					ck_assert_msg(!win_le || (wins && (win_le == PN_UNBOUNDED ||
					                                   k <= win_le)),
					              "%s %s -j %d, side %d: table wins within %d, "
					              "reference %s in %d",
					              g->id, text, jobs, side, win_le,
					              wins ? "wins" : "no win", k);
					ck_assert_msg(!g->acyclic || fail_ge != PN_UNBOUNDED ||
					                  !wins,
					              "%s %s -j %d, side %d: table never wins, "
					              "reference wins in %d",
					              g->id, text, jobs, side, k);
				}
			}
			pn_search_free(s);
			pn_table_free(&table);
		}
	ref_free(&R);
}
END_TEST

/* ---- deeper positions: "win within n" by full-width search ---- */

/* Does the side to move force a won position within n of its moves?  Every
   move, every reply: no table, no ordering, nothing shared with the prover. */
static bool ref_win_within(const struct game *g, void *pos, int n)
{
	move_t moves[MAX_MOVES], replies[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE], undo2[MAX_UNDO_SIZE];
	int k = g->gen_moves(pos, moves);
	enum result r = g->outcome(pos, moves, k);
	if (r != RESULT_ONGOING || k == 0)
		return r == RESULT_WIN;
	if (n == 0)
		return false;
	for (int i = 0; i < k; i++) {
		g->make(pos, moves[i], undo);
		int m = g->gen_moves(pos, replies);
		enum result rr = g->outcome(pos, replies, m);
		bool won = rr == RESULT_LOSS;
		if (rr == RESULT_ONGOING && m > 0 && n > 1) {
			won = true;
			for (int j = 0; j < m && won; j++) {
				g->make(pos, replies[j], undo2);
				won = ref_win_within(g, pos, n - 1);
				g->unmake(pos, replies[j], undo2);
			}
		}
		g->unmake(pos, moves[i], undo);
		if (won)
			return true;
	}
	return false;
}

static const struct {
	const char *game, *position;
	int max_n; /* the reference looks this deep */
} deep[] = {
    {"chess", "4N1N1/1K6/8/3k4/2p5/P1Q3P1/8/8 w - - 0 1", 2}, /* baird-1893 */
    {"chess", "8/2R1BB2/8/4k3/8/2K2P2/8/8 w - - 0 1", 2},     /* baird-1899 */
    {"morok", "7k/6b1/8/8/1K6/8/8/8 w - - 0 1", 2},           /* M9 example 1 */
    {"morok", "5k2/4q3/8/4p3/8/8/3P4/4K3 w - - 0 1", 2},      /* M9 example 2 */
    {"morok", "8/5k2/8/1n6/8/5K2/7B/8 w - - 0 1", 2},         /* M9 example 3 */
    {"tavlei", "/9/3t5/6t2/4T4/3tKt3/4t4/9/9/9/ a", 2},       /* puzzles/tavlei/01 */
    {"tavlei", "/9/2t1T4/3tKT3/9/9/9/9/9/4t4/ d", 2},         /* puzzles/tavlei/04 */
    {"upuaut", "5/5/B1b2/5/4k/1KB2 w", 3},                    /* puzzles/upuaut/03 */
};

START_TEST(test_shortest_agrees_with_full_width_search)
{
	const struct game *g = game_find(deep[_i].game);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	ck_assert_msg(g->parse(pos, deep[_i].position, err, sizeof err) == 0, "%s", err);
	int want = 0;
	for (int n = 1; n <= deep[_i].max_n && !want; n++)
		if (ref_win_within(g, pos, n))
			want = n;
	ck_assert_msg(want > 0, "%s: the reference finds no win", deep[_i].position);
	for (int jobs = 1; jobs <= 2; jobs++) {
		struct prove_result r;
		prove_jobs(g, pos, true, jobs, &r);
		ck_assert_msg(r.value == PROVE_WIN && r.shortest == want,
		              "%s %s on %d thread(s): prover %s in %d, full-width search win in "
		              "%d (%s)",
		              g->id, deep[_i].position, jobs, prove_value_names[r.value],
		              r.shortest, want, r.note);
		prove_result_free(&r);
	}
}
END_TEST

/* ---- the proof file and its checker ---- */

static char *proof_of(const char *game, const char *position, size_t *len)
{
	const struct game *g = game_find(game);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	ck_assert_msg(g->parse(pos, position, err, sizeof err) == 0, "%s", err);
	struct prove_result r;
	prove(g, pos, false, &r);
	ck_assert_ptr_nonnull(r.proof);
	*len = r.proof_len;
	return r.proof; /* the caller frees it */
}

/* Check text; the number of errors (0: the proof holds). */
static size_t errors_of(const char *text)
{
	struct proof_report rep;
	FILE *devnull = fopen("/dev/null", "w");
	proof_check(text, strlen(text), "t", devnull, &rep);
	fclose(devnull);
	ck_assert_int_eq(rep.valid, rep.errors == 0);
	return rep.errors;
}

/* text with its n-th line (from 0) replaced by `with` (NULL: removed). */
static char *edit_line(const char *text, int n, const char *with)
{
	char *out = malloc(strlen(text) + (with ? strlen(with) : 0) + 2);
	const char *p = text;
	size_t k = 0;
	for (int i = 0; *p; i++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) + 1 : strlen(p);
		if (i != n) {
			memcpy(out + k, p, len);
			k += len;
		} else if (with) {
			k += (size_t)sprintf(out + k, "%s\n", with);
		}
		p += len;
	}
	out[k] = 0;
	return out;
}

/* The index of the first line that is not a comment. */
static int first_position_line(const char *text)
{
	int i = 0;
	for (const char *p = text; *p; i++) {
		if (*p != '#')
			return i;
		p = strchr(p, '\n') + 1;
	}
	return -1;
}

START_TEST(test_tampered_proofs_are_refused)
{
	size_t len;
	char *text = proof_of("upuaut", "5/5/B1k2/3bK/1B3/5 w", &len); /* puzzles/upuaut/07 */
	ck_assert_uint_eq(errors_of(text), 0);
	int first = first_position_line(text);
	ck_assert_int_gt(first, 0);
	char line[256];
	const char *p = text;
	for (int i = 0; i < first; i++)
		p = strchr(p, '\n') + 1;
	memcpy(line, p, (size_t)(strchr(p, '\n') - p));
	line[strchr(p, '\n') - p] = 0;
	char *t;
	/* a position of the strategy left out */
	t = edit_line(text, first, NULL);
	ck_assert_uint_gt(errors_of(t), 0);
	free(t);
	/* the same position twice */
	t = edit_line(text, first, NULL);
	char *t2 = edit_line(text, 0, NULL);
	free(t2);
	size_t n = strlen(text);
	t2 = malloc(n + strlen(line) + 2);
	sprintf(t2, "%s%s\n", text, line);
	ck_assert_uint_gt(errors_of(t2), 0);
	free(t2);
	free(t);
	/* a move that is not legal there, and one that is legal but loses */
	char bad[300];
	snprintf(bad, sizeof bad, "%.*s a1a1", (int)(strrchr(line, ' ') - line), line);
	t = edit_line(text, first, bad);
	ck_assert_uint_gt(errors_of(t), 0);
	free(t);
	/* the other side named the winner */
	char *w = strstr(text, "# winner: white");
	ck_assert_ptr_nonnull(w);
	t = malloc(len + 1);
	strcpy(t, text);
	memcpy(t + (w - text), "# winner: black", 15);
	ck_assert_uint_gt(errors_of(t), 0);
	free(t);
	/* another root */
	t = malloc(len + 64);
	strcpy(t, text);
	char *root = strstr(t, "# root: ");
	ck_assert_ptr_nonnull(root);
	memcpy(root + 8, "5/5/B1k2/3bK/1B3/5 b", 20);
	ck_assert_uint_gt(errors_of(t), 0);
	free(t);
	/* no header */
	ck_assert_uint_gt(errors_of(text + (p - text)), 0);
	free(text);
}
END_TEST

/* Every winner's move of the proof replaced by each other legal move: the
   checker refuses each one that does not also win (it leads to a position
   not in the file, or lets the loser off). */
START_TEST(test_every_wrong_move_is_refused)
{
	const struct game *g = game_find("upuaut");
	size_t len;
	char *text = proof_of("upuaut", "2B2/k2B1/1b3/4K/2B2/5 w", &len); /* puzzles/upuaut/01 */
	int first = first_position_line(text), lines = 0, refused = 0;
	for (const char *p = text; *p; p = strchr(p, '\n') + 1)
		lines++;
	for (int i = first; i < lines; i++) {
		const char *p = text;
		for (int k = 0; k < i; k++)
			p = strchr(p, '\n') + 1;
		char line[256], fen[256];
		size_t l = (size_t)(strchr(p, '\n') - p);
		memcpy(line, p, l);
		line[l] = 0;
		size_t fl = (size_t)(strrchr(line, ' ') - line);
		memcpy(fen, line, fl);
		fen[fl] = 0;
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		char err[128], mv[16];
		ck_assert_int_eq(g->parse(pos, fen, err, sizeof err), 0);
		move_t moves[MAX_MOVES];
		int n = g->gen_moves(pos, moves);
		for (int m = 0; m < n; m++) {
			g->move_text(pos, moves[m], MOVE_CANONICAL, mv, sizeof mv);
			if (!strcmp(mv, strrchr(line, ' ') + 1))
				continue;
			char repl[300];
			snprintf(repl, sizeof repl, "%s %s", fen, mv);
			char *t = edit_line(text, i, repl);
			refused += errors_of(t) > 0;
			free(t);
		}
	}
	ck_assert_int_gt(refused, 10);
	free(text);
}
END_TEST

/* ---- a bad hash: the table lies, the answers must not ---- */

static uint64_t bad_hash(const void *pos)
{
	return game_find("upuaut")->hash(pos) & 0xff; /* 256 keys for every position */
}

/* The first thread reads the numbers only it stored, and every thread's
   settled facts; a helper reads all (pn_table.h: numbers taken from
   another thread mid-search made two threads run on for ever on a drawn
   chess position, now and then, under load). */
START_TEST(test_a_helpers_numbers_are_not_read_by_the_first_thread)
{
	struct pn_table table;
	ck_assert_int_eq(pn_table_init(&table, 1), 0);
	uint64_t key = 0x123456789abcdefULL;
	uint32_t pn, dn;
	int len;
	pn_table_store(&table, key, 5, 3, 4, 100, true);
	ck_assert_int_eq(pn_table_lookup(&table, key, 5, false, &pn, &dn, &len, NULL), 0);
	ck_assert_int_eq(pn_table_lookup(&table, key, 5, true, &pn, &dn, &len, NULL), 1);
	ck_assert_uint_eq(pn, 3);
	ck_assert_uint_eq(dn, 4);
	/* the first thread's own numbers, stored over the helper's */
	pn_table_store(&table, key, 5, 7, 2, 100, false);
	ck_assert_int_eq(pn_table_lookup(&table, key, 5, false, &pn, &dn, &len, NULL), 1);
	ck_assert_uint_eq(pn, 7);
	ck_assert_uint_eq(dn, 2);
	/* a helper's settled fact is every thread's */
	uint64_t other = key ^ 0xf0f0f0f0f0ULL;
	pn_table_store(&table, other, 4, 0, PN_INF, 100, true);
	ck_assert_int_eq(pn_table_lookup(&table, other, 6, false, &pn, &dn, &len, NULL), 1);
	ck_assert_uint_eq(pn, 0);
	ck_assert_int_eq(len, 4);
	/* the mark is not work: log2 of 100 positions (replacement by work) */
	ck_assert_uint_eq(pn_table_work(&table, key), 7);
	pn_table_free(&table);
}
END_TEST

START_TEST(test_a_colliding_hash_never_gives_a_wrong_answer)
{
	const struct game *up = game_find("upuaut");
	struct game bad = *up;
	bad.hash = bad_hash;
	bad.mirror_hash = NULL;
	static const char *const positions[] = {
	    "2B2/k2B1/1b3/4K/2B2/5 w", "5/5/B1k2/3bK/1B3/5 w", "2k2/1b3/5/5/3B1/2K2 w",
	    "2k2/1b3/5/5/3B1/2K2 b",   "5/2k2/5/5/2K2/5 w",
	};
	int answered = 0;
	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		char err[128];
		ck_assert_int_eq(up->parse(pos, positions[i], err, sizeof err), 0);
		struct prove_result good, r;
		prove(up, pos, true, &good);
		ck_assert_int_ne(good.value, PROVE_UNKNOWN);
		/* one thread, then two sharing the lying table */
		for (int jobs = 1; jobs <= 2; jobs++) {
			struct prove_opts o = {
			    .hash_mb = 1, .shortest = true, .max_nodes = 2000000, .jobs = jobs};
			ck_assert_int_eq(prove_run(&bad, pos, &o, &r), 0);
			if (r.value != PROVE_UNKNOWN) {
				answered++;
				ck_assert_msg(r.value == good.value,
				              "%s: %s with a bad hash on %d thread(s), %s without",
				              positions[i], prove_value_names[r.value], jobs,
				              prove_value_names[good.value]);
				if (r.shortest >= 0)
					ck_assert_int_eq(r.shortest, good.shortest);
			}
			prove_result_free(&r);
		}
		prove_result_free(&good);
	}
	ck_assert_int_gt(answered, 0);
}
END_TEST

/* With --shortest under a limit, the value's proof is written and checked
   before the shortening, which the limit then stops: nothing is written or
   checked after it (the log's "proof checked" comes before the search that
   stopped, and only once), and the value and its proof stand. */
START_TEST(test_shortest_under_a_limit_checks_nothing_after_it)
{
	const struct game *up = game_find("upuaut");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[128];
	/* black wins in 7, its value's search 2,000 positions, "within 6"
	   150,000 */
	ck_assert_int_eq(up->parse(pos, "bbk2/5/2b2/B1B2/2K1b/4B b", err, sizeof err), 0);
	char *log = NULL;
	size_t log_len = 0;
	FILE *f = open_memstream(&log, &log_len);
	ck_assert_ptr_nonnull(f);
	struct prove_opts o = {.hash_mb = 16, .shortest = true, .max_nodes = 20000, .log = f};
	struct prove_result r;
	ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
	fclose(f);
	ck_assert_int_eq(r.value, PROVE_WIN);
	ck_assert_int_eq(r.shortest, -1);
	ck_assert_ptr_nonnull(r.proof);
	ck_assert_int_gt(r.shortest_bound, 7);
	ck_assert_int_eq(r.shortest_bound, r.depth);
	struct proof_report rep;
	ck_assert_int_eq(proof_check(r.proof, r.proof_len, "proof", stderr, &rep), 0);
	ck_assert(rep.valid);
	const char *checked = strstr(log, "proof checked"), *stopped = strstr(log, "? stopped");
	ck_assert_msg(checked && stopped && checked < stopped &&
	                  !strstr(checked + 1, "proof checked"),
	              "log:\n%s", log);
	free(log);
	prove_result_free(&r);
}
END_TEST

/* A log that plays Ctrl-C: it keeps what the prover tells it, and sets the
   stop flag as the line that says `after` has been told (and `at`, when
   given, after it), so the stop comes at a known step of the run, not
   after a guessed time. */
struct stopping_log {
	char text[1 << 16];
	size_t len;
	const char *after, *at;
	stop_flag stop;
};

static ssize_t stopping_log_write(void *cookie, const char *buf, size_t n)
{
	struct stopping_log *L = cookie;
	size_t k = n < sizeof L->text - 1 - L->len ? n : sizeof L->text - 1 - L->len;
	memcpy(L->text + L->len, buf, k);
	L->len += k;
	L->text[L->len] = 0;
	const char *a = strstr(L->text, L->after);
	if (a && (!L->at || strstr(a, L->at)))
		stop_set(&L->stop, 1);
	return (ssize_t)n;
}

static FILE *stopping_log_open(struct stopping_log *L, const char *after, const char *at)
{
	memset(L, 0, sizeof *L);
	L->after = after;
	L->at = at;
	atomic_init(&L->stop, 0);
	FILE *f = fopencookie(L, "w", (cookie_io_functions_t){.write = stopping_log_write});
	ck_assert_ptr_nonnull(f);
	setvbuf(f, NULL, _IOLBF, 0); /* each line told as it is written */
	return f;
}

/* Ctrl-C while the proof is checked stops the check: the value rests on
   it, so it is not told, and there is no proof (the check went on to the
   end, and the value and the proof were told). */
START_TEST(test_ctrl_c_stops_the_proof_check)
{
	const struct game *up = game_find("upuaut");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[128];
	ck_assert_int_eq(up->parse(pos, "bbk2/5/2b2/B1B2/2K1b/4B b", err, sizeof err), 0);
	static struct stopping_log L;
	/* the re-walk told complete: the proof is made and checked next */
	FILE *f = stopping_log_open(&L, "strategy re-walked: complete", NULL);
	struct prove_opts o = {.hash_mb = 16, .log = f, .stop = &L.stop};
	struct prove_result r;
	ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
	fclose(f);
	ck_assert_msg(r.value == PROVE_UNKNOWN, "value %s; log:\n%s", prove_value_names[r.value],
	              L.text);
	ck_assert_ptr_null(r.proof);
	ck_assert_int_eq(r.winner, -1);
	ck_assert_str_eq(r.note, "interrupted while checking the proof");
	ck_assert_msg(strstr(L.text, "proof checked: stopped"), "log:\n%s", L.text);
	prove_result_free(&r);
	/* and the checker alone, the flag set before it starts */
	prove(up, pos, false, &r);
	ck_assert_ptr_nonnull(r.proof);
	stop_flag stop;
	atomic_init(&stop, 1);
	struct proof_report rep;
	ck_assert_int_eq(proof_check_until(r.proof, r.proof_len, "proof", stderr, &stop, &rep), -1);
	ck_assert(rep.stopped && !rep.valid && !rep.malformed);
	ck_assert_int_eq(rep.errors, 0);
	atomic_init(&stop, 0);
	ck_assert_int_eq(proof_check_until(r.proof, r.proof_len, "proof", stderr, &stop, &rep), 0);
	ck_assert(rep.valid && !rep.stopped);
	prove_result_free(&r);
}
END_TEST

/* With --shortest under a limit, Ctrl-C once the shorter win is re-walked
   (after the refutation below it, or, on two threads, beside it): its
   proof is not taken, but the win is proved by the exact re-walk, so its
   length is told as the bound (it was dropped, and the value's longer
   proof told as the bound). */
START_TEST(test_a_shorter_win_rewalked_is_a_bound_after_a_stop)
{
	const struct game *up = game_find("upuaut");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[128];
	/* black wins in 7; the value's proof is longer */
	ck_assert_int_eq(up->parse(pos, "bbk2/5/2b2/B1B2/2K1b/4B b", err, sizeof err), 0);
	for (int jobs = 1; jobs <= 2; jobs++) {
		static struct stopping_log L;
		/* the value's proof is checked before the shortening (a limit
		   is set); the re-walk after that is the shorter win's */
		FILE *f =
		    stopping_log_open(&L, "proof checked: holds", "strategy re-walked: complete");
		struct prove_opts o = {.hash_mb = 16,
		                       .shortest = true,
		                       .max_nodes = 1000000000,
		                       .log = f,
		                       .stop = &L.stop,
		                       .jobs = jobs};
		struct prove_result r;
		ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
		fclose(f);
		ck_assert_msg(r.value == PROVE_WIN, "value %s; log:\n%s",
		              prove_value_names[r.value], L.text);
		ck_assert_ptr_nonnull(r.proof);
		ck_assert_int_gt(r.depth, 7);
		ck_assert_int_eq(r.shortest, -1);
		ck_assert_msg(r.shortest_bound == 7, "-j %d: bound %d; log:\n%s", jobs,
		              r.shortest_bound, L.text);
		ck_assert_msg(strstr(r.note, "a win within 7 re-walked exactly"), "%s", r.note);
		/* on one thread no check after the stop (on two the shorter
		   win's may have been under way, and is not taken) */
		const char *checked = strstr(L.text, "proof checked");
		ck_assert(checked);
		if (jobs == 1)
			ck_assert(!strstr(checked + 1, "proof checked"));
		prove_result_free(&r);
	}
}
END_TEST

/* With -j 2 the two ends of the shortest win are re-walked side by side
   (the refutation on one thread, the win searched again, re-walked and
   checked on the other): the same shortest win, its proof accepted. */
START_TEST(test_two_threads_walk_both_ends_side_by_side)
{
	const struct game *up = game_find("upuaut");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[128];
	ck_assert_int_eq(up->parse(pos, "bbk2/5/2b2/B1B2/2K1b/4B b", err, sizeof err), 0);
	char *log = NULL;
	size_t log_len = 0;
	FILE *f = open_memstream(&log, &log_len);
	ck_assert_ptr_nonnull(f);
	struct prove_opts o = {.hash_mb = 16, .shortest = true, .jobs = 2, .log = f};
	struct prove_result r;
	ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
	fclose(f);
	ck_assert_int_eq(r.value, PROVE_WIN);
	ck_assert_int_eq(r.shortest, 7);
	ck_assert_int_eq(r.depth, 7);
	ck_assert_msg(strstr(log, "proof checked: holds") && strstr(log, "beside the refutation") &&
	                  strstr(log, "no win within 6, re-walked: complete"),
	              "log:\n%s", log);
	/* every search on one thread, the value's too: the bounded ones start
	   from its table (prove.c), as with -j 1 */
	ck_assert_msg(!strstr(log, "; threads "), "log:\n%s", log);
	struct proof_report rep;
	ck_assert_int_eq(proof_check(r.proof, r.proof_len, "proof", stderr, &rep), 0);
	ck_assert_int_eq(rep.depth, 7);
	free(log);
	prove_result_free(&r);
}
END_TEST

/* With --shortest and no limit, where the side to move loses (U7) the
   value's search stores its failures as the opponent's wins with their
   lengths (dfpn.h, dual facts): the depth-bounded searches start from
   them, the value's strategy is not walked before them (only the
   shortest win's is), and the answer is the same; Ctrl-C during the
   shortening leaves nothing told (the value rests on a checked proof). */
START_TEST(test_shortest_starts_from_the_dual_facts)
{
	const struct game *up = game_find("upuaut");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[128];
	/* black wins in 7, white to move */
	ck_assert_int_eq(up->parse(pos, "bbk2/5/2b2/B1B2/2K1b/4B w", err, sizeof err), 0);
	for (int jobs = 1; jobs <= 2; jobs++) {
		static struct stopping_log L;
		FILE *f = stopping_log_open(&L, "never told", NULL);
		struct prove_opts o = {.hash_mb = 16, .shortest = true, .log = f, .jobs = jobs};
		struct prove_result r;
		ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
		fclose(f);
		ck_assert_msg(r.value == PROVE_LOSS && r.winner == 1 && r.shortest == 7,
		              "-j %d: %s, shortest %d; log:\n%s", jobs, prove_value_names[r.value],
		              r.shortest, L.text);
		const char *refuted = strstr(L.text, "no win within 6, re-walked: complete");
		const char *walked = strstr(L.text, "strategy re-walked: complete");
		ck_assert_msg(refuted && walked, "log:\n%s", L.text);
		/* (on threads the length may be lost to a race: then the value's
		   strategy is walked and told to the table, as without them) */
		if (jobs == 1)
			ck_assert_msg(!strstr(L.text, "told to the table"), "log:\n%s", L.text);
		if (jobs == 1) /* (on two the win's walk runs beside the refutation) */
			ck_assert_msg(walked > refuted && !strstr(walked + 1, "strategy re-walked"),
			              "log:\n%s", L.text);
		struct proof_report rep;
		ck_assert_int_eq(proof_check(r.proof, r.proof_len, "proof", stderr, &rep), 0);
		ck_assert_int_eq(rep.depth, 7);
		prove_result_free(&r);
		/* Ctrl-C once the refutation is told: nothing after it */
		f = stopping_log_open(&L, "no win within 6", NULL);
		o.log = f;
		o.stop = &L.stop;
		ck_assert_int_eq(prove_run(up, pos, &o, &r), 0);
		fclose(f);
		ck_assert_msg(r.value == PROVE_UNKNOWN && !r.proof && r.shortest == -1,
		              "-j %d: %s; log:\n%s", jobs, prove_value_names[r.value], L.text);
		ck_assert_msg(strstr(r.note, "interrupted"), "%s", r.note);
		prove_result_free(&r);
		o.stop = NULL;
	}
}
END_TEST

Suite *prove_suite(void)
{
	Suite *s = suite_create("prove");
	TCase *t = tcase_create("prover");
	tcase_set_timeout(t, 300);
	tcase_add_loop_test(t, test_values_agree_with_exhaustive_search, 0,
	                    (int)(sizeof samples / sizeof samples[0]));
	tcase_add_loop_test(t, test_threads_agree_with_exhaustive_search, 0,
	                    (int)(sizeof samples / sizeof samples[0]));
	tcase_add_loop_test(t, test_fact_lengths_agree_with_exhaustive_search, 0,
	                    (int)(sizeof samples / sizeof samples[0]));
	tcase_add_test(t, test_shortest_under_a_limit_checks_nothing_after_it);
	tcase_add_test(t, test_ctrl_c_stops_the_proof_check);
	tcase_add_test(t, test_a_shorter_win_rewalked_is_a_bound_after_a_stop);
	tcase_add_test(t, test_two_threads_walk_both_ends_side_by_side);
	tcase_add_test(t, test_shortest_starts_from_the_dual_facts);
	tcase_add_loop_test(t, test_dual_facts_agree_with_exhaustive_search, 0,
	                    (int)(sizeof samples / sizeof samples[0]));
	tcase_add_loop_test(t, test_shortest_agrees_with_full_width_search, 0,
	                    (int)(sizeof deep / sizeof deep[0]));
	tcase_add_test(t, test_tampered_proofs_are_refused);
	tcase_add_test(t, test_every_wrong_move_is_refused);
	tcase_add_test(t, test_a_colliding_hash_never_gives_a_wrong_answer);
	tcase_add_test(t, test_a_helpers_numbers_are_not_read_by_the_first_thread);
	suite_add_tcase(s, t);
	return s;
}
