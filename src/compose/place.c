/*
** place.c -- the composer's candidate positions (see place.h).
*/
#include <string.h>

#include "compose/place.h"
#include "compose/backward.h"
#include "compose/score.h"
#include "play/play.h"

static const struct compose_profile generic_profile = {
    .by = {{3, 6, 55, 0, 0}, {3, 6, 55, 0, 0}},
    .men = {"", ""},
    .play_min = 6,
    .play_max = 40,
    .side = 0,
    .quiet_key = true,
};

const struct compose_profile *compose_profile_of(const struct game *g)
{
	return g->composer ? g->composer : &generic_profile;
}

static int letter_side(const struct game *g, char c)
{
	return game_letter_side(g, c);
}

static bool is_king(const struct game *g, char c)
{
	return game_is_royal(g, c);
}

int compose_count_men(const struct game *g, const struct setup *s, int men[2])
{
	men[0] = men[1] = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			if (s->grid[r][f] != '.' && s->grid[r][f] != 0)
				men[letter_side(g, s->grid[r][f])]++;
	return men[0] + men[1];
}

/* Self play (S3), which backward.h builds: the defender's last move must
   win, so the last picture is the defender to move with nothing but wins. */
bool compose_backward_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_SELF;
}

/* What placing asks of each letter, read once from the game's table
   (game_piece walks it: those walks were a fifth of chess's win in 2). */
struct letter_facts {
	bool royal[256];
	bool pawn[256];
	int8_t side[256];   /* -1: no man of the game */
	bool king_off_edge; /* the profile's */
};

static void letter_facts_of(const struct game *g, struct letter_facts *lf)
{
	memset(lf->royal, 0, sizeof lf->royal);
	memset(lf->pawn, 0, sizeof lf->pawn);
	memset(lf->side, -1, sizeof lf->side);
	lf->king_off_edge = compose_profile_of(g)->king_off_edge;
	/* from the last kind back: the first of a letter wins, as in game_piece */
	int n = 0;
	while (g->pieces && g->pieces[n].letter)
		n++;
	for (int i = n - 1; i >= 0; i--) {
		const struct piece_kind *p = &g->pieces[i];
		unsigned char c = (unsigned char)p->letter;
		lf->royal[c] = p->role == ROLE_ROYAL;
		lf->pawn[c] = p->role == ROLE_PAWN;
		lf->side[c] = (int8_t)p->side;
	}
}

/* back_square_ok, from the facts */
static bool square_ok(const struct game *g, const struct letter_facts *lf, char c, int f, int k)
{
	unsigned char u = (unsigned char)c;
	if (lf->pawn[u] && (k == 0 || k == g->ranks - 1))
		return false;
	return lf->royal[u] || !g->square_kind || g->square_kind(f, k) == SQUARE_PLAIN;
}

static bool drop(const struct game *g, const struct letter_facts *lf, struct rng *r,
                 struct setup *s, char c)
{
	/* a king on the edge of a king_off_edge game (Tavlei) has already
	   escaped: no problem there */
	bool edge_ok = !(lf->royal[(unsigned char)c] && lf->king_off_edge);
	for (int tries = 0; tries < 200; tries++) {
		int f = rng_below(r, g->files), k = rng_below(r, g->ranks);
		if (!edge_ok && (f == 0 || k == 0 || f == g->files - 1 || k == g->ranks - 1))
			continue;
		if (s->grid[k][f] == '.' && square_ok(g, lf, c, f, k)) {
			s->grid[k][f] = c;
			return true;
		}
	}
	return false;
}

/* c within `radius` squares (king's distance) of (kf, kr), else anywhere. */
static bool drop_near(const struct game *g, const struct letter_facts *lf, struct rng *r,
                      struct setup *s, char c, int kf, int kr, int radius)
{
	for (int tries = 0; tries < 50; tries++) {
		int f = kf + rng_below(r, 2 * radius + 1) - radius;
		int k = kr + rng_below(r, 2 * radius + 1) - radius;
		if (f < 0 || k < 0 || f >= g->files || k >= g->ranks)
			continue;
		if (s->grid[k][f] == '.' && square_ok(g, lf, c, f, k)) {
			s->grid[k][f] = c;
			return true;
		}
	}
	return drop(g, lf, r, s, c);
}

/* The king the men gather around: the defending side's, or the only one. */
static bool target_king(const struct game *g, const struct letter_facts *lf, const struct setup *s,
                        int solver, int *kf, int *kr)
{
	bool found = false;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			unsigned char c = (unsigned char)s->grid[r][f];
			if (c == '.' || !lf->royal[c])
				continue;
			if (!found || lf->side[c] != solver) {
				*kf = f;
				*kr = r;
				found = true;
			}
		}
	return found;
}

/* Who moves first in a candidate whose winning (solving) side is `solver`:
   the opponent in help play of whole moves and in a helping series (S2, S7). */
static int first_mover(const struct compose_opts *o, int solver)
{
	return stip_solver_starts(&o->stip) ? solver : !solver;
}

/* Self or reflex play (S3, S6): the solver makes its opponent win. */
bool compose_self_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal != GOAL_DIRECT;
}

/* Men on the board, kings included: --pieces, or the game's default for
   the solving side. */
static const struct compose_side *side_profile(const struct compose_opts *o,
                                               const struct compose_profile *pf, int solver)
{
	if (o->stip.n >= 3 && pf->longer[solver].min_pieces > 0)
		return &pf->longer[solver];
	return &pf->by[solver];
}

void compose_pieces_range(const struct compose_opts *o, const struct compose_profile *pf,
                          int solver, int *lo, int *hi)
{
	*lo = o->min_pieces > 0 ? o->min_pieces : side_profile(o, pf, solver)->min_pieces;
	*hi = o->max_pieces > 0 ? o->max_pieces : side_profile(o, pf, solver)->max_pieces;
	if (*hi < *lo)
		*hi = *lo;
}

/*
** A king net built from its last picture backwards (the profile's
** net_share): the enemy king walled in (T7) is the end, so the king goes
** beside the throne (which walls one side) or in the open, off the edge;
** one to three of its other neighbours are left open and the rest get the
** solver's men; each open neighbour gets a solver's man on a line through
** it, two to four squares off, that can close it (the men move like rooks,
** T4); the defender's men (one to three) go near the king, the first
** now and then (the profile's net_plug) in a gap, a plug whose every move
** opens it to a closer, the others where they can block those lines or
** take the wall's men, and so make the defences; the solver's other men
** go near the king too.  (Gaps held open while the others are dropped gave
** fewer problems, slower, and fewer king captures: a king with a free side
** mostly runs to the edge, T8; seed 47, ten problems: one king capture in
** 126 s of CPU.)  True with s filled.
*/
static bool place_net(const struct game *g, const struct compose_profile *pf,
                      const struct letter_facts *lf, struct rng *r, int solver, int total,
                      struct setup *s)
{
	static const int dir[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
	int tf = -1, tr = -1;
	if (pf->throne && square_parse(pf->throne, g->files, g->ranks, &tf, &tr) <= 0)
		tf = tr = -1;
	char king = 0;
	int placed = 0;
	for (const struct piece_kind *k = g->pieces; k->letter; k++)
		if (k->role == ROLE_ROYAL && k->side != solver)
			king = k->letter;
		else if (k->role == ROLE_ROYAL && !drop(g, lf, r, s, k->letter))
			return false;
		else if (k->role == ROLE_ROYAL)
			placed++;
	const char *mine = pf->men[solver], *theirs = pf->men[!solver];
	if (!king || !*mine || !*theirs)
		return false;
	int kf = -1, kr = -1;
	for (int tries = 0; tries < 50 && kf < 0; tries++) {
		int f, k;
		if (tf >= 0 && rng_below(r, 2) == 0) {
			int d = rng_below(r, 4);
			f = tf + dir[d][0];
			k = tr + dir[d][1];
		} else {
			f = 1 + rng_below(r, g->files - 2);
			k = 1 + rng_below(r, g->ranks - 2);
		}
		if (f > 0 && k > 0 && f < g->files - 1 && k < g->ranks - 1 &&
		    s->grid[k][f] == '.' && square_ok(g, lf, king, f, k))
			kf = f, kr = k;
	}
	if (kf < 0)
		return false;
	s->grid[kr][kf] = king;
	placed++;
	int nmine = (int)strlen(mine), ntheirs = (int)strlen(theirs);
	/* the neighbours: the throne walls its side; of the others one to
	   three stay open, the rest the solver's men */
	int side[4], nside = 0;
	for (int d = 0; d < 4; d++)
		if (!(kf + dir[d][0] == tf && kr + dir[d][1] == tr))
			side[nside++] = d;
	for (int i = nside - 1; i > 0; i--) {
		int j = rng_below(r, i + 1), t = side[i];
		side[i] = side[j];
		side[j] = t;
	}
	int open = 1 + rng_below(r, nside > 3 ? 3 : nside);
	for (int i = open; i < nside; i++) {
		int f = kf + dir[side[i]][0], k = kr + dir[side[i]][1];
		char c = mine[rng_below(r, nmine)];
		if (s->grid[k][f] == '.' && square_ok(g, lf, c, f, k)) {
			s->grid[k][f] = c;
			placed++;
		}
	}
	/* a closer for each open neighbour: on its line away from the king,
	   or across it */
	for (int i = 0; i < open; i++) {
		int gf = kf + dir[side[i]][0], gk = kr + dir[side[i]][1];
		for (int tries = 0; tries < 8; tries++) {
			int d = rng_below(r, 4), far = 2 + rng_below(r, 3);
			if (dir[d][0] == -dir[side[i]][0] && dir[d][1] == -dir[side[i]][1])
				continue; /* through the king */
			int f = gf + far * dir[d][0], k = gk + far * dir[d][1];
			char c = mine[rng_below(r, nmine)];
			if (f < 0 || k < 0 || f >= g->files || k >= g->ranks ||
			    s->grid[k][f] != '.' || !square_ok(g, lf, c, f, k))
				continue;
			s->grid[k][f] = c;
			placed++;
			break;
		}
	}
	/* the defender's men, near the king: its defences, the first now and
	   then in a gap, a plug whose every move opens it */
	int defenders = 1 + rng_below(r, 3), i = 0;
	if (rng_below(r, 100) < pf->net_plug) {
		int f = kf + dir[side[0]][0], k = kr + dir[side[0]][1];
		char c = theirs[rng_below(r, ntheirs)];
		if (s->grid[k][f] == '.' && square_ok(g, lf, c, f, k)) {
			s->grid[k][f] = c;
			placed++;
			i++;
		}
	}
	for (; i < defenders && placed < total; i++)
		placed += drop_near(g, lf, r, s, theirs[rng_below(r, ntheirs)], kf, kr, 2);
	while (placed < total && drop_near(g, lf, r, s, mine[rng_below(r, nmine)], kf, kr, 2))
		placed++;
	return true;
}

/* Random men on random squares; 0, or -1 when the game rejected every try
   (counted in *illegal). */
int compose_place(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                  int solver, void *pos, struct setup *men, uint64_t *illegal)
{
	const struct game *g = o->g;
	const struct compose_side *sp = side_profile(o, pf, solver);
	char err[256];
	int lo, hi;
	compose_pieces_range(o, pf, solver, &lo, &hi);
	struct letter_facts lf;
	letter_facts_of(g, &lf);
	const int pool_len[2] = {(int)strlen(pf->men[0]), (int)strlen(pf->men[1])};
	/* the solver walls the enemy king in (T7): some candidates from that
	   picture */
	bool enemy_king = false;
	for (const struct piece_kind *k = g->pieces; k->letter; k++)
		enemy_king |= k->role == ROLE_ROYAL && k->side != solver;
	bool net = pf->net_share > 0 && enemy_king && compose_direct_play(o) &&
	           rng_below(r, 100) < pf->net_share;
	for (int attempt = 0; attempt < 50; attempt++) {
		struct setup *s = men;
		setup_blank(s, first_mover(o, solver));
		int total = lo + rng_below(r, hi - lo + 1);
		if (net) {
			if (place_net(g, pf, &lf, r, solver, total, s) &&
			    g->setup(pos, s, err, sizeof err) == 0)
				return 0;
			(*illegal)++;
			continue;
		}
		int placed = 0;
		bool ok = true;
		for (const struct piece_kind *k = g->pieces; k->letter && ok; k++)
			if (k->role == ROLE_ROYAL) {
				ok = drop(g, &lf, r, s, k->letter);
				placed++;
			}
		int kf = 0, kr = 0;
		/* in self and reflex play the solver's own king is the one to be
		   won against: the men gather round it */
		bool near =
		    sp->near > 0 && ok &&
		    target_king(g, &lf, s, compose_self_play(o) ? !solver : solver, &kf, &kr);
		for (; placed < total && ok; placed++) {
			int side = rng_below(r, 100) < sp->share ? solver : !solver;
			const char *pool = pf->men[side];
			if (!*pool)
				break;
			char c = pool[rng_below(r, pool_len[side])];
			if (near && rng_below(r, 100) < sp->near)
				ok = drop_near(g, &lf, r, s, c, kf, kr, sp->radius);
			else
				ok = drop(g, &lf, r, s, c);
		}
		if (ok && g->setup(pos, s, err, sizeof err) == 0)
			return 0;
		(*illegal)++;
	}
	return -1;
}

/* A position of a random game from the start, thinned out to the
   material limits by removing random men (never a king). */
int compose_play(const struct compose_opts *o, const struct compose_profile *pf, struct rng *r,
                 int solver, void *pos, struct setup *men, uint64_t *illegal)
{
	const struct game *g = o->g;
	char err[256];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	move_t moves[MAX_MOVES];
	if (g->parse(pos, g->start, err, sizeof err) != 0)
		return -1;
	int plies = pf->play_min + rng_below(r, pf->play_max - pf->play_min + 1);
	int mover = first_mover(o, solver);
	for (int i = 0; i < plies || g->side_to_move(pos) != mover; i++) {
		int n = g->gen_moves(pos, moves);
		if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING || i > plies + 1)
			return -1;
		g->make(pos, moves[rng_below(r, n)], undo);
	}
	struct setup *s = men;
	g->get_setup(pos, s);
	int count[2];
	int total = compose_count_men(g, s, count);
	int lo, hi;
	compose_pieces_range(o, pf, solver, &lo, &hi);
	int want = lo + rng_below(r, hi - lo + 1);
	while (total > want) {
		int f = rng_below(r, g->files), k = rng_below(r, g->ranks);
		char c = s->grid[k][f];
		if (c == '.' || is_king(g, c))
			continue;
		s->grid[k][f] = '.';
		total--;
	}
	s->side_to_move = mover;
	/* the side to move may have changed; a thinned-out rook takes its
	   castling right with it */
	strcpy(s->en_passant, "-");
	s->halfmove = 0;
	s->fullmove = 1;
	if (g->setup(pos, s, err, sizeof err) == 0)
		return 0;
	strcpy(s->castling, "-");
	if (g->setup(pos, s, err, sizeof err) == 0)
		return 0;
	(*illegal)++;
	return -1;
}

bool compose_lines_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_LINES;
}

/* Is the play direct (S1), where a defender with nothing but its king
   makes no problem? */
bool compose_direct_play(const struct compose_opts *o)
{
	const struct play *pl = play_of(o->stip.kind);
	return pl && pl->family == FAMILY_BATTLE && pl->goal == GOAL_DIRECT;
}

/* A random change of s: a man added (mostly next to the defending king),
   removed or moved, or a king moved a square. */
void compose_mutate(const struct compose_opts *o, struct rng *r, int solver, struct setup *s)
{
	const struct game *g = o->g;
	const struct compose_profile *pf = compose_profile_of(g);
	struct letter_facts lf;
	letter_facts_of(g, &lf);
	int occupied[MAX_SQUARES], kings[4], nocc = 0, nkings = 0;
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char c = s->grid[k][f];
			if (c == '.' || !c)
				continue;
			if (is_king(g, c)) {
				if (nkings < 4)
					kings[nkings++] = k * MAX_FILES + f;
			} else if (nocc < MAX_SQUARES) {
				occupied[nocc++] = k * MAX_FILES + f;
			}
		}
	int op = rng_below(r, 4);
	if (op == 1 && nocc > 1) {
		int at = occupied[rng_below(r, nocc)];
		s->grid[at / MAX_FILES][at % MAX_FILES] = '.';
		return;
	}
	if ((op == 2 && nocc > 0) || (op == 3 && nkings > 0)) {
		int at = op == 2 ? occupied[rng_below(r, nocc)] : kings[rng_below(r, nkings)];
		int f0 = at % MAX_FILES, k0 = at / MAX_FILES, radius = op == 2 ? 2 : 1;
		char c = s->grid[k0][f0];
		for (int tries = 0; tries < 20; tries++) {
			int f = f0 + rng_below(r, 2 * radius + 1) - radius;
			int k = k0 + rng_below(r, 2 * radius + 1) - radius;
			if (f < 0 || k < 0 || f >= g->files || k >= g->ranks ||
			    s->grid[k][f] != '.' || !back_may_stand(g, pf, c, f, k))
				continue;
			s->grid[k][f] = c;
			s->grid[k0][f0] = '.';
			return;
		}
		return;
	}
	/* add: the defender's men make the variations, so mostly the defender's */
	int side = rng_below(r, 100) < 65 ? !solver : solver;
	const char *pool = pf->men[side];
	if (!*pool)
		return;
	char c = pool[rng_below(r, (int)strlen(pool))];
	int kf = 0, kr = 0;
	if (target_king(g, &lf, s, compose_self_play(o) ? !solver : solver, &kf, &kr))
		drop_near(g, &lf, r, s, c, kf, kr, 2);
	else
		drop(g, &lf, r, s, c);
}

/* Force a game could have (score_material), unless --allow-promoted. */
bool compose_force_allowed(const struct compose_opts *o, const void *pos, int solver)
{
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(o->g, pos, !solver, &f);
	return o->allow_promoted || !(f.promoted || f.overcount || f.unreachable);
}
