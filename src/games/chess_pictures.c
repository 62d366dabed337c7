/*
** chess_pictures.c -- help play's mate pictures (chess_pictures.h).
**
** Popeye's Intelligent mode's idea, maat's own way.  At the root, every
** picture of the final mate within the budgets is enumerated: the
** loser's king on a square F, a checker of the winner (a man, the form it
** ends in, its square), and for each square next to F, in a fixed order,
** one thing that keeps the king off it -- a man of the loser standing
** there, or a man of the winner attacking it -- unless the men already
** placed attack it or stand there.  A picture is a set of roles (this man
** of the root position, in this form, on this square at the end).
**
** Complete: in any mate the line reaches, the king stands on some F, some
** man checks it, and each square next to F holds a loser's man or is
** attacked by the winner (the king taken off the board: it does not
** shield the square behind it).  Taking those men of the real final
** position, square by square in the enumeration's order, gives a picture
** the enumeration makes: it only asks attacks on an empty board (a
** superset of the real ones) and budgets no real line exceeds.
**
** The cost of a picture is, per side, the sum of its role men's least
** moves to their squares and forms on an empty board (pawns: straight or
** diagonal steps, a double step from home, promotion to any form; a king
** and rook with a castling right: the castling too, man_dist), a lower
** bound of the moves any line spends on them.  A picture whose cost
** exceeds a side's moves left is dropped; one whose role man is taken is
** dropped.  A checker that is a knight or a pawn at the end makes the
** line's last move (a check of either cannot be uncovered, and the loser
** never moves into one): standing on its square before that move, it must
** leave and come back -- two moves for a knight, never for a pawn.  Along
** the line the plan keeps, per ply, the men's squares (men are known by
** where they stood at the root) and the pictures still
** within reach; a position with none has no line, a fact about the
** position (any line from it would reach a picture of the root's whose
** cost is a lower bound here too), so the solver's table stays exact.
**
** A stalemate's pictures (help play to "=") are the same without the
** checker: the loser's king on F, and each square next to F held by a man
** of the loser's or attacked by one of the winner's (the king not in
** check, nothing is seen through it); then a fate for each other man of
** the loser's, immobilised on its square by the picture's men or taken
** (settle, below), the men to be taken counted against the winner's
** moves, and each of those walked to a square where a winner's man may
** take it within the winner's spare moves, its moves counted against the
** loser's (routes_keep).  stale_reachable, below, also counts what the
** loser's men need, and a move is kept only where both still allow a
** stalemate.
*/
#include <stdlib.h>
#include <string.h>

#include "games/chess_mate.h"
#include "games/chess_pictures.h"

enum { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };
enum { NONE = 12, OFF = 64 };

#define INF 63
#define MAX_MEN 32
#ifndef MAX_ROLES /* (smaller in a check of the overflow path) */
#define MAX_ROLES 12
#endif
/* A stalemate's pictures hold every man of the loser's that stays on the
   board, and what immobilises each: more roles. */
#ifndef MAX_STALE_ROLES
#define MAX_STALE_ROLES 24
#endif
#define ROLE_SPACE (MAX_STALE_ROLES > MAX_ROLES ? MAX_STALE_ROLES : MAX_ROLES)
/* Beyond this many pictures at the root the plan is not made: the search
   without it is the cheaper one (measured on the corpus' help records). */
#ifndef MAX_PICTURES
#define MAX_PICTURES (1L << 17)
#endif
/* ... nor when the enumeration takes more than this many steps (placings
   tried), which bounds its own time (about 10 ms a million). */
#ifndef MAX_STEPS
#define MAX_STEPS (1L << 22)
#endif
/* A stalemate's fates take more steps, most of them men placed where
   nothing can immobilise them (Kardos's h=8, hpint.inp: 4.7 million, the
   search without them 30 times longer). */
#ifndef MAX_STALE_STEPS
#define MAX_STALE_STEPS (1L << 24)
#endif

/* A role's code: its form and square (form << 6 | square), plus
   CHECKS_LAST where its man is a checker that must make the last move
   (checks_last). */
#define ROLE_CODES (6 << 6)
#define CHECKS_LAST ROLE_CODES
/* routes_keep's code of a winner's man outside the picture */
#define NO_ROLE ROLE_CODES
/* routes_keep asks pictures that leave the winner at most this many moves
   beyond its roles' (more: too many squares where a man may be taken to
   tell much, each at a cost) */
#ifndef ROUTE_SLACK
#define ROUTE_SLACK 2
#endif

struct role {
	uint8_t man, sq, kind;
};

struct picture {
	uint32_t mask; /* the role men */
	uint8_t n;
	struct role r[ROLE_SPACE];
};

struct live {
	uint32_t pic;
	uint32_t mask;  /* the picture's role men (a copy: most moves touch none) */
	uint8_t req[2]; /* least moves: [0] the winner's, [1] the loser's */
	uint8_t gone;   /* a stalemate's: the loser's men on the board outside the
	                   picture, each to be taken by a move of the winner's */
};

/* The men along the line: where each stands and in which form. */
struct men_state {
	int8_t at[64]; /* man on the square, -1: none */
	uint8_t sq[MAX_MEN];
	uint8_t kind[MAX_MEN];
};

struct chess_plan {
	int winner, plies, nmen;
	uint8_t side[MAX_MEN];
	/* castling at the root (see man_dist): the man's squares once castled,
	   OFF where it has none (a king may castle both ways) */
	uint8_t castled[MAX_MEN][2];
	uint8_t home[MAX_MEN];      /* its square at the root */
	uint8_t knight[64][64];     /* knight distances on the board */
	uint64_t att[2][6][64];     /* [side][form][f]: the squares a man of it attacks f from */
	uint8_t dt[MAX_MEN][6][64]; /* [man][form][sq]: its least moves from the root */
	uint64_t within[MAX_MEN][6][31]; /* [man][form][c]: the squares of dt <= c */
	struct picture *pics;
	long npics, cap_pics;
	/* [man * npics + picture]: the man's role in it (its code: form << 6
	   | square, plus CHECKS_LAST for a checker that moves last), where the
	   picture's mask holds the man: by man, so that a move reads its man's
	   roles in the order of the live list (chess_plan_move) */
	uint16_t *role_of;
	bool too_many;
	bool off; /* pruning no more (see chess_plan_move) */
	/* the goal is the loser's stalemate: its pictures have no checker,
	   and each position is also asked stale_reachable */
	bool stalemate;
	/* the pictures are kept (false: a stalemate's were too many, and
	   nlive[ply] is 1 while stale_reachable holds, else 0) */
	bool pictures;
	/* a stalemate's pictures give every man of the loser's a fate
	   (settle): those outside one are to be taken (struct live, gone) */
	bool fates;
	int slack;          /* the loser's castlings left at the root: a move of two men */
	uint64_t nb[6][64]; /* [form][sq]: the squares a man of the form on sq steps to
	                       next to it (queen, rook, bishop, king: the adjacent ones
	                       of its lines; knight: its jumps) */
	/* "#=": the stalemate's plan beside this mate's, a move kept where
	   either keeps it (each follows the line in its own arrays) */
	struct chess_plan *or_stalemate;
	struct men_state *st; /* [plies + 1] */
	struct live **live;   /* [plies + 1] */
	long *nlive, *cap_live;
	/* chess_plan_move's change of the moved man's least moves by its
	   role's form and square (many pictures share a role): valid where
	   stamp equals the call's */
	int8_t delta[2 * ROLE_CODES];
	uint32_t stamp[2 * ROLE_CODES], calls;
	/* the capture routes of a stalemate's men to be taken (routes_keep),
	   made at the first position that asks them: */
	uint8_t *tdist; /* [from form][from square][form][square]: dist() of the winner's */
	uint64_t
	    *zroute; /* [(man * NO_ROLE + 1 + code) * (ROUTE_SLACK + 1) + spare]: route_squares */
	/* [man * (NO_ROLE + 1) + code]: zroute is the man's where it stands
	   as this says (1 + form << 6 | square; 0: none yet) */
	uint16_t *zstamp;
	/* [man][c]: the squares the loser's man stands on within c moves,
	   where it stands as reach_stamp says (as zstamp) */
	uint64_t reach[MAX_MEN][31];
	uint16_t reach_stamp[MAX_MEN];
};

static int file_of(int sq)
{
	return sq & 7;
}

static int rank_of(int sq)
{
	return sq >> 3;
}

static int absi(int x)
{
	return x < 0 ? -x : x;
}

static int cheb(int a, int b)
{
	int df = absi(file_of(a) - file_of(b)), dr = absi(rank_of(a) - rank_of(b));
	return df > dr ? df : dr;
}

static bool same_line(int a, int b)
{
	return file_of(a) == file_of(b) || rank_of(a) == rank_of(b);
}

static bool same_diag(int a, int b)
{
	return absi(file_of(a) - file_of(b)) == absi(rank_of(a) - rank_of(b));
}

/* Least moves of a pawn of `side` from a to b as a pawn (b on the last
   rank: to promote there), on an empty board: every step forward, straight
   or diagonal, a double step from home straight. */
static int pawn_dist(int side, int a, int b)
{
	int r0 = rank_of(a), r1 = rank_of(b);
	if (side) {
		r0 = 7 - r0;
		r1 = 7 - r1;
	}
	int dr = r1 - r0, df = absi(file_of(a) - file_of(b));
	if (dr < 0 || df > dr)
		return INF;
	if (r0 == 1 && dr >= 2 && df <= dr - 2)
		return dr - 1;
	return dr;
}

static int piece_dist(const struct chess_plan *p, int kind, int a, int b)
{
	if (a == b)
		return 0;
	switch (kind) {
	case KING:
		return cheb(a, b);
	case QUEEN:
		return same_line(a, b) || same_diag(a, b) ? 1 : 2;
	case ROOK:
		return same_line(a, b) ? 1 : 2;
	case BISHOP:
		if (((file_of(a) + rank_of(a)) & 1) != ((file_of(b) + rank_of(b)) & 1))
			return INF;
		return same_diag(a, b) ? 1 : 2;
	default:
		return p->knight[a][b];
	}
}

/* Least moves of a man of `side` in form `kind` on a to end in form
   `tkind` on b (a pawn may promote on the way). */
static int dist(const struct chess_plan *p, int side, int kind, int a, int tkind, int b)
{
	if (kind == tkind)
		return kind == PAWN ? pawn_dist(side, a, b) : piece_dist(p, kind, a, b);
	if (kind != PAWN || tkind == KING || tkind == PAWN)
		return INF;
	int last = side ? 0 : 56, best = INF;
	for (int f = 0; f < 8; f++) {
		int d = pawn_dist(side, a, last + f);
		if (d >= INF)
			continue;
		d += piece_dist(p, tkind, last + f, b);
		if (d < best)
			best = d;
	}
	return best;
}

/* dist() for man m of the plan, castling included: from its root square a
   king with a castling right may be on its castled square after one move,
   and the rook of that right there after none (the move is the king's; as
   a sum over the side's men this stays a lower bound).  A function of the
   man's square and form alone (a right counts as long as the man stands
   on its root square, even once lost: still a lower bound), so that
   chess_plan_move may update a picture's cost by differences. */
static int man_dist(const struct chess_plan *p, int m, int kind, int a, int tkind, int b)
{
	int d = dist(p, p->side[m], kind, a, tkind, b);
	if (a != p->home[m] || kind != tkind)
		return d;
	for (int k = 0; k < 2; k++) {
		int c = p->castled[m][k];
		if (c == OFF)
			continue;
		int via = kind == KING ? 1 + cheb(c, b) : piece_dist(p, ROOK, c, b);
		if (via < d)
			d = via;
	}
	return d;
}

/* Does a checker of this form make the line's last move?  A knight's
   check and a pawn's cannot be uncovered by another man's move, and the
   loser, who moved before, cannot have left its king in one: the checker
   itself gives it, with the winner's last move. */
static bool checks_last(int kind)
{
	return kind == KNIGHT || kind == PAWN;
}

/* man_dist() of a checker that makes the last move: a man already on its
   square in its form has to leave and come back (a knight: two moves; a
   pawn never comes back). */
static int checker_dist(const struct chess_plan *p, int m, int kind, int a, int tkind, int b)
{
	int d = man_dist(p, m, kind, a, tkind, b);
	if (d > 0 || !checks_last(tkind))
		return d;
	return tkind == KNIGHT ? 2 : INF;
}

/* Does a man of `side` in form `kind` on t attack f on an empty board? */
static bool attacks(int side, int kind, int t, int f)
{
	if (t == f)
		return false;
	int df = absi(file_of(t) - file_of(f)), dr = rank_of(f) - rank_of(t);
	switch (kind) {
	case KING:
		return cheb(t, f) == 1;
	case QUEEN:
		return same_line(t, f) || same_diag(t, f);
	case ROOK:
		return same_line(t, f);
	case BISHOP:
		return same_diag(t, f);
	case KNIGHT:
		return (df == 1 && absi(dr) == 2) || (df == 2 && absi(dr) == 1);
	default:
		return df == 1 && dr == (side ? -1 : 1);
	}
}

static const int pawn_forms[5] = {PAWN, QUEEN, ROOK, BISHOP, KNIGHT};
#define PAWN_SQUARES 0x00FFFFFFFFFFFF00ULL

/* May a pawn of `side` stand on sq (not its first rank nor its last)? */
static bool pawn_square(int sq)
{
	return rank_of(sq) != 0 && rank_of(sq) != 7;
}

static void knight_table(struct chess_plan *p)
{
	static const int jump[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
	                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
	for (int a = 0; a < 64; a++) {
		uint8_t *d = p->knight[a];
		int queue[64], head = 0, tail = 0;
		memset(d, INF, 64);
		d[a] = 0;
		queue[tail++] = a;
		while (head < tail) {
			int s = queue[head++];
			for (int k = 0; k < 8; k++) {
				int f = file_of(s) + jump[k][0], r = rank_of(s) + jump[k][1];
				if (f < 0 || f > 7 || r < 0 || r > 7 || d[r * 8 + f] != INF)
					continue;
				d[r * 8 + f] = (uint8_t)(d[s] + 1);
				queue[tail++] = r * 8 + f;
			}
		}
	}
}

/* ---- the enumeration ---- */

struct gen {
	struct chess_plan *p;
	const struct men_state *root;
	int wm, lm, F;
	int cost[2];
	int8_t on[64]; /* role man whose square it is, -1 */
	uint64_t line; /* the squares between the checker and F: empty at the end */
	uint64_t occ;  /* the squares of the picture's men */
	long steps;
	bool (*stopped)(void *ctx); /* the caller's limits, asked now and then */
	void *ctx;
	int overflow;   /* roles pushed past max_roles (the plan is given up) */
	int max_roles;  /* MAX_ROLES, or a stalemate's MAX_STALE_ROLES */
	long max_steps; /* MAX_STEPS, or the fates' MAX_STALE_STEPS */
	/* a stalemate's: the loser's men outside the picture decided taken,
	   and how many */
	uint32_t taken;
	int gone;
	struct picture pic;
};

static void emit(struct gen *g)
{
	struct chess_plan *p = g->p;
	if (p->too_many)
		return;
	if (p->npics == p->cap_pics) {
		long cap = p->cap_pics ? p->cap_pics * 2 : 1024;
		struct picture *n =
		    cap > MAX_PICTURES ? NULL : realloc(p->pics, (size_t)cap * sizeof *n);
		if (!n) {
			p->too_many = true;
			return;
		}
		p->pics = n;
		p->cap_pics = cap;
	}
	p->pics[p->npics++] = g->pic;
}

/* A picture holds at most max_roles men: each fix of a parry adds one, and
   men already on their squares cost nothing, so the budget alone does not
   bound the chain (the corpus' help records reach 12).  Past it the plan is
   given up -- the search without it runs, exact -- and the pushes are only
   counted, for pop to undo. */
static void push(struct gen *g, int man, int sq, int kind, int who, int d)
{
	if (++g->steps > g->max_steps)
		g->p->too_many = true;
	/* the search's limits (its --max-time, Ctrl-C): given up as one too
	   big, the recursion returns at once */
	if (g->steps % CHESS_PLAN_POLL_STEPS == 0 && g->stopped && g->stopped(g->ctx))
		g->p->too_many = true;
	if (g->overflow || g->pic.n == g->max_roles) {
		g->p->too_many = true;
		g->overflow++;
		return;
	}
	struct role *r = &g->pic.r[g->pic.n++];
	r->man = (uint8_t)man;
	r->sq = (uint8_t)sq;
	r->kind = (uint8_t)kind;
	g->pic.mask |= 1u << man;
	g->on[sq] = (int8_t)man;
	g->occ |= 1ULL << sq;
	g->cost[who] += d;
}

static void pop(struct gen *g, int who, int d)
{
	if (g->overflow) {
		g->overflow--;
		return;
	}
	struct role *r = &g->pic.r[--g->pic.n];
	g->pic.mask &= ~(1u << r->man);
	g->on[r->sq] = -1;
	g->occ &= ~(1ULL << r->sq);
	g->cost[who] -= d;
}

/* The forms a man may end in on sq: its own, a pawn's promotions. */
static int forms(int kind, int side, int sq, int out[5])
{
	if (kind != PAWN) {
		out[0] = kind;
		return 1;
	}
	int n = 0;
	(void)side;
	if (pawn_square(sq))
		out[n++] = PAWN;
	for (int k = QUEEN; k <= KNIGHT; k++)
		out[n++] = k;
	return n;
}

/* The squares strictly between a and b on their line (0: none or no line). */
static uint64_t between(int a, int b)
{
	if (a == b || !(same_line(a, b) || same_diag(a, b)))
		return 0;
	int df = file_of(b) > file_of(a) ? 1 : file_of(b) < file_of(a) ? -1 : 0;
	int dr = rank_of(b) > rank_of(a) ? 1 : rank_of(b) < rank_of(a) ? -1 : 0;
	uint64_t r = 0;
	int f = file_of(a) + df, k = rank_of(a) + dr;
	while (f != file_of(b) || k != rank_of(b)) {
		r |= 1ULL << (k * 8 + f);
		f += df;
		k += dr;
	}
	return r;
}

static bool is_slider(int kind)
{
	return kind == QUEEN || kind == ROOK || kind == BISHOP;
}

/* Can a loser's man in form `kind` on q move to d on an empty board (d:
   the checker's square, a capture, or a square of the check line)?  *path:
   the squares it passes. */
static bool reaches(int side, int kind, int q, int d, bool capture, uint64_t *path)
{
	*path = 0;
	int df = absi(file_of(d) - file_of(q)), dr = rank_of(d) - rank_of(q);
	switch (kind) {
	case QUEEN:
	case ROOK:
	case BISHOP:
		if (!attacks(side, kind, q, d))
			return false;
		*path = between(q, d);
		return true;
	case KNIGHT:
		return attacks(side, KNIGHT, q, d);
	case PAWN: {
		int fwd = side ? -1 : 1, home = side ? 6 : 1;
		if (capture)
			return df == 1 && dr == fwd;
		if (df)
			return false;
		if (dr == fwd)
			return true;
		if (dr == 2 * fwd && rank_of(q) == home) {
			*path = 1ULL << (q + 8 * fwd);
			return true;
		}
		return false;
	}
	default:
		return false;
	}
}

/* Is the loser's man m on q (form kind) pinned to F by a winner's slider of
   the picture, so that leaving the line F-q is no parry? */
static bool pinned(const struct gen *g, int q, uint64_t occ)
{
	const struct chess_plan *p = g->p;
	if (q == g->F || !(same_line(q, g->F) || same_diag(q, g->F)) || between(g->F, q) & occ)
		return false;
	for (int k = 0; k < g->pic.n; k++) {
		const struct role *r = &g->pic.r[k];
		if (p->side[r->man] != p->winner || !is_slider(r->kind))
			continue;
		if (!attacks(p->winner, r->kind, r->sq, q) || between(r->sq, q) & occ)
			continue;
		/* on the ray from F through q, beyond q */
		if (between(g->F, r->sq) >> q & 1)
			return true;
	}
	return false;
}

static void place_fixes(struct gen *g, unsigned sides, const uint64_t where[6]);

/*
** The picture's men are placed; may one of the loser's (not its king)
** parry the check as they stand, by taking the checker or stepping between?
** In a real mate such a move is impossible: a man stands in its way, or it
** is pinned to its king, or a second man checks (a double check is parried
** only by the king).  Each of these is another role to place; a picture in
** which no parry is left is kept.  (The men not in the picture may stand
** anywhere; only the picture's own are asked.)
*/
static void parry(struct gen *g)
{
	struct chess_plan *p = g->p;
	if (p->too_many)
		return;
	int winner = p->winner, loser = winner ^ 1, checkers = 0;
	uint64_t occ = 0;
	for (int k = 0; k < g->pic.n; k++) {
		const struct role *r = &g->pic.r[k];
		occ |= 1ULL << r->sq;
		checkers +=
		    p->side[r->man] == winner && (p->att[winner][r->kind][g->F] >> r->sq & 1);
	}
	if (checkers >= 2) {
		emit(g);
		return;
	}
	const struct role *c = &g->pic.r[1];
	uint64_t goals = g->line | 1ULL << c->sq, path = 0;
	int q = -1;
	for (int k = 2; k < g->pic.n && q < 0; k++) {
		const struct role *r = &g->pic.r[k];
		if (p->side[r->man] != loser)
			continue;
		for (int d = 0; d < 64 && q < 0; d++) {
			if (!(goals >> d & 1))
				continue;
			uint64_t pa;
			if (!reaches(loser, r->kind, r->sq, d, d == c->sq, &pa) || pa & occ ||
			    pa >> g->F & 1)
				continue;
			/* a pinned man parries only along the pin */
			bool along = (between(g->F, d) | between(d, g->F)) >> r->sq & 1 ||
			             between(g->F, r->sq) >> d & 1 || between(r->sq, d) >> g->F & 1;
			if (!along && pinned(g, r->sq, occ))
				continue;
			q = r->sq;
			path = pa;
		}
	}
	if (q < 0) {
		emit(g);
		return;
	}
	uint64_t where[6];
	/* a man in the way */
	for (int k = KING; k <= PAWN; k++)
		where[k] = path;
	place_fixes(g, 3, where);
	/* the parrying man pinned: a slider of the winner's beyond it on the
	   ray from F, nothing of the picture's between */
	if (same_line(q, g->F) || same_diag(q, g->F)) {
		int df = file_of(q) > file_of(g->F) ? 1 : file_of(q) < file_of(g->F) ? -1 : 0;
		int dr = rank_of(q) > rank_of(g->F) ? 1 : rank_of(q) < rank_of(g->F) ? -1 : 0;
		uint64_t ray = 0;
		for (int f = file_of(q) + df, r = rank_of(q) + dr;
		     f >= 0 && f < 8 && r >= 0 && r < 8 && !(occ >> (r * 8 + f) & 1);
		     f += df, r += dr)
			ray |= 1ULL << (r * 8 + f);
		memset(where, 0, sizeof where);
		where[QUEEN] = ray;
		where[df && dr ? BISHOP : ROOK] = ray;
		place_fixes(g, 1u << winner, where);
	}
	/* a second checker */
	for (int k = KING; k <= PAWN; k++)
		where[k] = k == KING ? 0 : p->att[winner][k][g->F];
	place_fixes(g, 1u << winner, where);
}

/* Man m, not in the picture, in each form it may end in, on each square of
   where[form] free of the picture's men and of the check line (a pawn not
   on its first or last rank, a king not next to F) that its side's budget
   reaches: placed, then(g, arg), taken off again.  (The fixes of a parry
   and the guards of a flight place men alike.) */
static void place_man(struct gen *g, int m, const uint64_t where[6],
                      void (*then)(struct gen *, int), int arg)
{
	struct chess_plan *p = g->p;
	int who = p->side[m] != p->winner, kind = g->root->kind[m];
	int left = (who ? g->lm : g->wm) - g->cost[who];
	if (left < 0)
		return;
	uint64_t free_sq = ~g->occ & ~g->line;
	if (kind == KING)
		free_sq &= ~(p->att[0][KING][g->F] | 1ULL << g->F);
	const int *fl = kind == PAWN ? pawn_forms : &kind;
	for (int k = 0; k < (kind == PAWN ? 5 : 1); k++) {
		uint64_t cand = where[fl[k]] & free_sq & p->within[m][fl[k]][left];
		if (fl[k] == PAWN)
			cand &= PAWN_SQUARES;
		while (cand) {
			int t = __builtin_ctzll(cand);
			cand &= cand - 1;
			int d = p->dt[m][fl[k]][t];
			push(g, m, t, fl[k], who, d);
			then(g, arg);
			pop(g, who, d);
		}
	}
}

static void parry_then(struct gen *g, int unused)
{
	(void)unused;
	parry(g);
}

/* Each man of `sides` (bit 1 << side) not in the picture (the loser's king
   apart), placed by where[] (place_man); then parry() again. */
static void place_fixes(struct gen *g, unsigned sides, const uint64_t where[6])
{
	struct chess_plan *p = g->p;
	for (int m = 0; m < p->nmen && !p->too_many; m++) {
		int side = p->side[m], who = side != p->winner;
		if (!(sides >> side & 1) || g->pic.mask >> m & 1 ||
		    (g->root->kind[m] == KING && who))
			continue;
		place_man(g, m, where, parry_then, 0);
	}
}

/*
** A stalemate's fates.  In a stalemate the line reaches, every man of the
** loser's still on the board has no move (the king not in check):
**  - a queen has each square next to it held by a man of its own (pinned,
**    it can always step along the pin or take its pinner);
**  - a rook has its steps along its lines so held, or is pinned on a
**    diagonal; a bishop its diagonal steps, or is pinned on a line; a
**    knight its jumps, or is pinned;
**  - a pawn has the square in front of it taken by a man of either side,
**    or is pinned on a rank or a diagonal (its captures are not asked).
** The other men of the loser's were taken, each by a move of the
** winner's.  So a stalemate's picture gives each man of the loser's a
** fate: a role (its square and form at the end, immobilised there by the
** picture's own men), or taken (counted in `gone`, at most the winner's
** moves).  Complete as the king's part is: following the real final
** position -- the real man, holder or pinner on its real square and form,
** "taken" for the men gone -- is one path of the enumeration, whose tests
** ask only what the real position has (held squares, lines empty between
** the picture's men, on a subset of the real men) and whose budgets are
** sums of least moves of distinct men on an empty board.
*/

/* Does x hold at most n squares?  (A popcount for small n, without the
   library call a build for any x86-64 makes of __builtin_popcountll.) */
static bool at_most(uint64_t x, int n)
{
	for (int k = 0; k < n && x; k++)
		x &= x - 1;
	return n >= 0 && !x;
}

/* The square in front of a pawn of `side` on sq. */
static int front_of(int side, int sq)
{
	return sq + (side ? -8 : 8);
}

/* The squares a loser's man in form kind on s needs held by its own men
   to stand still (a pawn's: the square in front, by either side's). */
static uint64_t need_of(const struct chess_plan *p, int side, int kind, int s)
{
	return kind == PAWN ? 1ULL << front_of(side, s) : p->nb[kind][s];
}

/* May a pin to the king on F immobilise a man of form kind on s?  (A
   queen never; a rook on a diagonal, a bishop on a line, a pawn off its
   file, a knight on either.) */
static bool pin_stops(int kind, int s, int F)
{
	switch (kind) {
	case QUEEN:
		return false;
	case ROOK:
		return same_diag(s, F);
	case BISHOP:
		return same_line(s, F);
	case PAWN:
		return file_of(s) != file_of(F);
	default:
		return true;
	}
}

/* Is role r of the loser's immobile by the picture's men: its needed
   squares held (by its own men; a pawn's by any man), or pinned where the
   pin stops it? */
static bool immobile(const struct gen *g, const struct role *r, uint64_t own)
{
	const struct chess_plan *p = g->p;
	int loser = p->winner ^ 1;
	uint64_t held = r->kind == PAWN ? g->occ : own;
	if (!(need_of(p, loser, r->kind, r->sq) & ~held))
		return true;
	return pin_stops(r->kind, r->sq, g->F) && pinned(g, r->sq, g->occ);
}

/* May the squares need each get a man of open_men within the loser's
   moves left?  Each a distinct man: at least the sum of the popcount(need)
   least of the men's least moves to any of them (any form). */
static bool holders_within(const struct gen *g, uint64_t need, uint32_t open_men)
{
	const struct chess_plan *p = g->p;
	int n = __builtin_popcountll(need), left = g->lm - g->cost[1];
	if (!n)
		return true;
	if (n > __builtin_popcount(open_men) || left < 0)
		return false;
	int count[31] = {0};
	for (uint32_t b = open_men; b; b &= b - 1) {
		int m = __builtin_ctz(b), kind = g->root->kind[m];
		const int *fl = kind == PAWN ? pawn_forms : &kind;
		int best = left + 1;
		for (int k = 0; k < (kind == PAWN ? 5 : 1); k++)
			for (int c = 0; c < best; c++)
				if (p->within[m][fl[k]][c] & need) {
					best = c;
					break;
				}
		if (best <= left)
			count[best]++;
	}
	int sum = 0;
	for (int c = 0; c <= left && n > 0; c++) {
		int take = count[c] < n ? count[c] : n;
		sum += take * c;
		n -= take;
	}
	return n == 0 && sum <= left;
}

/* The empty squares beyond s on the line from F (the stalemated king's
   square) through s, where a slider of the winner's pins the man on s;
   *slider: the kind that moves along that line besides the queen. */
static uint64_t pin_ray(const struct gen *g, int s, int *slider)
{
	int df = file_of(s) > file_of(g->F) ? 1 : file_of(s) < file_of(g->F) ? -1 : 0;
	int dr = rank_of(s) > rank_of(g->F) ? 1 : rank_of(s) < rank_of(g->F) ? -1 : 0;
	uint64_t ray = 0;
	for (int ff = file_of(s) + df, rr = rank_of(s) + dr;
	     ff >= 0 && ff < 8 && rr >= 0 && rr < 8 && !(g->occ >> (rr * 8 + ff) & 1);
	     ff += df, rr += dr)
		ray |= 1ULL << (rr * 8 + ff);
	*slider = df && dr ? BISHOP : ROOK;
	return ray;
}

/* May role r of the loser's still be immobilised, as the picture stands
   and with the loser's men open_men still to place?  Each way of
   immobilise (below) asks what only grows as men are placed: its
   squares needed and not held, none with a winner's man, at most as many
   as the men left; or a pin, nothing of the picture's between it and F
   and a free square beyond it for a winner's man not yet placed.  (A
   pawn's square in front may take a man of either side: not asked.)
   Asked of every role, not only of the first to fix, so that a picture
   with a man nothing can hold is given up at once. */
static bool may_immobilise(const struct gen *g, const struct role *r, uint64_t own,
                           uint32_t open_men)
{
	const struct chess_plan *p = g->p;
	int s = r->sq, kind = r->kind;
	if (kind == PAWN || immobile(g, r, own))
		return true;
	uint64_t need = need_of(p, p->winner ^ 1, kind, s) & ~own;
	if (!(need & g->occ) && holders_within(g, need, open_men))
		return true;
	if (!pin_stops(kind, s, g->F) || between(g->F, s) & g->occ)
		return false;
	int slider;
	uint64_t ray = pin_ray(g, s, &slider);
	int left = g->wm - g->cost[0];
	if (!ray || left < 0)
		return false;
	for (int m = 0; m < p->nmen; m++)
		if (p->side[m] == p->winner && !(g->pic.mask >> m & 1) &&
		    (p->within[m][QUEEN][left] | p->within[m][slider][left]) & ray)
			return true;
	return false;
}

static void settle(struct gen *g);

static void settle_then(struct gen *g, int unused)
{
	(void)unused;
	settle(g);
}

/* Role r of the loser's is not immobile yet: each way of fixing it. */
static void immobilise(struct gen *g, const struct role *r, uint64_t own, uint32_t open_men)
{
	struct chess_plan *p = g->p;
	int winner = p->winner, s = r->sq, kind = r->kind;
	uint64_t need = need_of(p, winner ^ 1, kind, s) & ~(kind == PAWN ? g->occ : own);
	uint64_t where[6];
	/* a holder on the first square needed: a man of the loser's not yet
	   decided (one at a time; each is asked in turn), never where the
	   winner has a man (it could be taken), and only while there are as
	   many such men as squares to hold */
	int f = __builtin_ctzll(need);
	for (int k = KING; k <= PAWN; k++)
		where[k] = 1ULL << f;
	if (!(need & g->occ) && at_most(need, __builtin_popcount(open_men))) {
		for (uint32_t b = open_men; b && !p->too_many; b &= b - 1)
			place_man(g, __builtin_ctz(b), where, settle_then, 0);
	}
	/* a pawn's square in front: a man of the winner's there */
	if (kind == PAWN)
		for (int m = 0; m < p->nmen && !p->too_many; m++)
			if (p->side[m] == winner && !(g->pic.mask >> m & 1))
				place_man(g, m, where, settle_then, 0);
	/* pinned: a slider of the winner's beyond it on the ray from F,
	   nothing of the picture's between */
	if (!pin_stops(kind, s, g->F) || between(g->F, s) & g->occ)
		return;
	int slider;
	uint64_t ray = pin_ray(g, s, &slider);
	memset(where, 0, sizeof where);
	where[QUEEN] = ray;
	where[slider] = ray;
	for (int m = 0; m < p->nmen && !p->too_many; m++)
		if (p->side[m] == winner && !(g->pic.mask >> m & 1))
			place_man(g, m, where, settle_then, 0);
}

/*
** The king and its squares are placed: the first role of the loser's (in
** the picture's order) not immobile is immobilised, each way; when all
** are, the first man of the loser's without a fate gets one: taken, or a
** role on each square its budget reaches (then immobilised in turn); when
** every man has one, the picture is kept.
*/
static void settle(struct gen *g)
{
	struct chess_plan *p = g->p;
	if (p->too_many)
		return;
	int loser = p->winner ^ 1;
	uint64_t own = 0;
	for (int k = 0; k < g->pic.n; k++)
		if (p->side[g->pic.r[k].man] == loser)
			own |= 1ULL << g->pic.r[k].sq;
	uint32_t open_men = 0;
	for (int m = 0; m < p->nmen; m++)
		if (p->side[m] == loser && !((g->pic.mask | g->taken) >> m & 1))
			open_men |= 1u << m;
	/* the king is the first role, its squares are flights(); the first
	   role not immobile is fixed, once every one may be */
	const struct role *fix = NULL;
	for (int k = 1; k < g->pic.n; k++) {
		const struct role *r = &g->pic.r[k];
		if (p->side[r->man] != loser || immobile(g, r, own))
			continue;
		if (!may_immobilise(g, r, own, open_men))
			return;
		fix = fix ? fix : r;
	}
	if (fix) {
		immobilise(g, fix, own, open_men);
		return;
	}
	if (!open_men) {
		emit(g);
		return;
	}
	int m = __builtin_ctz(open_men);
	if (g->gone < g->wm) {
		g->taken |= 1u << m;
		g->gone++;
		settle(g);
		g->gone--;
		g->taken &= ~(1u << m);
	}
	uint64_t where[6];
	for (int k = KING; k <= PAWN; k++)
		where[k] = ~0ULL;
	place_man(g, m, where, settle_then, 0);
}

/* The loser's man just placed by flights() (the picture's last role) may
   still be immobilised, the loser's men not in the picture left to hold
   its squares. */
static bool may_blocker(const struct gen *g)
{
	const struct chess_plan *p = g->p;
	int loser = p->winner ^ 1;
	uint64_t own = 0;
	uint32_t open_men = 0;
	for (int k = 0; k < g->pic.n; k++)
		if (p->side[g->pic.r[k].man] == loser)
			own |= 1ULL << g->pic.r[k].sq;
	for (int m = 0; m < p->nmen; m++)
		if (p->side[m] == loser && !(g->pic.mask >> m & 1))
			open_men |= 1u << m;
	return may_immobilise(g, &g->pic.r[g->pic.n - 1], own, open_men);
}

static void flights(struct gen *g, int i)
{
	static const int step[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
	                               {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
	struct chess_plan *p = g->p;
	if (p->too_many)
		return;
	if (i == 8) {
		/* a stalemate has no check to parry: its men's fates (or
		   none, where they were too many) */
		if (p->stalemate && p->fates)
			settle(g);
		else if (p->stalemate)
			emit(g);
		else
			parry(g);
		return;
	}
	int ff = file_of(g->F) + step[i][0], fr = rank_of(g->F) + step[i][1];
	if (ff < 0 || ff > 7 || fr < 0 || fr > 7) {
		flights(g, i + 1);
		return;
	}
	int f = fr * 8 + ff, winner = p->winner, loser = winner ^ 1;
	/* kept off already: a loser's man of the picture stands there, or a
	   winner's man of it attacks it */
	bool kept = g->on[f] >= 0 && p->side[g->on[f]] == loser;
	for (int k = 0; !kept && k < g->pic.n; k++) {
		const struct role *r = &g->pic.r[k];
		kept = p->side[r->man] == winner && (p->att[winner][r->kind][f] >> r->sq & 1);
	}
	if (kept) {
		flights(g, i + 1);
		return;
	}
	int fk[5];
	/* a man of the loser stands there */
	if (g->on[f] < 0 && !(g->line >> f & 1))
		for (int m = 0; m < p->nmen; m++) {
			if (p->side[m] != loser || g->pic.mask >> m & 1 || g->root->kind[m] == KING)
				continue;
			int nf = forms(g->root->kind[m], loser, f, fk);
			for (int k = 0; k < nf; k++) {
				int d = p->dt[m][fk[k]][f];
				if (g->cost[1] + d > g->lm)
					continue;
				push(g, m, f, fk[k], 1, d);
				/* a man nothing may immobilise there: no stalemate */
				if (!g->overflow && (!p->fates || may_blocker(g)))
					flights(g, i + 1);
				pop(g, 1, d);
			}
		}
	/* a man of the winner attacks it */
	uint64_t where[6];
	for (int k = KING; k <= PAWN; k++)
		where[k] = p->att[winner][k][f];
	for (int m = 0; m < p->nmen; m++)
		if (p->side[m] == winner && !(g->pic.mask >> m & 1))
			place_man(g, m, where, flights, i + 1);
}

static void enumerate(struct gen *g)
{
	struct chess_plan *p = g->p;
	int winner = p->winner, loser = winner ^ 1, king = -1;
	for (int m = 0; m < p->nmen; m++)
		if (p->side[m] == loser && g->root->kind[m] == KING)
			king = m;
	if (king < 0)
		return;
	memset(g->on, -1, sizeof g->on);
	for (int F = 0; F < 64 && !p->too_many; F++) {
		int dk = p->dt[king][KING][F];
		if (dk > g->lm)
			continue;
		g->F = F;
		push(g, king, F, KING, 1, dk);
		/* a stalemate: the king and what keeps it off each square next
		   to it, no checker */
		if (p->stalemate)
			flights(g, 0);
		for (int m = 0; m < p->nmen && !p->stalemate; m++) {
			int kind = g->root->kind[m];
			if (p->side[m] != winner || kind == KING)
				continue;
			const int *fl = kind == PAWN ? pawn_forms : &kind;
			for (int k = 0; k < (kind == PAWN ? 5 : 1); k++) {
				uint64_t cand =
				    p->att[winner][fl[k]][F] & p->within[m][fl[k]][g->wm] & ~g->occ;
				if (fl[k] == PAWN)
					cand &= PAWN_SQUARES;
				while (cand) {
					int s = __builtin_ctzll(cand), d = p->dt[m][fl[k]][s];
					cand &= cand - 1;
					if (d == 0 && checks_last(fl[k]))
						d = checker_dist(p, m, g->root->kind[m],
						                 g->root->sq[m], fl[k], s);
					if (d > g->wm)
						continue;
					push(g, m, s, fl[k], 0, d);
					g->line = is_slider(fl[k]) ? between(s, F) : 0;
					flights(g, 0);
					g->line = 0;
					pop(g, 0, d);
				}
			}
		}
		pop(g, 1, dk);
	}
}

/* ---- the stalemate goal ---- */

/*
** Help play to a stalemate (h=N, ser-h=N): besides its pictures (the king,
** its squares, its men's fates), each position is asked whether the loser may still
** stand stalemated after the moves each side has left, from what a
** stalemate needs of every man of the loser's in the final position (the loser to move, not in
*check, no
** legal move):
**  - a queen is immobile only with every square next to it held by a man
**    of its own (pinned, it can always step toward its pinner or take it;
**    not pinned, any move it has is legal, the king not being in check);
**  - a rook, with its four neighbours on its file and rank held so, or
**    pinned on a diagonal; a bishop, its diagonal neighbours, or pinned
**    on a line; a knight, its jumps' squares, or pinned;
**  - a pawn, with the square in front of it taken (by either side's man),
**    or pinned;
**  - the king, with each square next to it held by its own man or
**    attacked by the winner.
** So each of its men either stays where it is and is immobilised there,
** or is taken by the winner (where it stands, or after it moved), or
** moves and ends immobilised elsewhere.  Each winner's capture is a move
** of its own, and so is each loser's man that moves (a castling moves two,
** `slack`); each square that must hold a man of the loser's at the end and
** does not now is reached by a man that moves.  The least moves so counted
** (stale_reachable) never exceed a line's: a lower bound, as the mate
** pictures' costs are, and a function of the position and the budgets, so
** that the solver's table stays exact.  Distances are on an empty board
** (pictures' dist()), pins asked only of the winner's sliders there are or
** may be by promotion within its moves.
*/

/* Least moves of a pawn of `side` on sq to its last rank. */
static int promote_moves(int side, int sq)
{
	int steps = side ? rank_of(sq) : 7 - rank_of(sq);
	return rank_of(sq) == (side ? 6 : 1) && steps >= 2 ? steps - 1 : steps;
}

/* Least moves of a man of `side` in form `kind` on a to stand on q (any
   form), q not its square. */
static int reach_moves(const struct chess_plan *p, int side, int kind, int a, int q)
{
	if (kind != PAWN)
		return piece_dist(p, kind, a, q);
	int d = pawn_dist(side, a, q), promo = promote_moves(side, a);
	/* promoted first: at least one more move, unless it promotes on q */
	promo += rank_of(q) != (side ? 0 : 7);
	return promo < d ? promo : d;
}

/* Least moves of a man of `side` in form `kind` on a to attack f (from
   another square). */
static int attack_moves(const struct chess_plan *p, int side, int kind, int a, int f)
{
	switch (kind) {
	case KING:
		return a == f ? 1 : cheb(a, f) - 1;
	case QUEEN:
		return a != f && (same_line(a, f) || same_diag(a, f)) ? 0 : 1;
	case ROOK:
		return a != f && same_line(a, f) ? 0 : 1;
	case BISHOP:
		if (((file_of(a) + rank_of(a)) & 1) != ((file_of(f) + rank_of(f)) & 1))
			return INF;
		return a != f && same_diag(a, f) ? 0 : 1;
	case KNIGHT:
		return a == f ? 1 : p->knight[a][f] - 1;
	default: {
		/* as a pawn, from a square it takes f from; or promoted */
		int best = promote_moves(side, a), back = side ? 8 : -8;
		for (int dx = -1; dx <= 1; dx += 2) {
			int tf = file_of(f) + dx, t = f + back + dx;
			if (tf < 0 || tf > 7 || t < 0 || t > 63 || !pawn_square(t))
				continue;
			int d = pawn_dist(side, a, t);
			if (d < best)
				best = d;
		}
		return best;
	}
	}
}

/* Is there a square where a man of form `kind` has at most `most` of its
   steps (nb) not held by a man of `own` now (each to be reached by a
   moving man for it to be immobilised there)?  A corner has the fewest
   steps: 3 for a queen, 2 for a rook or a knight, 1 for a bishop. */
static bool immobile_within(const struct chess_plan *p, int kind, uint64_t own, int most)
{
	static const int corner[6] = {8, 3, 2, 1, 2, 8};
	if (most >= corner[kind])
		return true;
	/* fewer open steps than a corner's: some step held, so the square
	   is a step away from a man of `own` (steps go both ways) */
	uint64_t near = 0;
	for (uint64_t b = own; b; b &= b - 1)
		near |= p->nb[kind][__builtin_ctzll(b)];
	for (; near; near &= near - 1)
		if (at_most(p->nb[kind][__builtin_ctzll(near)] & ~own, most))
			return true;
	return false;
}

/*
** May the loser be stalemated (its men as in st) after at most wm more
** moves of the winner's and lm of its own?  Each man of the loser's is
** given the cheapest of its ways (above): staying immobilised (free, when
** the squares it needs held are at most the loser's moves), taken where it
** stands (a winner's capture), moving and ending immobilised (a loser's
** moving man), or both; taken or moved as the budgets allow when either
** may be chosen.  A man that needs held squares counts them as moving men
** too (each square reached by its own man): the loser needs at least the
** most of these.
*/
static bool stale_reachable(const struct chess_plan *p, const struct men_state *st, int wm, int lm)
{
	int winner = p->winner, loser = winner ^ 1;
	lm += p->slack;
	uint64_t own = 0, occ = 0;
	int wmen[MAX_MEN], nw = 0, king = -1;
	/* the winner's least moves to a slider that pins on a diagonal
	   (bishop, queen) and on a line (rook, queen) */
	int pin_diag = INF, pin_line = INF;
	for (int m = 0; m < p->nmen; m++) {
		if (st->sq[m] == OFF)
			continue;
		occ |= 1ULL << st->sq[m];
		if (p->side[m] == loser) {
			own |= 1ULL << st->sq[m];
			if (st->kind[m] == KING)
				king = m;
			continue;
		}
		wmen[nw++] = m;
		int k = st->kind[m];
		int promo = k == PAWN ? promote_moves(winner, st->sq[m]) : INF;
		int diag = k == QUEEN || k == BISHOP ? 0 : promo;
		int line = k == QUEEN || k == ROOK ? 0 : promo;
		if (diag < pin_diag)
			pin_diag = diag;
		if (line < pin_line)
			pin_line = line;
	}
	if (king < 0)
		return true; /* not a position of chess: nothing to say */
	int taken = 0, moved = 0, either = 0;
	for (int m = 0; m < p->nmen; m++) {
		if (p->side[m] != loser || st->sq[m] == OFF)
			continue;
		int q = st->sq[m], k = st->kind[m];
		if (k == KING) {
			/* the squares next to it neither held by its men nor ever
			   attacked by the winner's within its moves: each reached
			   by a man of the loser's */
			uint64_t open = p->nb[KING][q] & ~own;
			int need = 0;
			/* as many moving men as squares to hold: nothing to ask */
			if (at_most(open, lm))
				continue;
			while (open && need <= lm) {
				int f = __builtin_ctzll(open);
				open &= open - 1;
				bool guarded = false;
				for (int i = 0; i < nw && !guarded; i++) {
					int x = wmen[i];
					guarded = attack_moves(p, winner, st->kind[x], st->sq[x],
					                       f) <= wm;
				}
				need += !guarded;
			}
			if (need > lm) {
				if (lm < 1)
					return false;
				moved++; /* it moves (where to is not asked) */
			}
			continue;
		}
		int pin = k == ROOK             ? pin_diag
		          : k == BISHOP         ? pin_line
		          : pin_diag < pin_line ? pin_diag
		                                : pin_line;
		bool pinned = k != QUEEN && pin <= wm;
		bool stays;
		if (k == PAWN) {
			int ahead = q + (loser ? -8 : 8);
			stays = pinned || occ >> ahead & 1 || wm >= 1 || lm >= 1;
		} else {
			stays = pinned || at_most(p->nb[k][q] & ~own, lm);
		}
		if (stays)
			continue;
		/* taken where it stands */
		bool take_here = false;
		for (int i = 0; wm >= 1 && i < nw && !take_here; i++) {
			int x = wmen[i];
			take_here = reach_moves(p, winner, st->kind[x], st->sq[x], q) <= wm;
		}
		/* moves, and ends immobilised elsewhere */
		bool move_away = false;
		if (lm >= 1) {
			if (k == PAWN || pinned) {
				move_away = true;
			} else {
				move_away = immobile_within(p, k, own, lm - 1);
			}
		}
		if (take_here && move_away)
			either++;
		else if (take_here)
			taken++;
		else if (move_away)
			moved++;
		else if (wm >= 1 && lm >= 1) {
			taken++; /* moves, then is taken */
			moved++;
		} else {
			return false;
		}
		if (taken > wm || moved > lm)
			return false;
	}
	return taken + moved + either <= wm + lm;
}

void chess_plan_free(struct chess_plan *p)
{
	if (!p)
		return;
	if (p->live)
		for (int i = 0; i <= p->plies; i++)
			free(p->live[i]);
	free(p->live);
	free(p->nlive);
	free(p->cap_live);
	free(p->st);
	free(p->pics);
	free(p->role_of);
	free(p->tdist);
	free(p->zroute);
	free(p->zstamp);
	chess_plan_free(p->or_stalemate);
	free(p);
}

static struct chess_plan *plan_new(const struct chess_men *men, const uint8_t board[64], int winner,
                                   int wm, int lm, int plies, bool stalemate,
                                   bool (*stopped)(void *ctx), void *ctx)
{
	if (plies < 1 || wm > 30 || lm > 30)
		return NULL;
	struct chess_plan *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->winner = winner;
	p->plies = plies;
	p->st = calloc((size_t)plies + 1, sizeof *p->st);
	p->live = calloc((size_t)plies + 1, sizeof *p->live);
	p->nlive = calloc((size_t)plies + 1, sizeof *p->nlive);
	p->cap_live = calloc((size_t)plies + 1, sizeof *p->cap_live);
	if (!p->st || !p->live || !p->nlive || !p->cap_live)
		goto fail;
	knight_table(p);
	struct men_state *st = &p->st[0];
	memset(st->at, -1, sizeof st->at);
	for (int sq = 0; sq < 64; sq++) {
		if (board[sq] == NONE)
			continue;
		if (p->nmen == MAX_MEN)
			goto fail;
		int m = p->nmen++;
		p->side[m] = (uint8_t)(board[sq] / 6);
		st->at[sq] = (int8_t)m;
		st->sq[m] = (uint8_t)sq;
		st->kind[m] = (uint8_t)(board[sq] % 6);
		p->home[m] = (uint8_t)sq;
		p->castled[m][0] = p->castled[m][1] = OFF;
	}
	/* castling rights (bits 1 short, 2 long; White's, then Black's):
	   the king from e1/e8 to g or c, the rook from h or a to f or d */
	for (int side = 0; side < 2; side++)
		for (int k = 0; k < 2; k++) {
			if (!(men->castle >> (2 * side + k) & 1))
				continue;
			int base = 56 * side, king = st->at[base + 4],
			    rook = st->at[base + (k ? 0 : 7)];
			if (king >= 0)
				p->castled[king][k] = (uint8_t)(base + (k ? 2 : 6));
			if (rook >= 0)
				p->castled[rook][0] = (uint8_t)(base + (k ? 3 : 5));
		}
	for (int side = 0; side < 2; side++)
		for (int k = KING; k <= PAWN; k++)
			for (int f = 0; f < 64; f++)
				for (int t = 0; t < 64; t++)
					if (attacks(side, k, t, f))
						p->att[side][k][f] |= 1ULL << t;
	for (int m = 0; m < p->nmen; m++)
		for (int k = KING; k <= PAWN; k++)
			for (int sq = 0; sq < 64; sq++) {
				int d = man_dist(p, m, st->kind[m], st->sq[m], k, sq);
				p->dt[m][k][sq] = (uint8_t)(d > INF ? INF : d);
				if (d <= 30)
					p->within[m][k][d] |= 1ULL << sq;
			}
	for (int m = 0; m < p->nmen; m++)
		for (int k = KING; k <= PAWN; k++)
			for (int c = 1; c <= 30; c++)
				p->within[m][k][c] |= p->within[m][k][c - 1];
	if (stalemate) {
		for (int sq = 0; sq < 64; sq++) {
			uint64_t next = p->att[0][KING][sq], line = 0, diag = 0;
			for (uint64_t b = next; b; b &= b - 1) {
				int t = __builtin_ctzll(b);
				line |= same_line(sq, t) ? 1ULL << t : 0;
				diag |= same_diag(sq, t) ? 1ULL << t : 0;
			}
			p->nb[KING][sq] = p->nb[QUEEN][sq] = next;
			p->nb[ROOK][sq] = line;
			p->nb[BISHOP][sq] = diag;
			p->nb[KNIGHT][sq] = p->att[0][KNIGHT][sq];
		}
		p->stalemate = true;
		p->slack = (men->castle >> (2 * (winner ^ 1)) & 3) != 0;
	}
	bool reachable = !stalemate || stale_reachable(p, st, wm, lm);
	struct gen g;
	memset(&g, 0, sizeof g);
	g.p = p;
	g.root = st;
	g.wm = wm;
	g.lm = lm;
	g.stopped = stopped;
	g.ctx = ctx;
	g.max_roles = stalemate ? MAX_STALE_ROLES : MAX_ROLES;
	g.max_steps = stalemate ? MAX_STALE_STEPS : MAX_STEPS;
	p->fates = stalemate;
	enumerate(&g);
	if (p->too_many && stalemate) {
		/* too many pictures with the loser's men's fates: the king's
		   pictures alone (its square and its neighbours' guards), as
		   many as a mate's */
		free(p->pics);
		p->pics = NULL;
		p->npics = p->cap_pics = 0;
		p->too_many = false;
		p->fates = false;
		g.steps = 0;
		g.max_roles = MAX_ROLES;
		g.max_steps = MAX_STEPS;
		enumerate(&g);
	}
	if (p->too_many && stalemate) {
		/* too many pictures of the stalemate: its bound alone */
		free(p->pics);
		p->pics = NULL;
		p->npics = 0;
		p->nlive[0] = reachable;
		return p;
	}
	if (p->too_many)
		goto fail;
	/* no picture at all is a plan too: no line (at least one byte asked,
	   so that NULL means no memory) */
	p->live[0] = malloc((size_t)(p->npics ? p->npics : 1) * sizeof *p->live[0]);
	p->role_of =
	    malloc((size_t)(p->npics ? p->npics : 1) * (size_t)p->nmen * sizeof *p->role_of);
	if (!p->live[0] || !p->role_of)
		goto fail;
	p->cap_live[0] = p->npics;
	uint32_t losers = 0;
	for (int m = 0; m < p->nmen; m++)
		losers |= (uint32_t)(p->side[m] != winner) << m;
	for (long k = 0; k < p->npics; k++) {
		const struct picture *pc = &p->pics[k];
		int req[2] = {0, 0};
		for (int r = 0; r < pc->n; r++) {
			int m = pc->r[r].man, kind = pc->r[r].kind, sq = pc->r[r].sq;
			/* the checker is the picture's second role, after the king */
			bool last = r == 1 && !stalemate && checks_last(kind);
			req[p->side[m] != winner] +=
			    last ? checker_dist(p, m, st->kind[m], st->sq[m], kind, sq)
			         : p->dt[m][kind][sq];
			p->role_of[m * p->npics + k] =
			    (uint16_t)((last ? CHECKS_LAST : 0) + (kind << 6 | sq));
		}
		p->live[0][k].pic = (uint32_t)k;
		p->live[0][k].mask = pc->mask;
		p->live[0][k].req[0] = (uint8_t)req[0];
		p->live[0][k].req[1] = (uint8_t)req[1];
		/* a stalemate's picture holds every man of the loser's that
		   stays: the others are to be taken */
		p->live[0][k].gone =
		    (uint8_t)(p->fates ? __builtin_popcount(losers & ~pc->mask) : 0);
	}
	p->pictures = true;
	p->nlive[0] = reachable ? p->npics : 0;
	return p;
fail:
	chess_plan_free(p);
	return NULL;
}

struct chess_plan *chess_plan_new(const struct chess_men *men, const uint8_t board[64], int winner,
                                  int wm, int lm, int plies, enum plan_goal goal,
                                  bool (*stopped)(void *ctx), void *ctx)
{
	/* "==": a double stalemate is the loser's stalemate too (and more:
	   the winner immobile, not asked) */
	bool stalemate = goal == PLAN_GOAL_STALEMATE || goal == PLAN_GOAL_DOUBLE_STALEMATE;
	struct chess_plan *p = plan_new(men, board, winner, wm, lm, plies, stalemate, stopped, ctx);
	if (!p || goal != PLAN_GOAL_WIN_OR_STALEMATE)
		return p;
	/* "#=": the line ends in a mate or a stalemate; without the mate's
	   plan (too many pictures) nothing is pruned */
	p->or_stalemate = plan_new(men, board, winner, wm, lm, plies, true, stopped, ctx);
	if (!p->or_stalemate) {
		chess_plan_free(p);
		return NULL;
	}
	return p;
}

long chess_plan_count(const struct chess_plan *p)
{
	return p ? p->npics + chess_plan_count(p->or_stalemate) : 0;
}

/* The change of a role's least moves when man x, in form kind0 on from,
   goes to `to` in form kind1; `over`: that was the winner's last move (a
   checker that must move last has made it, and needs no more). */
static int role_delta(const struct chess_plan *p, int x, int kind0, int from, int kind1, int to,
                      int code, bool over)
{
	bool last = code >= CHECKS_LAST;
	code -= last ? CHECKS_LAST : 0;
	int rkind = code >> 6, rsq = code & 63;
	if (last)
		return (over ? man_dist(p, x, kind1, to, rkind, rsq)
		             : checker_dist(p, x, kind1, to, rkind, rsq)) -
		       checker_dist(p, x, kind0, from, rkind, rsq);
	return man_dist(p, x, kind1, to, rkind, rsq) - man_dist(p, x, kind0, from, rkind, rsq);
}

/*
** A stalemate's capture routes.  A man of the loser's outside a picture
** is to be taken: at the end of its own moves it stands on some square q
** where a man x of the winner's takes it.  If x has a role in the
** picture, its moves are at least its least moves to q and from there to
** its role (on an empty board, in the form it takes q in), so its detour
** -- those less its least moves to the role, which the picture's cost
** holds -- is at most the winner's moves beyond the picture's cost
** (`spare`); if x has none, its moves to q are all beyond it.  So q is a
** square of route_squares(x) for that spare, and the man's own moves are
** at least its least moves to some such square (none if it stands on
** one).  Distinct men of the loser's make distinct moves (a castling
** moves two: slack): the picture's loser cost plus these is at most the
** loser's moves.  One detour of x may take several men, so the winner's
** side is asked per man only.  An en passant capture takes a pawn beside
** the square x goes to: those squares are added.  All lower bounds on an
** empty board, a function of the position and the budgets: a picture
** refused here has no line, as one over its cost.
*/

static uint8_t *tdist_at(const struct chess_plan *p, int k0, int a, int k1, int b)
{
	return &p->tdist[((k0 * 64 + a) * 6 + k1) * 64 + b];
}

/* The squares where man x (of the winner's, as in st) may take a man
   with its detour at most each spare, for role `code` (NO_ROLE: none):
   out[spare]. */
static void route_squares(struct chess_plan *p, const struct men_state *st, int x, int code,
                          uint64_t out[ROUTE_SLACK + 1])
{
	int kind = st->kind[x], sq = st->sq[x], winner = p->winner;
	memset(out, 0, (ROUTE_SLACK + 1) * sizeof *out);
	int rkind = code >> 6, rsq = code & 63;
	int cur = code == NO_ROLE ? 0 : man_dist(p, x, kind, sq, rkind, rsq);
	bool castles = sq == p->home[x] && (p->castled[x][0] != OFF || p->castled[x][1] != OFF);
	const int *fl = kind == PAWN ? pawn_forms : &kind;
	int nf = kind == PAWN ? 5 : 1;
	for (int q = 0; q < 64; q++) {
		int best = INF;
		for (int k = 0; k < nf; k++) {
			int d1 = castles ? man_dist(p, x, kind, sq, fl[k], q)
			                 : *tdist_at(p, kind, sq, fl[k], q);
			int d2 = code == NO_ROLE ? 0 : *tdist_at(p, fl[k], q, rkind, rsq);
			if (d1 + d2 < best)
				best = d1 + d2;
		}
		int detour = best - cur;
		for (int s = detour < 0 ? 0 : detour; s <= ROUTE_SLACK; s++)
			out[s] |= 1ULL << q;
	}
	if (kind == PAWN) {
		/* en passant: the pawn taken stands behind the square x goes to,
		   on the winner's fifth rank */
		int rank = winner ? 2 : 5;
		for (int s = 0; s <= ROUTE_SLACK; s++) {
			uint64_t land = out[s] & 0xFFULL << (8 * rank);
			out[s] |= winner ? land << 8 : land >> 8;
		}
	}
}

/* The routes' tables, made at the first position that asks them (false:
   no memory). */
static bool routes_ready(struct chess_plan *p)
{
	if (p->tdist)
		return true;
	/* asked at every position until it succeeds: a table memory gave is
	   kept on its pointer (chess_plan_free frees it), never made again
	   and lost, whatever failed beside it */
	size_t codes = (size_t)p->nmen * (NO_ROLE + 1);
	if (!p->zroute)
		p->zroute = malloc(codes * (ROUTE_SLACK + 1) * sizeof *p->zroute);
	if (!p->zstamp)
		p->zstamp = calloc(codes, sizeof *p->zstamp);
	uint8_t *t = p->zroute && p->zstamp ? malloc((size_t)6 * 64 * 6 * 64) : NULL;
	if (!t)
		return false;
	/* dist() of every pair, a pawn's promotions taken apart: its least
	   moves to each square of its last rank, and a piece's from there
	   (a few thousand calls instead of the table's 147,456) */
	memset(t, INF, (size_t)6 * 64 * 6 * 64);
	int last = p->winner ? 0 : 56;
	uint8_t to_last[64][8], from_last[6][8][64];
	for (int a = 0; a < 64; a++)
		for (int f = 0; f < 8; f++)
			to_last[a][f] = (uint8_t)pawn_dist(p->winner, a, last + f);
	for (int k = QUEEN; k <= KNIGHT; k++)
		for (int f = 0; f < 8; f++)
			for (int b = 0; b < 64; b++)
				from_last[k][f][b] = (uint8_t)piece_dist(p, k, last + f, b);
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			for (int k = KING; k <= KNIGHT; k++)
				t[((k * 64 + a) * 6 + k) * 64 + b] =
				    (uint8_t)piece_dist(p, k, a, b);
			t[((PAWN * 64 + a) * 6 + PAWN) * 64 + b] =
			    (uint8_t)pawn_dist(p->winner, a, b);
			for (int k = QUEEN; k <= KNIGHT; k++) {
				int best = INF;
				for (int f = 0; f < 8; f++)
					if (to_last[a][f] + from_last[k][f][b] < best)
						best = to_last[a][f] + from_last[k][f][b];
				t[((PAWN * 64 + a) * 6 + k) * 64 + b] = (uint8_t)best;
			}
		}
	p->tdist = t;
	return true;
}

/* The squares loser's man y (as in st) stands on within c moves,
   c = 0..30 (reach_moves). */
static const uint64_t *reach_layers(struct chess_plan *p, const struct men_state *st, int y)
{
	uint64_t *l = p->reach[y];
	uint16_t where = (uint16_t)(1 + (st->kind[y] << 6 | st->sq[y]));
	if (p->reach_stamp[y] == where)
		return l;
	p->reach_stamp[y] = where;
	memset(l, 0, sizeof p->reach[y]);
	for (int q = 0; q < 64; q++) {
		int d = q == st->sq[y] ? 0 : reach_moves(p, p->side[y], st->kind[y], st->sq[y], q);
		if (d <= 30)
			l[d] |= 1ULL << q;
	}
	for (int c = 1; c <= 30; c++)
		l[c] |= l[c - 1];
	return l;
}

/* Does the picture of live entry e leave its men to be taken routes
   within the budgets (above)?  Pictures with more spare moves of the
   winner's than ROUTE_SLACK are not asked (kept). */
static bool routes_allow(struct chess_plan *p, const struct men_state *st, const struct live *e,
                         uint32_t winners, uint32_t losers, int wm, int lm)
{
	int spare = wm - e->req[0];
	if (spare > ROUTE_SLACK || !(losers & ~e->mask))
		return true;
	uint64_t z = 0;
	for (uint32_t w = winners; w; w &= w - 1) {
		int x = __builtin_ctz(w);
		int code =
		    e->mask >> x & 1 ? p->role_of[(size_t)x * (size_t)p->npics + e->pic] : NO_ROLE;
		size_t at = (size_t)x * (NO_ROLE + 1) + (size_t)code;
		uint64_t *zr = &p->zroute[at * (ROUTE_SLACK + 1)];
		uint16_t where = (uint16_t)(1 + (st->kind[x] << 6 | st->sq[x]));
		if (p->zstamp[at] != where) {
			p->zstamp[at] = where;
			route_squares(p, st, x, code, zr);
		}
		z |= zr[spare];
	}
	int left = lm + p->slack - e->req[1];
	for (uint32_t y = losers & ~e->mask; y; y &= y - 1) {
		const uint64_t *l = reach_layers(p, st, __builtin_ctz(y));
		int c = 0;
		while (c <= left && c <= 30 && !(l[c] & z))
			c++;
		left -= c;
		if (left < 0)
			return false;
	}
	return true;
}

/* The live pictures out[0..n) of position st, filtered by routes_allow in
   order until one passes (the rest kept unasked: keeping a picture
   without a line is weaker, never wrong); returns how many are kept. */
static long routes_keep(struct chess_plan *p, const struct men_state *st, struct live *out, long n,
                        int wm, int lm)
{
	if (!routes_ready(p))
		return n;
	uint32_t winners = 0, losers = 0;
	for (int m = 0; m < p->nmen; m++) {
		if (st->sq[m] == OFF)
			continue;
		if (p->side[m] == p->winner)
			winners |= 1u << m;
		else
			losers |= 1u << m;
	}
	long kept = 0, k = 0;
	for (; k < n; k++) {
		bool ok = routes_allow(p, st, &out[k], winners, losers, wm, lm);
		if (ok)
			break;
	}
	if (k == n)
		return 0;
	memmove(out, out + k, (size_t)(n - k) * sizeof *out);
	kept = n - k;
	return kept;
}

static bool plan_move(struct chess_plan *p, int ply, int from, int to, int promo, int taken, int wm,
                      int lm)
{
	if (p->off || ply < 0 || ply >= p->plies)
		return true;
	if (p->nlive[ply] == 0) {
		/* no picture within reach: no line (nor after the move, should
		   "#="'s other plan keep it) */
		p->nlive[ply + 1] = 0;
		return false;
	}
	const struct men_state *a = &p->st[ply];
	struct men_state *b = &p->st[ply + 1];
	int x = a->at[from], y = taken >= 0 ? a->at[taken] : -1;
	long n = p->nlive[ply];
	if (x < 0 || (p->pictures && p->cap_live[ply + 1] < n)) {
		struct live *l = x < 0 ? NULL : realloc(p->live[ply + 1], (size_t)n * sizeof *l);
		if (!l) {
			/* not the plan's line (no man there), or no memory: the plan
			   prunes nothing more (what it pruned stays right) */
			p->off = true;
			return true;
		}
		p->live[ply + 1] = l;
		p->cap_live[ply + 1] = n;
	}
	*b = *a;
	if (y >= 0) {
		b->at[taken] = -1;
		b->sq[y] = OFF;
	}
	b->at[from] = -1;
	b->at[to] = (int8_t)x;
	b->sq[x] = (uint8_t)to;
	if (promo >= 0)
		b->kind[x] = (uint8_t)promo;
	/* a castling (a king's move of two squares): its rook moves too */
	int z = -1, zf = 0, zt = 0;
	if (a->kind[x] == KING && absi(to - from) == 2) {
		zf = to > from ? from + 3 : from - 4;
		zt = (from + to) >> 1;
		z = a->at[zf];
		if (z >= 0) {
			b->at[zf] = -1;
			b->at[zt] = (int8_t)z;
			b->sq[z] = (uint8_t)zt;
		}
	}
	if (!p->pictures) { /* a stalemate's bound alone */
		p->nlive[ply + 1] = stale_reachable(p, b, wm, lm);
		return p->nlive[ply + 1] > 0;
	}
	const struct live *in = p->live[ply];
	struct live *out = p->live[ply + 1];
	int sx = p->side[x], who = sx != p->winner;
	uint32_t xb = 1u << x, yb = y >= 0 ? 1u << y : 0, zb = z >= 0 ? 1u << z : 0;
	/* a man of the loser's taken: one fewer to take, where it was none
	   of the picture's (a stalemate's pictures) */
	int took = p->fates && y >= 0 && p->side[y] != p->winner;
	const uint16_t *role_x = p->role_of + (size_t)x * (size_t)p->npics;
	const uint16_t *role_z = z >= 0 ? p->role_of + (size_t)z * (size_t)p->npics : NULL;
	if (++p->calls == 0) { /* the stamps wrapped: none is valid */
		memset(p->stamp, 0, sizeof p->stamp);
		p->calls = 1;
	}
	long kept = 0;
	for (long k = 0; k < n; k++) {
		uint32_t mask = in[k].mask;
		if (mask & yb)
			continue;
		int req[2] = {in[k].req[0], in[k].req[1]};
		if (mask & xb) {
			int code = role_x[in[k].pic];
			if (p->stamp[code] != p->calls) {
				p->stamp[code] = p->calls;
				p->delta[code] = (int8_t)role_delta(p, x, a->kind[x], from,
				                                    b->kind[x], to, code, wm == 0);
			}
			req[who] += p->delta[code];
		}
		if (mask & zb) {
			int code = role_z[in[k].pic];
			req[who] += role_delta(p, z, ROOK, zf, ROOK, zt, code, wm == 0);
		}
		int gone = in[k].gone - took;
		if (req[0] > wm || req[1] > lm || gone > wm)
			continue;
		out[kept].pic = in[k].pic;
		out[kept].mask = mask;
		out[kept].req[0] = (uint8_t)req[0];
		out[kept].req[1] = (uint8_t)req[1];
		out[kept].gone = (uint8_t)gone;
		kept++;
	}
	if (kept && p->fates)
		kept = routes_keep(p, b, out, kept, wm, lm);
	/* a stalemate's pictures still within reach: its bound too (the
	   pictures' cheaper test first) */
	if (kept && p->stalemate && !stale_reachable(p, b, wm, lm))
		kept = 0;
	p->nlive[ply + 1] = kept;
	return kept > 0;
}

bool chess_plan_move(struct chess_plan *p, int ply, int from, int to, int promo, int taken, int wm,
                     int lm)
{
	bool kept = plan_move(p, ply, from, to, promo, taken, wm, lm);
	/* "#=": both plans follow the line, whichever keeps it */
	if (p->or_stalemate)
		kept |= plan_move(p->or_stalemate, ply, from, to, promo, taken, wm, lm);
	return kept;
}
