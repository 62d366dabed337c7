/*
** backward.c -- self play built backwards from its last picture (see
** backward.h).
**
** The picture search scores a position by what keeps it from being the
** picture: each defender's move that does not win costs 3 (the defender
** would play it), and having no winning move at all costs 4 and the
** fewest answers the solver has to one of the defender's checks (12 when
** none checks): a check with fewer answers is nearer a mate.  Changes that
** do not raise the cost are kept, so the search walks across plateaus.
** Retraction is checked forwards: a man put back on a square is a move
** back only when the game, from there, has a legal move giving exactly the
** men of the position (so every game's rules are its own).
*/
#include <string.h>

#include "compose/backward.h"
#include "compose/score.h"

enum { COST_NONE = 1 << 20 };

static bool on_board(const struct game *g, int f, int k)
{
	return f >= 0 && k >= 0 && f < g->files && k < g->ranks;
}

bool back_square_ok(const struct game *g, char c, int f, int k)
{
	const struct piece_kind *p = game_piece(g, c);
	if (p && p->role == ROLE_PAWN && (k == 0 || k == g->ranks - 1))
		return false;
	if (!game_is_royal(g, c) && g->square_kind && g->square_kind(f, k) != SQUARE_PLAIN)
		return false;
	return true;
}

bool back_may_stand(const struct game *g, const struct compose_profile *pf, char c, int f, int k)
{
	bool edge = f == 0 || k == 0 || f == g->files - 1 || k == g->ranks - 1;
	return back_square_ok(g, c, f, k) && !(edge && pf->king_off_edge && game_is_royal(g, c));
}

static bool king_of(const struct game *g, const struct setup *s, int side, int *kf, int *kk)
{
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char c = s->grid[k][f];
			if (c != '.' && game_is_royal(g, c) && game_letter_side(g, c) == side) {
				*kf = f;
				*kk = k;
				return true;
			}
		}
	return false;
}

/* c on an empty square within `radius` of (kf, kk), or anywhere when
   radius < 0; false when 40 draws found none. */
static bool put(const struct game *g, const struct compose_profile *pf, struct rng *r,
                struct setup *s, char c, int kf, int kk, int radius)
{
	for (int tries = 0; tries < 40; tries++) {
		int f = radius < 0 ? rng_below(r, g->files)
		                   : kf + rng_below(r, 2 * radius + 1) - radius;
		int k = radius < 0 ? rng_below(r, g->ranks)
		                   : kk + rng_below(r, 2 * radius + 1) - radius;
		if (on_board(g, f, k) && s->grid[k][f] == '.' && back_may_stand(g, pf, c, f, k)) {
			s->grid[k][f] = c;
			return true;
		}
	}
	return false;
}

/* A king of `side` on the edge of the board, where it has the fewest
   squares (the solver's, to be mated; the defender's, whose every move
   must be forced), or, where the edge is a win (king_off_edge: Tavlei),
   anywhere it may stand. */
static bool put_king(const struct game *g, const struct compose_profile *pf, struct rng *r,
                     struct setup *s, int side)
{
	char c = 0;
	for (const struct piece_kind *p = g->pieces; p->letter && !c; p++)
		if (p->role == ROLE_ROYAL && p->side == side)
			c = p->letter;
	if (!c)
		return true; /* a game without kings: nothing to put */
	if (pf->king_off_edge)
		return put(g, pf, r, s, c, 0, 0, -1);
	for (int tries = 0; tries < 40; tries++) {
		int along = rng_below(r, 4);
		int at = rng_below(r, along < 2 ? g->ranks : g->files);
		int f = along == 0 ? 0 : along == 1 ? g->files - 1 : at;
		int k = along == 2 ? 0 : along == 3 ? g->ranks - 1 : at;
		if (s->grid[k][f] == '.') {
			s->grid[k][f] = c;
			return true;
		}
	}
	return false;
}

static char draw_man(const struct compose_profile *pf, struct rng *r, int side)
{
	const char *pool = pf->men[side];
	return *pool ? pool[rng_below(r, (int)strlen(pool))] : 0;
}

/* A man of either side near one of the kings (or anywhere). */
static void add_man(const struct game *g, const struct compose_profile *pf, struct rng *r,
                    struct setup *s, int solver)
{
	int side = rng_below(r, 100) < 55 ? solver : !solver;
	char c = draw_man(pf, r, side);
	if (!c)
		return;
	int near = rng_below(r, 10), kf = 0, kk = 0;
	/* the solver's king is the one to be won against; the defender's men
	   and king must be left without a free move */
	int king = near < 5 ? solver : !solver;
	if (near < 8 && king_of(g, s, king, &kf, &kk))
		put(g, pf, r, s, c, kf, kk, 2);
	else
		put(g, pf, r, s, c, 0, 0, -1);
}

static int count(const struct game *g, const struct setup *s, int *at, bool kings)
{
	int n = 0;
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char c = s->grid[k][f];
			if (c != '.' && c && (kings || !game_is_royal(g, c))) {
				if (at)
					at[n] = k * MAX_FILES + f;
				n++;
			}
		}
	return n;
}

void back_change(const struct game *g, const struct compose_profile *pf, struct rng *r,
                 struct setup *s, int solver, int lo, int hi, int keep)
{
	int at[MAX_SQUARES];
	int men = count(g, s, at, false), all = count(g, s, NULL, true);
	int op = rng_below(r, 4);
	if (op == 0 && all < hi) {
		add_man(g, pf, r, s, solver);
		return;
	}
	if (op == 1 && men > 0 && all > lo) {
		int a = at[rng_below(r, men)];
		char *c = &s->grid[a / MAX_FILES][a % MAX_FILES];
		if (game_letter_side(g, *c) != keep)
			*c = '.';
		return;
	}
	int a;
	if (op == 3) {
		int kf, kk;
		if (!king_of(g, s, rng_below(r, 2), &kf, &kk))
			return;
		a = kk * MAX_FILES + kf;
	} else if (men > 0) {
		a = at[rng_below(r, men)];
	} else {
		return;
	}
	int f0 = a % MAX_FILES, k0 = a / MAX_FILES;
	char c = s->grid[k0][f0];
	s->grid[k0][f0] = '.';
	/* a king steps; a man goes anywhere now and then, mostly near */
	int radius = op == 3 ? 1 : rng_below(r, 4) == 0 ? -1 : 2;
	if (!put(g, pf, r, s, c, f0, k0, radius))
		s->grid[k0][f0] = c;
}

static enum result status_of(const struct game *g, void *pos)
{
	if (g->status)
		return g->status(pos);
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	return g->outcome(pos, moves, n);
}

/* How far pos (the defender to move) is from the picture; 0: there. */
static int picture_cost(const struct game *g, void *pos)
{
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	int n = g->gen_moves(pos, moves);
	if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING)
		return COST_NONE;
	int wins = 0, escapes = 12;
	for (int i = 0; i < n; i++) {
		g->make(pos, moves[i], undo);
		if (status_of(g, pos) == RESULT_LOSS) {
			wins++;
		} else if (g->in_check && g->in_check(pos)) {
			/* a check is a mate but for the solver's answers */
			move_t answers[MAX_MOVES];
			int a = g->gen_moves(pos, answers);
			if (a < escapes)
				escapes = a;
		}
		g->unmake(pos, moves[i], undo);
	}
	return 3 * (n - wins) + (wins ? 0 : 4 + escapes);
}

/* Men a game could have (no promoted force, no more men of a kind than
   its start, no position its pawns could not reach: score.h), or any. */
static bool force_ok(const struct game *g, const void *pos, int solver, bool promoted)
{
	if (promoted)
		return true;
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(g, pos, !solver, &f);
	return !f.promoted && !f.overcount && !f.unreachable;
}

bool back_picture(const struct game *g, const struct compose_profile *pf, struct rng *r, int solver,
                  int lo, int hi, int steps, bool promoted, void *pos)
{
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256];
	struct setup best;
	int cost = COST_NONE;
	for (int tries = 0; tries < 20 && cost == COST_NONE; tries++) {
		setup_blank(&best, !solver);
		if (!put_king(g, pf, r, &best, solver) || !put_king(g, pf, r, &best, !solver))
			continue;
		int total = lo + rng_below(r, hi - lo + 1);
		while (count(g, &best, NULL, true) < total) {
			int before = count(g, &best, NULL, true);
			add_man(g, pf, r, &best, solver);
			if (count(g, &best, NULL, true) == before && rng_below(r, 4) == 0)
				break; /* crowded: fewer men */
		}
		if (g->setup(pos, &best, err, sizeof err) == 0 &&
		    force_ok(g, pos, solver, promoted))
			cost = picture_cost(g, pos);
	}
	if (cost == COST_NONE)
		return false;
	for (int step = 0; step < steps && cost > 0; step++) {
		struct setup s = best;
		back_change(g, pf, r, &s, solver, lo, hi, -1);
		if (g->setup(trial, &s, err, sizeof err) != 0 ||
		    !force_ok(g, trial, solver, promoted))
			continue;
		int now = picture_cost(g, trial);
		if (now > cost)
			continue;
		cost = now;
		best = s;
		memcpy(pos, trial, g->pos_size);
	}
	return cost == 0;
}

static bool same_men(const struct game *g, const struct setup *a, const struct setup *b)
{
	for (int k = 0; k < g->ranks; k++)
		if (memcmp(a->grid[k], b->grid[k], (size_t)g->files) != 0)
			return false;
	return true;
}

/* Does a legal move of the side to move in `from` leave the men of `to`
   (and, when quiet, give no check)? */
static bool leads_to(const struct game *g, void *from, const struct setup *to, bool quiet)
{
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	int n = g->gen_moves(from, moves);
	for (int i = 0; i < n; i++) {
		struct setup s;
		g->make(from, moves[i], undo);
		g->get_setup(from, &s);
		bool check = quiet && g->in_check && g->in_check(from);
		g->unmake(from, moves[i], undo);
		if (same_men(g, &s, to) && !check)
			return true;
	}
	return false;
}

/* Retractions looked at before giving up: most squares are no move back
   for the man drawn, and a few hundred forward checks cost well under a
   millisecond. */
enum { RETRACT_TRIES = 400 };

bool back_retract(const struct game *g, const struct compose_profile *pf, struct rng *r, void *pos,
                  enum retract how)
{
	bool take = how == RETRACT_TAKE, quiet = how == RETRACT_QUIET;
	_Alignas(16) unsigned char prev[MAX_POS_SIZE];
	char err[256];
	struct setup now;
	g->get_setup(pos, &now);
	int x = g->side_to_move(pos), y = !x;
	int men[MAX_SQUARES], empty[MAX_SQUARES], nm = 0, ne = 0;
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char c = now.grid[k][f];
			if (c == '.' || !c)
				empty[ne++] = k * MAX_FILES + f;
			else if (game_letter_side(g, c) == y)
				men[nm++] = k * MAX_FILES + f;
		}
	char taken = take ? draw_man(pf, r, x) : 0;
	for (int tries = 0; tries < RETRACT_TRIES && nm > 0 && ne > 0; tries++) {
		int t = men[rng_below(r, nm)], f = empty[rng_below(r, ne)];
		int tf = t % MAX_FILES, tk = t / MAX_FILES, ff = f % MAX_FILES, fk = f / MAX_FILES;
		char c = now.grid[tk][tf];
		if (!back_may_stand(g, pf, c, ff, fk) ||
		    (taken && !back_may_stand(g, pf, taken, tf, tk)))
			continue;
		struct setup s = now;
		s.grid[fk][ff] = c;
		s.grid[tk][tf] = taken ? taken : '.';
		s.side_to_move = y;
		strcpy(s.castling, "-");
		strcpy(s.en_passant, "-");
		if (g->setup(prev, &s, err, sizeof err) != 0 || !leads_to(g, prev, &now, quiet))
			continue;
		memcpy(pos, prev, g->pos_size);
		return true;
	}
	return false;
}
