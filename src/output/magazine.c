/*
** magazine.c -- the magazine format: a problem's solution as a problem
** magazine or a solutions column prints it, for readers rather than for
** checking every line.
**
**   1.Qf2! threat: 2.0-0#
**       1...Kb1 2.Qb2#
**       1...R~ 2.Rxe4#
**
**   - short algebraic ("Rxe4", "exd6 e.p.", "e8=Q"), from the parts of
**     the move its note carries (solve/analysis.h: the man's Popeye code,
**     its squares, what tells it apart), worked out where the analysis
**     kept the move; nothing here reads the long text or replays a
**     position.  A move is told from another man's of its kind to the
**     same square by the file or rank it leaves ("Sbd2") when that man
**     could go there too: among every legal move of the position, as the
**     FIDE Laws' algebraic notation has it (Appendix C), not only among
**     the moves printed -- of the solving side's, the tree keeps only
**     those that win.  So for every game whose men are written with
**     Popeye's piece codes (chess, Morok, Upuaut: SETUP_FEN); Tavlei's men
**     have no letters, and its moves keep their long text ("b3-b4xa4").
**   - the key with "!", its threat ("threat: 2.Qd3#") or "zugzwang";
**   - defences grouped when one man's moves share their answer: "1...R~
**     2.Rxe4#" ("1...Sd~" when another knight defends too), the man's
**     other moves each with its own answer; the variations that matter
**     first (checks, captures, the king's flights), the groups last;
**   - set play (its "Set play:" line) and tries only where asked: set play
**     when it was worked out (the file's SetPlay, a claim that holds set
**     play, --set-play), tries with the file's Try or Defence, a claimed
**     solution that names a try, or --tries (magazine_opts.tries);
**   - help and series play: every line, numbered as Popeye numbers them,
**     in short algebraic;
**   - twins as magazines print them: "b) -Se1, #4", "c) from b) -Ph2, #5".
** The walk through a battle-play tree is solution_walk.c's, shared with
** the Popeye-like text; this file writes the moves, the duals and the
** grouped defences its way.
** With `figurines` the piece letters are the chess figurines (U+2654 to
** U+2658, the white men, as print uses them), for outputs that can show
** them (the booklet's FreeSerif).
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "output/magazine.h"
#include "base/textsafe.h"
#include "output/solution_walk.h"
#include "model/twin_steps.h"
#include "notation/move_parse.h"
#include "output/writer.h"
#include "play/play.h"
#include "solve/lines.h"

/* The walk (first: the walk's callbacks are given it, and cast it back)
   and how moves are written. */
struct printer {
	struct walk w;
	bool algebraic; /* short algebraic (else the game's long text) */
	bool figurines; /* piece letters as figurines */
	bool partial;   /* the defences shown are not all the defender's moves (set
	                   play shows only those with an answer): no "R~" group,
	                   which would say that every move of the man is answered */
};

/* ---- moves ---- */

static void put_letter(const struct printer *pr, char c, char **o, char *end)
{
	const char *fg = pr->figurines ? notation_figurine(c) : NULL;
	if (fg) {
		size_t n = strlen(fg);
		if (*o + n < end) {
			memcpy(*o, fg, n);
			*o += n;
		}
	} else if (*o + 1 < end) {
		*(*o)++ = c;
	}
}

/* A square's name ("d2"), for the parts of a move. */
static void put_square(int file, int rank, bool f, bool r, char **o, char *end)
{
	char sq[4];
	square_name(file, rank, sq);
	for (const char *c = sq; *c; c++)
		if ((isdigit((unsigned char)*c) ? r : f) && *o + 1 < end)
			*(*o)++ = *c;
}

/*
** The move in short algebraic, marks after it ("Rxe4#", "exd6 e.p.+",
** "e8=Q", "Sbd2"), from its note's parts (solve/analysis.h: the man, the
** squares and what tells the move from another man's of its kind to the
** same square, worked out where the move was kept).  A move with no such
** parts (castling, a man without a letter: a tafl man): its text.
*/
static void short_move(const struct printer *pr, const struct move_note *n, char *out, size_t len)
{
	char *o = out, *end = out + len;
	if (!pr->algebraic || !n->san) {
		snprintf(out, len, "%s", n->text);
		return;
	}
	bool capture = (n->facts & MOVE_FACT_CAPTURE) != 0;
	if (n->man) {
		put_letter(pr, n->man, &o, end);
		put_square(n->from_file, n->from_rank, n->tell & MOVE_TELL_FILE,
		           n->tell & MOVE_TELL_RANK, &o, end);
	} else if (capture) {
		put_square(n->from_file, n->from_rank, true, false, &o, end); /* "exd5" */
	}
	if (capture && o + 1 < end)
		*o++ = 'x';
	put_square(n->to_file, n->to_rank, true, true, &o, end);
	if (n->promo && o + 1 < end) {
		*o++ = '='; /* "e8=Q" */
		put_letter(pr, n->promo, &o, end);
	}
	*o = 0;
	snprintf(o, (size_t)(end - o), "%s%s", (n->facts & MOVE_FACT_EN_PASSANT) ? " e.p." : "",
	         n->text + n->mark);
}

/* Node c in short algebraic (the walk's move). */
static void node_move(const struct walk *w, int parent, int c, char *out, size_t len)
{
	(void)parent;
	short_move((const struct printer *)w, &w->a->nodes[c].note, out, len);
}

/* ---- battle play ---- */

/* Duals that end the play: "2.Qd3#, 2.c3#". */
static void dual_list(struct walk *w, int d, int first, int movenum)
{
	int i = 0;
	for (int c = first; c >= 0; c = w->a->nodes[c].sibling)
		if (w->a->nodes[c].by_solver) {
			char m[96];
			node_move(w, d, c, m, sizeof m);
			text_fprintf(w->f, "%s %d.%s", i++ ? "," : "", movenum, m);
		}
	fputc('\n', w->f);
}

/* The answers to defence d as text (malloc'd; NULL out of memory). */
static char *answers_text(struct printer *pr, int d, int movenum, int depth)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	struct printer sub = *pr;
	sub.w.f = f;
	walk_answers(&sub.w, d, movenum, depth);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* A defence and what a reader looks for first: a check, a capture, a
   flight of the king, then the rest (the tree's order within each). */
static int weight(const struct tree_node *d)
{
	const char *marks = d->note.text + d->note.mark;
	if (strchr(marks, '+') || strchr(marks, '#'))
		return 0;
	if (d->note.facts & MOVE_FACT_CAPTURE)
		return 1;
	if (d->note.san && d->note.royal)
		return 2; /* (a tafl king's move keeps the tree's order) */
	return 3;
}

struct variation {
	int node;
	char *answers;
	int group;  /* -1: on its own; else the first member's index */
	int weight; /* weight(), 4 for a group */
};

/* Pairs (weight, index): by weight, then the tree's order. */
static int cmp_variation_key(const void *x, const void *y)
{
	const long *a = x, *b = y;
	if (a[0] != b[0])
		return (a[0] > b[0]) - (a[0] < b[0]);
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Do notes x and y move from the same square? */
static bool same_from(const struct move_note *x, const struct move_note *y)
{
	return x->from_file == y->from_file && x->from_rank == y->from_rank;
}

/* Can the defence be one of a group ("R~"): a piece's move (not the
   king's, not a pawn's) with its answers. */
static bool member_of(const struct analysis *a, const struct variation *v)
{
	const struct move_note *n = &a->nodes[v->node].note;
	/* (a defence that reaches the goal itself, a selfmate's 1...Rd4#,
	   has no answer to share: its own mark is what it says) */
	return v->answers && !a->nodes[v->node].ends && n->san && n->man && !n->royal;
}

/* Are x and y moves of one man with the same answers? */
static bool same_group(const struct analysis *a, const struct variation *x,
                       const struct variation *y)
{
	const struct move_note *mx = &a->nodes[x->node].note, *my = &a->nodes[y->node].note;
	return member_of(a, x) && member_of(a, y) && !strcmp(x->answers, y->answers) &&
	       mx->man == my->man && same_from(mx, my);
}

/* Has the man that makes move n a group already? */
static bool man_grouped(const struct analysis *a, const struct variation *v, int count,
                        const struct move_note *n)
{
	if (!n->san)
		return false;
	for (int i = 0; i < count; i++)
		if (v[i].group == i && a->nodes[v[i].node].note.san &&
		    same_from(&a->nodes[v[i].node].note, n))
			return true;
	return false;
}

/*
** The defences after solving-side move id, each on its line at depth + 1:
** one man's defences that share their answers as one ("1...R~ 2.Rxe4#").
*/
static void print_defences(struct walk *w, int id, int movenum, int depth)
{
	struct printer *pr = (struct printer *)w;
	const struct analysis *a = w->a;
	int n = 0;
	for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
		n += walk_shown(&a->nodes[c]);
	struct variation *v = calloc((size_t)(n ? n : 1), sizeof *v);
	if (!v)
		return;
	n = 0;
	for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
		if (walk_shown(&a->nodes[c])) {
			v[n] = (struct variation){c, answers_text(pr, c, movenum + 1, depth + 1),
			                          -1, weight(&a->nodes[c])};
			n++;
		}
	/* groups: the moves of one man (not a pawn, not the king) with the
	   same answers, two or more; one group a man, its largest (a second
	   "R~" would say another thing), the rest each on its own line */
	for (;;) {
		int best = -1, best_members = 1;
		for (int i = 0; i < n && pr->algebraic && !pr->partial; i++) {
			if (v[i].group >= 0 || !member_of(a, &v[i]) ||
			    man_grouped(a, v, n, &a->nodes[v[i].node].note))
				continue;
			int members = 0;
			for (int j = i; j < n; j++)
				members += v[j].group < 0 && same_group(a, &v[i], &v[j]);
			if (members > best_members) {
				best = i;
				best_members = members;
			}
		}
		if (best < 0)
			break;
		for (int j = n - 1; j >= best; j--)
			if (v[j].group < 0 && same_group(a, &v[best], &v[j])) {
				v[j].group = best;
				v[j].weight = 4;
			}
	}
	/* stable: weight, then the tree's order (index) */
	long(*order)[2] = malloc((size_t)(n > 0 ? n : 1) * sizeof *order);
	if (order) {
		for (int i = 0; i < n; i++) {
			order[i][0] = v[i].weight;
			order[i][1] = i;
		}
		qsort(order, (size_t)n, sizeof *order, cmp_variation_key);
	}
	for (int k = 0; order && k < n; k++) {
		int i = (int)order[k][1];
		const struct tree_node *d = &a->nodes[v[i].node];
		if (v[i].group >= 0 && v[i].group != i)
			continue; /* printed with its group */
		walk_line(w, depth + 1);
		if (v[i].group == i) {
			/* "R~", "Rd~" when another man of its kind defends too */
			const struct move_note *m = &d->note;
			char head[16], *o = head;
			put_letter(pr, m->man, &o, head + sizeof head);
			bool other = false;
			for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling) {
				const struct move_note *mc = &a->nodes[c].note;
				other |= !a->nodes[c].threat && mc->san && mc->man == m->man &&
				         !same_from(mc, m);
			}
			if (other)
				put_square(m->from_file, m->from_rank, true, false, &o,
				           head + sizeof head);
			*o = 0;
			text_fprintf(w->f, "%d...%s~", movenum, head);
		} else {
			char mv[96];
			node_move(w, id, v[i].node, mv, sizeof mv);
			text_fprintf(w->f, "%d...%s", movenum, mv);
		}
		if (v[i].answers) /* maat's own text, lines and all */
			fputs(v[i].answers, w->f);
		else
			fputc('\n', w->f);
	}
	for (int i = 0; i < n; i++)
		free(v[i].answers);
	free(v);
	free(order);
}

static const struct walk_style magazine_style = {
    .move = node_move,
    .duals = dual_list,
    .defences = print_defences,
    .zugzwang = " zugzwang",
    .number_after_zugzwang = true,
};

/* A key or a try in short algebraic. */
static void first_move(const struct printer *pr, const struct move_note *n, char *out, size_t len)
{
	short_move(pr, n, out, len);
}

static void print_key(struct printer *pr, int k)
{
	char m[96];
	first_move(pr, &pr->w.a->keys[k].note, m, sizeof m);
	walk_key(&pr->w, k, m);
}

static void print_try(struct printer *pr, int i)
{
	const struct analysis *a = pr->w.a;
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	char m[96];
	first_move(pr, &t->note, m, sizeof m);
	text_fprintf(pr->w.f, "1.%s?", m);
	/* the play, or only the words of a try that has none: " zugzwang"
	   (as the text format says it) */
	if (walk_has_play(a, id)) {
		walk_play_after(&pr->w, id, 1, 0);
		fputs("    but", pr->w.f);
	} else {
		const struct tree_node *n = id >= 0 ? &a->nodes[id] : NULL;
		if (n && !walk_leaf(n) && walk_zugzwang(a, n, 0))
			fputs(pr->w.style->zugzwang, pr->w.f);
		fputs(" but", pr->w.f);
	}
	for (int r = 0; r < t->nrefs; r++) {
		short_move(pr, &t->refs[r], m, sizeof m);
		text_fprintf(pr->w.f, "%s 1...%s!", r ? "," : "", m);
	}
	fputc('\n', pr->w.f);
}

static void print_battle(struct printer *pr, bool tries)
{
	const struct analysis *a = pr->w.a;
	if (a->set_node >= 0 && a->nodes[a->set_node].child >= 0) {
		fputs("Set play:\n", pr->w.f);
		pr->partial = true;
		print_defences(&pr->w, a->set_node, 1, -1);
		pr->partial = false;
	}
	for (int i = 0; tries && i < a->ntries; i++)
		print_try(pr, i);
	if (a->nkeys == 0)
		fprintf(pr->w.f, "no solution in %d\n", a->stip.n);
	for (int k = 0; k < a->nkeys; k++)
		print_key(pr, k);
	if (a->truncated)
		fprintf(pr->w.f, "(solution cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}

/* ---- line play ---- */

/* The moves of line i of a set in short algebraic into moves (a copy of
   the set's). */
static void line_moves(const struct printer *pr, const struct line_set *set, int i,
                       struct move_note *moves)
{
	const struct solution_line *l = &set->lines[i];
	for (int k = 0; k < l->plies; k++)
		short_move(pr, &set->moves[l->first + k], moves[l->first + k].text,
		           sizeof moves[l->first + k].text);
}

/* The lines of a set in short algebraic, numbered as Popeye numbers them,
   `what` after each. */
static void print_lines(struct printer *pr, enum line_plan plan, const struct line_set *set,
                        bool winner_first, const char *what)
{
	if (set->stored == 0)
		return;
	struct line_set s = *set;
	s.moves = malloc((size_t)set->nmoves * sizeof *s.moves);
	if (!s.moves)
		return;
	memcpy(s.moves, set->moves, (size_t)set->nmoves * sizeof *s.moves);
	for (int i = 0; i < s.stored; i++)
		line_moves(pr, set, i, s.moves);
	struct strbuf b = STRBUF_INIT; /* a line whole: 2,048 bytes cut a long one */
	for (int i = 0; i < s.stored; i++) {
		strbuf_reset(&b); /* a line that failed said so; the next may fit */
		lines_format(&s, i, plan, winner_first, &b);
		text_fprintf(pr->w.f, "%s%s\n",
		             strbuf_failed(&b) ? "(out of memory)" : strbuf_str(&b), what);
	}
	strbuf_free(&b);
	if (set->count > set->stored)
		fprintf(pr->w.f, "(and %d more%s)\n", set->count - set->stored, what);
	free(s.moves);
}

static void print_line_play(struct printer *pr)
{
	const struct analysis *a = pr->w.a;
	bool first = stip_dots_first(&a->stip);
	enum line_plan plan = a->play->plan;
	if (a->play->set && a->set_lines.stored) {
		fputs("Set play:\n", pr->w.f);
		print_lines(pr, a->play->set->plan, &a->set_lines, !first, "");
	}
	print_lines(pr, plan_alternates(plan) ? plan : PLAN_SERIES, &a->must_win, first,
	            " ?!? (must win, S6)");
	print_lines(pr, plan, &a->short_sols, first, " (short)");
	print_lines(pr, plan, &a->solutions, first, "");
	if (a->solutions.count == 0 && a->short_sols.count == 0)
		text_fprintf(pr->w.f, "no solution in %s\n", a->stip.text);
}

/* ---- twins ---- */

/* A man's letter in a twin as magazines print it ("Se1", a figurine),
   for twin_man_on. */
static void magazine_letter(const void *ctx, const struct piece_kind *k, char **o, char *end)
{
	const struct printer *pr = ctx;
	put_letter(pr, k->popeye, o, end); /* "-Ph2": a pawn has no figurine */
}

/* A piece named by its letter in a twin (Add, Substitute) as magazines
   print it. */
static void magazine_piece(const void *ctx, char popeye, char **o, char *end)
{
	put_letter(ctx, popeye, o, end);
}

/* "b) -Se1, #4", "c) from b) -Ph2, #5", "a)" before the diagram's part. */
static void twin_label(const struct printer *pr, const struct puzzle *p, const struct judgement *r,
                       const char *tl)
{
	if (r->twin < 0) {
		text_fprintf(pr->w.f, "%s)\n", tl);
		return;
	}
	const struct twin_letters letters = {magazine_letter, magazine_piece, pr};
	char *line = twin_magazine_label(p, r->twin, &letters);
	text_fprintf(pr->w.f, "%s\n", line ? line : tl);
	free(line);
}

/* ---- what is printed ---- */

/* Does the file ask for tries: Popeye's Try or Defence, or a claimed
   solution that names one ("1.Qa1? ...")? */
static bool file_asks_tries(const struct puzzle *p, const struct judgement *r)
{
	for (int i = 0; i < p->noptions; i++)
		if (p->options[i].id == PO_TRY || p->options[i].id == PO_DEFENCE)
			return true;
	const char *claim = r->claim ? r->claim : p->solution;
	for (const char *s = claim; s && (s = strchr(s, '?')); s++)
		/* a try's mark, not Popeye's "?!?" nor a "!?" */
		if (s > claim && s[-1] != '!' && s[1] != '!' && s[1] != '?')
			return true;
	return false;
}

void magazine_solution(FILE *f, const struct puzzle *p, const struct judgement *r,
                       const struct magazine_opts *o)
{
	struct printer pr = {.w = {f, &r->an, "", &magazine_style},
	                     .algebraic = p->game && (p->game->notation & SETUP_FEN),
	                     .figurines = o->figurines};
	const char *tl = judge_twin_label(p, r);
	if (tl && !judge_duplex(p, r) && p->ntwins)
		twin_label(&pr, p, r, tl);
	if (!r->analysed || r->an.timeout)
		return;
	if (r->an.play->family == FAMILY_LINES)
		print_line_play(&pr);
	else
		print_battle(&pr, o->tries || file_asks_tries(p, r));
}

/* ---- the writer ---- */

static void problem(FILE *f, const struct puzzle *p, const char *label, const struct judgement *r,
                    const struct writer_opts *o)
{
	/* with the solution, the twin's label follows on its own line ("b)
	   -Se1, #4"); a verdict alone names it */
	writer_verdict_head(f, p, label, r, !o->solution);
	if (r->verdict != VERDICT_SOUND && r->reason[0])
		text_fprintf(f, ": %s", r->reason);
	fputc('\n', f);
	if (!o->solution)
		return;
	struct magazine_opts mo = {.tries = o->tries};
	magazine_solution(f, p, r, &mo);
	fputc('\n', f);
}

const struct writer writer_magazine = {
    .name = "magazine",
    .summary = true,
    .tree = true,
    .problem = problem,
};
