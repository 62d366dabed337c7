/*
** popeye_series_hash.c -- Popeye's series-help play as its hash table
** leaves it (see popeye_series_hash.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "popeye_series_hash.h"

#define NO_ENTRY (-1)
#define MAX_SERIES 64

/* A position's two entries: the moves left of the last search from it that
   found no line, and of the last (keep_least: the least) that found one. */
struct entry {
	uint64_t key;
	int not_solved, solved;
	bool used;
};

struct emulation {
	const struct game *g;
	struct popeye_series_options opt;
	struct entry *table;
	size_t size, used; /* a power of two; entries in use */
	char **lines;
	int count, cap;
	bool oom;
	char texts[MAX_SERIES + 1][16]; /* the current line's moves */
};

static struct entry *lookup(struct emulation *e, uint64_t key, bool add);

static bool grow(struct emulation *e)
{
	struct entry *old = e->table;
	size_t old_size = e->size;
	e->size = old_size ? old_size * 2 : 1u << 12;
	e->table = calloc(e->size, sizeof *e->table);
	if (!e->table) {
		e->table = old;
		e->size = old_size;
		return false;
	}
	e->used = 0;
	for (size_t i = 0; i < old_size; i++)
		if (old[i].used)
			*lookup(e, old[i].key, true) = old[i];
	free(old);
	return true;
}

static struct entry *lookup(struct emulation *e, uint64_t key, bool add)
{
	if (add && (e->used + 1) * 2 > e->size && !grow(e))
		return NULL;
	if (!e->size)
		return NULL;
	for (size_t i = (size_t)key & (e->size - 1);; i = (i + 1) & (e->size - 1)) {
		struct entry *x = &e->table[i];
		if (x->used && x->key == key)
			return x;
		if (!x->used) {
			if (!add)
				return NULL;
			*x = (struct entry){
			    .key = key, .not_solved = NO_ENTRY, .solved = NO_ENTRY, .used = true};
			e->used++;
			return x;
		}
	}
}

/* Popeye's inhash_help: cut when a search from here with `left` moves or
   more found no line, unless one with `left` or fewer found one. */
static bool cut(struct emulation *e, uint64_t key, int left)
{
	const struct entry *x = lookup(e, key, false);
	return x && x->not_solved >= left && !(x->solved != NO_ENTRY && x->solved <= left);
}

/* addtohash_help_solved, addtohash_help_not_solved: set_value_help
   overwrites the entry (keep_least: the solved one keeps its least). */
static void remember(struct emulation *e, uint64_t key, int left, bool solved)
{
	struct entry *x = lookup(e, key, true);
	if (!x) {
		e->oom = true;
		return;
	}
	if (!solved)
		x->not_solved = left;
	else if (!e->opt.keep_least || x->solved == NO_ENTRY || left < x->solved)
		x->solved = left;
}

struct ordered {
	uint32_t order;
	move_t move;
};

static int by_order(const void *x, const void *y)
{
	const struct ordered *a = x, *b = y;
	if (a->order != b->order)
		return (a->order > b->order) - (a->order < b->order);
	return (a->move > b->move) - (a->move < b->move);
}

/* The legal moves of pos in Popeye's order; a mating move comes from its
   mating move generator, which plays the men from h8 down (as
   output/popeye.c has it). */
static int ordered_moves(const struct game *g, void *pos, struct ordered *out, bool mating)
{
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	const uint32_t low = (1u << PRINT_ORDER_MAN_SHIFT) - 1;
	for (int i = 0; i < n; i++) {
		uint32_t o = g->print_order ? g->print_order(pos, moves[i]) : 0;
		if (mating)
			o = (low - (o >> PRINT_ORDER_MAN_SHIFT)) << PRINT_ORDER_MAN_SHIFT |
			    (o & low);
		out[i] = (struct ordered){o, moves[i]};
	}
	qsort(out, (size_t)n, sizeof *out, by_order);
	return n;
}

static void record(struct emulation *e, int moves)
{
	if (e->count == e->cap) {
		int cap = e->cap ? e->cap * 2 : 64;
		char **l = realloc(e->lines, (size_t)cap * sizeof *l);
		if (!l) {
			e->oom = true;
			return;
		}
		e->lines = l;
		e->cap = cap;
	}
	size_t len = 0;
	for (int i = 0; i < moves; i++)
		len += strlen(e->texts[i]) + 1;
	char *s = malloc(len + 1);
	if (!s) {
		e->oom = true;
		return;
	}
	s[0] = 0;
	for (int i = 0; i < moves; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, e->texts[i]);
	}
	e->lines[e->count++] = s;
}

/* The winning side's mates from pos, each the end of a line of `ply`
   series moves; whether there is one. */
static bool mates(struct emulation *e, void *pos, int ply)
{
	const struct game *g = e->g;
	struct ordered moves[MAX_MOVES];
	int n = ordered_moves(g, pos, moves, true);
	bool any = false;
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	for (int k = 0; k < n && !e->oom; k++) {
		move_t m = moves[k].move;
		g->move_text(pos, m, MOVE_CANONICAL, e->texts[ply], sizeof e->texts[ply]);
		g->make(pos, m, undo);
		move_t replies[MAX_MOVES];
		int r = g->gen_moves(pos, replies);
		if (g->outcome(pos, replies, r) == RESULT_LOSS) {
			any = true;
			record(e, ply + 1);
		}
		g->unmake(pos, m, undo);
	}
	return any;
}

/* `left` series moves from pos, the series' side to move: Popeye's search
   of exactly that many, with its table. */
static bool series(struct emulation *e, void *pos, int left, int ply)
{
	const struct game *g = e->g;
	uint64_t key = g->hash(pos);
	if (cut(e, key, left))
		return false;
	struct ordered moves[MAX_MOVES];
	int n = ordered_moves(g, pos, moves, false);
	bool solved = false;
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE], pass[MAX_UNDO_SIZE];
	for (int k = 0; k < n && !e->oom; k++) {
		move_t m = moves[k].move;
		g->move_text(pos, m, MOVE_CANONICAL, e->texts[ply], sizeof e->texts[ply]);
		g->make(pos, m, undo);
		bool check = g->in_check && g->in_check(pos);
		bool over = g->is_over && g->is_over(pos);
		if (!over && (!check || (left == 1 && e->opt.last_check))) {
			if (left == 1) {
				solved |= mates(e, pos, ply + 1);
			} else {
				g->make_null(pos, pass);
				solved |= series(e, pos, left - 1, ply + 1);
				g->unmake_null(pos, pass);
			}
		}
		g->unmake(pos, m, undo);
	}
	remember(e, key, left, solved);
	return solved;
}

int popeye_series_help_lines(const struct game *g, const void *pos, int n,
                             struct popeye_series_options opt, char ***out)
{
	struct emulation e = {.g = g, .opt = opt};
	_Alignas(16) unsigned char work[MAX_POS_SIZE];
	*out = NULL;
	if (n > MAX_SERIES)
		return 0;
	/* every length from one series move up, one table for them all */
	for (int k = 1; k <= n && !e.oom; k++) {
		memcpy(work, pos, g->pos_size);
		series(&e, work, k, 0);
	}
	free(e.table);
	if (e.oom) {
		popeye_series_lines_free(e.lines, e.count);
		return -1;
	}
	*out = e.lines;
	return e.count;
}

void popeye_series_lines_free(char **lines, int count)
{
	for (int i = 0; i < count; i++)
		free(lines[i]);
	free(lines);
}
