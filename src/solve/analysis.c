/*
** analysis.c -- the analysis of one problem, by its play's row (see
** analysis.h and play/play.h), and what every analysis shares.
*/
#include <stdlib.h>
#include <string.h>

#include "solve/analysis.h"
#include "play/play.h"

const char *const verdict_names[VERDICT_COUNT] = {
    "sound",          "cooked",  "short",       "duals", "no solution",
    "claim mismatch", "timeout", "unsupported", "error",
};

/* As a summary counts more than one: "3 errors", "2 claim mismatches". */
const char *const verdict_plurals[VERDICT_COUNT] = {
    "sound",    "cooked",      "short",  "duals", "no solution", "claim mismatches",
    "timeouts", "unsupported", "errors",
};

void move_note_init(struct move_note *n, const struct game *g, const void *pos, move_t m)
{
	memset(n, 0, sizeof *n);
	n->move = m;
	if (m == MOVE_NONE)
		return;
	g->move_text(pos, m, MOVE_PRETTY, n->text, sizeof n->text);
	g->move_text(pos, m, MOVE_CANONICAL, n->canon, sizeof n->canon);
	n->facts = (uint8_t)game_move_facts(g, pos, m);
	n->order = g->print_order ? g->print_order(pos, m) : 0;
	size_t len = strlen(n->text);
	n->bare = (uint8_t)len;
	/* Popeye's "ep." (its "h5*g6 ep. #"): before the marks */
	if ((n->facts & MOVE_FACT_EN_PASSANT) && len + 4 < sizeof n->text) {
		memcpy(n->text + len, " ep.", 5);
		len += 4;
	}
	n->mark = (uint8_t)len;
}

void move_note_mark(struct move_note *n, const char *mark)
{
	size_t l = strlen(n->text);
	if (l + strlen(mark) < sizeof n->text)
		strcat(n->text, mark);
}

struct search *problem_search(const struct problem *pb)
{
	struct search *s =
	    search_new(pb->g, pb->pos, pb->tt, pb->hash_mb ? pb->hash_mb : TT_DEFAULT_MB);
	if (s) {
		s->limits = pb->limits;
		search_set_target(s, pb->stip.target);
	}
	return s;
}

void problem_init(struct problem *pb, const struct game *g, const void *pos,
                  const struct stipulation *st, const struct analysis_opts *o, struct tt *tt)
{
	memset(pb, 0, sizeof *pb);
	pb->g = g;
	pb->pos = pos;
	pb->stip = *st;
	pb->play = play_of(st->kind);
	pb->max_refs = o->max_refs;
	pb->tree = o->tree;
	pb->set_play = o->set_play;
	pb->limits.stop = o->stop;
	pb->limits.deadline = o->max_seconds > 0 ? search_clock() + o->max_seconds : 0;
	pb->max_seconds = o->max_seconds;
	pb->tt = tt;
	pb->hash_mb = o->hash_mb;
	pb->root_jobs = o->root_jobs;
}

int analysis_run(const struct problem *pb, struct analysis *a)
{
	memset(a, 0, sizeof *a);
	a->play = pb->play;
	a->stip = pb->stip;
	a->set_node = -1;
	double t0 = search_clock();
	int rc = pb->play->family == FAMILY_LINES ? analysis_lines(pb, a) : analysis_battle(pb, a);
	a->seconds = search_clock() - t0;
	if (rc != 0)
		analysis_free(a);
	return rc;
}

void analysis_free(struct analysis *a)
{
	free(a->keys);
	free(a->tries);
	free(a->nodes);
	free(a->key_nodes);
	free(a->try_nodes);
	line_set_free(&a->solutions);
	line_set_free(&a->short_sols);
	line_set_free(&a->set_lines);
	line_set_free(&a->must_win);
	memset(a, 0, sizeof *a);
	a->set_node = -1;
}
