/*
** judge.c -- the verdict of one problem (rules S4, S5, S9).
**
** Order of verdicts: input error, unsupported, then the play's own rules
** (play/verdict.c): timeout, no solution, cooked, short, claim mismatch,
** sound.  A stipulation whose play has no row in the play table is
** unsupported here, and only here.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/judge.h"
#include "judge/verdict.h"

/* No solution because the game is already over (mate, stalemate, a
   Morok king gone, M2): who has lost, into b; else b as it is. */
static void game_over_reason(const struct game *g, const void *pos, struct strbuf *b)
{
	_Alignas(16) unsigned char q[MAX_POS_SIZE];
	move_t moves[MAX_MOVES];
	memcpy(q, pos, g->pos_size);
	int count = g->gen_moves(q, moves);
	enum result res = g->outcome(q, moves, count);
	int stm = g->side_to_move ? g->side_to_move(q) : 0;
	const char *mover = g->side_name[stm] ? g->side_name[stm] : stm ? "Black" : "White";
	if (res != RESULT_LOSS && res != RESULT_WIN && res != RESULT_DRAW)
		return;
	strbuf_clear(b);
	if (res == RESULT_LOSS)
		strbuf_printf(b, "the game is over: %s, to move, has lost", mover);
	else if (res == RESULT_WIN)
		strbuf_printf(b, "the game is over: %s, to move, has won already", mover);
	else
		strbuf_puts(b, "the game is over: a draw");
}

void judge_puzzle(const struct puzzle *p, const struct judge_opts *o, struct tt *tt,
                  struct judgement *r)
{
	judge_problem(p, -1, o, tt, r);
}

/* Popeye's options the analysis answers (options.h, OPTUSE_ANALYSIS):
   SetPlay, Try (Defence 1), Defence N, StopOnShortSolutions. */
static void file_options(const struct puzzle *p, struct problem *pb)
{
	for (int i = 0; i < p->noptions; i++) {
		const struct puzzle_option *o = &p->options[i];
		if (o->id == PO_SETPLAY) {
			pb->set_play = true;
		} else if (o->id == PO_STOP_ON_SHORT) {
			pb->stop_on_short = true;
		} else if (o->id == PO_TRY && pb->max_refs < 1) {
			pb->max_refs = 1;
		} else if (o->id == PO_DEFENCE && o->nnum == 1) {
			unsigned long n = o->num[0];
			if (n > (unsigned long)pb->max_refs)
				pb->max_refs = n > ANALYSIS_MAX_REFS ? ANALYSIS_MAX_REFS : (int)n;
		}
	}
}

static void fail(struct judgement *r, enum verdict v, const char *fmt, const char *what)
{
	r->verdict = v;
	strbuf_printf(&r->why, fmt, what);
}

/* The stipulation's goal is none in game g: g has no `what`. */
static void no_goal(struct judgement *r, const struct game *g, const char *what)
{
	r->verdict = VERDICT_UNSUPPORTED;
	strbuf_printf(&r->why, "%s has no %s: %s is not a goal there", g->title, what,
	              r->stip.text);
}

static void judge_work(const struct puzzle *p, int twin, const struct judge_opts *o, struct tt *tt,
                       struct judgement *r);

void judge_problem(const struct puzzle *p, int twin, const struct judge_opts *o, struct tt *tt,
                   struct judgement *r)
{
	memset(r, 0, sizeof *r);
	r->twin = twin;
	r->an.set_node = -1;
	judge_work(p, twin, o, tt, r);
	/* a text that could not grow (out of memory) is said, not cut */
	if (strbuf_failed(&r->why)) {
		r->verdict = VERDICT_ERROR;
		r->reason = "out of memory";
	} else {
		r->reason = strbuf_str(&r->why);
	}
	r->notes = strbuf_failed(&r->said) ? "(out of memory: the notes of the claim are lost)"
	                                   : strbuf_str(&r->said);
}

static void judge_work(const struct puzzle *p, int twin, const struct judge_opts *o, struct tt *tt,
                       struct judgement *r)
{
	if (p->error) {
		fail(r, VERDICT_ERROR, "%s", p->error);
		return;
	}
	const struct twin *t = twin >= 0 ? &p->twins[twin] : NULL;
	const unsigned char *pos = t ? t->pos : p->pos;
	bool has_position = t ? t->has_position : p->has_position;
	r->stip = t ? t->stip : p->stip;
	r->has_stip = p->has_stip;
	if (has_position)
		p->game->format(pos, r->position, sizeof r->position);
	if (p->unsupported || (t && t->unsupported)) {
		fail(r, VERDICT_UNSUPPORTED, "%s",
		     p->unsupported ? p->unsupported : t->unsupported);
		return;
	}
	if (t && t->error) {
		fail(r, VERDICT_ERROR, "%s", t->error);
		return;
	}
	if (!has_position || !p->has_stip) {
		r->verdict = VERDICT_ERROR;
		strbuf_printf(&r->why, "%s:%d:1: %s", p->file, p->line,
		              has_position ? "no stipulation" : "no position");
		return;
	}
	r->play = play_of(r->stip.kind);
	if (!r->play) {
		fail(r, VERDICT_UNSUPPORTED, "the play of %s is not supported", r->stip.text);
		return;
	}
	/* the stalemate goals ("=", "==") in every play, where stalemate is */
	if ((r->stip.target == TARGET_STALEMATE || r->stip.target == TARGET_DOUBLE_STALEMATE ||
	     r->stip.target == TARGET_MATE_OR_STALEMATE) &&
	    !p->game->has_stalemate) {
		no_goal(r, p->game, "stalemate (a side without a move loses)");
		return;
	}
	/* the goals of the play's row: the check and capture goals, properties
	   of the last move, only in help and series play (the line searches) */
	if (r->stip.target == TARGET_COUNTER_MATE && r->play->family == FAMILY_LINES &&
	    r->play->plan == PLAN_SERIES_HELP) {
		r->verdict = VERDICT_UNSUPPORTED;
		strbuf_printf(&r->why,
		              "counter-mate in series-help play needs the winning side mated by "
		              "the series' last move, and no move of the series may check it (S7)");
		return;
	}
	if (!(r->play->targets & (1u << r->stip.target))) {
		r->verdict = VERDICT_UNSUPPORTED;
		strbuf_printf(
		    &r->why,
		    "the %s goal (%s) is supported in help and series play, not in %s play",
		    stip_target_word(r->stip.target), r->stip.text, r->play->name);
		return;
	}
	/* check where the game has it */
	if (r->stip.target == TARGET_CHECK && !p->game->has_check) {
		no_goal(r, p->game, "check");
		return;
	}
	/* double mate and counter-mate where the game makes self-checking moves */
	if ((r->stip.target == TARGET_DOUBLE_MATE || r->stip.target == TARGET_COUNTER_MATE) &&
	    (!p->game->gen_self_checks || !p->game->both_mated)) {
		no_goal(r, p->game, "double mate (a move leaving its own king in check)");
		return;
	}
	/* castling where the game has it */
	if (r->stip.target == TARGET_CASTLING && !p->game->is_castling) {
		no_goal(r, p->game, "castling");
		return;
	}

	/* the problem, as every search made for it sees it */
	struct problem *pb = &r->pb;
	pb->g = p->game;
	pb->pos = pos;
	pb->stip = r->stip;
	pb->play = r->play;
	/* a twin's part of the solution ("b) ... 1.Qd4!"), or all of it; the
	   two problems of a Duplex share their part (Popeye prints one after
	   the other, under one label) */
	if (p->ntwins && p->twins_ready) {
		r->claim = puzzle_twin_solution(p, t && t->duplex ? twin - 1 : twin);
		pb->claim = r->claim;
	} else {
		pb->claim = p->solution;
	}
	pb->duplex = (t && t->duplex) ||
	             (p->twins_ready && twin + 1 < p->ntwins && p->twins[twin + 1].duplex);
	pb->intended = p->intended;
	pb->max_refs = o->an.max_refs;
	/* the tree is most of a small battle problem's work: built only to be
	   printed (Popeye prints none without Option Variation) */
	pb->tree = o->an.tree && (!o->shows_tree || o->shows_tree(p));
	pb->set_play = o->an.set_play;
	file_options(p, pb);
	/* set play the file claims is worked out, to be checked (help play:
	   its lines; battle play checks set play by searching) */
	if (r->play->family == FAMILY_LINES &&
	    claim_claims_set_play(pb->claim, stip_dots_first(&pb->stip)))
		pb->set_play = true;
	pb->limits.stop = o->an.stop;
	pb->limits.deadline = o->an.max_seconds > 0 ? search_clock() + o->an.max_seconds : 0;
	pb->max_seconds = o->an.max_seconds;
	pb->tt = tt;
	pb->hash_mb = o->an.hash_mb;
	pb->root_jobs = o->an.root_jobs;

	if (analysis_run(pb, &r->an) < 0) {
		fail(r, VERDICT_ERROR, "%s", "out of memory");
		return;
	}
	r->analysed = true;
	claim_notes(pb->claim, &r->said);
	struct verdict_info v;
	memset(&v, 0, sizeof v);
	v.count = (enum verdict_count)o->count;
	verdict_judge(pb, &r->an, &v);
	r->verdict = v.verdict;
	strbuf_free(&r->why);
	r->why = v.reason; /* (its text, handed over) */
	if (r->verdict == VERDICT_NO_SOLUTION)
		game_over_reason(p->game, pos, &r->why);
	if (o->explain && !r->an.timeout && r->play->family == FAMILY_BATTLE)
		explain_run(pb, &r->an, r->verdict, &r->ex);
}

void judgement_free(struct judgement *r)
{
	if (r->analysed)
		analysis_free(&r->an);
	r->analysed = false;
	free(r->claim);
	r->claim = NULL;
	explanation_free(&r->ex);
	strbuf_free(&r->why);
	strbuf_free(&r->said);
	r->reason = r->notes = "";
}

void judge_label(const struct puzzle *p, int collection_size, char *buf, size_t len)
{
	/* files of problems one after another: the line to look at */
	if (p->format != FORMAT_YAML)
		snprintf(buf, len, "%s:%d", p->file, p->line);
	else if (collection_size > 1)
		snprintf(buf, len, "%s#%d", p->file, p->index);
	else
		snprintf(buf, len, "%s", p->file);
}

const char *judge_twin_label(const struct puzzle *p, const struct judgement *r)
{
	if (!p->ntwins || !p->twins_ready)
		return NULL;
	return r->twin >= 0 ? p->twins[r->twin].label : "a";
}

bool judge_duplex(const struct puzzle *p, const struct judgement *r)
{
	return r->twin >= 0 && p->twins_ready && p->twins[r->twin].duplex;
}
