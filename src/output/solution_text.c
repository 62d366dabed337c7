/*
** solution_text.c -- the solution as composers read it (Popeye-like), for
** the text writer (text.c), explain, booklets and composed files.
**
** Battle play: set play first (the defences before the key, "1...Kd5
** 2.Qe4#"), then the tries ("1.Qa1? threat: ...", their variations, "but
** 1...Kb2!"), then each key on its own line ("1.Qa7-f2! threat: 2.Qf2-c2#")
** with each defence indented under it.  A line of play with a single
** defence and a single continuation stays on one line, as in print
** ("1...Kd4 2.Qc5+ Ke4 3.Qe5#").  Defences after which every threat still
** works are left out, as Popeye does; the JSON keeps them, flagged
** "covered".
**
** Line play: the set play lines, the short solutions and the solutions,
** one line each, numbered as Popeye numbers them; {comments} say which is
** which (the claim reader skips them).
*/
#include <stdlib.h>
#include <string.h>

#include "output/solution_text.h"
#include "base/textsafe.h"
#include "output/writer.h"
#include "play/play.h"
#include "solve/lines.h"

/*
** The position of the move being printed goes along (struct printer), as
** in the popeye writer: an en passant capture is told by it ("e5xd6 ep.",
** the capture onto an empty square).  An analysis not made by
** analysis_run (a->g NULL) is printed without.
*/
struct printer {
	FILE *f;
	const struct analysis *a;
	const struct game *g;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE]; /* before the node printed */
};

static void printer_init(struct printer *pr, FILE *f, const struct analysis *a)
{
	pr->f = f;
	pr->a = a;
	pr->g = a->g;
	if (pr->g)
		memcpy(pr->pos, a->root, pr->g->pos_size);
}

static void make(struct printer *pr, move_t m, void *undo)
{
	if (!pr->g)
		return;
	if (m == MOVE_NONE) {
		if (pr->g->make_null) /* a game without passes has no threats */
			pr->g->make_null(pr->pos, undo);
	} else
		pr->g->make(pr->pos, m, undo);
}

static void unmake(struct printer *pr, move_t m, const void *undo)
{
	if (!pr->g)
		return;
	if (m == MOVE_NONE) {
		if (pr->g->unmake_null)
			pr->g->unmake_null(pr->pos, undo);
	} else
		pr->g->unmake(pr->pos, m, undo);
}

/* "h5xg6#" as the text writes it when the move takes en passant: "h5xg6
   ep.#" (Popeye's "h5*g6 ep. #": the sign after, the marks after it). */
static void move_text(const struct printer *pr, const void *pos, move_t m, const char *text,
                      const char *canon, char *out, size_t len)
{
	size_t n = strlen(text), core = n;
	if (!pr->g || !writer_en_passant(pr->g, pos, m, text, canon)) {
		snprintf(out, len, "%s", text);
		return;
	}
	while (core && strchr("+#=x", text[core - 1]) && core > 5)
		core--;
	snprintf(out, len, "%.*s ep.%s", (int)core, text, text + core);
}

/* The node's move, made in pr->pos. */
static void put(struct printer *pr, const struct tree_node *t)
{
	char buf[64];
	move_text(pr, pr->pos, t->move, t->text, t->canon, buf, sizeof buf);
	fputs(buf, pr->f);
}

static int count_children(const struct analysis *a, int i, bool threats)
{
	int c = 0;
	for (int k = a->nodes[i].child; k >= 0; k = a->nodes[k].sibling)
		if (a->nodes[k].threat == threats)
			c++;
	return c;
}

/* A defence shown as a variation: not answered by the threat, no refutation. */
static bool shown(const struct tree_node *d)
{
	return !d->threat && !d->covered && !d->refutes;
}

static void indent(FILE *f, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("    ", f);
}

static void print_defences(struct printer *pr, int solver, int movenum, int depth, bool inline_ok,
                           bool open);

/* " threat: 2.X#, 2.Y#" after a solving-side move (made).  A threat of
   more than one move goes on with its defences, on lines of their own.
   Returns -1 when the move threatens nothing, 1 when the line is still
   open, 0 when it has been ended. */
static int print_threats(struct printer *pr, int solver, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	int n = count_children(a, solver, true);
	if (n == 0)
		return -1;
	fputs(" threat:", f);
	int i = 0;
	bool open = true;
	/* threats answer a pass */
	unsigned char pass[MAX_UNDO_SIZE];
	make(pr, MOVE_NONE, pass);
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (!a->nodes[c].threat)
			continue;
		const struct tree_node *t = &a->nodes[c];
		if (!open)
			indent(f, depth + 1);
		fprintf(f, "%s %d.", i++ && open ? "," : "", movenum);
		put(pr, t);
		int defences = 0;
		for (int d = t->child; d >= 0; d = a->nodes[d].sibling)
			defences += shown(&a->nodes[d]);
		if (defences > 0) {
			/* the threat as a tree: its defences under it */
			unsigned char undo[MAX_UNDO_SIZE];
			make(pr, t->move, undo);
			print_defences(pr, c, movenum, depth + 1, false, true);
			unmake(pr, t->move, undo);
			open = false;
		}
	}
	unmake(pr, MOVE_NONE, pass);
	return open ? 1 : 0;
}

/* Continuations after a defence (made): the first is followed, duals
   named. */
static void print_continuations(struct printer *pr, int defence, int movenum, int depth)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct tree_node *d = &a->nodes[defence];
	int first = -1;
	for (int c = d->child; c >= 0 && first < 0; c = a->nodes[c].sibling)
		if (a->nodes[c].by_solver)
			first = c;
	if (first < 0) {
		fputc('\n', f);
		return;
	}
	fprintf(f, " %d.", movenum);
	put(pr, &a->nodes[first]);
	if (a->nodes[first].dual) {
		fputs(" (dual:", f);
		for (int c = a->nodes[first].sibling; c >= 0; c = a->nodes[c].sibling) {
			fprintf(f, " %d.", movenum);
			put(pr, &a->nodes[c]);
		}
		fputs(")", f);
	}
	/* A quiet move deeper in the tree threatens too: say what, as for the
	   key, and put its defences on lines of their own. */
	unsigned char undo[MAX_UNDO_SIZE];
	make(pr, a->nodes[first].move, undo);
	int threats = print_threats(pr, first, movenum + 1, depth);
	print_defences(pr, first, movenum, depth, threats < 0, threats != 0);
	unmake(pr, a->nodes[first].move, undo);
}

/* Defences after a solving-side move (made): on the current line if only
   one and inline_ok, or when they are the forced last replies of self and
   reflex play; else one per line.  `open`: the current line is not ended
   yet. */
static void print_defences(struct printer *pr, int solver, int movenum, int depth, bool inline_ok,
                           bool open)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	int count = 0;
	bool all_end = true;
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling)
		if (shown(&a->nodes[c])) {
			count++;
			all_end &= a->nodes[c].ends;
		}
	if (count == 0) {
		if (open)
			fputc('\n', f);
		return;
	}
	unsigned char undo[MAX_UNDO_SIZE];
	if (open && ((count == 1 && inline_ok) || (all_end && a->nodes[solver].moves_left <= 1))) {
		int i = 0;
		for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
			if (!shown(&a->nodes[c]))
				continue;
			fputs(i++ ? ", " : " ", f);
			put(pr, &a->nodes[c]);
			if (count == 1) {
				make(pr, a->nodes[c].move, undo);
				print_continuations(pr, c, movenum + 1, depth);
				unmake(pr, a->nodes[c].move, undo);
			}
		}
		if (count > 1)
			fputc('\n', f);
		return;
	}
	if (open)
		fputc('\n', f);
	for (int c = a->nodes[solver].child; c >= 0; c = a->nodes[c].sibling) {
		if (!shown(&a->nodes[c]))
			continue;
		indent(f, depth + 1);
		fprintf(f, "%d...", movenum);
		put(pr, &a->nodes[c]);
		make(pr, a->nodes[c].move, undo);
		print_continuations(pr, c, movenum + 1, depth + 1);
		unmake(pr, a->nodes[c].move, undo);
	}
}

/* After the first move (key or try, made): threats, or zugzwang, and the
   play. */
static void print_first_move_play(struct printer *pr, int id, int moves)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct tree_node *t = &a->nodes[id];
	int threats = print_threats(pr, id, 2, 0);
	if (threats < 0 && !a->no_threats && moves > 1 && !t->ends && !strchr(t->text, '+')) {
		/* a checking key threatens nothing and is no waiting move */
		fputs(" zugzwang.", f);
	}
	/* A lone defence goes on the key's line: "1.Kb4-c3! Bg7xh8#". */
	int count = 0, only = -1;
	for (int c = t->child; c >= 0; c = a->nodes[c].sibling)
		if (shown(&a->nodes[c])) {
			count++;
			only = c;
		}
	if (count == 1 && threats < 0) {
		fputc(' ', f);
		put(pr, &a->nodes[only]);
		unsigned char undo[MAX_UNDO_SIZE];
		make(pr, a->nodes[only].move, undo);
		print_continuations(pr, only, 2, 0);
		unmake(pr, a->nodes[only].move, undo);
		return;
	}
	print_defences(pr, id, 1, 0, false, threats != 0);
}

/* A first move (key or try) "1.X" and its mark; made in pr->pos when its
   play follows. */
static void put_first(struct printer *pr, int id, move_t m, const char *text, const char *canon,
                      const char *mark)
{
	char buf[64];
	move_text(pr, pr->pos, id >= 0 ? pr->a->nodes[id].move : m,
	          id >= 0 ? pr->a->nodes[id].text : text, id >= 0 ? pr->a->nodes[id].canon : canon,
	          buf, sizeof buf);
	fprintf(pr->f, "1.%s%s", buf, mark);
}

void text_key(FILE *f, const struct analysis *a, int k)
{
	struct printer pr;
	printer_init(&pr, f, a);
	const struct key_info *key = &a->keys[k];
	int id = a->key_nodes ? a->key_nodes[k] : -1;
	put_first(&pr, id, key->move, key->text, key->canon, "!");
	if (key->moves < a->stip.n)
		fprintf(f, " (short: wins in %d)", key->moves);
	if (id < 0) {
		fputc('\n', f);
		return;
	}
	unsigned char undo[MAX_UNDO_SIZE];
	make(&pr, a->nodes[id].move, undo);
	print_first_move_play(&pr, id, key->moves);
	unmake(&pr, a->nodes[id].move, undo);
}

static void print_try(struct printer *pr, int i)
{
	const struct analysis *a = pr->a;
	FILE *f = pr->f;
	const struct try_info *t = &a->tries[i];
	int id = a->try_nodes ? a->try_nodes[i] : -1;
	put_first(pr, id, t->move, t->text, t->canon, "?");
	bool play = false;
	if (id >= 0) {
		for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling)
			play |= shown(&a->nodes[c]) || a->nodes[c].threat;
	}
	unsigned char undo[MAX_UNDO_SIZE];
	make(pr, t->move, undo);
	if (play) {
		print_first_move_play(pr, id, a->stip.n);
		fputs("    but", f);
	} else {
		fputs(" but", f);
	}
	for (int r = 0; r < t->nrefs; r++) {
		char buf[64];
		move_text(pr, pr->pos, t->ref_move[r], t->ref_text[r], t->ref_canon[r], buf,
		          sizeof buf);
		fprintf(f, "%s 1...%s!", r ? "," : "", buf);
	}
	unmake(pr, t->move, undo);
	fputc('\n', f);
}

/* Set play: each defence after a pass, with its answer. */
static void print_set_play(struct printer *pr)
{
	const struct analysis *a = pr->a;
	if (a->set_node < 0)
		return;
	unsigned char pass[MAX_UNDO_SIZE], undo[MAX_UNDO_SIZE];
	make(pr, MOVE_NONE, pass);
	for (int c = a->nodes[a->set_node].child; c >= 0; c = a->nodes[c].sibling) {
		fputs("1...", pr->f);
		put(pr, &a->nodes[c]);
		make(pr, a->nodes[c].move, undo);
		print_continuations(pr, c, 2, 0);
		unmake(pr, a->nodes[c].move, undo);
	}
	unmake(pr, MOVE_NONE, pass);
}

/* The lines of a set, each replayed from the problem's position for its en
   passant captures (set play after the solving side's pass), and formatted
   by lines_format from a copy with those moves marked. */
static void print_lines(struct printer *pr, enum line_plan plan, const struct line_set *set,
                        bool winner_first, bool set_play, const char *what)
{
	FILE *f = pr->f;
	struct line_set one = *set;
	struct line_move moves[ANALYSIS_MAX_PLIES];
	for (int i = 0; i < set->stored; i++) {
		const struct solution_line *l = &set->lines[i];
		struct solution_line line = *l;
		if (pr->g && l->plies <= ANALYSIS_MAX_PLIES) {
			_Alignas(16) unsigned char pos[MAX_POS_SIZE];
			unsigned char undo[MAX_UNDO_SIZE];
			memcpy(pos, pr->pos, pr->g->pos_size);
			if (set_play && pr->g->make_null)
				pr->g->make_null(pos, undo);
			for (int p = 0; p < l->plies; p++) {
				const struct line_move *m = &set->moves[l->first + p];
				moves[p] = *m;
				move_text(pr, pos, m->move, m->text, m->canon, moves[p].text,
				          sizeof moves[p].text);
				/* (a copy, never unmade) */
				pr->g->make(pos, m->move, undo);
				if (plan_pass_after(plan, p, l->plies) && pr->g->make_null)
					pr->g->make_null(pos, undo);
			}
			line.first = 0;
			one.lines = &line;
			one.moves = moves;
			one.stored = 1;
		} else {
			one = *set;
		}
		char buf[2048];
		lines_format(&one, pr->g && l->plies <= ANALYSIS_MAX_PLIES ? 0 : i, plan,
		             winner_first, buf, sizeof buf);
		fprintf(f, "%s%s\n", buf, what);
	}
	if (set->count > set->stored)
		fprintf(f, "{and %d more%s}\n", set->count - set->stored, what);
}

void text_solution(FILE *f, const struct analysis *a)
{
	struct printer pr;
	printer_init(&pr, f, a);
	if (a->play->family == FAMILY_LINES) {
		bool first = stip_dots_first(&a->stip);
		enum line_plan plan = a->play->plan;
		if (a->play->set)
			print_lines(&pr, a->play->set->plan, &a->set_lines, !first, true,
			            " {set play}");
		print_lines(&pr, plan, &a->short_sols, first, false, " {short}");
		print_lines(&pr, plan, &a->solutions, first, false, "");
		if (a->solutions.count == 0 && a->short_sols.count == 0)
			text_fprintf(f, "no solution in %s\n", a->stip.text);
		return;
	}
	print_set_play(&pr);
	for (int i = 0; i < a->ntries; i++)
		print_try(&pr, i);
	if (a->nkeys == 0)
		fprintf(f, "no solution in %d\n", a->stip.n);
	for (int k = 0; k < a->nkeys; k++)
		text_key(f, a, k);
	if (a->truncated)
		fprintf(f, "(solution tree cut at %d lines of play)\n", ANALYSIS_MAX_TREE);
}

void text_key_move(const struct analysis *a, int k, char *buf, size_t len)
{
	struct printer pr;
	printer_init(&pr, NULL, a);
	move_text(&pr, pr.pos, a->keys[k].move, a->keys[k].text, a->keys[k].canon, buf, len);
}
