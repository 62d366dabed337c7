/*
** lines.c -- the claim of a help or series problem (rules S2, S7, S8),
** read from the tokens of lex.h: lines of moves, each from "1." (or "1..."
** when the winning side makes its first move), as Popeye and YACPDB write
** them:
**     1.Kd5 Qe3 2.Ke4 Qd4#             (h#2: the opponent moves first)
**     1...Bg4-e2 2.0-0-0 Be2-a6 #      (its set play: after a pass)
**     1...  ...  2.b5-b4 Ra1-a8 #      (h#1.5's set play, the pass shown)
**     1.f7-f8=B 2.Bf8-c5 3.Bc5-b6 #    (ser-#3: the passes are not written)
**     1.Kd5 Qe3 2.Ke4 Qd4# 2.Kc4 Qc5#  (a second line from 1.Kd5 Qe3)
**     1.Sc8 dxc8=Q/S 2.b1=B Qc5#       (alternatives: a line each)
** Each line is replayed as its play makes it and must be one of the true
** lines: a solution, a short solution, or a set play line.  A line with a
** move marked '?' (a try of help play) is only replayed; one with "~" is
** not read; moves in parentheses are remarks; twin parts the puzzle does
** not have are not read.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/lines.h"
#include "base/textsafe.h"
#include "claim/claim.h"
#include "claim/lex.h"
#include "notation/move_parse.h"
#include "play/play.h"

#define MAX_CLAIMED_PLIES CLAIM_MAX_LINE
#define MAX_ALT 8
#define MAX_COMBOS 64 /* lines made of one claimed line's alternatives */

struct claimed {
	const char *text[MAX_CLAIMED_PLIES]; /* the moves as the file writes them (tokens') */
	int plies;
	bool winner_first; /* began with "1..." */
	int shift;         /* 1: began "1...  ...  2.X", set play's pass of the
	                      side that starts N.5 shown (Popeye): numbered from 2 */
	bool fails;        /* a move marked '?' */
	bool any;          /* a "~": not read */
	int line;          /* of the claim text where it starts */
};

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

/* "1.Kd5 Qe3 2.Ke4" -- the first `plies` moves of texts, numbered as the
   play numbers them (lines_put_move, as lines_format), in the file's
   words, whole. */
static void describe(const char *const *text, int plies, enum line_plan plan, bool winner_first,
                     struct strbuf *b)
{
	strbuf_clear(b);
	for (int p = 0; p < plies; p++)
		lines_put_move(b, p, plies, plan, winner_first, text[p]);
}

/* The first two true lines, "; "-separated, the rest counted, for a
   message, each line whole (lines_format). */
static void some_lines(enum line_plan plan, const struct line_set *set, bool winner_first,
                       struct strbuf *b)
{
	for (int i = 0; i < set->stored && i < 2; i++) {
		if (i)
			strbuf_puts(b, "; ");
		lines_format(set, i, plan, winner_first, b);
	}
	if (set->count > 2)
		strbuf_printf(b, "; and %d more", set->count - 2);
}

/* The parts of a move token at '/' that are moves ("dxc8=Q/S" is one),
   kept with the claim's texts; -1 when out of memory. */
static int alternatives(struct claim_text *ct, const char *t, const char **alt)
{
	int n = 0;
	for (const char *p = t; *p && n < MAX_ALT;) {
		size_t k = strcspn(p, "/");
		if (notation_looks_like_move(p, k) && !(alt[n++] = claim_text_keep(ct, p, k)))
			return -1;
		p += k + (p[k] == '/');
	}
	return n;
}

/* The texts of a message about a claimed line, as long as they are. */
struct msg {
	struct strbuf before, upto, truth;
};

/*
** Replay one claimed line (one choice of its alternatives); 0 when it is a
** true line, 1 with why when not.  texts[] are the moves chosen.
*/
static int check_one(const struct problem *pb, const struct analysis *a, const struct claimed *c,
                     const struct claim_text *ct, const char *const *texts, struct msg *ms,
                     struct strbuf *why)
{
	const struct game *g = pb->g;
	/* a line that starts with the other side than the play's is set play,
	   whose lines are help play's (S8) */
	bool set_play = pb->play->set && c->winner_first != stip_dots_first(&pb->stip);
	enum line_plan plan = set_play ? pb->play->set->plan : pb->play->plan;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	/* err: the parser's words, of which only "ambiguous" and the wrong man
	   ("the man on d4 is a rook, not a queen", bounded) are read; at: a
	   line number */
	char canon[MAX_CLAIMED_PLIES][16], err[320], at[48] = "";
	if (ct->lines > 1)
		snprintf(at, sizeof at, " (solution line %d)", c->line);
	memcpy(pos, pb->pos, g->pos_size);
	strbuf_clear(why);
	if (set_play) {
		if (!a->has_set_play) {
			describe(texts, c->plies, plan, c->winner_first, &ms->before);
			strbuf_printf(
			    why,
			    "the file's '%s'%s starts with the %s move, as set play does, but set "
			    "play was not worked out",
			    strbuf_str(&ms->before), at,
			    c->winner_first ? "winning side's" : "other side's");
			return 1;
		}
		g->make_null(pos, undo);
	}
	for (int i = 0; i < c->plies; i++) {
		move_t m = game_parse_move_lang(g, pos, texts[i], ct->lang, err, sizeof err);
		if (m == MOVE_NONE && i == 0 && pb->duplex && !set_play) {
			/* a Duplex: the other part's line starts with the other side */
			g->make_null(pos, undo);
			if (game_parse_move_lang(g, pos, texts[i], ct->lang, NULL, 0) != MOVE_NONE)
				return 0;
			memcpy(pos, pb->pos, g->pos_size);
		}
		/* double mate and counter-mate: the last move leaves the mover's
		   king in check, a move no legal move list holds */
		if (m == MOVE_NONE && i == c->plies - 1 && g->gen_self_checks &&
		    (pb->stip.target == TARGET_DOUBLE_MATE ||
		     pb->stip.target == TARGET_COUNTER_MATE)) {
			move_t sc[MAX_MOVES];
			int nsc = g->gen_self_checks(pos, sc);
			m = game_parse_move_among(g, pos, texts[i], ct->lang, sc, nsc, NULL, 0);
		}
		if (m == MOVE_NONE) {
			describe(texts, i + 1, plan, c->winner_first, &ms->before);
			const char *man = move_parse_wrong_man(err);
			strbuf_printf(why, "in the file's '%s'%s the move '%s' is %s there%s%s%s",
			              strbuf_str(&ms->before), at, texts[i],
			              strstr(err, "ambiguous")
			                  ? "ambiguous: more than one move fits it"
			                  : "not a legal move",
			              man ? " (" : "", man ? man : "", man ? ")" : "");
			return 1;
		}
		g->move_text(pos, m, MOVE_CANONICAL, canon[i], sizeof canon[i]);
		g->make(pos, m, undo);
		/* the passive side's passes of a series are not written */
		if (plan_pass_after(plan, i, c->plies))
			g->make_null(pos, undo);
	}
	if (c->fails)
		return 0; /* a try of help play: its moves are legal, that is all it claims */
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
	const char *kind = set_play ? "set play line" : "solution";
	bool first = set_play ? !stip_dots_first(&pb->stip) : stip_dots_first(&pb->stip);
	const struct line_set *shown = set_play             ? &a->set_lines
	                               : a->solutions.count ? &a->solutions
	                                                    : &a->short_sols;
	strbuf_clear(&ms->truth);
	some_lines(plan, shown, first, &ms->truth);
	const char *truth = strbuf_str(&ms->truth);
	describe(texts, c->plies, plan, c->winner_first, &ms->before);
	if (best == c->plies) {
		strbuf_printf(why,
		              "the file's '%s'%s is not a %s of %s: it stops before the win; %s%s",
		              strbuf_str(&ms->before), at, kind, pb->stip.text,
		              truth[0] ? "the true ones: " : "", truth);
	} else {
		describe(texts, best + 1, plan, c->winner_first, &ms->upto);
		strbuf_printf(why,
		              "the file's '%s'%s is not a %s of %s: no %s goes on as '%s'; %s%s",
		              strbuf_str(&ms->before), at, kind, pb->stip.text, kind,
		              strbuf_str(&ms->upto), truth[0] ? "the true ones: " : "", truth);
	}
	return 1;
}

/* Room for the alternatives of a line's moves and a message's texts. */
struct work {
	const char *alt[MAX_CLAIMED_PLIES][MAX_ALT];
	const char *texts[MAX_CLAIMED_PLIES];
	struct msg ms;
	struct strbuf keep; /* the first failure's words, while the whole tokens are tried */
};

/* Every choice of the alternatives of a claimed line is a true line; -1
   when out of memory. */
static int check_line(const struct problem *pb, const struct analysis *a, const struct claimed *c,
                      struct claim_text *ct, struct work *w, struct strbuf *why)
{
	if (c->any || c->plies == 0)
		return 0;
	const char *(*alt)[MAX_ALT] = w->alt;
	const char **texts = w->texts;
	int nalt[MAX_CLAIMED_PLIES];
	int combos = 1;
	for (int i = 0; i < c->plies; i++) {
		nalt[i] = strchr(c->text[i], '/') ? alternatives(ct, c->text[i], alt[i]) : 0;
		if (nalt[i] < 0)
			return -1;
		if (nalt[i] == 0) {
			alt[i][0] = c->text[i];
			nalt[i] = 1;
		}
		if (combos <= MAX_COMBOS)
			combos *= nalt[i];
	}
	if (combos > MAX_COMBOS)
		combos = MAX_COMBOS;
	int rc = 0;
	for (int k = 0; k < combos && rc == 0; k++) {
		int rest = k;
		for (int i = 0; i < c->plies; i++) {
			/* the whole token first: a tafl capture "d4-b4xb3/c4" is one move */
			texts[i] = nalt[i] > 1 ? alt[i][rest % nalt[i]] : c->text[i];
			if (nalt[i] > 1)
				rest /= nalt[i];
		}
		rc = check_one(pb, a, c, ct, texts, &w->ms, why);
	}
	/* a token with '/' that is one move (tafl): read whole when the parts fail */
	if (rc) {
		bool slashes = false;
		for (int i = 0; i < c->plies; i++)
			slashes |= strchr(c->text[i], '/') != NULL;
		if (slashes) {
			strbuf_clear(&w->keep);
			strbuf_puts(&w->keep, strbuf_str(why));
			for (int i = 0; i < c->plies; i++)
				texts[i] = c->text[i];
			if (check_one(pb, a, c, ct, texts, &w->ms, why) == 0) {
				rc = 0;
			} else {
				strbuf_clear(why);
				strbuf_puts(why, strbuf_str(&w->keep));
			}
		}
	}
	return rc;
}

/* The ply of line c the move after number token t goes to. */
static int ply_of(const struct claimed *c, enum line_plan plan, const struct ctok *t)
{
	int num = t->num - c->shift;
	if (plan_alternates(plan))
		return 2 * (num - 1) + (t->dots == 3) - (c->winner_first ? 1 : 0);
	return num - 1;
}

int claim_check_lines(const struct problem *pb, const struct analysis *a, struct strbuf *why)
{
	struct claim_text ct;
	struct claimed *c = malloc(sizeof *c);
	struct work *w = calloc(1, sizeof *w);
	if (!c || !w || claim_lex(pb->claim, &ct) != 0) {
		free(c);
		free(w);
		strbuf_puts(why, "out of memory");
		return CLAIM_NO_MEMORY;
	}
	enum line_plan plan = pb->play->plan;
	int rc = 0;
	memset(c, 0, sizeof *c);
	int depth = 0;        /* parentheses: remarks */
	bool skip = false;    /* a part of a twin the puzzle does not have */
	bool starting = true; /* the next number starts a line */
	for (int i = 0; i <= ct.n && rc == 0; i++) {
		const struct ctok *t = i < ct.n ? &ct.t[i] : NULL;
		bool flush =
		    !t || t->kind == CT_PART ||
		    (t->kind == CT_NUMBER && t->num == 1 && depth == 0 && c->plies > 0 && !skip);
		int branch = -1;
		if (t && t->kind == CT_NUMBER && depth == 0 && !skip && c->plies > 0 && !flush &&
		    !ct.prose) {
			int p = ply_of(c, plan, t);
			if (p >= 0 && p < c->plies)
				branch =
				    p; /* "2.Kc4 Qc5#" after a whole line: a new line from there */
		}
		if ((flush || branch >= 0) && c->plies > 0 && !ct.prose) {
			rc = check_line(pb, a, c, &ct, w, why);
			if (branch >= 0) {
				c->plies = branch;
				c->fails = c->any = false;
			} else {
				memset(c, 0, sizeof *c);
				starting = true;
			}
		}
		if (!t || rc)
			break;
		switch (t->kind) {
		case CT_PART: {
			const char *l = t->text + (t->text[0] == '+');
			skip = l[0] >= 'b' && l[0] <= 'z';
			depth = 0;
			break;
		}
		case CT_OPEN:
			depth++;
			break;
		case CT_CLOSE:
			if (depth)
				depth--;
			break;
		case CT_NUMBER:
			if (depth || skip)
				break;
			if (!starting && c->plies == 0 && c->winner_first && !c->shift &&
			    t->num == 2 && t->dots == 1) {
				/* "1...  ...  2.X": the first side's pass, then
				   set play from its opponent's whole move */
				c->winner_first = false;
				c->shift = 1;
				break;
			}
			if (starting || c->plies == 0) {
				if (t->num != 1)
					break; /* a line starts at 1 */
				c->winner_first = t->dots == 3;
				c->line = t->line;
				starting = false;
			}
			break;
		case CT_MOVE:
		case CT_ANY:
			if (depth || skip || starting)
				break;
			if (c->plies < MAX_CLAIMED_PLIES) {
				c->text[c->plies++] = t->text;
				c->fails |= (t->marks & CM_TRY) != 0;
				c->any |= t->kind == CT_ANY;
			}
			break;
		default:
			break;
		}
	}
	if (rc < 0 || strbuf_failed(why) || strbuf_failed(&w->ms.before) ||
	    strbuf_failed(&w->ms.upto) || strbuf_failed(&w->ms.truth) || strbuf_failed(&w->keep)) {
		strbuf_reset(why);
		strbuf_puts(why, "out of memory");
		rc = CLAIM_NO_MEMORY;
	} else {
		rc = rc ? CLAIM_DIFFERS : CLAIM_OK;
	}
	claim_text_free(&ct);
	strbuf_free(&w->ms.before);
	strbuf_free(&w->ms.upto);
	strbuf_free(&w->ms.truth);
	strbuf_free(&w->keep);
	free(c);
	free(w);
	return rc;
}

bool claim_claims_set_play(const char *claim, bool dots_first)
{
	struct claim_text ct;
	if (!claim || !*claim || claim_lex(claim, &ct) != 0)
		return false;
	bool set = false;
	for (int i = 0; i + 1 < ct.n && !set; i++) {
		bool number = ct.t[i].kind == CT_NUMBER && ct.t[i].num == 1;
		/* "1...  ...  2.X" in N.5: the pass shown */
		bool passed = number && dots_first && ct.t[i].dots == 3 && i + 2 < ct.n &&
		              ct.t[i + 1].kind == CT_NUMBER && ct.t[i + 1].num == 2 &&
		              ct.t[i + 1].dots == 1;
		int m = passed ? i + 2 : i + 1;
		set = number && ((ct.t[i].dots == 3) != dots_first || passed) &&
		      (ct.t[m].kind == CT_MOVE || ct.t[m].kind == CT_ANY);
	}
	claim_text_free(&ct);
	return set;
}
