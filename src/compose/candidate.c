/*
** candidate.c -- one candidate of a run (see candidate.h).
**
** Only a position with exactly one key that needs all N moves goes on to
** the economy pass, and only what survives economy gets the full
** judgement (solution tree, tries) that the quality filters read.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose/candidate.h"
#include "compose/climb.h"
#include "compose/place.h"
#include "compose/self_build.h"
#include "compose/titles.h"
#include "claim/claim.h"
#include "notation/move_parse.h"
#include "output/magazine.h"
#include "output/solution_text.h"
#include "play/play.h"

/* The score of a judged problem (battle play: key the key's move). */
static void score_of(const struct compose_opts *o, const void *pos, int solver, move_t key,
                     const struct analysis *a, int idle, struct compose_score *sc)
{
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(o->g, pos, !solver, &f);
	f.idle = idle;
	f.direct = compose_direct_play(o);
	if (compose_lines_play(o)) {
		score_lines(o->g, pos, a, &f);
	} else {
		score_key(o->g, pos, key, &f);
		int variations = compose_variations_by_men(o->g, pos, a, &f.man_wins);
		score_play(o->g, pos, a, o->stip.n, variations, &f);
	}
	compose_score(&f, sc);
}

/* The solution as the file will hold it: a YACPDB entry (chess) Popeye's
   text, as YACPDB's entries have it; maat's own YAML (the other games)
   the magazine form, as a magazine would print it (short algebraic where
   the game's men are chess men, every try).  Written to f; false out of
   memory. */
static bool write_solution(FILE *f, const struct compose_opts *o, const struct judgement *j,
                           const void *pos)
{
	if (o->g == game_default()) {
		text_solution(f, &j->an);
		return true;
	}
	static const struct puzzle blank;
	struct puzzle *p = malloc(sizeof *p);
	struct judgement *r = malloc(sizeof *r);
	if (p && r) {
		*p = blank;
		p->game = o->g;
		memcpy(p->pos, pos, o->g->pos_size);
		p->has_position = true;
		p->stip = o->stip;
		p->has_stip = true;
		/* the position its moves are told apart in (Sfd2) */
		*r = *j;
		r->pb.pos = p->pos;
		struct magazine_opts mo = {.tries = true};
		magazine_solution(f, p, r, &mo);
	}
	bool ok = p && r;
	free(p);
	free(r);
	return ok;
}

/* At most this many tries printed: a judge reads a few thematic tries,
   not a list (issue 22) */
#define SHOWN_TRIES 3

/* j with its tries cut down to the thematic ones (compose_thematic_try),
   at most SHOWN_TRIES, into *view (its two arrays allocated: free them);
   false out of memory. */
static bool thematic_view(const struct game *g, const struct judgement *j, struct judgement *view)
{
	*view = *j;
	const struct analysis *a = &j->an;
	if (a->ntries == 0)
		return true;
	view->an.tries = malloc((size_t)a->ntries * sizeof *a->tries);
	view->an.try_nodes = malloc((size_t)a->ntries * sizeof *a->try_nodes);
	if (!view->an.tries || !view->an.try_nodes) {
		free(view->an.tries);
		free(view->an.try_nodes);
		return false;
	}
	int n = 0;
	for (int t = 0; t < a->ntries && n < SHOWN_TRIES; t++)
		if (compose_thematic_try(g, a, t)) {
			view->an.tries[n] = a->tries[t];
			view->an.try_nodes[n++] = a->try_nodes ? a->try_nodes[t] : -1;
		}
	view->an.ntries = n;
	return true;
}

/* The solution as the file will hold it, read back as the claim it will
   be: a text that does not say what is true is a bug (C_UNREADABLE). */
static enum outcome solution_text(const struct compose_opts *o, struct judgement *j,
                                  const void *pos, struct composed *out)
{
	size_t len = 0;
	struct judgement *view = malloc(sizeof *view);
	if (!view || !thematic_view(o->g, j, view)) {
		free(view);
		return C_OOM;
	}
	FILE *f = open_memstream(&out->solution, &len);
	bool written = false;
	if (f) {
		written = write_solution(f, o, view, pos);
		fclose(f);
	}
	if (view->an.tries != j->an.tries) {
		free(view->an.tries);
		free(view->an.try_nodes);
	}
	free(view);
	if (!written) {
		free(out->solution);
		out->solution = NULL;
	}
	if (!out->solution)
		return C_OOM;
	struct problem pb = j->pb;
	pb.pos = pos;
	pb.claim = out->solution;
	/* only the answer counts: a text that does not read back is never
	   written, and the run counts it (unreadable) */
	struct strbuf why = STRBUF_INIT;
	int rc = claim_check_why(&pb, &j->an, &why, NULL);
	strbuf_free(&why);
	return rc != 0 ? C_UNREADABLE : C_KEPT;
}

static const char *const solutions_keyword[] = {
    "", "", "Two solutions", "Three solutions", "Four solutions", "Five solutions",
};

/* What a quick verdict makes of a candidate: C_KEPT when sound (Q_DUALS
   comes from help and series play only: compose_quick_lines). */
static enum outcome quick_outcome(enum quick q)
{
	switch (q) {
	case Q_SOUND:
		return C_KEPT;
	case Q_NO_WIN:
		return C_NO_WIN;
	case Q_SHORT:
		return C_SHORT;
	case Q_COOKED:
		return C_COOKED;
	case Q_DUALS:
		return C_DUALS;
	case Q_FEW:
		return C_VARIATIONS;
	case Q_TIMEOUT:
		break;
	}
	return C_TIMEOUT;
}

/* A help or series problem from the placed position. */
static enum outcome candidate_lines(struct worker *w, uint64_t index, int solver, void *pos,
                                    struct composed *out)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	char sig[4096];
	enum outcome quick = quick_outcome(compose_quick_lines(w, pos, sig, sizeof sig));
	if (quick != C_KEPT)
		return quick;
	if (o->economy && compose_economise_lines(w, pos, sig) < 0)
		return C_TIMEOUT;
	struct setup s;
	g->get_setup(pos, &s);
	int men[2];
	if (compose_count_men(g, &s, men) < o->min_pieces)
		return C_SMALL;
	struct score_facts mf;
	memset(&mf, 0, sizeof mf);
	score_material(g, pos, !solver, &mf);
	if (!o->allow_promoted && (mf.promoted || mf.overcount || mf.unreachable))
		return C_LEGAL;
	/* a side with nothing but its king (or one man): the two-man problems
	   of help play, as direct play's lone king (issue 22) */
	if (!o->allow_lone_king && (men[0] <= 1 || men[1] <= 1))
		return C_LONE;
	char intended[16];
	snprintf(intended, sizeof intended, "%d", o->solutions);
	struct judgement *j =
	    compose_judge_candidate(w, pos, o->solutions > 1 ? intended : NULL, false);
	if (!j)
		return C_OOM;
	enum outcome res = C_KEPT;
	const struct line_set *sols = &j->an.solutions;
	if (j->verdict == VERDICT_TIMEOUT)
		res = C_TIMEOUT;
	else if (j->verdict != VERDICT_SOUND || sols->stored == 0)
		res = C_COOKED; /* cannot happen after compose_quick_lines */
	if (res == C_KEPT) {
		memset(out, 0, sizeof *out);
		out->index = index;
		memcpy(out->pos, pos, g->pos_size);
		out->hash = g->hash(pos);
		out->solver = solver;
		out->men[0] = men[0];
		out->men[1] = men[1];
		const struct move_note *first = &sols->moves[sols->lines[0].first];
		snprintf(out->key, sizeof out->key, "%s", first->text);
		snprintf(out->key_canon, sizeof out->key_canon, "%s", first->canon);
		compose_picture(g, out);
		struct rng tr;
		rng_init(&tr, o->seed, index, 1);
		compose_make_title(o, out, first->canon, &tr);
		score_of(o, pos, solver, MOVE_NONE, &j->an, 0, &out->score);
		/* solutions that end in the same move show one win twice */
		struct score_facts lf;
		memset(&lf, 0, sizeof lf);
		score_lines(g, pos, &j->an, &lf);
		if (o->solutions > 1 && lf.wins < lf.solutions) {
			composed_free(out);
			judgement_free(j);
			free(j);
			return C_REPEATED;
		}
		compose_add_keyword(out, "Computer composed");
		for (int k = 0; k < out->score.nkeywords; k++)
			compose_add_keyword(out, out->score.keywords[k]);
		if (o->solutions > 1 &&
		    o->solutions < (int)(sizeof solutions_keyword / sizeof solutions_keyword[0]))
			compose_add_keyword(out, solutions_keyword[o->solutions]);
		res = solution_text(o, j, pos, out);
		if (res != C_KEPT)
			composed_free(out);
	}
	judgement_free(j);
	free(j);
	return res;
}

enum outcome compose_try_candidate(struct worker *w, uint64_t index, struct composed *out,
                                   uint64_t *illegal)
{
	const struct compose_opts *o = w->o;
	const struct game *g = o->g;
	const struct compose_profile *pf = compose_profile_of(g);
	struct rng r;
	rng_init(&r, o->seed, index, 0);
	int solver = o->side >= 0 ? o->side : rng_below(&r, 2);
	/* Popeye's spellings of help, self, reflex and series play: White wins */
	if (stip_fixes_side(&o->stip))
		solver = 0;
	bool by_play = o->method == COMPOSE_PLAY || (o->method == COMPOSE_MIXED && (index & 1));
	w->deadline = o->candidate_seconds > 0 ? search_clock() + o->candidate_seconds : 0;
	/* never past the run's end: a candidate of 10 s (or of no limit,
	   --candidate-time 0) took a run of --max-time 2 to 11.4 s */
	if (w->run_end > 0 && (w->deadline == 0 || w->run_end < w->deadline))
		w->deadline = w->run_end;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct setup placed; /* pos's men, when placed or played */
	bool have_placed = false;
	if (o->method == COMPOSE_BACKWARD && compose_backward_play(o)) {
		int rc = compose_backward(w, pf, &r, solver, pos);
		if (rc != 0)
			return rc < 0 ? C_TIMEOUT : C_NO_WIN;
	} else {
		int rc = by_play ? compose_play(o, pf, &r, solver, pos, &placed, illegal)
		                 : compose_place(o, pf, &r, solver, pos, &placed, illegal);
		if (rc != 0)
			return C_ILLEGAL;
		have_placed = true;
	}
	if (compose_lines_play(o))
		return candidate_lines(w, index, solver, pos, out);
	/* a king with a flight is not searched (closed_king): a placement the
	   run does not take, as an illegal one */
	if (o->closed_king && score_has_flight(g, pos, have_placed ? &placed : NULL))
		return C_ILLEGAL;
	enum outcome early = compose_diagram_filters(w, pos, solver);
	if (early != C_KEPT)
		return early;
	move_t key = MOVE_NONE;
	/* too few variations in the whole position, read from the search
	   alone (compose_variations_bound): no judgement, no economy, and no
	   search for a second key.  Economy keeps every win and seldom makes
	   another variation (a dual gone with a man: Tavlei, seed 44, 30 s, 3
	   of 7,833 economies went from fewer than two to two), and the
	   candidates that ended with too few were half of Tavlei's run (6.9
	   of 14.3 s of CPU, 0.7-1.1 ms each) */
	int least = o->economy && !o->repair && o->variations >= 2 ? o->variations : 0;
	enum outcome quick = quick_outcome(compose_quick_verdict_few(w, pos, least, &key));
	if (quick != C_KEPT)
		return quick;
	char canon[16];
	g->move_text(pos, key, MOVE_CANONICAL, canon, sizeof canon);
	struct score_facts f;
	/* the key's filters first: economy keeps the key, and they are cheap */
	enum outcome res = compose_cheap_filters(w, pos, solver, key, &f);
	if (res != C_KEPT && res != C_SMALL && res != C_LEGAL && res != C_LONE)
		return res;
	int light_variations = -1;
	if (o->economy) {
		int rc = compose_economise(w, pos, canon, &light_variations);
		if (rc < 0)
			return rc == -2 ? C_OOM : C_TIMEOUT;
	}
	key = game_parse_move(g, pos, canon, NULL, 0);
	if (key == MOVE_NONE)
		return C_COOKED; /* cannot happen: the key was found in pos */
	res = compose_cheap_filters(w, pos, solver, key, &f);
	if (res != C_KEPT)
		return res;
	/* the light judgement's tree is the full one's (tries and set play
	   aside): too few variations there spares the full judgement */
	bool few = light_variations >= 0 && light_variations < o->variations;
	if (few && !o->repair)
		return C_VARIATIONS;
	struct judgement *j = NULL;
	struct compose_score score;
	int variations = 0;
	res = few ? C_VARIATIONS
	          : compose_judge_and_score(w, pos, solver, key, &f, &j, &score, &variations);
	if ((res == C_VARIATIONS || res == C_DUALS) && o->repair) {
		res = compose_repair(w, index, solver, canon, pos, &f, &j, &score, &variations);
		key = game_parse_move(g, pos, canon, NULL, 0);
	}
	if (res != C_KEPT)
		return res;
	if (o->method == COMPOSE_BACKWARD && compose_backward_play(o) && !o->plain_defender &&
	    compose_enrich_defender(w, pf, solver, canon, pos, &f, &j, &score, &variations) < 0) {
		judgement_free(j);
		free(j);
		return C_OOM;
	}
	if (o->climb > 0) {
		struct rng cr;
		rng_init(&cr, o->seed, index, 2);
		if (compose_climb(w, &cr, solver, canon, pos, &f, &j, &score, &variations) < 0) {
			judgement_free(j);
			free(j);
			return C_OOM;
		}
		key = game_parse_move(g, pos, canon, NULL, 0);
	}
	if (o->has_min_score && score.total < o->min_score)
		res = C_SCORE;
	if (res == C_KEPT) {
		int men[2];
		struct setup s;
		g->get_setup(pos, &s);
		compose_count_men(g, &s, men);
		memset(out, 0, sizeof *out);
		out->index = index;
		memcpy(out->pos, pos, g->pos_size);
		out->hash = g->hash(pos);
		out->solver = solver;
		out->men[0] = men[0];
		out->men[1] = men[1];
		snprintf(out->key, sizeof out->key, "%s", j->an.keys[0].note.text);
		snprintf(out->key_canon, sizeof out->key_canon, "%s", canon);
		compose_picture(g, out);
		compose_scheme(g, &j->an, out);
		out->variations = variations;
		out->tries = score.item[SF_TRIES].points; /* the tries shown */
		out->score = score;
		struct rng tr;
		rng_init(&tr, o->seed, index, 1);
		compose_make_title(o, out, canon, &tr);
		compose_make_keywords(o, out, &j->an, f.check);
		res = solution_text(o, j, pos, out);
		if (res != C_KEPT)
			composed_free(out);
	}
	judgement_free(j);
	free(j);
	return res;
}

int compose_candidate(const struct compose_opts *o, uint64_t index, struct composed *out)
{
	struct worker w;
	if (compose_worker_init(&w, o) < 0)
		return -1;
	uint64_t illegal = 0;
	enum outcome res = compose_try_candidate(&w, index, out, &illegal);
	compose_worker_free(&w);
	return res == C_OOM ? -1 : res == C_KEPT;
}

int compose_assess(const struct compose_opts *o, const void *pos, struct compose_score *sc)
{
	struct worker w;
	if (compose_worker_init(&w, o) < 0)
		return -1;
	w.deadline = o->candidate_seconds > 0 ? search_clock() + o->candidate_seconds : 0;
	const struct game *g = o->g;
	int mover = g->side_to_move(pos);
	int solver = stip_solver_starts(&o->stip) ? mover : !mover;
	int rc = 0, idle = -1;
	move_t key = MOVE_NONE;
	char sig[4096], canon[16];
	if (compose_lines_play(o)) {
		if (compose_quick_lines(&w, pos, sig, sizeof sig) == Q_SOUND)
			idle = compose_idle_men(&w, pos, NULL, sig, false);
	} else if (compose_quick_verdict(&w, pos, &key) == Q_SOUND) {
		g->move_text(pos, key, MOVE_CANONICAL, canon, sizeof canon);
		idle = compose_idle_men(&w, pos, canon, NULL, false);
	}
	/* out of memory is no verdict on the problem (it was read as "not
	   sound"); out of time and wins that cannot be counted leave nothing
	   to score */
	if (idle == -2)
		rc = -1;
	if (idle >= 0) {
		char intended[16];
		snprintf(intended, sizeof intended, "%d", o->solutions);
		struct judgement *j =
		    compose_judge_candidate(&w, pos, o->solutions > 1 ? intended : NULL, false);
		if (!j) {
			rc = -1;
		} else {
			if (j->verdict == VERDICT_SOUND && !j->an.truncated) {
				score_of(o, pos, solver, key, &j->an, idle, sc);
				rc = 1;
			}
			judgement_free(j);
			free(j);
		}
	}
	compose_worker_free(&w);
	return rc;
}
