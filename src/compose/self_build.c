/*
** self_build.c -- self play built backwards with the real search (see
** self_build.h; the pictures and retractions: backward.h).
*/
#include <setjmp.h>
#include <string.h>

#include "compose/self_build.h"
#include "compose/backward.h"
#include "compose/place.h"
#include "play/play.h"

/* Self play: could the defender, were it to move in the diagram (the
   solver passing), win at once?  A selfmate whose defender mates at once
   from the diagram shows nothing the solver forces (issue 22: pawn walls
   with Black able to mate at once). */
bool compose_defender_wins_at_once(const struct game *g, const void *pos)
{
	if (!g->make_null || (g->in_check && g->in_check(pos)))
		return false;
	_Alignas(16) unsigned char p[MAX_POS_SIZE], nu[MAX_UNDO_SIZE], undo[MAX_UNDO_SIZE];
	memcpy(p, pos, g->pos_size);
	g->make_null(p, nu);
	move_t moves[MAX_MOVES], replies[MAX_MOVES];
	int n = g->gen_moves(p, moves);
	bool wins = false;
	for (int i = 0; i < n && !wins; i++) {
		g->make(p, moves[i], undo);
		int k = g->gen_moves(p, replies);
		wins = g->outcome(p, replies, k) == RESULT_LOSS;
		g->unmake(p, moves[i], undo);
	}
	g->unmake_null(p, nu);
	return wins;
}

/* Pictures tried per candidate, chains of retractions per picture, the
   local search's changes at the defender's turn, the keys per chain, and
   the picture search's changes: measured on s#2 (chess). */
enum {
	BACK_PICTURES = 4,
	BACK_CHAINS = 6,
	BACK_STEPS = 400,
	BACK_KEYS = 6,
	PICTURE_STEPS = 600,
	REFUTED = (1 << 20) + 1, /* refutations(): no position for the defender's turn */
	NO_THREAT = 64           /* refutations(): the cost of no threat (a zugzwang, when
	                            no defence refutes: cost % NO_THREAT == 0) */
};

/*
** pos: the defender to move, the solver having just made the first of its
** j moves.  The defender's moves after which the solver cannot force the
** goal with its j - 1 others (0: the goal is forced); REFUTED when the
** defender has no move, or is in check where the key is to be quiet (the
** solver's move gave it).  -1 out of time.
*/
static int refutations(struct worker *w, const void *pos, int j, bool key)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	struct search *s = w->s;
	if (key && !o->allow_check_key && g->in_check && g->in_check(pos))
		return REFUTED;
	search_reset(s, pos);
	search_set_goal(s, play_of(o->stip.kind)->goal);
	s->limits.deadline = w->deadline;
	if (setjmp(s->abort))
		return -1;
	move_t moves[MAX_MOVES];
	int count, bad = 0;
	if (search_status(s, moves, &count) != RESULT_ONGOING || count == 0)
		return REFUTED;
	for (int i = 0; i < count; i++) {
		search_make(s, moves[i]);
		bad += !search_attack(s, j - 1);
		search_unmake(s, moves[i]);
	}
	/* a threat keeps the men that win: without one the search would
	   take the defender's men away, and its wins with them */
	if (g->has_threats) {
		search_make_null(s);
		bad += search_attack(s, j - 1) ? 0 : NO_THREAT;
		search_unmake_null(s);
	}
	return bad;
}

/*
** The defender's turn before the solver's last j - 1 moves, from pos (the
** solver to move, winning in j - 1): the defender's last move taken back,
** or the turn passed to it (a threat), then a local search (back_change)
** down to no refutation.  0 and pos filled, 1 not found, -1 out of time.
*/
static int defender_turn(struct worker *w, const struct compose_profile *pf, struct rng *r,
                         int solver, int j, int lo, int hi, void *pos)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256];
	struct setup s;
	if (rng_below(r, 2) == 0) {
		if (!back_retract(g, pf, r, pos, rng_below(r, 4) == 0 ? RETRACT_TAKE : RETRACT_ANY))
			return 1;
	} else {
		g->get_setup(pos, &s);
		s.side_to_move = !solver;
		if (g->setup(trial, &s, err, sizeof err) != 0)
			return 1;
		memcpy(pos, trial, g->pos_size);
	}
	if (!compose_force_allowed(o, pos, solver))
		return 1;
	int cost = refutations(w, pos, j, j == o->stip.n);
	for (int step = 0; step < BACK_STEPS && cost > 0 && cost % NO_THREAT > 0; step++) {
		g->get_setup(pos, &s);
		s.side_to_move = !solver;
		back_change(g, pf, r, &s, solver, lo, hi, -1);
		if (g->setup(trial, &s, err, sizeof err) != 0 ||
		    !compose_force_allowed(o, trial, solver))
			continue;
		int now = refutations(w, trial, j, j == o->stip.n);
		if (now < 0)
			return -1;
		if (now > cost)
			continue;
		cost = now;
		memcpy(pos, trial, g->pos_size);
	}
	if (cost < 0)
		return -1;
	return cost % NO_THREAT == 0 ? 0 : 1;
}

/*
** A self-play diagram built backwards (backward.h) from a last picture:
** the solver's last move taken back, then for each move before it the
** defender's turn (defender_turn) and, but for the first, the solver's
** move before it; then the key, a quiet one, until the diagram has
** exactly that one key and nothing shorter (compose_quick_verdict).  0 and pos
** filled, 1 none found, -1 out of time.
*/
int compose_backward(struct worker *w, const struct compose_profile *pf, struct rng *r, int solver,
                     void *pos)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	int n = o->stip.n, lo, hi;
	compose_pieces_range(o, pf, solver, &lo, &hi);
	/* the game's men for self play, where it names them */
	struct compose_profile sp = *pf;
	for (int side = 0; side < 2; side++)
		if (pf->self_men[side])
			sp.men[side] = pf->self_men[side];
	if (o->min_pieces <= 0 && pf->self_min > 0)
		lo = pf->self_min;
	if (o->max_pieces <= 0 && pf->self_max > 0)
		hi = pf->self_max < lo ? lo : pf->self_max;
	pf = &sp;
	_Alignas(16) unsigned char pic[MAX_POS_SIZE], before[MAX_POS_SIZE];
	for (int p = 0; p < BACK_PICTURES; p++) {
		if (!back_picture(g, pf, r, solver, lo, hi, PICTURE_STEPS, o->allow_promoted, pic))
			continue;
		for (int chain = 0; chain < BACK_CHAINS; chain++) {
			memcpy(pos, pic, g->pos_size);
			bool ok = back_retract(g, pf, r, pos,
			                       rng_below(r, 4) == 0 ? RETRACT_TAKE : RETRACT_ANY) &&
			          compose_force_allowed(o, pos, solver);
			for (int j = 2; j <= n && ok; j++) {
				int rc = defender_turn(w, pf, r, solver, j, lo, hi, pos);
				if (rc < 0)
					return -1;
				ok =
				    rc == 0 && (j == n || back_retract(g, pf, r, pos, RETRACT_ANY));
			}
			if (!ok)
				continue;
			/* the key: quiet, and the diagram's only one */
			memcpy(before, pos, g->pos_size);
			for (int k = 0; k < BACK_KEYS; k++) {
				memcpy(pos, before, g->pos_size);
				if (!back_retract(g, pf, r, pos,
				                  o->allow_check_key ? RETRACT_ANY : RETRACT_QUIET))
					break;
				if (!compose_force_allowed(o, pos, solver) ||
				    (!o->allow_set_win && compose_defender_wins_at_once(g, pos)))
					continue;
				move_t key = MOVE_NONE;
				enum quick q = compose_quick_verdict(w, pos, &key);
				if (q == Q_TIMEOUT)
					return -1;
				if (q == Q_SOUND)
					return 0;
			}
		}
	}
	return 1;
}
