/*
** magazine.c -- the magazine format: a problem's solution as a problem
** magazine or a solutions column prints it, for readers rather than for
** checking every line.
**
**   1.Qf2! threat: 2.0-0#
**       1...Kb1 2.Qb2#
**       1...R~ 2.Rxe4#
**
**   - short algebraic ("Rxe4", "exd6 e.p.", "e8=Q"), from the move's
**     long text in its note (solve/analysis.h).  A move is told from
**     another man's of its kind to the same square by the file or rank it
**     leaves ("Sbd2") when that man could go there too: among every legal
**     move of the position, as the FIDE Laws' algebraic notation has it
**     (Appendix C), not only among the moves printed -- of the solving
**     side's, the tree keeps only those that win.  The position is made
**     again from the problem's along the moves before.  So for every game
**     whose men are chess men, written with Popeye's piece codes (chess,
**     Morok, Upuaut: SETUP_FEN); Tavlei's men have no letters, and its
**     moves keep their long text ("b3-b4xa4").
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
	/* the problem's position (its first mover to move) and each tree
	   node's parent (-1: a key, a try, the set play's pass), for the
	   legal moves a move is told from; g NULL: not known (moves are told
	   from those printed beside them) */
	const struct game *g;
	const void *root;
	int *parent;
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

/* A chess move's parts from its long text "Sg1-f3", "e5xd6", "e7-e8=Q":
   false for another shape (castling "0-0", a game's own text). */
struct long_move {
	char piece; /* 'K' ... 'S', 0 a pawn */
	char from[3], to[3];
	bool capture;
	const char *rest; /* after the arrival ("=Q"), up to the bare end */
	size_t nrest;
};

static bool square_at(const char *s)
{
	return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

static bool parse_long(const struct move_note *n, struct long_move *m)
{
	const char *t = n->text;
	size_t i = 0;
	memset(m, 0, sizeof *m);
	if (n->bare >= 1 && strchr("KQRBSN", t[0]))
		m->piece = t[i++] == 'N' ? 'S' : t[0];
	if (i + 5 > n->bare || !square_at(t + i) || (t[i + 2] != '-' && t[i + 2] != 'x') ||
	    !square_at(t + i + 3))
		return false;
	memcpy(m->from, t + i, 2);
	m->capture = t[i + 2] == 'x';
	memcpy(m->to, t + i + 3, 2);
	m->rest = t + i + 5;
	m->nrest = n->bare - (i + 5);
	return true;
}

/* How a move is told from others of the same kind to the same square. */
enum tell { TELL_NONE, TELL_FILE, TELL_RANK, TELL_SQUARE };

/*
** The move in short algebraic, marks after it ("Rxe4#", "exd6 e.p.+",
** "e8=Q", "0-0"), `tell` saying what tells it from a move of another man
** of its kind to the same square.  A game without chess men: its long text.
*/
static void short_move(const struct printer *pr, const struct move_note *n, enum tell tell,
                       char *out, size_t len)
{
	struct long_move m;
	char *o = out, *end = out + len;
	if (!pr->algebraic || !parse_long(n, &m)) {
		snprintf(out, len, "%s", n->text);
		return;
	}
	if (m.piece) {
		put_letter(pr, m.piece, &o, end);
		if ((tell == TELL_FILE || tell == TELL_SQUARE) && o + 1 < end)
			*o++ = m.from[0];
		if ((tell == TELL_RANK || tell == TELL_SQUARE) && o + 1 < end)
			*o++ = m.from[1];
	} else if (m.capture && o + 1 < end) {
		*o++ = m.from[0]; /* "exd5" */
	}
	if (m.capture && o + 1 < end)
		*o++ = 'x';
	for (int k = 0; k < 2 && o + 1 < end; k++)
		*o++ = m.to[k];
	for (size_t k = 0; k < m.nrest && o + 1 < end; k++) {
		char c = m.rest[k];
		if (k > 0 && m.rest[k - 1] == '=' && isupper((unsigned char)c))
			put_letter(pr, c == 'N' ? 'S' : c, &o, end); /* "e8=Q" */
		else
			*o++ = c;
	}
	*o = 0;
	snprintf(o, (size_t)(end - o), "%s%s", (n->facts & MOVE_FACT_EN_PASSANT) ? " e.p." : "",
	         n->text + n->mark);
}

/* What tells move n from the other moves of set[0..count): another man
   of its kind to the same square. */
static enum tell tell_apart(const struct move_note *n, const struct move_note *const *set,
                            int count)
{
	struct long_move m, o;
	if (!parse_long(n, &m) || !m.piece)
		return TELL_NONE;
	bool file = false, rank = false, other = false;
	for (int i = 0; i < count; i++) {
		if (set[i] == n || !parse_long(set[i], &o) || o.piece != m.piece ||
		    strcmp(o.to, m.to) || !strcmp(o.from, m.from))
			continue;
		other = true;
		file |= o.from[0] == m.from[0];
		rank |= o.from[1] == m.from[1];
	}
	if (!other)
		return TELL_NONE;
	return !file ? TELL_FILE : !rank ? TELL_RANK : TELL_SQUARE;
}

/* The children of node id (its threats, or its other moves: every one
   the tree keeps) as notes, for tell_apart; their number. */
static int sibling_notes(const struct analysis *a, int id, const struct move_note **out, int max)
{
	int n = 0;
	for (int c = a->nodes[id].child; c >= 0 && n < max; c = a->nodes[c].sibling)
		out[n++] = &a->nodes[c].note;
	return n;
}

/* A tree node's move made in pos: after a pass of the defender for a
   threat (what would follow if it passed), a pass for set play's. */
static void make_node(const struct game *g, void *pos, const struct tree_node *t)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	if (t->threat)
		g->make_null(pos, undo);
	if (t->note.move == MOVE_NONE)
		g->make_null(pos, undo);
	else
		g->make(pos, t->note.move, undo);
}

/* The position before tree node id's move, in pos: the problem's, then
   the moves of its line.  False when the line is longer than a problem's. */
static bool before_node(const struct printer *pr, int id, void *pos)
{
	const struct analysis *a = pr->w.a;
	int line[2 * ANALYSIS_MAX_PLIES], n = 0;
	for (int k = pr->parent[id]; k >= 0; k = pr->parent[k])
		if (n == (int)(sizeof line / sizeof *line))
			return false;
		else
			line[n++] = k;
	memcpy(pos, pr->root, pr->g->pos_size);
	while (n > 0)
		make_node(pr->g, pos, &a->nodes[line[--n]]);
	if (a->nodes[id].threat) {
		_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
		pr->g->make_null(pos, undo);
	}
	return true;
}

/* What tells move n from the legal moves of pos (n's among them);
   false when n is not one of them (the position is not the move's). */
static bool tell_in(const struct printer *pr, void *pos, const struct move_note *n, enum tell *tell)
{
	move_t *moves = malloc(MAX_MOVES * sizeof *moves);
	struct move_note *notes = malloc(MAX_MOVES * sizeof *notes);
	const struct move_note **set = malloc(MAX_MOVES * sizeof *set);
	bool found = false;
	if (moves && notes && set) {
		int k = pr->g->gen_moves(pos, moves);
		for (int i = 0; i < k; i++) {
			memset(&notes[i], 0, sizeof notes[i]);
			notes[i].move = moves[i];
			pr->g->move_text(pos, moves[i], MOVE_PRETTY, notes[i].text,
			                 sizeof notes[i].text);
			notes[i].bare = (uint8_t)strlen(notes[i].text);
			set[i] = &notes[i];
			found |= moves[i] == n->move;
		}
		if (found)
			*tell = tell_apart(n, set, k);
	}
	free(moves);
	free(notes);
	free(set);
	return found;
}

/* Node c (a child of parent) in short algebraic (the walk's move). */
static void node_move(const struct walk *w, int parent, int c, char *out, size_t len)
{
	const struct printer *pr = (const struct printer *)w;
	const struct analysis *a = w->a;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	enum tell tell;
	if (!pr->g || !before_node(pr, c, pos) || !tell_in(pr, pos, &a->nodes[c].note, &tell)) {
		const struct move_note *set[MAX_MOVES];
		int n = parent >= 0 ? sibling_notes(a, parent, set, MAX_MOVES) : 0;
		tell = tell_apart(&a->nodes[c].note, set, n);
	}
	short_move(pr, &a->nodes[c].note, tell, out, len);
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
	if (d->note.text[0] == 'K')
		return 2;
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

/* Can the defence be one of a group ("R~"): a piece's move (not the
   king's, not a pawn's) with its answers; its move in m when m. */
static bool member_of(const struct analysis *a, const struct variation *v, struct long_move *m)
{
	struct long_move tmp;
	if (!m)
		m = &tmp;
	/* (a defence that reaches the goal itself, a selfmate's 1...Rd4#,
	   has no answer to share: its own mark is what it says) */
	return v->answers && !a->nodes[v->node].ends && parse_long(&a->nodes[v->node].note, m) &&
	       m->piece && m->piece != 'K';
}

/* Are x and y moves of one man with the same answers? */
static bool same_group(const struct analysis *a, const struct variation *x,
                       const struct variation *y)
{
	struct long_move mx, my;
	return member_of(a, x, &mx) && member_of(a, y, &my) && !strcmp(x->answers, y->answers) &&
	       mx.piece == my.piece && !strcmp(mx.from, my.from);
}

/* Has the man that makes move n a group already? */
static bool man_grouped(const struct analysis *a, const struct variation *v, int count,
                        const struct move_note *n)
{
	struct long_move m, o;
	if (!parse_long(n, &m))
		return false;
	for (int i = 0; i < count; i++)
		if (v[i].group == i && parse_long(&a->nodes[v[i].node].note, &o) &&
		    !strcmp(o.from, m.from))
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
		for (int i = 0; i < n && pr->algebraic; i++) {
			if (v[i].group >= 0 || !member_of(a, &v[i], NULL) ||
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
	long(*order)[2] = malloc((size_t)(n ? n : 1) * sizeof *order);
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
			struct long_move m;
			parse_long(&d->note, &m);
			char head[16], *o = head;
			put_letter(pr, m.piece, &o, head + sizeof head);
			bool other = false;
			for (int c = a->nodes[id].child; c >= 0; c = a->nodes[c].sibling) {
				struct long_move mc;
				other |= !a->nodes[c].threat &&
				         parse_long(&a->nodes[c].note, &mc) &&
				         mc.piece == m.piece && strcmp(mc.from, m.from);
			}
			if (other && o + 1 < head + sizeof head)
				*o++ = m.from[0];
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

/* A key or a try, told from the legal moves of the problem's position
   (or, not known, from the keys and tries). */
static void first_move(const struct printer *pr, const struct move_note *n, char *out, size_t len)
{
	const struct analysis *a = pr->w.a;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	enum tell tell;
	if (pr->g) {
		memcpy(pos, pr->root, pr->g->pos_size);
		if (tell_in(pr, pos, n, &tell)) {
			short_move(pr, n, tell, out, len);
			return;
		}
	}
	const struct move_note *set[2 * ANALYSIS_MAX_REFS + 64];
	int k = 0;
	for (int i = 0; i < a->nkeys && k < 64; i++)
		set[k++] = &a->keys[i].note;
	for (int i = 0; i < a->ntries && k < (int)(sizeof set / sizeof *set); i++)
		set[k++] = &a->tries[i].note;
	short_move(pr, n, tell_apart(n, set, k), out, len);
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
	/* the refutations, told from the legal moves after the try (or, not
	   known, from each other) */
	const struct move_note *refs[ANALYSIS_MAX_REFS];
	for (int r = 0; r < t->nrefs; r++)
		refs[r] = &t->refs[r];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	bool after = pr->g != NULL;
	if (after) {
		_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
		memcpy(pos, pr->root, pr->g->pos_size);
		pr->g->make(pos, t->note.move, undo);
	}
	for (int r = 0; r < t->nrefs; r++) {
		enum tell tell;
		if (!after || !tell_in(pr, pos, &t->refs[r], &tell))
			tell = tell_apart(&t->refs[r], refs, t->nrefs);
		short_move(pr, &t->refs[r], tell, m, sizeof m);
		text_fprintf(pr->w.f, "%s 1...%s!", r ? "," : "", m);
	}
	fputc('\n', pr->w.f);
}

static void print_battle(struct printer *pr, bool tries)
{
	const struct analysis *a = pr->w.a;
	if (a->set_node >= 0 && a->nodes[a->set_node].child >= 0) {
		fputs("Set play:\n", pr->w.f);
		print_defences(&pr->w, a->set_node, 1, -1);
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
   the set's), each told from the legal moves where it is made: the line
   replayed from the problem's position, the passes of a series (and one
   before set play, `pass_first`) made where the plan has them. */
static void line_moves(const struct printer *pr, enum line_plan plan, const struct line_set *set,
                       int i, bool pass_first, struct move_note *moves)
{
	const struct solution_line *l = &set->lines[i];
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	bool replay = pr->g != NULL;
	if (replay) {
		memcpy(pos, pr->root, pr->g->pos_size);
		if (pass_first)
			pr->g->make_null(pos, undo);
	}
	for (int k = 0; k < l->plies; k++) {
		const struct move_note *n = &set->moves[l->first + k];
		enum tell tell = TELL_NONE;
		/* a position that is not the move's: the rest as printed */
		replay = replay && tell_in(pr, pos, n, &tell);
		short_move(pr, n, tell, moves[l->first + k].text, sizeof moves[l->first + k].text);
		if (replay) {
			pr->g->make(pos, n->move, undo);
			if (plan_pass_after(plan, k, l->plies))
				pr->g->make_null(pos, undo);
		}
	}
}

/* The lines of a set in short algebraic, numbered as Popeye numbers them,
   `what` after each. */
static void print_lines(struct printer *pr, enum line_plan plan, const struct line_set *set,
                        bool winner_first, bool pass_first, const char *what)
{
	if (set->stored == 0)
		return;
	struct line_set s = *set;
	s.moves = malloc((size_t)set->nmoves * sizeof *s.moves);
	if (!s.moves)
		return;
	memcpy(s.moves, set->moves, (size_t)set->nmoves * sizeof *s.moves);
	for (int i = 0; i < s.stored; i++)
		line_moves(pr, plan, set, i, pass_first, s.moves);
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
		print_lines(pr, a->play->set->plan, &a->set_lines, !first, true, "");
	}
	print_lines(pr, plan_alternates(plan) ? plan : PLAN_SERIES, &a->must_win, first, false,
	            " ?!? (must win, S6)");
	print_lines(pr, plan, &a->short_sols, first, false, " (short)");
	print_lines(pr, plan, &a->solutions, first, false, "");
	if (a->solutions.count == 0 && a->short_sols.count == 0)
		text_fprintf(pr->w.f, "no solution in %s\n", a->stip.text);
}

/* ---- twins ---- */

/* A man's letter in a twin as magazines print it ("Se1", a figurine),
   for twin_man_on. */
static void magazine_letter(const void *ctx, const struct piece_kind *k, char **o, char *end)
{
	const struct printer *pr = ctx;
	if (k->popeye == 'P' && *o + 1 < end)
		*(*o)++ = 'P'; /* "-Ph2": no figurine for the pawn in a twin */
	else
		put_letter(pr, k->popeye, o, end);
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
	if (pr.algebraic && r->pb.pos) {
		/* each node's parent, for the position before its move */
		pr.parent = malloc((size_t)(r->an.nnodes ? r->an.nnodes : 1) * sizeof *pr.parent);
		if (pr.parent) {
			for (int i = 0; i < r->an.nnodes; i++)
				pr.parent[i] = -1;
			for (int i = 0; i < r->an.nnodes; i++)
				for (int c = r->an.nodes[i].child; c >= 0;
				     c = r->an.nodes[c].sibling)
					pr.parent[c] = i;
			pr.g = p->game;
			pr.root = r->pb.pos;
		}
	}
	if (r->an.play->family == FAMILY_LINES)
		print_line_play(&pr);
	else
		print_battle(&pr, o->tries || file_asks_tries(p, r));
	free(pr.parent);
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
