/*
** strategy.c -- the exact re-walk of a prover's answer (see strategy.h).
**
** The walks keep their own stack of positions (a copy per ply, made by
** the game's make), so that a local search in the middle of a walk, which
** works on the searcher's own position, leaves them alone.  Records of the
** position map move when it grows: they are held by index across calls.
*/
#include <stdlib.h>
#include <string.h>

#include "prove/strategy.h"

enum { UNSEEN = 0, IN_PROGRESS, DONE };
#define REACHED 1 /* posrec.flags: on the final strategy */
#define VISITED 2 /* posrec.flags: told by strategy_each */

struct walk {
	const struct game *g;
	struct pn_search *s;
	struct posmap *map;
	int winner, attacker;
	bool failed_memory, stopped;
	bool abort;      /* give up the whole walk (see walk_lose) */
	uint64_t cycles; /* lines that came back to a position on them */
	uint64_t steps;  /* positions walked: the limits are looked at now and then */
	size_t local_searches;
	unsigned char *stack; /* PN_MAX_PLY + 2 positions */
	move_t (*moves)[MAX_MOVES];
	/* The children of one position, made once with their keys, for the
	   look-ups before the walk goes down (make_kids): */
	unsigned char *kids; /* MAX_MOVES positions of kid_stride bytes */
	size_t kid_stride;
	struct poskey *keys;  /* their exact keys (the walk's map) */
	uint64_t *table_keys; /* their keys in the prover's table */
};

static unsigned char *at(struct walk *w, int ply)
{
	return w->stack + (size_t)ply * MAX_POS_SIZE;
}

/* The position of ply+1: ply's with move m made. */
static unsigned char *child(struct walk *w, int ply, move_t m)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	unsigned char *c = at(w, ply + 1);
	memcpy(c, at(w, ply), w->g->pos_size);
	w->g->make(c, m, undo);
	return c;
}

static void walk_free(struct walk *w)
{
	free(w->stack);
	free(w->moves);
	free(w->kids);
	free(w->keys);
	free(w->table_keys);
}

static int walk_init(struct walk *w, const struct game *g, struct pn_search *s, struct posmap *map,
                     const void *root)
{
	memset(w, 0, sizeof *w);
	w->g = g;
	w->s = s;
	w->map = map;
	w->stack = aligned_alloc(16, (size_t)(PN_MAX_PLY + 2) * MAX_POS_SIZE);
	w->moves = malloc((size_t)(PN_MAX_PLY + 2) * sizeof *w->moves);
	w->kid_stride = (g->pos_size + 15) & ~(size_t)15;
	w->kids = aligned_alloc(16, MAX_MOVES * w->kid_stride);
	w->keys = malloc(MAX_MOVES * sizeof *w->keys);
	w->table_keys = malloc(MAX_MOVES * sizeof *w->table_keys);
	if (!w->stack || !w->moves || !w->kids || !w->keys || !w->table_keys) {
		walk_free(w);
		return -1;
	}
	memcpy(w->stack, root, g->pos_size);
	return 0;
}

static bool fits(int depth, int budget)
{
	return budget == PN_UNBOUNDED || depth <= budget;
}

static int less_budget(int budget)
{
	return budget == PN_UNBOUNDED ? budget : budget - 1;
}

/* The game's status of the position at ply, its moves in w->moves[ply]. */
static enum result status(struct walk *w, int ply, int *n)
{
	if ((++w->steps & 1023) == 0 && w->s && pn_search_limit_reached(w->s))
		w->stopped = true;
	*n = w->g->gen_moves(at(w, ply), w->moves[ply]);
	return w->g->outcome(at(w, ply), w->moves[ply], *n);
}

/* Child i of the position at ply (its moves in w->moves[ply]) made into
   w->kids, where it stays until the walk goes down (kid). */
static unsigned char *make_kid(struct walk *w, int ply, int i)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	unsigned char *c = w->kids + (size_t)i * w->kid_stride;
	memcpy(c, at(w, ply), w->g->pos_size);
	w->g->make(c, w->moves[ply][i], undo);
	return c;
}

static unsigned char *kid(struct walk *w, int i)
{
	return w->kids + (size_t)i * w->kid_stride;
}

/* The children of the position at ply made once each into w->kids, with
   their table keys and (with `map`) exact keys, and their table entries
   and map slots fetched ahead, back to back: the look-ups that follow
   are the walk's cache misses (the table of a gigabyte, the map of
   millions of positions), and each child was made again for each of them
   (four times at the defender's positions). */
static void make_kids(struct walk *w, int ply, int n, bool map)
{
	for (int i = 0; i < n; i++) {
		unsigned char *c = make_kid(w, ply, i);
		w->table_keys[i] = pn_key(w->g, c, w->attacker);
		pn_search_prefetch_key(w->s, w->table_keys[i]);
		if (map) {
			posmap_key_pos(w->g, c, &w->keys[i]);
			posmap_prefetch_key(w->map, &w->keys[i]);
		}
	}
}

/* Candidate classes of the winner's moves, best first. */
enum { WIN_NOW, WALKED, TABLE, NO_CANDIDATE, LOST_NOW };

/* Does the table (or the game) say the position after the winner's move
   (loser to move) is won for the winner within budget? */
static bool table_says_won(struct walk *w, const void *pos, uint64_t key, int budget,
                           unsigned *work)
{
	enum pn_answer a = pn_search_known_key(w->s, pos, key, w->attacker, budget, work);
	return w->attacker == w->winner ? a == PN_PROVED : a == PN_DISPROVED;
}

/* The end of an order's moves: move indices go up to MAX_MOVES - 1, so an
   order is of uint16_t (a uint8_t one, ended by 255, cut a position of
   more than 255 moves short and wrapped the indices past it; Tavlei's
   sixteen attackers, each moving like a rook on 9x9, can have that many). */
#define ORD_END UINT16_MAX
_Static_assert(MAX_MOVES <= ORD_END, "a move index must fit an order below its end mark");

/* The order in which the winner's candidate moves are tried: by class,
   and within the table's candidates the least searched first (the table's
   log2 of the positions searched below them): a win that took less work
   to find tends to have the smaller strategy, and the proof is walked,
   written and checked in time that grows with its size. */
static void order_candidates(int n, const uint8_t *cls, const uint8_t *work, uint16_t *ord)
{
	int k = 0;
	for (int c = WIN_NOW; c < NO_CANDIDATE; c++)
		for (int i = 0; i < n; i++)
			if (cls[i] == c) {
				int j = k++;
				while (j > 0 && cls[ord[j - 1]] == c &&
				       work[ord[j - 1]] > work[i]) {
					ord[j] = ord[j - 1];
					j--;
				}
				ord[j] = (uint16_t)i;
			}
	for (int i = k; i < n; i++)
		ord[i] = ORD_END;
}

static int walk_lose(struct walk *w, int ply, int budget);

/* A failure that did not come from a cycle through the path (which another
   path may not have) holds wherever the position is met: posrec.aux is the
   largest budget that failed + 1. */
static void remember_failure(struct walk *w, size_t idx, int budget, uint64_t cycles)
{
	struct posrec *rec = &w->map->recs[idx];
	if (w->cycles == cycles && !w->stopped && !w->failed_memory &&
	    (uint32_t)budget + 1 > rec->aux)
		rec->aux = (uint32_t)budget + 1;
}

static bool failed_before(const struct posrec *rec, int budget)
{
	return rec->aux && (uint32_t)budget + 1 <= rec->aux;
}

/* Search pos afresh for the attacker (the table has forgotten it, or never
   knew): does it now say what the walk needs (`want`)?  With `expand` pos
   is searched even where the table still settles it: the walk wants the
   facts of its children, which the table may have forgotten (then a plain
   search would end at once, and each child would be searched alone, a
   losing one to the end). */
static bool search_says(struct walk *w, const void *pos, int budget, enum pn_answer want,
                        bool expand)
{
	w->local_searches++;
	enum pn_answer a = expand ? pn_search_expand(w->s, pos, w->attacker, budget)
	                          : pn_search_run(w->s, pos, w->attacker, budget);
	if (pn_search_stopped(w->s))
		w->stopped = true;
	return a == want;
}

/* The classes of the winner's moves at ply that need no table: WIN_NOW,
   LOST_NOW, WALKED; TABLE for the others, to be asked.  Returns the move
   that comes first in every order (the first WIN_NOW, else the first
   WALKED when there is no WIN_NOW), or -1. */
static int quick_candidate(struct walk *w, int ply, int n, int child_budget, uint8_t *cls)
{
	const struct game *g = w->g;
	int first_win = -1, first_walked = -1;
	for (int i = 0; i < n; i++) {
		unsigned char *c = make_kid(w, ply, i);
		int cn;
		enum result cr = pn_count_moves(g, c, w->moves[ply + 1], &cn);
		cls[i] = cr == RESULT_LOSS ? WIN_NOW : cr != RESULT_ONGOING ? LOST_NOW : TABLE;
		if (cls[i] == WIN_NOW && first_win < 0)
			first_win = i;
		if (cls[i] == TABLE) {
			posmap_key_pos(g, c, &w->keys[i]);
			posmap_prefetch_key(w->map, &w->keys[i]);
		}
	}
	if (first_win >= 0)
		return first_win;
	for (int i = 0; i < n; i++) {
		if (cls[i] != TABLE)
			continue;
		struct posrec *cr_rec = posmap_find_key(w->map, &w->keys[i]);
		if (cr_rec && cr_rec->state == DONE && fits(cr_rec->depth, child_budget)) {
			cls[i] = WALKED;
			if (first_walked < 0)
				first_walked = i;
		}
	}
	return first_walked;
}

static int walk_win(struct walk *w, int ply, int budget)
{
	const struct game *g = w->g;
	int n;
	enum result r = status(w, ply, &n);
	if (r != RESULT_ONGOING)
		return r == RESULT_WIN ? 0 : -1;
	if (budget == 0 || ply >= PN_MAX_PLY || n == 0)
		return -1;
	int added;
	struct posrec *rec = posmap_get_pos(w->map, g, at(w, ply), &added);
	if (!rec) {
		w->failed_memory = true;
		return -1;
	}
	if (rec->state == IN_PROGRESS) {
		w->cycles++;
		return -1; /* a cycle: no win this way */
	}
	if (rec->state == DONE && fits(rec->depth, budget))
		return rec->depth;
	if (failed_before(rec, budget))
		return -1;
	size_t idx = posmap_index(w->map, rec);
	uint8_t old_state = rec->state;
	uint64_t cycles = w->cycles;
	rec->state = IN_PROGRESS;
	move_t *moves = w->moves[ply];
	uint8_t cls[MAX_MOVES], work[MAX_MOVES];
	uint16_t ord[MAX_MOVES];
	bool tried[MAX_MOVES] = {false};
	int child_budget = less_budget(budget);
	enum pn_answer want = w->attacker == w->winner ? PN_PROVED : PN_DISPROVED;
	/* round 0: what the table says; round 1: the same after a search here;
	   round 2: a search of each move not tried yet */
	for (int round = 0; round < 3 && !w->stopped && !w->failed_memory && !w->abort; round++) {
		if (round == 1 && !search_says(w, at(w, ply), budget, want, true))
			continue; /* the search disagrees: only round 2 can tell */
		int quick = quick_candidate(w, ply, n, child_budget, cls);
		if (quick >= 0) {
			/* the candidate every order would try first: the table is
			   not asked (its look-ups are the walk's cache misses) */
			child(w, ply, moves[quick]);
			tried[quick] = true;
			int d = walk_lose(w, ply + 1, child_budget);
			if (d >= 0) {
				rec = &w->map->recs[idx];
				rec->state = DONE;
				rec->move = moves[quick];
				rec->depth = d + 1;
				return d + 1;
			}
			if (w->failed_memory || w->stopped || w->abort)
				goto fail;
		}
		/* the table's candidates: their entries fetched ahead, from
		   the children made by quick_candidate (again when the walk
		   went down meanwhile) */
		for (int i = 0; i < n && round < 2; i++)
			if (cls[i] == TABLE) {
				unsigned char *c = quick >= 0 ? make_kid(w, ply, i) : kid(w, i);
				w->table_keys[i] = pn_key(g, c, w->attacker);
				pn_search_prefetch_key(w->s, w->table_keys[i]);
			}
		for (int i = 0; i < n; i++) {
			if (cls[i] != TABLE)
				continue; /* WIN_NOW, WALKED and LOST_NOW are known */
			unsigned wk = 0;
			cls[i] = (round == 2 ? !tried[i]
			                     : table_says_won(w, kid(w, i), w->table_keys[i],
			                                      child_budget, &wk))
			             ? TABLE
			             : NO_CANDIDATE;
			work[i] = cls[i] == TABLE && round < 2 ? (uint8_t)wk : 0;
		}
		order_candidates(n, cls, work, ord);
		for (int o = 0; o < n && ord[o] != ORD_END; o++) {
			int i = ord[o], k = cls[i];
			if (i == quick || (tried[i] && k == TABLE))
				continue;
			unsigned char *c = child(w, ply, moves[i]);
			if (round == 2 && k == TABLE) {
				bool good = search_says(w, c, child_budget, want, false);
				if (w->stopped)
					goto fail;
				if (!good)
					continue;
				child(w, ply, moves[i]);
			}
			tried[i] = true;
			int d = walk_lose(w, ply + 1, child_budget);
			if (d >= 0) {
				rec = &w->map->recs[idx];
				rec->state = DONE;
				rec->move = moves[i];
				rec->depth = d + 1;
				return d + 1;
			}
			if (w->failed_memory || w->stopped || w->abort)
				goto fail;
		}
	}
	remember_failure(w, idx, budget, cycles);
fail:
	w->map->recs[idx].state = old_state;
	return -1;
}

static int walk_lose(struct walk *w, int ply, int budget)
{
	const struct game *g = w->g;
	int n;
	enum result r = status(w, ply, &n);
	if (r != RESULT_ONGOING)
		return r == RESULT_LOSS ? 0 : -1;
	if (budget == 0 || ply >= PN_MAX_PLY || n == 0)
		return -1;
	int added;
	struct posrec *rec = posmap_get_pos(w->map, g, at(w, ply), &added);
	if (!rec) {
		w->failed_memory = true;
		return -1;
	}
	if (rec->state == IN_PROGRESS) {
		w->cycles++;
		return -1;
	}
	if (rec->state == DONE && fits(rec->depth, budget))
		return rec->depth;
	if (failed_before(rec, budget))
		return -1;
	size_t idx = posmap_index(w->map, rec);
	uint8_t old_state = rec->state;
	uint64_t cycles = w->cycles;
	rec->state = IN_PROGRESS;
	int depth = 0;
	for (int i = 0; i < n; i++)
		posmap_prefetch_pos(w->map, g, child(w, ply, w->moves[ply][i]));
	for (int i = 0; i < n; i++) {
		child(w, ply, w->moves[ply][i]);
		int d = walk_win(w, ply + 1, budget);
		if (d < 0) {
			/* Walking the loser's failure as the winner's win is only
			   worth it when it holds everywhere (a game without draws);
			   one line that does not end in a win ends the walk. */
			if (w->attacker != w->winner)
				w->abort = true;
			else
				remember_failure(w, idx, budget, cycles);
			w->map->recs[idx].state = old_state;
			return -1;
		}
		if (d > depth)
			depth = d;
	}
	rec = &w->map->recs[idx];
	rec->state = DONE;
	rec->depth = depth;
	return depth;
}

int strategy_extract(struct strategy *st, struct pn_search *s, const void *root, int winner,
                     int attacker, int budget)
{
	const struct game *g = pn_search_game(s);
	memset(st, 0, sizeof *st);
	st->g = g;
	st->winner = winner;
	memcpy(st->root, root, g->pos_size);
	posmap_init(&st->map);
	struct walk w;
	if (walk_init(&w, g, s, &st->map, root) < 0)
		return -1;
	w.winner = winner;
	w.attacker = attacker;
	int d =
	    g->side_to_move(root) == winner ? walk_win(&w, 0, budget) : walk_lose(&w, 0, budget);
	st->local_searches = w.local_searches;
	st->stopped = w.stopped;
	walk_free(&w);
	st->depth = d;
	return d < 0 ? -1 : 0;
}

void strategy_free(struct strategy *st)
{
	posmap_free(&st->map);
}

/* The proof's lines, written one after the other into one block (no
   allocation per line), then sorted through an index of their first
   bytes: most comparisons are then settled without reading the lines. */
struct line_ref {
	uint64_t prefix[2]; /* the first 16 bytes, big-endian (0 past the end) */
	union {
		size_t at;     /* while the block grows: the offset */
		const char *s; /* once it is complete: the line */
	} where;
	size_t len;
};

struct lines {
	char *text;
	size_t used, cap;
	struct line_ref *ref;
	size_t count, ref_cap;
	bool failed;
};

static uint64_t big_endian(const unsigned char *p, size_t n)
{
	uint64_t x = 0;
	for (size_t i = 0; i < 8; i++)
		x = x << 8 | (i < n ? p[i] : 0);
	return x;
}

static void add_line(struct lines *L, const char *line)
{
	size_t k = strlen(line);
	if (L->used + k > L->cap) {
		size_t cap = L->cap ? L->cap * 2 : 1 << 20;
		while (cap < L->used + k)
			cap *= 2;
		char *text = realloc(L->text, cap);
		if (!text) {
			L->failed = true;
			return;
		}
		L->text = text;
		L->cap = cap;
	}
	if (L->count == L->ref_cap) {
		size_t cap = L->ref_cap ? L->ref_cap * 2 : 1024;
		struct line_ref *ref = realloc(L->ref, cap * sizeof *ref);
		if (!ref) {
			L->failed = true;
			return;
		}
		L->ref = ref;
		L->ref_cap = cap;
	}
	const unsigned char *u = (const unsigned char *)line;
	struct line_ref *r = &L->ref[L->count++];
	r->prefix[0] = big_endian(u, k);
	r->prefix[1] = big_endian(u + (k < 8 ? k : 8), k < 8 ? 0 : k - 8);
	r->where.at = L->used;
	r->len = k;
	memcpy(L->text + L->used, line, k);
	L->used += k;
}

/* Mark what the strategy reaches from the position at ply (winner to move
   when `winner_moves`), one line per winner's position. */
static void reach(struct walk *w, int ply, bool winner_moves, struct lines *L)
{
	const struct game *g = w->g;
	int n;
	if (status(w, ply, &n) != RESULT_ONGOING || L->failed)
		return;
	struct posrec *rec = posmap_find_pos(w->map, g, at(w, ply));
	if (!rec || rec->state != DONE || (rec->flags & REACHED))
		return;
	rec->flags |= REACHED;
	if (winner_moves) {
		move_t m = rec->move;
		char text[512], mv[64];
		g->format(at(w, ply), text, sizeof text - sizeof mv);
		g->move_text(at(w, ply), m, MOVE_CANONICAL, mv, sizeof mv);
		strcat(text, " ");
		strcat(text, mv);
		strcat(text, "\n");
		add_line(L, text);
		child(w, ply, m);
		reach(w, ply + 1, false, L);
		return;
	}
	for (int i = 0; i < n; i++) {
		child(w, ply, w->moves[ply][i]);
		reach(w, ply + 1, true, L);
	}
}

/* Tell each position of the strategy once, from the position at ply
   (winner to move when `winner_moves`). */
static void each(struct walk *w, int ply, bool winner_moves,
                 void (*fn)(void *ctx, const void *pos, int depth), void *ctx)
{
	const struct game *g = w->g;
	int n;
	if (status(w, ply, &n) != RESULT_ONGOING)
		return;
	struct posrec *rec = posmap_find_pos(w->map, g, at(w, ply));
	if (!rec || rec->state != DONE || (rec->flags & VISITED))
		return;
	rec->flags |= VISITED;
	fn(ctx, at(w, ply), rec->depth);
	if (winner_moves) {
		child(w, ply, rec->move);
		each(w, ply + 1, false, fn, ctx);
		return;
	}
	for (int i = 0; i < n; i++) {
		child(w, ply, w->moves[ply][i]);
		each(w, ply + 1, true, fn, ctx);
	}
}

int strategy_each(struct strategy *st, void (*fn)(void *ctx, const void *pos, int depth), void *ctx)
{
	struct walk w;
	if (walk_init(&w, st->g, NULL, &st->map, st->root) < 0)
		return -1;
	for (size_t i = 0; i < st->map.count; i++)
		st->map.recs[i].flags &= (uint8_t)~VISITED;
	each(&w, 0, st->g->side_to_move(st->root) == st->winner, fn, ctx);
	walk_free(&w);
	return 0;
}

/* strcmp's order of the lines (no line holds a NUL byte). */
static int by_text(const void *a, const void *b)
{
	const struct line_ref *x = a, *y = b;
	for (int i = 0; i < 2; i++)
		if (x->prefix[i] != y->prefix[i])
			return x->prefix[i] < y->prefix[i] ? -1 : 1;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = n > 16 ? memcmp(x->where.s + 16, y->where.s + 16, n - 16) : 0;
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

char *strategy_lines(struct strategy *st, size_t *len)
{
	struct walk w;
	struct lines L = {0};
	char *text = NULL;
	if (walk_init(&w, st->g, NULL, &st->map, st->root) < 0)
		return NULL;
	for (size_t i = 0; i < st->map.count; i++)
		st->map.recs[i].flags &= (uint8_t)~REACHED;
	reach(&w, 0, st->g->side_to_move(st->root) == st->winner, &L);
	walk_free(&w);
	if (!L.failed) {
		for (size_t i = 0; i < L.count; i++)
			L.ref[i].where.s = L.text + L.ref[i].where.at;
		qsort(L.ref, L.count, sizeof *L.ref, by_text);
		text = malloc(L.used + 1);
		if (text) {
			size_t n = 0;
			for (size_t i = 0; i < L.count; i++) {
				memcpy(text + n, L.ref[i].where.s, L.ref[i].len);
				n += L.ref[i].len;
			}
			text[n] = 0;
			*len = n;
			st->positions = L.count;
		}
	}
	free(L.text);
	free(L.ref);
	return text;
}

/* ---- refutations: the attacker does not win ---- */

/* Within a budget: posrec.depth is the largest budget refuted + 1. */
static int refute_and(struct walk *w, int ply, int budget);

/* What both sides' refutation steps do first: the end of the game, of the
   budget, of the line; a position already refuted with this budget.
   Returns 1 to go on (its moves' count in *n, its record's index in *idx),
   else the step's answer (0 refuted, -1 not). */
static int refute_enter(struct walk *w, int ply, int budget, int *n, size_t *idx)
{
	const struct game *g = w->g;
	enum result r = status(w, ply, n);
	if (r != RESULT_ONGOING)
		return pn_terminal(g, at(w, ply), r, w->attacker) == PN_PROVED ? -1 : 0;
	if (budget == 0)
		return 0;
	if (ply >= PN_MAX_PLY)
		return -1;
	int added;
	struct posrec *rec = posmap_get_pos(w->map, g, at(w, ply), &added);
	if (!rec) {
		w->failed_memory = true;
		return -1;
	}
	if (rec->depth > budget)
		return 0;
	*idx = posmap_index(w->map, rec);
	return 1;
}

static int refute_or(struct walk *w, int ply, int budget)
{
	int n;
	size_t idx;
	int go = refute_enter(w, ply, budget, &n, &idx);
	if (go != 1)
		return go;
	/* every child's record is looked for below: their slots fetched
	   ahead, back to back (the map of millions of positions is probed at
	   random; 14% less CPU re-walking the refutation of "within 21" on
	   Upuaut's start) */
	for (int i = 0; i < n; i++)
		posmap_prefetch_pos(w->map, w->g, child(w, ply, w->moves[ply][i]));
	for (int i = 0; i < n; i++) {
		child(w, ply, w->moves[ply][i]);
		if (refute_and(w, ply + 1, budget - 1) < 0)
			return -1;
	}
	w->map->recs[idx].depth = budget + 1;
	return 0;
}

static int refute_and(struct walk *w, int ply, int budget)
{
	int n;
	size_t idx;
	int go = refute_enter(w, ply, budget, &n, &idx);
	if (go != 1)
		return go;
	move_t *moves = w->moves[ply];
	if (budget == 1) {
		/* The attacker's last move follows: a defence that leaves it no
		   move winning at once refutes, found by trying them (each
		   exact, no table needed: the table's answer would be re-walked
		   by doing the same).  The position is made on and taken back. */
		if (pn_wins_after_every_defence(w->g, at(w, ply), moves, n, w->attacker))
			return -1;
		w->map->recs[idx].depth = budget + 1;
		return 0;
	}
	/* A defence into a position this walk has refuted already (under
	   this budget or more) adds nothing to the refutation: taken before
	   the table is asked (transpositions are many in Upuaut). */
	make_kids(w, ply, n, true);
	for (int i = 0; i < n; i++) {
		const struct posrec *cr = posmap_find_key(w->map, &w->keys[i]);
		if (cr && cr->depth > budget) {
			w->map->recs[idx].depth = budget + 1;
			return 0;
		}
	}
	bool tried[MAX_MOVES] = {false};
	uint16_t ord[MAX_MOVES];
	uint8_t cls[MAX_MOVES], work[MAX_MOVES];
	for (int round = 0; round < 3 && !w->stopped; round++) {
		if (round == 1 && !search_says(w, at(w, ply), budget, PN_DISPROVED, true))
			continue;
		if (round < 2) {
			/* the defences the table says refute, the least searched
			   first: the smaller refutation (as order_candidates);
			   round 0 has the children made above, round 1 makes them
			   again (the walk below has used w->kids since) */
			if (round == 1)
				make_kids(w, ply, n, false);
			for (int i = 0; i < n; i++) {
				unsigned char *c = kid(w, i);
				unsigned wk = 0;
				bool good = !tried[i] && pn_search_known_key(
				                             w->s, c, w->table_keys[i], w->attacker,
				                             budget, &wk) == PN_DISPROVED;
				cls[i] = good ? TABLE : NO_CANDIDATE;
				work[i] = good ? (uint8_t)wk : 0;
			}
			order_candidates(n, cls, work, ord);
		}
		for (int o = 0; o < n; o++) {
			int i = round < 2 ? ord[o] : o;
			if (i == ORD_END)
				break;
			if (tried[i])
				continue;
			unsigned char *c = child(w, ply, moves[i]);
			if (round == 2) {
				bool good = search_says(w, c, budget, PN_DISPROVED, false);
				if (w->stopped)
					return -1;
				if (!good)
					continue;
				child(w, ply, moves[i]);
			}
			tried[i] = true;
			if (refute_or(w, ply + 1, budget) == 0) {
				w->map->recs[idx].depth = budget + 1;
				return 0;
			}
			if (w->failed_memory || w->stopped)
				return -1;
		}
	}
	return -1;
}

int strategy_refute_bounded(struct pn_search *s, const struct game *g, const void *root,
                            int attacker, int budget, size_t *positions)
{
	struct posmap map;
	struct walk w;
	posmap_init(&map);
	if (walk_init(&w, g, s, &map, root) < 0)
		return -1;
	w.attacker = attacker;
	int rc = g->side_to_move(root) == attacker ? refute_or(&w, 0, budget)
	                                           : refute_and(&w, 0, budget);
	*positions = map.count;
	walk_free(&w);
	posmap_free(&map);
	return rc;
}

/* Without a budget: a closed set; a position met again is fine. */
static int safe_and(struct walk *w, int ply);

static int safe_or(struct walk *w, int ply)
{
	const struct game *g = w->g;
	int n;
	enum result r = status(w, ply, &n);
	if (r != RESULT_ONGOING)
		return pn_terminal(g, at(w, ply), r, w->attacker) == PN_PROVED ? -1 : 0;
	if (ply >= PN_MAX_PLY)
		return -1;
	int added;
	struct posrec *rec = posmap_get_pos(w->map, g, at(w, ply), &added);
	if (!rec) {
		w->failed_memory = true;
		return -1;
	}
	if (!added)
		return 0;
	for (int i = 0; i < n; i++) {
		child(w, ply, w->moves[ply][i]);
		if (safe_and(w, ply + 1) < 0)
			return -1;
	}
	return 0;
}

static int safe_and(struct walk *w, int ply)
{
	const struct game *g = w->g;
	int n;
	enum result r = status(w, ply, &n);
	if (r != RESULT_ONGOING)
		return pn_terminal(g, at(w, ply), r, w->attacker) == PN_PROVED ? -1 : 0;
	if (ply >= PN_MAX_PLY)
		return -1;
	int added;
	struct posrec *rec = posmap_get_pos(w->map, g, at(w, ply), &added);
	if (!rec) {
		w->failed_memory = true;
		return -1;
	}
	if (!added)
		return 0;
	move_t *moves = w->moves[ply];
	for (int round = 0; round < 3 && !w->stopped; round++) {
		if (round == 1 && !search_says(w, at(w, ply), PN_UNBOUNDED, PN_DISPROVED, true))
			continue;
		for (int i = 0; i < n; i++) {
			unsigned char *c = child(w, ply, moves[i]);
			bool good = round < 2
			                ? pn_search_known(w->s, c, w->attacker, PN_UNBOUNDED) ==
			                      PN_DISPROVED
			                : search_says(w, c, PN_UNBOUNDED, PN_DISPROVED, false);
			if (w->stopped)
				return -1;
			if (!good)
				continue;
			/* no second choice: what this one walked is in the set */
			child(w, ply, moves[i]);
			return safe_or(w, ply + 1);
		}
	}
	return -1;
}

int strategy_refute(struct pn_search *s, const struct game *g, const void *root, int attacker,
                    size_t *positions)
{
	struct posmap map;
	struct walk w;
	posmap_init(&map);
	if (walk_init(&w, g, s, &map, root) < 0)
		return -1;
	w.attacker = attacker;
	int rc = g->side_to_move(root) == attacker ? safe_or(&w, 0) : safe_and(&w, 0);
	*positions = map.count;
	walk_free(&w);
	posmap_free(&map);
	return rc;
}
