/*
** filters.c -- the composer's quality filters (see filters.h).
*/
#include <stdlib.h>
#include <string.h>

#include "compose/filters.h"
#include "compose/place.h"
#include "compose/self_build.h"
#include "play/play.h"

/* A trivial win by forced captures (Morok's possession).  Either the solver starts
   possessed (every move it has captures: the key is forced on it), or the
   defender has nothing but its king, which can only walk from one capture
   into the next (the solver's men that attack it are possessed and must
   take it). */
static bool solver_forced(const struct game *g, const void *pos, const int men[2], int solver)
{
	if (men[!solver] <= 1)
		return true;
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char p[MAX_POS_SIZE];
	memcpy(p, pos, g->pos_size);
	int n = g->gen_moves(p, moves);
	for (int i = 0; i < n; i++)
		if (!g->is_capture(p, moves[i]))
			return false;
	return true;
}

/* The filters read from the position and its key (battle play), cheapest
   first; f gets the facts of material and key. */
enum outcome compose_cheap_filters(struct worker *w, const void *pos, int solver, move_t key,
                                   struct score_facts *f)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	memset(f, 0, sizeof *f);
	score_material(g, pos, !solver, f);
	f->direct = compose_direct_play(o);
	/* economy may leave fewer men than were placed: only a --pieces
	   asked for is a limit */
	if (f->men[0] + f->men[1] < o->min_pieces)
		return C_SMALL;
	if (!o->allow_promoted && (f->promoted || f->overcount || f->unreachable))
		return C_LEGAL;
	if (!o->allow_lone_king && f->direct && f->lone_king)
		return C_LONE;
	score_key(g, pos, key, f);
	if ((f->capture && !o->allow_capture_key) || (f->check && !o->allow_check_key) ||
	    (f->promotion && !o->allow_capture_key))
		return C_KEY;
	/* the solver in check in the diagram (in Morok its king attacked):
	   the key only parries it (a judge marks such a problem 1; blind
	   marks of stop 35, Upuaut and Morok) */
	if (score_mover_attacked(g, pos))
		return C_KEY;
	/* the key takes no flight (the game's profile: closed_king) */
	if (o->closed_king && f->flights_taken > 0)
		return C_KEY;
	if (!o->allow_only_move && f->only_move)
		return C_ONLY_MOVE;
	if (!o->allow_set_win && compose_self_play(o) && compose_defender_wins_at_once(g, pos))
		return C_SET_WIN;
	if (!o->allow_forced && compose_profile_of(g)->forced_is_trivial &&
	    solver_forced(g, pos, f->men, solver))
		return C_FORCED;
	return C_KEPT;
}

enum outcome compose_diagram_filters(struct worker *w, const void *pos, int solver)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	struct setup s;
	g->get_setup(pos, &s);
	int men[2], royal = 0;
	compose_count_men(g, &s, men);
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = s.grid[r][f];
			royal += c != '.' && c && game_is_royal(g, c) &&
			         game_letter_side(g, c) != solver;
		}
	/* the defender's king alone stays alone whatever economy removes */
	if (!o->allow_lone_king && compose_direct_play(o) && men[!solver] == 1 && royal == 1)
		return C_LONE;
	/* too few men, or force no game has, make the first filters pass the
	   candidate on to economy (which may mend the second): no verdict */
	if (men[0] + men[1] < o->min_pieces)
		return C_KEPT;
	enum outcome res = C_KEPT;
	if (score_mover_attacked(g, pos))
		res = C_KEY;
	else if (!o->allow_forced && compose_profile_of(g)->forced_is_trivial &&
	         solver_forced(g, pos, men, solver))
		res = C_FORCED;
	if (res != C_KEPT && !o->allow_promoted && !compose_force_allowed(o, pos, solver))
		res = C_KEPT;
	return res;
}

/* The solver's different last moves under node n (at most `cap` kept in
   seen[0..*k)): the wins a judge counts, whatever line leads to them. */
static void last_wins(const struct tree_node *nodes, int n, const char **seen, int *k, int cap)
{
	for (int c = nodes[n].child; c >= 0 && *k < cap; c = nodes[c].sibling) {
		if (nodes[c].refutes)
			continue;
		if (nodes[c].by_solver && nodes[c].moves_left == 1) {
			bool again = false;
			for (int i = 0; i < *k && !again; i++)
				again = strcmp(seen[i], nodes[c].note.canon) == 0;
			if (!again)
				seen[(*k)++] = nodes[c].note.canon;
			continue;
		}
		last_wins(nodes, c, seen, k, cap);
	}
}

/* The full judgement and the score: C_KEPT with *jp (the caller frees
   it), or why not. */
enum outcome compose_judge_and_score(struct worker *w, const void *pos, int solver, move_t key,
                                     struct score_facts *f, struct judgement **jp,
                                     struct compose_score *sc, int *variations)
{
	const struct compose_opts *o = w->o;
	struct judgement *j = compose_judge_candidate(w, pos, NULL, false);
	if (!j)
		return C_OOM;
	enum outcome res = C_KEPT;
	if (j->verdict == VERDICT_TIMEOUT)
		res = C_TIMEOUT;
	else if (j->verdict != VERDICT_SOUND || j->an.truncated || j->an.key_nodes[0] < 0)
		res = C_COOKED; /* cannot happen after compose_quick_verdict, but judge_puzzle
		                   decides */
	else if (!compose_duals_ok(&j->an, o->duals))
		res = C_DUALS;
	if (res == C_KEPT) {
		*variations = compose_variations_by_men(o->g, pos, &j->an, &f->man_wins);
		if (*variations < o->variations || f->man_wins < o->men_variations)
			res = C_VARIATIONS;
		/* from win in 3 on, variations counted at the second move may all
		   end in one last move (seed 1's 90 s run of #3: two problems, and
		   one of Upuaut's win in 3): a judge reads one win, whatever line
		   leads to it (issue 22: two different wins) */
		const char *seen[2];
		int wins = 0;
		if (res == C_KEPT && o->stip.n >= 3 && o->variations >= 2) {
			last_wins(j->an.nodes, j->an.key_nodes[0], seen, &wins, 2);
			if (wins < 2)
				res = C_VARIATIONS;
		}
	}
	if (res == C_KEPT) {
		score_play(o->g, pos, &j->an, o->stip.n, *variations, f);
		if (f->short_threat && !o->allow_short_threat)
			res = C_SHORT_THREAT;
		/* the king walks out alone (T8): the judges' 1 (score.h: king
		   run) */
		else if (f->key_king && f->king_runs && !o->allow_king_run)
			res = C_KING_RUN;
		/* variations that only take the defending man are none: too
		   few variations */
		else if (o->undoing_refused && 2 * f->capture_wins > f->defences)
			res = C_VARIATIONS;
	}
	if (res != C_KEPT) {
		judgement_free(j);
		free(j);
		return res;
	}
	(void)solver;
	(void)key;
	compose_score(f, sc);
	*jp = j;
	return C_KEPT;
}
