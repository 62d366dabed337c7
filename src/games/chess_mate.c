/*
** chess_mate.c -- could the winner have mated within wm of its moves and lm
** of the loser's?  (chess_mate.h)
**
** A relaxation of the question, answered exactly: when the relaxed
** problem has no solution, neither has the real one.  In any mate the
** loser's king stands on some square F, a man of the winner attacks F, and
** each square next to F on the board is held by a man of the loser or
** attacked by a man of the winner.  The check arises with the winner's
** last move (before it the loser, not to move, cannot be in check): the
** checker arrives with that move, or another man steps off the line of a
** slider that stood aimed at F already.  Relaxed:
**   - every man moves as on an empty board (blockers never hinder; pawns
**     may step diagonally without taking a given man and promote to
**     anything), so each man needs at least its empty-board distance to a
**     square -- but a pawn steps diagonally at most as often as the other
**     side has men it may lose (the loser's men but its king; the
**     winner's but the one that mates), 0, 1 or any number of times;
**   - "attacked" means attacked on an empty board from the man's square,
**     a superset of the real attacks (x-rays through the king included);
**   - the loser's king needs its king distance to F, the winner's king
**     never stands next to F and never checks;
**   - a man that checks from where it stands now needs two moves (away and
**     back), or a discoverer: a man of the winner that reaches a square
**     between some such slider and F and leaves it (one move more than its
**     distance to the nearest such square, whichever slider it is, and
**     in whatever form it ends: a pawn may leave by promoting);
**   - men may be captured for free, castling moves the rook for free, an
**     en passant capture may uncover any of those lines.
** Each move moves one man, so the winner's moves are at least the sum of
** its men's distances, and the loser's at least its king's distance plus
** those of its blockers.  For each F within reach, a small dynamic program
** over the men (states: which of the at most nine squares of F's 3x3 block
** are covered and whether the check is fresh, values: least moves) decides
** whether some choice of final squares fits both budgets.
*/
#include <string.h>

#include "games/chess_mate.h"
#include "games/chess_tables.h"

enum { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };

#define A_FILE 0x0101010101010101ULL
#define H_FILE 0x8080808080808080ULL
#define LEVELS 16   /* budgets up to 15 moves are bounded; more: no pruning */
#define STATES 1024 /* subsets of a 3x3 block, and the fresh-check flag */
#define FRESH 512   /* the check arises with the last move */
#define CENTRE 4    /* bit of F itself in a block (row-major from F - 9) */
#define INF 255
#define MAX_FORMS 48 /* a form: a man as it may end (a pawn: pawn, queen or knight) */
#define MAX_OPTIONS 64

struct form {
	int kind, side;
	bool king;
	int start;              /* where it stands (-1: a promoted pawn's form) */
	int top;                /* reach[top] is the reach within the budget */
	uint64_t reach[LEVELS]; /* squares within j moves */
	uint64_t hits;          /* squares it may attack from somewhere in reach */
	uint64_t near;          /* the loser's: its reach in one move where the
	                           other men of its side stand in the way */
};

struct option {
	uint16_t mask;
	uint8_t cost;
};

static uint64_t king_step(uint64_t b)
{
	uint64_t r = b | ((b & ~H_FILE) << 1) | ((b & ~A_FILE) >> 1);
	return r | r << 8 | r >> 8;
}

static uint64_t knight_step(uint64_t b)
{
	const uint64_t ab = A_FILE | A_FILE << 1, gh = H_FILE | H_FILE >> 1;
	return b | (b & ~H_FILE) << 17 | (b & ~A_FILE) << 15 | (b & ~gh) << 10 | (b & ~ab) << 6 |
	       (b & ~A_FILE) >> 17 | (b & ~H_FILE) >> 15 | (b & ~ab) >> 10 | (b & ~gh) >> 6;
}

static uint64_t lines_from(int kind, int sq)
{
	switch (kind) {
	case ROOK:
		return chess_rook_mask[sq];
	case BISHOP:
		return chess_bishop_mask[sq];
	default:
		return chess_rook_mask[sq] | chess_bishop_mask[sq];
	}
}

/* The lines of a slider on sq as far as the first man of occ on each
   (kindergarten bitboards, as chess.c's). */
static uint64_t lines_through(int kind, int sq, uint64_t occ)
{
	uint64_t r = 0;
	if (kind != BISHOP) {
		int r8 = sq & 56, f = sq & 7;
		uint64_t fi = (((occ >> f) & A_FILE) * 0x0080402010080400ULL) >> 58;
		r |= (uint64_t)chess_first_rank[f][(occ >> (r8 + 1)) & 63] << r8;
		r |= chess_a_file_att[sq >> 3][fi] << f;
	}
	if (kind != ROOK) {
		const uint64_t b_file = A_FILE << 1;
		uint64_t d = chess_diag_mask[sq], a = chess_anti_mask[sq];
		const uint8_t *fr = chess_first_rank[sq & 7];
		uint64_t di = ((occ & d) * b_file) >> 58, ai = ((occ & a) * b_file) >> 58;
		r |= (d & (fr[di] * A_FILE)) | (a & (fr[ai] * A_FILE));
	}
	return r;
}

/* The squares of every file, and of every rank, that holds a square of b. */
static uint64_t files_of(uint64_t b)
{
	b |= b >> 32;
	b |= b >> 16;
	b |= b >> 8;
	return (b & 0xFF) * A_FILE;
}

static uint64_t ranks_of(uint64_t b)
{
	uint64_t r = 0;
	for (int k = 0; k < 64; k += 8)
		if (b >> k & 0xFF)
			r |= 0xFFULL << k;
	return r;
}

/* The same of the diagonals (a1-h8's way, then a8-h1's). */
static uint64_t diagonals_of(uint64_t b)
{
	const uint64_t up = 0x8040201008040201ULL, down = 0x0102040810204080ULL;
	uint64_t r = 0;
	for (int d = 0; d < 8; d++) {
		uint64_t u = up << 8 * d, v = up >> 8 * d, x = down << 8 * d, y = down >> 8 * d;
		r |= (b & u ? u : 0) | (b & v ? v : 0) | (b & x ? x : 0) | (b & y ? y : 0);
	}
	return r;
}

/* One move of a slider from any square of b on the empty board: every
   square of a line through one of them (the lines of all at once, the
   same as each square's lines_from joined, for no loop over the squares). */
static uint64_t slider_step(int kind, uint64_t b)
{
	if (!b)
		return 0;
	if (!(b & (b - 1)))
		return b | lines_from(kind, __builtin_ctzll(b));
	uint64_t r = b;
	if (kind != BISHOP) {
		uint64_t files = files_of(b);
		if (files == ~0ULL)
			return files; /* a rook's step from every file: every square */
		r |= files | ranks_of(b);
	}
	if (kind != ROOK)
		r |= diagonals_of(b);
	return r;
}

static uint64_t step(int kind, uint64_t b)
{
	switch (kind) {
	case KING:
		return king_step(b);
	case KNIGHT:
		return knight_step(b);
	default:
		return slider_step(kind, b);
	}
}

/* Squares a pawn of `side` may reach from b in one relaxed move. */
/* The same without the diagonal steps, and the diagonal steps alone. */
static uint64_t pawn_push(int side, uint64_t b)
{
	const uint64_t start = side == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	if (side == 0)
		return b << 8 | (b & start) << 16;
	return b >> 8 | (b & start) >> 16;
}

static uint64_t pawn_take(int side, uint64_t b)
{
	uint64_t side_ways = ((b & ~H_FILE) << 1) | ((b & ~A_FILE) >> 1);
	return side == 0 ? side_ways << 8 : side_ways >> 8;
}

static uint64_t pawn_step(int side, uint64_t b)
{
	const uint64_t start = side == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	uint64_t side_ways = b | ((b & ~H_FILE) << 1) | ((b & ~A_FILE) >> 1);
	if (side == 0)
		return side_ways << 8 | (b & start) << 16;
	return side_ways >> 8 | (b & start) >> 16;
}

/* Squares from which a man of the form attacks sq (empty board). */
static uint64_t attackers(const struct form *f, int sq)
{
	switch (f->kind) {
	case KING:
		return chess_king_att[sq];
	case KNIGHT:
		return chess_knight_att[sq];
	case PAWN:
		return chess_pawn_att[f->side ^ 1][sq];
	default:
		return lines_from(f->kind, sq);
	}
}

/* The squares of sq's colour. */
static uint64_t colour_of(int sq)
{
	const uint64_t dark = 0xAA55AA55AA55AA55ULL;
	return dark >> sq & 1 ? dark : ~dark;
}

static void grow(struct form *f, int budget)
{
	int j = 1;
	uint64_t at = f->reach[0];
	bool slider = f->kind == QUEEN || f->kind == ROOK || f->kind == BISHOP;
	if (slider && at && !(at & (at - 1)) && budget >= 2) {
		/* from one square on the empty board: its lines, then every
		   square (a bishop: every square of its colour) */
		int sq = __builtin_ctzll(at);
		f->reach[1] = at | lines_from(f->kind, sq);
		f->reach[2] = f->kind == BISHOP ? colour_of(sq) : ~0ULL;
		for (j = 3; j <= budget; j++) /* no further */
			f->reach[j] = f->reach[2];
	}
	for (; j <= budget; j++) {
		f->reach[j] = step(f->kind, f->reach[j - 1]);
		if (f->reach[j] == f->reach[j - 1])
			break;
	}
	for (; j <= budget; j++)
		f->reach[j] = f->reach[j - 1];
	f->top = budget;
}

/* The forms of one man of `side` on sq, reach within `budget` moves. */
/* caps: how many of its moves a pawn may make diagonally (each one takes a
   man of the other side); 2 or more: any number. */
static int man_forms(struct form *out, int kind, int side, int sq, int budget, int castle, int caps)
{
	/* only reach[0..budget] is ever read: no clearing of the rest */
	struct form *f = out;
	f->kind = kind;
	f->side = side;
	f->king = kind == KING;
	f->start = sq;
	f->top = 0;
	f->hits = 0;
	f->reach[0] = 1ULL << sq;
	if (kind != PAWN) {
		int home = side ? 56 : 0, rights = castle >> (2 * side) & 3;
		/* castling carries the rook for free (a relaxation) */
		if (kind == ROOK && (rights & 1) && sq == home + 7)
			f->reach[0] |= 1ULL << (home + 5);
		if (kind == ROOK && (rights & 2) && sq == home)
			f->reach[0] |= 1ULL << (home + 3);
		if (kind == KING && rights && budget >= 1) {
			uint64_t extra = 0;
			if (rights & 1)
				extra |= 1ULL << (home + 6);
			if (rights & 2)
				extra |= 1ULL << (home + 2);
			/* one castling move: grow from the king's square and the
			   castled squares alike after the first move */
			f->reach[1] = king_step(f->reach[0]) | extra;
			for (int j = 2; j <= budget; j++)
				f->reach[j] = king_step(f->reach[j - 1]);
			f->top = budget;
			return 1;
		}
		grow(f, budget);
		return 1;
	}
	/* a pawn: as a pawn (never on the last rank), or promoted */
	const uint64_t last = side == 0 ? 0xFF00000000000000ULL : 0xFFULL;
	struct form *q = out + 1, *n = out + 2;
	q->kind = QUEEN;
	n->kind = KNIGHT;
	q->side = n->side = side;
	q->king = n->king = false;
	q->start = n->start = -1;
	q->hits = n->hits = 0;
	q->reach[0] = n->reach[0] = 0;
	/* with caps 0 or 1: reach without a capture (r0) and with one (r1) */
	uint64_t r0 = f->reach[0], r1 = 0;
	for (int j = 1; j <= budget; j++) {
		uint64_t s;
		if (caps >= 2) {
			s = pawn_step(side, f->reach[j - 1]);
		} else {
			uint64_t s0 = pawn_push(side, r0);
			uint64_t s1 = caps ? pawn_push(side, r1) | pawn_take(side, r0) : 0;
			r0 |= s0 & ~last;
			r1 |= s1 & ~last;
			s = s0 | s1;
		}
		f->reach[j] = f->reach[j - 1] | (s & ~last);
		q->reach[j] = step(QUEEN, q->reach[j - 1]) | (s & last);
		n->reach[j] = knight_step(n->reach[j - 1]) | (s & last);
	}
	f->top = q->top = n->top = budget;
	return q->reach[budget] ? 3 : 1;
}

/* The 3x3 block around F as bits 0..8 (row-major from F - 9); off-board
   squares have no bit.  Squares and bits of the block. */
struct block {
	int f;
	int sq[9];
	uint16_t all; /* the bits of the squares on the board */
	uint64_t squares;
};

static void block_of(struct block *b, int f)
{
	int ff = f & 7, fr = f >> 3;
	b->f = f;
	b->all = 0;
	b->squares = 0;
	for (int i = 0; i < 9; i++) {
		int df = i % 3 - 1, dr = i / 3 - 1;
		int x = ff + df, y = fr + dr;
		if (x < 0 || x > 7 || y < 0 || y > 7) {
			b->sq[i] = -1;
			continue;
		}
		b->sq[i] = x + 8 * y;
		b->all |= (uint16_t)(1u << i);
		b->squares |= 1ULL << b->sq[i];
	}
}

static uint64_t hits_of(const struct form *f)
{
	uint64_t r = f->reach[f->top];
	switch (f->kind) {
	case KING:
		return king_step(r);
	case KNIGHT:
		return knight_step(r);
	case PAWN: {
		uint64_t side_ways = ((r & ~H_FILE) << 1) | ((r & ~A_FILE) >> 1);
		return f->side == 0 ? side_ways << 8 : side_ways >> 8;
	}
	default:
		/* every square, or every square of a bishop's colour: the same */
		if (r == ~0ULL || (f->kind == BISHOP && r == colour_of(__builtin_ctzll(r))))
			return r;
		return slider_step(f->kind, r);
	}
}

static int cost_of(const struct form *f, int sq)
{
	for (int j = 0; j <= f->top; j++)
		if (f->reach[j] >> sq & 1)
			return j;
	return INF;
}

/* A man's options around F: per mask of block squares, the least cost.
   The masks met are listed in `masks`. */
struct options {
	uint8_t cost[STATES];
	uint16_t masks[STATES];
	int n;
};

static void options_clear(struct options *o)
{
	for (int i = 0; i < o->n; i++)
		o->cost[o->masks[i]] = INF;
	o->n = 0;
}

static void options_add(struct options *o, uint16_t mask, int cost)
{
	if (o->cost[mask] == INF)
		o->masks[o->n++] = mask;
	if (cost < o->cost[mask])
		o->cost[mask] = (uint8_t)cost;
}

/* The squares strictly between two squares of one line (empty board). */
static uint64_t squares_between(int a, int b)
{
	int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
	int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
	if (df && dr && df != dr && df != -dr)
		return 0;
	uint64_t r = 0;
	for (int f = (a & 7) + sf, k = (a >> 3) + sr; f + 8 * k != b; f += sf, k += sr)
		r |= 1ULL << (f + 8 * k);
	return r;
}

/* Least j with reach[j] meeting the set, INF if none within the budget. */
static int distance_to(const struct form *f, uint64_t set)
{
	for (int j = 0; j <= f->top; j++)
		if (f->reach[j] & set)
			return j;
	return INF;
}

/* attack_options' options for a final square t first reached with the c-th
   move, from which the form attacks the block squares m; disc: the moves
   it needs as a discoverer (INF: none). */
static void attack_option(const struct form *f, const struct block *b, struct options *o,
                          uint16_t m, int t, int c, int disc)
{
	if (disc != INF)
		options_add(o, m | FRESH, disc > c ? disc : c);
	if (!(m >> CENTRE & 1)) {
		options_add(o, m, c);
	} else if (t != f->start) {
		options_add(o, m | FRESH, c); /* arrives checking */
	} else {
		/* it checks from where it stands: before the last move the
		   loser was not in check, so a man on this line blocked it (a
		   slider's check, stale), or it went away and came back */
		if (squares_between(t, b->f))
			options_add(o, m, 0);
		if (f->top >= 2)
			options_add(o, m | FRESH, 2);
	}
}

/*
** The winner's options for one form around F: final squares, the block
** squares they attack, FRESH when the check they give (if any) arises with
** the last move.  `via`: the least moves in which the man (in any of its
** forms: a pawn that stands on a line and promotes with its last move
** uncovers it too) reaches a square between F and a slider aimed at it
** already, where a discoverer stands before the last move; INF: none.  A
** king keeps off F's block and never checks.
*/
static void attack_options(const struct form *f, const struct block *b, int via, struct options *o)
{
	uint16_t mask[64];
	uint64_t reach = f->reach[f->top], touched = 0;
	if (f->king)
		reach &= ~b->squares;
	for (int i = 0; i < 9; i++) {
		if (b->sq[i] < 0 || (f->king && i == CENTRE))
			continue;
		uint64_t t = attackers(f, b->sq[i]) & reach;
		uint64_t fresh = t & ~touched;
		while (fresh) {
			mask[__builtin_ctzll(fresh)] = 0;
			fresh &= fresh - 1;
		}
		touched |= t;
		while (t) {
			mask[__builtin_ctzll(t)] |= (uint16_t)(1u << i);
			t &= t - 1;
		}
	}
	/* a discoverer: on an aimed square before the last move, then off it */
	int disc = via == INF || via + 1 > f->top ? INF : via + 1;
	/* somewhere attacking nothing of the block, or captured (not a king) */
	uint64_t idle = reach & ~touched;
	int idle_cost = f->king ? distance_to(f, idle) : 0;
	if (idle_cost != INF) {
		options_add(o, 0, idle_cost);
		if (disc != INF)
			options_add(o, FRESH, disc > idle_cost ? disc : idle_cost);
	}
	/* by cost: the squares first reached with the c-th move */
	for (int c = 0; c <= f->top && touched; c++) {
		uint64_t now = touched & f->reach[c];
		touched &= ~now;
		while (now) {
			int t = __builtin_ctzll(now);
			now &= now - 1;
			attack_option(f, b, o, mask[t], t, c, disc);
		}
	}
}

/* The loser's options for one form: stand on one square next to F (near:
   its one move as tighten_loser bounds it). */
static void block_options(const struct form *f, const struct block *b, struct options *o, bool near)
{
	options_add(o, 0, 0);
	for (int i = 0; i < 9; i++) {
		if (b->sq[i] < 0 || i == CENTRE)
			continue;
		int c = !near                         ? cost_of(f, b->sq[i])
		        : f->reach[0] >> b->sq[i] & 1 ? 0
		        : f->near >> b->sq[i] & 1     ? 1
		                                      : INF;
		if (c != INF)
			options_add(o, (uint16_t)(1u << i), c);
	}
}

/* The reachable states of a choice of one option per man: best[m] the
   least cost of masks making up exactly m, live[0..n) the states within
   the budget.  Two buffers; best[] is INF outside the live states. */
struct states {
	uint8_t best[2][STATES];
	uint16_t live[2][STATES];
	int n, cur;
};

static void states_init(struct states *st)
{
	memset(st->best, INF, sizeof st->best);
	st->n = 0;
	st->cur = 0;
}

static void states_start(struct states *st)
{
	uint8_t *best = st->best[st->cur];
	for (int s = 0; s < st->n; s++)
		best[st->live[st->cur][s]] = INF;
	best[0] = 0;
	st->live[st->cur][0] = 0;
	st->n = 1;
}

/* Drop the options another option beats (a superset of squares for no more). */
static void options_prune(struct options *o)
{
	int k = 0;
	for (int i = 0; i < o->n; i++) {
		uint16_t m = o->masks[i];
		bool beaten = false;
		for (int j = 0; j < o->n && !beaten; j++) {
			uint16_t x = o->masks[j];
			beaten = x != m && (x & m) == m && o->cost[x] <= o->cost[m];
		}
		if (beaten)
			o->cost[m] = INF;
		else
			o->masks[k++] = m;
	}
	o->n = k;
}

static void states_add_man(struct states *st, struct options *o, int budget)
{
	options_prune(o);
	const uint8_t *best = st->best[st->cur];
	const uint16_t *live = st->live[st->cur];
	uint8_t *next = st->best[st->cur ^ 1];
	uint16_t *next_live = st->live[st->cur ^ 1];
	int n = 0;
	for (int s = 0; s < st->n; s++) {
		int m = live[s], have = best[m];
		for (int i = 0; i < o->n; i++) {
			int mask = o->masks[i], c = have + o->cost[mask], to = m | mask;
			if (c > budget || c >= next[to])
				continue;
			if (next[to] == INF)
				next_live[n++] = (uint16_t)to;
			next[to] = (uint8_t)c;
		}
	}
	uint8_t *old = st->best[st->cur];
	for (int s = 0; s < st->n; s++)
		old[live[s]] = INF;
	st->cur ^= 1;
	st->n = n;
}

static int bits16(unsigned x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* The bits of a block's squares that are in the set. */
static uint16_t block_bits(const struct block *b, uint64_t set)
{
	uint16_t r = 0;
	for (int i = 0; i < 9; i++)
		if (b->sq[i] >= 0 && (set >> b->sq[i] & 1))
			r |= (uint16_t)(1u << i);
	return r;
}

/*
** Before the loser's search over its blockers, two cheap tests of the
** winner's states (n of them in live), each leaving `need` less the state
** for the blockers.  blocks_may_fit: false when no state may leave a rest
** the blockers can fill in lb moves -- each square of the rest must be
** within some man's reach, and each square no man stands on needs a move
** of a man of its own (one man stands on one square at the end).
** blocks_stand: true when some rest is filled by men standing there now,
** for no move at all -- when each man stands on one square (a rook that
** may castle stands on two at no cost in the relaxation, so the search
** must choose).
*/
static bool blocks_may_fit(const struct block *b, const uint16_t *live, int n, uint16_t need,
                           const uint64_t *stand, int lb)
{
	uint16_t here = block_bits(b, stand[0]), reach = block_bits(b, stand[lb]);
	for (int s = 0; s < n; s++) {
		uint16_t rest = need & ~live[s];
		if (rest & ~reach)
			continue;
		if (bits16(rest & ~here) > lb)
			continue;
		return true;
	}
	return false;
}

static bool blocks_stand(const struct block *b, const uint16_t *live, int n, uint16_t need,
                         uint64_t stand0)
{
	uint16_t here = block_bits(b, stand0);
	for (int s = 0; s < n; s++)
		if (!(need & ~live[s] & ~here))
			return true;
	return false;
}

/* A pawn has three forms but is one man: its forms are alternatives. */
struct man {
	int first, count; /* its forms */
	uint64_t hits;    /* winner: what it may attack; loser: where it may stand */
};

/* The men of one side, as forms with their reach within `budget` moves. */
struct army {
	struct form forms[MAX_FORMS];
	struct man men[16];
	int nmen;
};

/* False when the side has more men than the tables hold (no pruning). */
/* caps: the men of the other side its pawns may take (man_forms). */
static bool army_of(struct army *a, const struct chess_men *men, int side, int budget,
                    bool with_king, int caps)
{
	static const int kinds[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
	int nforms = 0;
	a->nmen = 0;
	for (int k = with_king ? 0 : 1; k < 6; k++) {
		uint64_t b = men->pc[kinds[k]] & men->col[side];
		while (b) {
			if (a->nmen == 16 || nforms + 3 > MAX_FORMS)
				return false;
			int sq = __builtin_ctzll(b);
			b &= b - 1;
			struct man *m = &a->men[a->nmen++];
			m->first = nforms;
			m->count = man_forms(a->forms + nforms, kinds[k], side, sq, budget,
			                     men->castle, caps);
			m->hits = 0;
			nforms += m->count;
		}
	}
	return true;
}

/* Each form's squares attacked (f->hits), each man's union of them, and
   the army's in *all (unless NULL); returns the squares its men other than the king
   attack: where a check can come from.  Once per army, before the forms
   are read. */
static inline uint64_t army_hits(struct army *a, uint64_t *all)
{
	uint64_t hits = 0, checks = 0;
	for (int i = 0; i < a->nmen; i++) {
		struct man *m = &a->men[i];
		for (int j = 0; j < m->count; j++) {
			struct form *f = &a->forms[m->first + j];
			f->hits = hits_of(f);
			m->hits |= f->hits;
			if (!f->king)
				checks |= f->hits;
		}
		hits |= m->hits;
	}
	if (all)
		*all = hits;
	return checks;
}

/*
** The winner's states around F (b): the masks of block squares its men may
** attack within wm moves, each with F attacked by a check that arises with
** the last move, left in ws->live[ws->cur][0..n), n returned.
*/
static int winner_states(struct states *ws, struct options *opt, const struct army *w,
                         const struct block *b, int wm, bool en_passant, uint64_t loser_double)
{
	const int f = b->f;
	/* the lines of the sliders aimed at F already */
	uint64_t aimed = 0;
	for (int i = 0; i < w->nmen; i++) {
		const struct form *first = &w->forms[w->men[i].first];
		if ((first->kind == QUEEN || first->kind == ROOK || first->kind == BISHOP) &&
		    (lines_from(first->kind, first->start) >> f & 1))
			aimed |= squares_between(first->start, f);
	}
	states_start(ws);
	if (en_passant && (aimed & loser_double)) {
		/* the captured pawn may have stood on such a line */
		ws->best[ws->cur][0] = INF;
		ws->best[ws->cur][FRESH] = 0;
		ws->live[ws->cur][0] = FRESH;
	}
	for (int i = 0; i < w->nmen && ws->n; i++) {
		const struct man *m = &w->men[i];
		const struct form *first = &w->forms[m->first];
		/* a man that cannot reach the block nor a line to uncover
		   has "nothing", free; a king must also keep off the block,
		   free when off it */
		int via = INF;
		for (int j = 0; j < m->count && aimed; j++) {
			int d = distance_to(&w->forms[m->first + j], aimed);
			via = d < via ? d : via;
		}
		bool may_uncover = via < wm;
		if (!(m->hits & b->squares) && !may_uncover &&
		    (!first->king || !(b->squares & first->reach[0])))
			continue;
		options_clear(opt);
		for (int j = 0; j < m->count; j++)
			attack_options(&w->forms[m->first + j], b, via, opt);
		states_add_man(ws, opt, wm);
	}
	int kept = 0;
	for (int s = 0; s < ws->n; s++) {
		uint16_t m = ws->live[ws->cur][s];
		if ((m >> CENTRE & 1) && (m & FRESH))
			ws->live[ws->cur][kept++] = m;
		else
			ws->best[ws->cur][m] = INF;
	}
	ws->n = kept;
	return kept;
}

/* The men of `side` in `men_of_side` that stand in the way of its
   sliders' one move: all of them but its pawns on their double step's
   rank where the other side has pawns (an en passant capture may take
   one away before the move). */
static uint64_t in_the_way(const struct chess_men *men, int side, uint64_t men_of_side)
{
	const uint64_t double_rank = side == 0 ? 0xFF000000ULL : 0xFF00000000ULL;
	if (men->pc[PAWN] & men->col[side ^ 1])
		men_of_side &= ~(men->pc[PAWN] & men->col[side] & double_rank);
	return men_of_side;
}

/* A form's reach in one move with the men of occ in the way: a piece's
   slider lines stop at the first of them; anything else (a promoted
   pawn's form, a castling rook's two squares, a leaper) keeps reach[1]. */
static uint64_t slider_step_through(const struct form *f, uint64_t occ)
{
	uint64_t at = f->reach[0];
	if (f->start >= 0 && (at & (at - 1)) == 0 &&
	    (f->kind == QUEEN || f->kind == ROOK || f->kind == BISHOP))
		return at | lines_through(f->kind, f->start, occ & ~at);
	return f->reach[1];
}

/*
** The last moves, where the men that do not move stand in the way (`tight`).
** Where at most one man of the loser's but its king is left a move to block
** with (F at the king's distance lm - 1 or lm: lb <= 1) and the winner has
** at most two moves, that man passes no other man of the loser's but a king
** that moves: those do not move, and to clear a line the winner would take
** one there and leave the square again, two moves before the mate -- save
** en passant, which clears a pawn's square (the loser's pawns on their
** double step's rank are let through where the winner has a pawn).  With
** one move of the winner's (the mate), the loser's man ends on no square of
** another that stays (the winner has no move before it to take one there);
** with one move each, the winner's man passes none of the winner's (the
** loser may only take one, and stand there), save the winner's pawns on
** their double step's rank (en passant again).
** Tightened only where asked: chess_mate_useful's "a move to spare" counts
** on the empty board's distances (a move off a line is no move nearer).
*/
static void tighten_loser(struct army *l, const struct chess_men *men, int loser, int wm, int lm)
{
	const uint64_t own = men->col[loser];
	/* the men that stay: with one move of the loser's left the king too
	   (it stays where a blocker moves); with more, the king may be the
	   one that moves besides the blocker */
	uint64_t stay = lm == 1 ? own : own & ~men->pc[KING];
	if (men->castle >> (2 * loser) & 3) /* a castling king carries its rook off */
		stay &= ~(loser ? 0x8100000000000000ULL : 0x81ULL);
	const uint64_t occ = in_the_way(men, loser, stay);
	for (int i = 0; i < l->nmen; i++) {
		const struct man *m = &l->men[i];
		for (int j = 0; j < m->count; j++) {
			struct form *f = &l->forms[m->first + j];
			f->near = slider_step_through(f, occ);
			if (wm == 1)
				f->near &= ~stay | f->reach[0];
		}
	}
}

static void tighten_winner(struct army *w, const struct chess_men *men, int winner)
{
	const uint64_t occ = in_the_way(men, winner, men->col[winner]);
	for (int i = 0; i < w->nmen; i++) {
		const struct man *m = &w->men[i];
		for (int j = 0; j < m->count; j++) {
			struct form *f = &w->forms[m->first + j];
			f->reach[1] = slider_step_through(f, occ);
		}
	}
}

static uint64_t mate_squares(const struct chess_men *men, int winner, int wm, int lm,
                             uint64_t within, bool tight);

uint64_t chess_mate_squares(const struct chess_men *men, int winner, int wm, int lm,
                            uint64_t within)
{
	return mate_squares(men, winner, wm, lm, within, true);
}

static uint64_t mate_squares(const struct chess_men *men, int winner, int wm, int lm,
                             uint64_t within, bool tight)
{
	const int loser = winner ^ 1;
	if (wm < 1)
		return 0;
	if (wm >= LEVELS || lm >= LEVELS)
		return within;
	const uint64_t lk = men->pc[KING] & men->col[loser];
	if (!lk)
		return within;
	/* the cheap tests first: most positions deep in a search fail them */
	struct form king;
	man_forms(&king, KING, loser, __builtin_ctzll(lk), lm, men->castle, 0);
	const bool tight_l = tight && lm >= 1 && wm <= 2; /* near, where lb <= 1 */
	tight &= lm == 1 && wm == 1;
	if (tight)
		king.reach[1] &= ~men->col[loser] | king.reach[0];
	if (!(king.reach[king.top] & within))
		return 0;
	struct army w, l;
	/* Captures by pawns: the winner's may take any of the loser's men but
	   its king; the loser's may take the winner's men but one, since
	   only a man of the winner other than its king can give the mate. */
	const uint64_t men_w = men->col[winner] & ~men->pc[KING];
	const uint64_t men_l = men->col[loser] & ~men->pc[KING];
	const int caps_l = __builtin_popcountll(men_w) - 1;
	if (!army_of(&w, men, winner, wm, true, __builtin_popcountll(men_l)))
		return within;
	if (tight)
		tighten_winner(&w, men, winner);

	uint64_t hits;                          /* what the winner may attack */
	uint64_t checks = army_hits(&w, &hits); /* and may check */
	/* F: reachable by the loser's king, attackable by a man of the winner */
	uint64_t targets = king.reach[king.top] & checks & within, found = 0;
	if (!targets)
		return 0;
	if (!army_of(&l, men, loser, lm, false, caps_l < 0 ? 0 : caps_l))
		return within;
	if (tight_l)
		tighten_loser(&l, men, loser, wm, lm);
	uint64_t stand[LEVELS] = {0}; /* where the loser's men may be within j moves */
	uint64_t stand_near[2] = {0}; /* the same with near (tight_l, lb <= 1) */
	bool l_single_home = true;    /* each of the loser's men stands on one square */
	for (int i = 0; i < l.nmen; i++) {
		struct man *m = &l.men[i];
		for (int j = 0; j < m->count; j++) {
			const struct form *f = &l.forms[m->first + j];
			l_single_home &= !(f->reach[0] & (f->reach[0] - 1));
			m->hits |= f->reach[f->top];
			for (int k = 0; k <= lm; k++)
				stand[k] |= f->reach[k];
			if (tight_l)
				stand_near[1] |= f->near;
		}
	}
	stand_near[0] = stand[0];

	/* the tables of the search over the men, cleared when first needed */
	struct options opt;
	struct states ws, ls;
	bool ready = false, ls_ready = false;
	const uint64_t loser_start = loser == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	const uint64_t loser_double = loser == 0 ? 0xFF000000ULL : 0xFF00000000ULL;
	const bool en_passant = (men->pc[PAWN] & men->col[winner]) &&
	                        (men->pc[PAWN] & men->col[loser] & loser_start) && lm >= 1;
	while (targets) {
		int f = __builtin_ctzll(targets);
		targets &= targets - 1;
		int lb = lm - cost_of(&king, f);
		const bool near = tight_l && lb <= 1;
		const uint64_t *st = near ? stand_near : stand;
		struct block b;
		block_of(&b, f);
		uint64_t around = b.squares & ~(1ULL << f);
		if (around & ~(hits | st[lb]))
			continue; /* a square next to F nobody can attack or hold */
		if (!ready) {
			memset(opt.cost, INF, sizeof opt.cost);
			opt.n = 0;
			states_init(&ws);
			ready = true;
		}
		int kept = winner_states(&ws, &opt, &w, &b, wm, en_passant, loser_double);
		uint16_t need = (uint16_t)(b.all & ~(1u << CENTRE));
		if (!kept)
			continue;
		bool free_block = false; /* no block needed */
		for (int s = 0; s < kept && !free_block; s++)
			free_block = !(need & ~ws.live[ws.cur][s]);
		if (free_block) {
			found |= 1ULL << f;
			continue;
		}
		if (!l.nmen)
			continue;
		if (!blocks_may_fit(&b, ws.live[ws.cur], kept, need, st, lb))
			continue;
		if (l_single_home && blocks_stand(&b, ws.live[ws.cur], kept, need, stand[0])) {
			found |= 1ULL << f;
			continue;
		}
		if (!ls_ready) /* most calls end before the blockers' search */
			states_init(&ls);
		ls_ready = true;
		states_start(&ls);
		for (int i = 0; i < l.nmen; i++) {
			const struct man *m = &l.men[i];
			if (!(m->hits & around))
				continue;
			options_clear(&opt);
			for (int j = 0; j < m->count; j++)
				block_options(&l.forms[m->first + j], &b, &opt, near);
			states_add_man(&ls, &opt, lb);
		}
		for (int s = 0; s < kept && !(found >> f & 1); s++) {
			uint16_t rest = need & ~ws.live[ws.cur][s];
			for (int t = 0; t < ls.n; t++)
				if (!(rest & ~ls.live[ls.cur][t])) {
					found |= 1ULL << f;
					break;
				}
		}
	}
	return found;
}

/*
** The loser to move with two moves left and the winner two (B W B W#): a
** move of the loser's leads to a position where chess_mate_squares is
** asked with one move of the loser's and two of the winner's.  The
** winner's part of that question (its states around each F: what it may
** attack, the fresh check) is the same after every move of the loser's
** that takes nothing (no capture changes the winner's men, a pawn of the
** loser's that leaves its first rank only takes en passant's case away),
** so it is answered once here, and each move is tested against it: after
** the move, with the loser's one move left, every square next to F that no
** state attacks must be held by a man of the loser's that stands (when F
** is the king's square: all but one, which a man reaches in one move, the
** others standing in its way as tighten_loser has it; when the king goes to
** F, all).  Where no F passes, the move leads nowhere.  Captures (en
** passant too: every diagonal step of a pawn), promotions, and the king's
** moves are let through.
*/
/* A man's squares one move from sq with the men of occ in the way: more
   than it may reach (a pawn's steps all, a slider stops at the first man). */
static uint64_t one_move(int kind, int side, int sq, uint64_t occ)
{
	uint64_t at = 1ULL << sq;
	switch (kind) {
	case KNIGHT:
		return chess_knight_att[sq];
	case PAWN:
		return pawn_step(side, at) & ~at;
	case KING:
		return chess_king_att[sq];
	default:
		return lines_through(kind, sq, occ & ~at);
	}
}

static int kind_at(const struct chess_men *men, int sq)
{
	int kind = KING;
	while (kind < PAWN && !(men->pc[kind] >> sq & 1))
		kind++;
	return kind;
}

#define MAX_RESTS 32

bool chess_mate_children(const struct chess_men *men, int winner, int wm, int lm, uint64_t found,
                         uint64_t allowed[64])
{
	const int loser = winner ^ 1;
	if (wm != 2 || lm != 2 || !found)
		return false;
	const uint64_t lk = men->pc[KING] & men->col[loser];
	if (!lk)
		return false;
	const int ksq = __builtin_ctzll(lk);
	/* the king after the move, with its one move left (a king's move is
	   let through: where it stays) */
	struct form king;
	man_forms(&king, KING, loser, ksq, 1, men->castle, 0);
	const uint64_t men_l = men->col[loser] & ~men->pc[KING];
	struct army w;
	if (!army_of(&w, men, winner, wm, true, __builtin_popcountll(men_l)))
		return false;
	uint64_t checks = army_hits(&w, NULL);
	uint64_t targets = king.reach[1] & found & checks;
	const uint64_t loser_start = loser == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	const uint64_t loser_double = loser == 0 ? 0xFF000000ULL : 0xFF00000000ULL;
	const bool en_passant =
	    (men->pc[PAWN] & men->col[winner]) && (men->pc[PAWN] & men->col[loser] & loser_start);
	/* per F: what is left to hold of the squares next to it, per state
	   (the least of them: a rest that holds another is never needed) */
	int nf = 0, fsq[9], nrest[9];
	uint64_t rest[9][MAX_RESTS];
	struct options opt;
	struct states ws;
	memset(opt.cost, INF, sizeof opt.cost);
	opt.n = 0;
	states_init(&ws);
	while (targets) {
		int f = __builtin_ctzll(targets);
		targets &= targets - 1;
		if (nf == 9)
			return false;
		struct block b;
		block_of(&b, f);
		int kept = winner_states(&ws, &opt, &w, &b, wm, en_passant, loser_double);
		uint64_t need = b.squares & ~(1ULL << f);
		int n = 0;
		for (int s = 0; s < kept; s++) {
			uint16_t st = ws.live[ws.cur][s];
			uint64_t r = need;
			for (int i = 0; i < 9; i++)
				if (st >> i & 1 && b.sq[i] >= 0)
					r &= ~(1ULL << b.sq[i]);
			if (!r)
				return false; /* nothing to hold: every move may do */
			bool beaten = false;
			for (int k = 0; k < n && !beaten; k++)
				beaten = (rest[nf][k] & r) == rest[nf][k];
			if (beaten)
				continue;
			int keep = 0;
			for (int k = 0; k < n; k++)
				if ((rest[nf][k] & r) != r)
					rest[nf][keep++] = rest[nf][k];
			n = keep;
			if (n == MAX_RESTS)
				return false;
			rest[nf][n++] = r;
		}
		if (n) {
			fsq[nf] = f;
			nrest[nf++] = n;
		}
	}
	/* the loser's men in the way after the move: as tighten_loser has it
	   with one move left (the king stays where a blocker moves) */
	const uint64_t own = men->col[loser];
	uint64_t occ = own;
	if (men->castle >> (2 * loser) & 3)
		occ &= ~(loser ? 0x8100000000000000ULL : 0x81ULL);
	occ = in_the_way(men, loser, occ);
	const uint64_t last = loser == 0 ? 0xFF00000000000000ULL : 0xFFULL;
	/* where a castling king's rook ends (held when the king castles to F) */
	const int home = loser ? 56 : 0, rights = men->castle >> (2 * loser) & 3;
	const uint64_t castled =
	    (rights & 1 ? 1ULL << (home + 5) : 0) | (rights & 2 ? 1ULL << (home + 3) : 0);
	for (int i = 0; i < 64; i++)
		allowed[i] = ~0ULL;
	for (uint64_t xs = men_l; xs; xs &= xs - 1) {
		int a = __builtin_ctzll(xs), kind = kind_at(men, a);
		uint64_t abit = 1ULL << a, o = occ & ~abit;
		/* the one moves of the others, a no longer in the way (b, where
		   the man goes, is left out of the way too: more, not less) */
		uint64_t others = 0;
		for (uint64_t ys = men_l & ~abit; ys; ys &= ys - 1) {
			int y = __builtin_ctzll(ys);
			others |= one_move(kind_at(men, y), loser, y, o);
		}
		uint64_t to = 0, cand = one_move(kind, loser, a, own) & ~own;
		for (uint64_t bs = cand; bs; bs &= bs - 1) {
			int t = __builtin_ctzll(bs);
			uint64_t tbit = 1ULL << t;
			/* a capture, en passant, a promotion: through */
			if ((men->col[winner] & tbit) || (kind == PAWN && ((t ^ a) & 7)) ||
			    (kind == PAWN && (last & tbit))) {
				to |= tbit;
				continue;
			}
			uint64_t held = (own & ~abit) | tbit;
			uint64_t reach1 = others | one_move(kind, loser, t, o);
			bool ok = false;
			for (int k = 0; k < nf && !ok; k++) {
				bool stays = fsq[k] == ksq;
				uint64_t h = stays ? held : (held & ~lk) | castled;
				for (int r = 0; r < nrest[k] && !ok; r++) {
					uint64_t x = rest[k][r] & ~h;
					ok = !x || (stays && !(x & (x - 1)) && (x & reach1));
				}
			}
			if (ok)
				to |= tbit;
		}
		allowed[a] = to;
	}
	return true;
}

/*
** The loser to move with three moves or more left to the winner: its moves
** after which chess_mate_squares (wm, lm - 1, within `found`) finds no
** square, answered here for all of them at once instead of in each child.
** With wm >= 3 the child's question is the plain relaxation (nothing
** tightened), and after a move that takes nothing its winner's part is the
** same as here (the winner's men, the men its pawns may take, the men the
** loser's pawns may take are unchanged; en passant is kept on if it is on
** here, which only adds states), so it is answered once per F: the least
** rests (the squares next to F no state of the winner's attacks) are what
** the loser must hold.  The loser's part of the child is a small dynamic
** program over its men (block_options); its answer does not depend on the
** order of the men, so for a man that moves the others' table is made once
** (per F) and the mover's options from its new square are added to it: the
** child finds F when a rest is filled by the others alone, or by them and
** the mover on the one square they leave (within the moves left).  For the
** king's moves, the least cost of the men filling some rest, against the
** moves its distance to F leaves.  The castling rights are this position's
** (a superset of the child's: more reach, never less).  After a capture
** the child's own question is asked here (its winner has a man fewer);
** en passant, promotions and castling are let through.
*/
struct next_f {
	struct block b;
	int lb;    /* the blockers' moves where the king stays (-1: it cannot reach F) */
	bool free; /* some state of the winner's leaves nothing to hold */
	int nrest; /* least rests (block bits) */
	uint16_t rest[MAX_RESTS];
	int king_cost;      /* least moves of the men filling some rest (INF: none; -1: not made) */
	uint16_t made;      /* men whose others' table is made */
	uint16_t mfree;     /* ... and some rest filled without the man */
	int8_t need[16][9]; /* the most moves the man may take to block square x (-1: none) */
};

/* The least moves a man of the forms needs to stand on sq (INF: none). */
static int forms_cost(const struct form *f, int n, int sq)
{
	int best = INF;
	for (int i = 0; i < n; i++) {
		int c = cost_of(&f[i], sq);
		best = c < best ? c : best;
	}
	return best;
}

/* The least rests of the winner's states around F, into nf; false where
   there are too many to keep. */
static bool next_rests(struct next_f *nf, const uint16_t *live, int kept)
{
	uint16_t need = (uint16_t)(nf->b.all & ~(1u << CENTRE));
	nf->free = false;
	nf->nrest = 0;
	for (int s = 0; s < kept; s++) {
		uint16_t r = need & ~live[s];
		if (!r) {
			nf->free = true;
			return true;
		}
		bool beaten = false;
		for (int k = 0; k < nf->nrest && !beaten; k++)
			beaten = (nf->rest[k] & r) == nf->rest[k];
		if (beaten)
			continue;
		int keep = 0;
		for (int k = 0; k < nf->nrest; k++)
			if ((nf->rest[k] & r) != r)
				nf->rest[keep++] = nf->rest[k];
		nf->nrest = keep;
		if (nf->nrest == MAX_RESTS)
			return false;
		nf->rest[nf->nrest++] = r;
	}
	return true;
}

/* The loser's table around F over its men but `skip` (-1: none), within
   budget moves, left in ls. */
static void next_table(struct states *ls, struct options *opt, const struct army *l,
                       const struct next_f *nf, int skip, int budget)
{
	uint64_t around = nf->b.squares & ~(1ULL << nf->b.f);
	states_start(ls);
	for (int i = 0; i < l->nmen; i++) {
		const struct man *m = &l->men[i];
		if (i == skip || !(m->hits & around))
			continue;
		options_clear(opt);
		for (int j = 0; j < m->count; j++)
			block_options(&l->forms[m->first + j], &nf->b, opt, false);
		states_add_man(ls, opt, budget);
	}
}

static void next_king_cost(struct next_f *nf, struct states *ls, struct options *opt,
                           const struct army *l, int budget)
{
	next_table(ls, opt, l, nf, -1, budget);
	nf->king_cost = INF;
	for (int t = 0; t < ls->n; t++) {
		uint16_t m = ls->live[ls->cur][t];
		int c = ls->best[ls->cur][m];
		for (int k = 0; k < nf->nrest && c < nf->king_cost; k++)
			if (!(nf->rest[k] & ~m))
				nf->king_cost = c;
	}
}

static void next_man(struct next_f *nf, struct states *ls, struct options *opt,
                     const struct army *l, int i)
{
	next_table(ls, opt, l, nf, i, nf->lb);
	memset(nf->need[i], -1, sizeof nf->need[i]);
	nf->made |= (uint16_t)(1u << i);
	for (int t = 0; t < ls->n; t++) {
		uint16_t m = ls->live[ls->cur][t];
		int left = nf->lb - ls->best[ls->cur][m];
		for (int k = 0; k < nf->nrest; k++) {
			uint16_t x = nf->rest[k] & ~m;
			if (!x) {
				nf->mfree |= (uint16_t)(1u << i);
				return;
			}
			if (!(x & (x - 1))) {
				int8_t *need = &nf->need[i][__builtin_ctz(x)];
				if (left > *need)
					*need = (int8_t)left;
			}
		}
	}
}

bool chess_mate_next(const struct chess_men *men, int winner, int wm, int lm, uint64_t found, int n,
                     const uint8_t *from, const uint8_t *to, bool *keep)
{
	const int loser = winner ^ 1;
	if (wm < 3 || wm >= LEVELS || lm < 1 || lm >= LEVELS || !found)
		return false;
	const uint64_t lk = men->pc[KING] & men->col[loser];
	if (!lk)
		return false;
	const int ksq = __builtin_ctzll(lk), lm1 = lm - 1;
	const uint64_t men_w = men->col[winner] & ~men->pc[KING];
	const uint64_t men_l = men->col[loser] & ~men->pc[KING];
	const int caps_l =
	    __builtin_popcountll(men_w) - 1 < 0 ? 0 : __builtin_popcountll(men_w) - 1;
	struct army w, l;
	if (!army_of(&w, men, winner, wm, true, __builtin_popcountll(men_l)) ||
	    !army_of(&l, men, loser, lm1, false, caps_l))
		return false;
	uint64_t checks = army_hits(&w, NULL);
	int man_at[64];
	for (int i = 0; i < l.nmen; i++) {
		struct man *m = &l.men[i];
		for (int j = 0; j < m->count; j++)
			m->hits |= l.forms[m->first + j].reach[l.forms[m->first + j].top];
		man_at[l.forms[m->first].start] = i;
	}
	/* F: within reach of the king in the child (from any square it may go to) */
	struct form king, king_now;
	man_forms(&king, KING, loser, ksq, lm, men->castle, 0);
	man_forms(&king_now, KING, loser, ksq, lm1, men->castle, 0);
	uint64_t cand = king.reach[lm] & checks & found;
	if (!cand)
		return false;
	const uint64_t loser_start = loser == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	const uint64_t loser_double = loser == 0 ? 0xFF000000ULL : 0xFF00000000ULL;
	const bool en_passant = (men->pc[PAWN] & men->col[winner]) &&
	                        (men->pc[PAWN] & men->col[loser] & loser_start) && lm1 >= 1;
	struct next_f fs[64];
	int nfs = 0;
	struct options opt;
	struct states ws, ls;
	memset(opt.cost, INF, sizeof opt.cost);
	opt.n = 0;
	states_init(&ws);
	states_init(&ls);
	for (uint64_t t = cand; t; t &= t - 1) {
		struct next_f *nf = &fs[nfs];
		block_of(&nf->b, __builtin_ctzll(t));
		int kept = winner_states(&ws, &opt, &w, &nf->b, wm, en_passant, loser_double);
		if (!kept)
			continue;
		if (!next_rests(nf, ws.live[ws.cur], kept))
			return false;
		int c = cost_of(&king_now, nf->b.f);
		nf->lb = c == INF ? -1 : lm1 - c;
		nf->king_cost = -1;
		nf->made = nf->mfree = 0;
		nfs++;
	}
	const uint64_t last = loser == 0 ? 0xFF00000000000000ULL : 0xFFULL;
	for (int k = 0; k < n; k++) {
		int a = from[k], t = to[k], kind = kind_at(men, a);
		uint64_t tbit = 1ULL << t;
		keep[k] = true;
		if ((men->col[winner] & tbit) && !(kind == PAWN && (last & tbit))) {
			/* a capture: the child's question itself (its winner's
			   part is not this one's) */
			uint64_t pc[6], col[2], abit = 1ULL << a;
			memcpy(pc, men->pc, sizeof pc);
			col[loser] = (men->col[loser] & ~abit) | tbit;
			col[winner] = men->col[winner] & ~tbit;
			pc[kind_at(men, t)] &= ~tbit;
			pc[kind] = (pc[kind] & ~abit) | tbit;
			const struct chess_men child = {pc, col, men->castle};
			keep[k] = chess_mate_squares(&child, winner, wm, lm1, found) != 0;
			continue;
		}
		if ((kind == PAWN && (((t ^ a) & 7) || (last & tbit))) ||
		    (kind == KING && (t - a == 2 || a - t == 2)))
			continue; /* en passant, a promotion, castling */
		bool ok = false;
		if (kind == KING) {
			struct form kt;
			man_forms(&kt, KING, loser, t, lm1, men->castle, 0);
			for (int i = 0; i < nfs && !ok; i++) {
				struct next_f *nf = &fs[i];
				int c = cost_of(&kt, nf->b.f);
				if (c == INF)
					continue;
				if (nf->free) {
					ok = true;
					break;
				}
				if (nf->king_cost < 0)
					next_king_cost(nf, &ls, &opt, &l, lm1);
				ok = c + nf->king_cost <= lm1;
			}
			keep[k] = ok;
			continue;
		}
		int mi = man_at[a];
		struct form there[3];
		int nthere = 0;
		for (int i = 0; i < nfs && !ok; i++) {
			struct next_f *nf = &fs[i];
			if (nf->lb < 0)
				continue;
			if (nf->free) {
				ok = true;
				break;
			}
			if (!(nf->made >> mi & 1))
				next_man(nf, &ls, &opt, &l, mi);
			if (nf->mfree >> mi & 1) {
				ok = true;
				break;
			}
			for (int x = 0; x < 9 && !ok; x++) {
				if (nf->need[mi][x] < 0)
					continue;
				if (!nthere)
					nthere = man_forms(there, kind, loser, t, lm1, men->castle,
					                   caps_l);
				ok = forms_cost(there, nthere, nf->b.sq[x]) <= nf->need[mi][x];
			}
		}
		keep[k] = ok;
	}
	return true;
}

/*
** The loser's useful moves.  When the loser cannot fit within lm - 1 of its
** moves (chess_mate_squares with lm - 1 finds no square), every one of its
** lm moves is needed: along any line to a mate, the relaxed cost of each of
** its men (the king's distance to F, a blocker's to its square next to F,
** 0 for a man with no part) is exactly the moves that man makes, or the
** sum would fit within lm - 1.  So the man that moves now brings itself one
** move nearer to its part: the king nearer to some F, a blocker nearer to
** some square next to some F.  Any other move leads nowhere.  For pieces
** the relaxed distance is the empty board's (king: steps; rook, bishop,
** queen: 0, 1 or 2 moves; knight: its steps), so the test is exact; a pawn
** is measured by its forms as the relaxation counts them (pawn_useful), and
** a king or rook that may castle is let through.
*/
static int piece_distance(int kind, int from, int to, const uint64_t *knight_levels, int levels)
{
	if (from == to)
		return 0;
	uint64_t at = 1ULL << from;
	switch (kind) {
	case KING: {
		int df = (from & 7) - (to & 7), dr = (from >> 3) - (to >> 3);
		df = df < 0 ? -df : df;
		dr = dr < 0 ? -dr : dr;
		return df > dr ? df : dr;
	}
	case KNIGHT:
		for (int j = 1; j < levels; j++)
			if (knight_levels[j] & at)
				return j;
		return INF;
	case BISHOP:
		if (chess_bishop_mask[to] & at)
			return 1;
		return ((from ^ (from >> 3)) & 1) == ((to ^ (to >> 3)) & 1) ? 2 : INF;
	default:
		return lines_from(kind, to) & at ? 1 : 2;
	}
}

/* Squares within r moves of sq for a piece of the kind (empty board). */
static uint64_t piece_ball(int kind, int sq, int r, const uint64_t *knight_levels)
{
	if (r < 0)
		return 0;
	if (kind == KNIGHT)
		return knight_levels[r];
	uint64_t b = 1ULL << sq;
	for (int j = 0; j < r; j++) {
		uint64_t n = step(kind, b);
		if (n == b)
			break;
		b = n;
	}
	return b;
}

/* Levels of a king's or knight's empty-board distance from sq: lv[j] the
   squares within j moves, up to lv[LEVELS - 1]. */
static void levels_from(int kind, int sq, uint64_t *lv)
{
	lv[0] = 1ULL << sq;
	for (int j = 1; j < LEVELS; j++)
		lv[j] = kind == KING ? king_step(lv[j - 1]) : knight_step(lv[j - 1]);
}

/* Squares b one move of the kind away from a that bring the man nearer to
   some square of t (empty-board distance): some square of t is within j
   moves of b and not within j of a. */
static uint64_t nearer(int kind, int a, uint64_t t)
{
	uint64_t la[LEVELS], lb[LEVELS], to = 0;
	levels_from(kind, a, la);
	for (uint64_t c = la[1] & ~la[0]; c; c &= c - 1) {
		int b = __builtin_ctzll(c);
		levels_from(kind, b, lb);
		for (int j = 0; j < LEVELS - 1; j++)
			if (lb[j] & ~la[j] & t) {
				to |= 1ULL << b;
				break;
			}
	}
	return to;
}

/*
** The winner's useful moves, the same reasoning: with no move to spare each
** man that moves goes nearer to its part.  Its parts are many (a slider
** attacks a square next to F from most of the board; a discoverer leaves a
** line), so only kings and knights are held: a knight that attacks no F
** must go nearer to a square from which it attacks one next to some F
** (or F); a king outside every F's block nearer to a square two steps from
** some F (from where it guards).  Where a slider of the winner stands aimed
** at some F (a man may uncover it) every move is let through.
*/
static bool winner_useful(const struct chess_men *men, int winner, int wm, int lm, uint64_t found,
                          uint64_t useful[64])
{
	if (wm < 2 || mate_squares(men, winner, wm - 1, lm, found, false))
		return false; /* a move to spare */
	const uint64_t own = men->col[winner];
	const uint64_t rooks = (men->pc[ROOK] | men->pc[QUEEN]) & own;
	const uint64_t bishops = (men->pc[BISHOP] | men->pc[QUEEN]) & own;
	uint64_t blocks = 0, ring = 0;
	for (uint64_t t = found; t; t &= t - 1) {
		int f = __builtin_ctzll(t);
		if ((chess_rook_mask[f] & rooks) || (chess_bishop_mask[f] & bishops))
			return false; /* a discovered check may be on */
		uint64_t block = king_step(1ULL << f);
		blocks |= block;
		ring |= king_step(block) & ~block;
	}
	const bool may_castle = (men->castle >> (2 * winner) & 3) != 0;
	uint64_t knight_parts = 0; /* squares from which a knight attacks a block square */
	for (uint64_t t = blocks; t; t &= t - 1)
		knight_parts |= chess_knight_att[__builtin_ctzll(t)];
	for (uint64_t b = own; b; b &= b - 1) {
		int a = __builtin_ctzll(b);
		uint64_t at = 1ULL << a;
		if (men->pc[KNIGHT] & at)
			useful[a] =
			    chess_knight_att[a] & found ? ~0ULL : nearer(KNIGHT, a, knight_parts);
		else if ((men->pc[KING] & at) && !may_castle && !(blocks & at))
			useful[a] = nearer(KING, a, ring);
		else
			useful[a] = ~0ULL;
	}
	return true;
}

/*
** A pawn of the loser with no move to spare: a step (a push, a diagonal
** step, a promotion) that brings it nearer to a square of `around` as the
** relaxation counts (its forms: pawn, queen, knight, the diagonal steps
** within caps; a queen's reach is a rook's or bishop's too).  A double step
** is always let through where the winner has a pawn: en passant may need
** it, and the relaxation counts the pawn taken as no move.
*/
static uint64_t pawn_useful(const struct chess_men *men, int side, int a, int lm, uint64_t around,
                            int caps)
{
	const uint64_t last = side == 0 ? 0xFF00000000000000ULL : 0xFFULL;
	const uint64_t at = 1ULL << a;
	uint64_t to = 0;
	const uint64_t start = side == 0 ? 0xFF00ULL : 0xFF000000000000ULL;
	if ((at & start) && (men->pc[PAWN] & men->col[side ^ 1]))
		to |= side == 0 ? at << 16 : at >> 16;
	struct form here[3], there[3];
	int n = man_forms(here, PAWN, side, a, lm, 0, caps < 0 ? 0 : caps);
	uint64_t steps = pawn_step(side, at) & ~at;
	for (; steps; steps &= steps - 1) {
		int b = __builtin_ctzll(steps), m;
		if (last >> b & 1) {
			m = man_forms(there, QUEEN, side, b, lm, 0, 0);
			m += man_forms(there + m, KNIGHT, side, b, lm, 0, 0);
		} else {
			m = man_forms(there, PAWN, side, b, lm, 0, caps < 0 ? 0 : caps);
		}
		for (uint64_t t = around; t; t &= t - 1) {
			int sq = __builtin_ctzll(t), c = forms_cost(here, n, sq);
			if (c != INF && c <= lm && forms_cost(there, m, sq) < c) {
				to |= 1ULL << b;
				break;
			}
		}
	}
	return to;
}

bool chess_mate_useful(const struct chess_men *men, int winner, int mover, int wm, int lm,
                       uint64_t found, uint64_t useful[64])
{
	const int loser = winner ^ 1;
	if (!found)
		return false;
	if (mover == winner)
		return wm < LEVELS && winner_useful(men, winner, wm, lm, found, useful);
	if (lm < 1 || lm >= LEVELS)
		return false;
	if (mate_squares(men, winner, wm, lm - 1, found, false))
		return false; /* a move to spare */
	const bool may_castle = (men->castle >> (2 * loser) & 3) != 0;
	/* the diagonal steps its pawns may make (chess_mate_squares' caps_l) */
	const int caps = __builtin_popcountll(men->col[winner] & ~men->pc[KING]) - 1;
	uint64_t around = 0; /* the squares next to some F */
	for (uint64_t t = found; t; t &= t - 1)
		around |= chess_king_att[__builtin_ctzll(t)];
	uint64_t knight[LEVELS]; /* a square's knight levels, filled per square */
	for (uint64_t b = men->col[loser]; b; b &= b - 1) {
		int a = __builtin_ctzll(b), kind = KING;
		while (kind < PAWN && !(men->pc[kind] >> a & 1))
			kind++;
		if (kind == PAWN) {
			useful[a] = pawn_useful(men, loser, a, lm, around, caps);
			continue;
		}
		if (may_castle && (kind == KING || kind == ROOK)) {
			useful[a] = ~0ULL;
			continue;
		}
		uint64_t to = 0;
		/* the king: nearer to some F; another man: to a square next to one */
		for (uint64_t t = kind == KING ? found : around; t; t &= t - 1) {
			int sq = __builtin_ctzll(t);
			if (kind == KNIGHT) {
				knight[0] = 1ULL << sq;
				for (int j = 1; j < LEVELS; j++)
					knight[j] = knight_step(knight[j - 1]);
			}
			int d = piece_distance(kind, a, sq, knight, LEVELS);
			if (d != INF && d <= lm)
				to |= piece_ball(kind, sq, d - 1, knight);
		}
		useful[a] = to;
	}
	return true;
}
