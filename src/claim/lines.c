/*
** lines.c -- the claim of a help or series problem (rules S2, S7, S8):
** lines of moves, each from "1." (or "1..." when the winning side makes its
** first move), as Popeye and YACPDB write them:
**     1.Kd5 Qe3 2.Ke4 Qd4#        (h#2: the opponent moves first)
**     1...Bg4-e2 2.0-0-0 Be2-a6 # (its set play: after a pass)
**     1.f7-f8=B 2.Bf8-c5 3.Bc5-b6 # (ser-#3: the passes are not written)
** Each line is replayed as its play makes it and must be one of the true
** lines: a solution, a short solution, or a set play line.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim.h"
#include "play/play.h"

#define MAX_CLAIMED_PLIES CLAIM_MAX_LINE

struct claimed {
	char text[MAX_CLAIMED_PLIES][40]; /* the moves as the file writes them */
	int plies;
	bool winner_first; /* began with "1..." */
};

static bool looks_like_move(const char *t)
{
	if (!strncmp(t, "0-0", 3) || !strncmp(t, "O-O", 3))
		return true;
	for (const char *p = t; p[0] && p[1]; p++)
		if (p[0] >= 'a' && p[0] <= 'i' && p[1] >= '1' && p[1] <= '9')
			return true;
	return false;
}

/* "12." / "1..." at the start of tok: the number and the dots; 0 if none. */
static int move_number(const char *tok, int *dots, const char **rest)
{
	int v = 0;
	const char *p = tok;
	while (isdigit((unsigned char)*p) && v < 1000)
		v = v * 10 + (*p++ - '0');
	if (p == tok || *p != '.')
		return 0;
	*dots = 0;
	while (*p == '.') {
		p++;
		(*dots)++;
	}
	*rest = p;
	return v;
}

/* The true line set `set` holds the canonical moves `canon` (plies long)? */
static bool in_set(const struct line_set *set, char canon[][16], int plies)
{
	for (int i = 0; i < set->stored; i++) {
		const struct solution_line *l = &set->lines[i];
		if (l->plies != plies)
			continue;
		int p = 0;
		while (p < plies && !strcmp(set->moves[l->first + p].canon, canon[p]))
			p++;
		if (p == plies)
			return true;
	}
	return false;
}

/* The longest start of `canon` that some line of the set begins with. */
static int matched_prefix(const struct line_set *set, char canon[][16], int plies)
{
	int best = 0;
	for (int i = 0; i < set->stored; i++) {
		const struct solution_line *l = &set->lines[i];
		int p = 0;
		while (p < plies && p < l->plies &&
		       !strcmp(set->moves[l->first + p].canon, canon[p]))
			p++;
		if (p > best)
			best = p;
	}
	return best;
}

/* "1.Kd5 Qe3 2.Ke4" -- the claimed line's first `plies` moves, numbered. */
static void describe(const struct claimed *c, enum line_plan plan, int plies, char *buf, size_t len)
{
	struct line_set one = {0};
	struct line_move mv[MAX_CLAIMED_PLIES];
	struct solution_line l = {plies, 0};
	for (int i = 0; i < plies; i++) {
		mv[i].move = MOVE_NONE;
		snprintf(mv[i].text, sizeof mv[i].text, "%s", c->text[i]);
	}
	one.lines = &l;
	one.moves = mv;
	one.stored = 1;
	lines_format(&one, 0, plan, c->winner_first, buf, len);
}

/* Replay one claimed line; 0 when it is a true line, 1 with why when not. */
static int check_line(const struct problem *pb, const struct analysis *a, const struct claimed *c,
                      char *why, size_t whylen)
{
	const struct game *g = pb->g;
	enum line_plan plan = pb->play->plan;
	bool set_play = plan == PLAN_HELP && c->winner_first != stip_solver_starts(&pb->stip);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	char canon[MAX_CLAIMED_PLIES][16], err[160], before[512];
	memcpy(pos, pb->pos, g->pos_size);
	if (set_play) {
		if (!a->has_set_play) {
			describe(c, plan, c->plies, before, sizeof before);
			snprintf(why, whylen,
			         "'%s' starts with the %s move, as set play does, but set play was "
			         "not asked for (options: [SetPlay], --set-play)",
			         before, c->winner_first ? "winning side's" : "other side's");
			return 1;
		}
		g->make_null(pos, undo);
	}
	for (int i = 0; i < c->plies; i++) {
		move_t m = game_parse_move(g, pos, c->text[i], err, sizeof err);
		if (m == MOVE_NONE) {
			describe(c, plan, i + 1, before, sizeof before);
			snprintf(why, whylen, "in '%s' the move '%s' is not legal there", before,
			         c->text[i]);
			return 1;
		}
		g->move_text(pos, m, MOVE_CANONICAL, canon[i], sizeof canon[i]);
		g->make(pos, m, undo);
		/* the passive side's passes of a series are not written */
		bool last = i == c->plies - 1;
		if (!last &&
		    (plan == PLAN_SERIES || (plan == PLAN_SERIES_HELP && i < c->plies - 2)))
			g->make_null(pos, undo);
	}
	const struct line_set *sets[3] = {&a->solutions, &a->short_sols, &a->set_lines};
	int from = set_play ? 2 : 0, to = set_play ? 3 : 2;
	for (int k = from; k < to; k++)
		if (in_set(sets[k], canon, c->plies))
			return 0;
	int best = 0;
	for (int k = from; k < to; k++) {
		int m = matched_prefix(sets[k], canon, c->plies);
		if (m > best)
			best = m;
	}
	describe(c, plan, c->plies, before, sizeof before);
	if (best == c->plies) {
		snprintf(why, whylen, "'%s' is not a %s of %s: it stops before the win", before,
		         set_play ? "set play line" : "solution", pb->stip.text);
	} else {
		char upto[512];
		describe(c, plan, best + 1, upto, sizeof upto);
		snprintf(why, whylen, "'%s' is not a %s of %s: no %s goes on as '%s'", before,
		         set_play ? "set play line" : "solution", pb->stip.text,
		         set_play ? "set play line" : "solution", upto);
	}
	return 1;
}

int claim_check_lines(const struct problem *pb, const struct analysis *a, char *why, size_t whylen,
                      struct claim_diff *d)
{
	if (d) {
		memset(d, 0, sizeof *d);
		d->intended = MOVE_NONE;
	}
	if (!pb->claim || !*pb->claim)
		return CLAIM_OK;
	char *copy = strdup(pb->claim);
	struct claimed *c = malloc(sizeof *c);
	if (!copy || !c) {
		free(copy);
		free(c);
		snprintf(why, whylen, "out of memory");
		return CLAIM_NO_MEMORY;
	}
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	for (char *p = copy, *q; (p = strchr(p, '{')) != NULL;) {
		q = strchr(p, '}');
		if (!q) {
			*p = 0;
			break;
		}
		memset(p, ' ', (size_t)(q - p + 1));
	}
	int rc = CLAIM_OK;
	c->plies = 0;
	c->winner_first = false;
	char *save = NULL;
	for (char *tok = strtok_r(copy, " ", &save);; tok = strtok_r(NULL, " ", &save)) {
		const char *rest = tok;
		int dots = 0, num = tok ? move_number(tok, &dots, &rest) : 0;
		/* a new line: "1." after moves, or the end of the text */
		if (!tok || (num == 1 && c->plies > 0)) {
			if (c->plies > 0 && check_line(pb, a, c, why, whylen) != 0) {
				rc = CLAIM_DIFFERS;
				break;
			}
			c->plies = 0;
			if (!tok)
				break;
		}
		if (num == 1 && c->plies == 0)
			c->winner_first = dots > 1;
		char t[64];
		snprintf(t, sizeof t, "%s", num ? rest : tok);
		char *m = t;
		while (*m == '(')
			m++;
		size_t l = strlen(m);
		while (l && strchr("),;", m[l - 1]))
			m[--l] = 0;
		if (!*m || !looks_like_move(m))
			continue; /* marks ("#", "+", "!"), words */
		if (c->plies == MAX_CLAIMED_PLIES || l >= sizeof c->text[0])
			continue; /* no move is that long: a word */
		memcpy(c->text[c->plies++], m, l + 1);
	}
	free(copy);
	free(c);
	return rc;
}
