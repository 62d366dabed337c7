/*
** climb.c -- local search on a problem's score (see climb.h).
*/
#include <stdlib.h>
#include <string.h>

#include "compose/climb.h"
#include "compose/filters.h"
#include "compose/place.h"
#include "notation/move_parse.h"

/* The problem at trial against the best so far (pos, its facts,
   judgement, score and variations): taken when it is sound with the same
   key `canon`, passes every filter, scores more (or, `even`, no less) and,
   with economy, has no idle man (compose_idle_men).  1 taken, 0 not, -1 out of
   memory, -2 out of time. */
static int take_if_better(struct worker *w, int solver, const char *canon, const void *trial,
                          bool even, void *pos, struct score_facts *bf, struct judgement **bj,
                          struct compose_score *bs, int *bvar)
{
	const struct game *g = w->o->g;
	move_t k;
	int same =
	    compose_sound_with_key(w, trial, canon, game_parse_move(g, pos, canon, NULL, 0), &k);
	if (same <= 0)
		return same < 0 ? -2 : 0;
	struct score_facts f;
	if (compose_cheap_filters(w, trial, solver, k, &f) != C_KEPT)
		return 0;
	struct judgement *j = NULL;
	struct compose_score sc;
	int variations = 0;
	enum outcome res = compose_judge_and_score(w, trial, solver, k, &f, &j, &sc, &variations);
	if (res == C_OOM)
		return -1;
	if (res == C_TIMEOUT)
		return -2;
	if (res != C_KEPT)
		return 0;
	/* the change must not leave a man the problem does not need: climb
	   and compose_enrich_defender run after economise, and a man whose only job is
	   a try, or nothing, would otherwise stay (issue 22) */
	bool better = even ? sc.total >= bs->total : sc.total > bs->total;
	int idle = better && w->o->economy ? compose_idle_men(w, trial, canon, NULL, true) : 0;
	if (!better || idle != 0) {
		judgement_free(j);
		free(j);
		return idle == -1 ? -2 : idle == -2 ? -1 : 0;
	}
	judgement_free(*bj);
	free(*bj);
	*bj = j;
	*bs = sc;
	*bf = f;
	*bvar = variations;
	memcpy(pos, trial, g->pos_size);
	return 1;
}

/*
** Local search on the score: o->climb random changes of the problem
** (compose_mutate), each kept when the problem stays sound with the same key,
** passes every filter and scores more.  pos, the facts, the judgement,
** the score and the variations are the best so far.  0, or -1 out of
** memory; time running out ends the climb with the best so far.
*/
int compose_climb(struct worker *w, struct rng *r, int solver, const char *canon, void *pos,
                  struct score_facts *bf, struct judgement **bj, struct compose_score *bs,
                  int *bvar)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256];
	for (int step = 0; step < o->climb; step++) {
		struct setup s;
		g->get_setup(pos, &s);
		s.side_to_move = g->side_to_move(pos);
		compose_mutate(o, r, solver, &s);
		if (g->setup(trial, &s, err, sizeof err) != 0)
			continue;
		int rc = take_if_better(w, solver, canon, trial, false, pos, bf, bj, bs, bvar);
		if (rc == -1)
			return -1;
		if (rc == -2)
			break;
	}
	return 0;
}

/*
** A near miss made a problem (o->repair): sound with a quiet key and every
** filter of men and key passed, but too few variations or a dual.  Most
** random positions that win are such (chess #2: nine in ten of those the
** key's filters pass), and a composer would not throw them away but work
** on them: the local search on the score (compose_climb) runs with the content
** filters lifted, its changes kept while the key stays and the score
** rises, and what it ends with is judged again with them.  C_KEPT with
** *jp, *sc, *variations and pos the problem, or why not.
*/
enum outcome compose_repair(struct worker *w, uint64_t index, int solver, const char *canon,
                            void *pos, struct score_facts *f, struct judgement **jp,
                            struct compose_score *sc, int *variations)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	struct compose_opts lifted = *o;
	lifted.variations = lifted.men_variations = 0;
	lifted.duals = DUALS_ANY;
	move_t key = game_parse_move(g, pos, canon, NULL, 0);
	w->o = &lifted;
	enum outcome res = compose_judge_and_score(w, pos, solver, key, f, jp, sc, variations);
	if (res == C_KEPT) {
		struct rng cr;
		rng_init(&cr, o->seed, index, 3);
		if (compose_climb(w, &cr, solver, canon, pos, f, jp, sc, variations) < 0)
			res = C_OOM;
		judgement_free(*jp);
		free(*jp);
		*jp = NULL;
	}
	w->o = o;
	if (res != C_KEPT)
		return res == C_OOM || res == C_TIMEOUT ? res : C_VARIATIONS;
	key = game_parse_move(g, pos, canon, NULL, 0);
	res = compose_cheap_filters(w, pos, solver, key, f);
	if (res != C_KEPT)
		return res;
	return compose_judge_and_score(w, pos, solver, key, f, jp, sc, variations);
}

/*
** Self play built backwards draws the defender's men from the profile's
** self_men: for chess pawns alone, since with pieces the picture search
** finds almost nothing (chess.c's profile).  A judge finds such a defender
** plain (issue 22), so once the problem is found each of the defender's
** pawns is tried, in its place, as each other man of the game's men for
** the defender (pf->men, first drawn first), and kept as that man when the
** problem stays sound with the same key, passes every filter and scores no
** less.  0, or -1 out of memory; time running out ends it.
*/
int compose_enrich_defender(struct worker *w, const struct compose_profile *pf, int solver,
                            const char *canon, void *pos, struct score_facts *bf,
                            struct judgement **bj, struct compose_score *bs, int *bvar)
{
	const struct game *g = w->o->g;
	_Alignas(16) unsigned char trial[MAX_POS_SIZE];
	char err[256], kinds[16];
	int nkinds = 0;
	for (const char *c = pf->men[!solver]; *c && nkinds < (int)sizeof kinds - 1; c++) {
		const struct piece_kind *p = game_piece(g, *c);
		if (p && p->role != ROLE_PAWN && p->role != ROLE_ROYAL &&
		    !memchr(kinds, *c, (size_t)nkinds))
			kinds[nkinds++] = *c;
	}
	struct setup s;
	g->get_setup(pos, &s);
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = s.grid[r][f];
			const struct piece_kind *p = c && c != '.' ? game_piece(g, c) : NULL;
			if (!p || p->role != ROLE_PAWN || game_letter_side(g, c) == solver)
				continue;
			for (int k = 0; k < nkinds; k++) {
				struct setup t = s;
				t.side_to_move = g->side_to_move(pos);
				t.grid[r][f] = kinds[k];
				if (g->setup(trial, &t, err, sizeof err) != 0 ||
				    !compose_force_allowed(w->o, trial, solver))
					continue;
				int rc = take_if_better(w, solver, canon, trial, true, pos, bf, bj,
				                        bs, bvar);
				if (rc == -1)
					return -1;
				if (rc == -2)
					return 0;
				if (rc == 1) {
					s.grid[r][f] = kinds[k];
					break;
				}
			}
		}
	return 0;
}
