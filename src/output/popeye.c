/*
** popeye.c -- the popeye format: a problem's solution exactly as Popeye
** (4.103) prints it for the puzzle's options (popeye_shows) between its
** stipulation line and "solution finished.", so that it can be pasted where Popeye's output is kept
** (YACPDB) and read back by every tool that reads Popeye's output --
** maat's claim reader among them.
**
** Moves in Popeye's long algebraic: "Rc6*c5" (captures '*'), "e5*d6 ep.",
** "e7-e8=S", "0-0-0", marks standing apart ("Qa7-a1 + ?", "2.0-0 #").
** Battle play: set play, then every first move that is a key ("!") or a
** try ("?") in the order Popeye finds them, each a block with its
** threats ("threat:"), "zugzwang.", variations indented four columns a
** ply, duals one after the other, and a try's refutations after "but".
** Line play: one line per solution ("  1.Kc8-b8 0-0   2.g3-g2 Rf1-f8 #"),
** set play first.
**
** Popeye's order: its move generator takes the men square by square from
** a1 to h8 (a1, b1, ..., h1, a2, ...), and the moves of one man come out
** last generated first: the rays of a line piece in reverse order (of
** Popeye's vectors: right, up, left, down, then the diagonals), each from
** its far end; a pawn's double step, single step, capture right, capture
** left; a king's 0-0-0, 0-0, then its steps.  popeye_order() is that
** order from the move's squares, so this file never asks which game is
** played: a game whose moves are not chess-like is printed in its own
** order (from square, to square), and its own text.
**
** A problem that was not analysed (an error, unsupported, a timeout) is
** one line with its verdict and reason, in place of a solution.
*/
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/textsafe.h"
#include "output/writer.h"
#include "play/play.h"

/* ---- moves ---- */

/*
** "Qa7-a1+" (maat's pretty text) as Popeye writes it: "Qa7-a1 +";
** captures with '*'; an en passant capture (a pawn's capture onto an
** empty square: `ep`) with " ep."; a stalemate's '=' (a double
** stalemate's "==", a capture goal's 'x': "+ x") apart.
*/
static void popeye_move(const char *text, bool ep, char *out, size_t len)
{
	size_t n = strlen(text), core = n;
	while (core && (text[core - 1] == '+' || text[core - 1] == '#' ||
	                (text[core - 1] == '=' && (core == n || text[core] == '=')) ||
	                (text[core - 1] == 'x' && core == n))) /* the capture goal */
		core--;
	size_t o = 0;
	for (size_t i = 0; i < core && o + 1 < len; i++) {
		char c = text[i];
		/* "e5xd6", "Rc6xc5": between two squares */
		if (c == 'x' && i > 0 && i + 1 < core && text[i - 1] >= '0' && text[i - 1] <= '9' &&
		    text[i + 1] >= 'a' && text[i + 1] <= 'z')
			c = '*';
		out[o++] = c;
	}
	out[o] = 0;
	if (ep)
		o += (size_t)snprintf(out + o, len - o, " ep.");
	for (size_t i = core; i < n && o + 2 < len; i++) {
		out[o++] = ' ';
		out[o++] = text[i];
		if (text[i] == '=' && i + 1 < n && text[i + 1] == '=' && o + 1 < len)
			out[o++] = text[++i]; /* double stalemate: " ==" */
	}
	out[o < len ? o : len - 1] = 0;
}

/* A square of a canonical move text ("e2e4", "e7e8q"): file, rank. */
static bool canon_square(const char *s, int *file, int *rank, int *used)
{
	if (s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9')
		return false;
	*file = s[0] - 'a';
	*rank = s[1] - '1';
	*used = 2;
	return true;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/*
** Where Popeye generates a move: the lower, the earlier it prints.  canon
** and text are the move's canonical and pretty texts; by_winner: a move of
** the side that mates (direct and help play), not of a defender; checks: a
** help or series line's last move under the check goal, which Popeye
** generates as it generates a mate.
*/
static long popeye_order(const char *canon, const char *text, bool by_winner, bool checks)
{
	int ff, fr, tf, tr, u1, u2;
	if (!canon_square(canon, &ff, &fr, &u1) || !canon_square(canon + u1, &tf, &tr, &u2))
		return 0;
	long square = (long)fr * 16 + ff;
	int df = tf - ff, dr = tr - fr;
	long gen; /* the place among the man's moves as generated */
	char piece = text[0] >= 'A' && text[0] <= 'Z' ? text[0] : 0;
	if (text[0] == '0') { /* castling: after the king's steps, 0-0 first */
		gen = 1000 + (df < 0);
	} else if (piece == 'S') {
		static const int knight[8][2] = {{-2, 1}, {-1, 2}, {1, 2},   {2, 1},
		                                 {2, -1}, {1, -2}, {-1, -2}, {-2, -1}};
		gen = 0;
		for (int v = 0; v < 8; v++)
			if (knight[v][0] == df && knight[v][1] == dr)
				gen = v;
	} else if (piece) { /* K Q R B: Popeye's vectors, each ray outwards */
		static const int queen[8][2] = {{1, 0},  {0, 1}, {-1, 0}, {0, -1},
		                                {-1, 1}, {1, 1}, {1, -1}, {-1, -1}};
		int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
		gen = 0;
		for (int v = 0; v < 8; v++)
			if (queen[v][0] == sign(df) && queen[v][1] == sign(dr))
				gen = v * 16 + dist;
	} else { /* a pawn: captures left and right, then one step, two */
		gen = df < 0 ? 0 : df > 0 ? 1 : abs(dr) == 1 ? 2 : 3;
		/* promotions in Popeye's sequence (Q S R B), each played as it comes */
		const char *promo = strchr(text, '=');
		static const char seq[] = "QSRB";
		const char *at = promo && promo[1] ? strchr(seq, promo[1]) : NULL;
		gen = gen * 8 + (at ? 7 - (at - seq) : 7);
	}
	/* The winning side's mate comes from Popeye's mating move generator
	   (for a move that must mate: the last of a line, or the shortest wins
	   it tries first), which takes the men from a1 to h8 too but plays
	   them last generated first: h8 first.  The defender's mates (self
	   play) come from the ordinary generator. */
	size_t n = strlen(text);
	if (by_winner && n && (text[n - 1] == '#' || checks))
		square = 16 * 16 - square;
	return square * 100000 + (99999 - gen);
}

/* ---- battle play ---- */

struct printer {
	FILE *f;
	const struct analysis *a;
	const struct game *g;
	/* what Popeye prints for the puzzle's options (popeye_shows) */
	bool variations; /* the play after each first move: Option Variation */
	bool tries;      /* the tries and their refutations: Try, Defence N */
	_Alignas(16) unsigned char pos[MAX_POS_SIZE]; /* before the node printed */
};

/* Pairs (order, index): by order, then index (the same order twice is a
   game whose moves are not chess-like: kept as the analysis has them). */
static int cmp_order(const void *x, const void *y)
{
	const long *a = x, *b = y;
	if (a[0] != b[0])
		return (a[0] > b[0]) - (a[0] < b[0]);
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The children of node i of one kind (threats or not), in Popeye's
   order, in out[]; their number. */
static int sorted_children(const struct analysis *a, int i, bool threats, int *out, int max)
{
	long(*tmp)[2] = malloc((size_t)max * sizeof *tmp);
	if (!tmp)
		return 0;
	int n = 0;
	for (int c = a->nodes[i].child; c >= 0 && n < max; c = a->nodes[c].sibling) {
		const struct tree_node *d = &a->nodes[c];
		if (threats ? !d->threat : (d->threat || d->covered || d->refutes))
			continue;
		tmp[n][0] = popeye_order(d->canon, d->text, d->by_solver, false);
		tmp[n][1] = c;
		n++;
	}
	qsort(tmp, (size_t)n, sizeof *tmp, cmp_order);
	for (int k = 0; k < n; k++)
		out[k] = (int)tmp[k][1];
	free(tmp);
	return n;
}

static void indent(FILE *f, int ply)
{
	fprintf(f, "%*s", ply == 0 ? 3 : 2 + 4 * ply, "");
}

/* The mark of m (legal in pos) that the tries' refutations are kept
   without: "+" a check, "#" a mate, "" neither. */
static const char *gives_check(const struct game *g, void *pos, move_t m)
{
	if (!g->in_check)
		return "";
	unsigned char undo[MAX_UNDO_SIZE];
	g->make(pos, m, undo);
	const char *mark = "";
	if (g->in_check(pos)) {
		move_t moves[MAX_MOVES];
		mark = g->gen_moves(pos, moves) ? "+" : "#";
	}
	g->unmake(pos, m, undo);
	return mark;
}

static void put_move(struct printer *pr, const struct tree_node *t)
{
	char buf[80];
	popeye_move(t->text, writer_en_passant(pr->g, pr->pos, t->move, t->text, t->canon), buf,
	            sizeof buf);
	text_fprintf(pr->f, "%s", buf);
}

static void print_solver_move(struct printer *pr, int id, int ply);

/* The defences after solver node id (made at ply-1), each on its line.
   Self play's defences that reach the goal before the last move ("1...Kxe2
   =" in an s=3) are no variation to Popeye (its trivial end filter): left
   out, but in set play, which shows them. */
static void print_defences(struct printer *pr, int id, int ply, bool set_play)
{
	const struct analysis *a = pr->a;
	int kids[MAX_MOVES];
	int n = sorted_children(a, id, false, kids, MAX_MOVES);
	bool self = a->play->goal == GOAL_SELF;
	for (int k = 0; k < n; k++) {
		const struct tree_node *d = &a->nodes[kids[k]];
		if (self && !set_play && d->ends && d->moves_left > 0)
			continue;
		indent(pr->f, ply);
		fprintf(pr->f, "%d...", ply / 2 + 1);
		put_move(pr, d);
		fputc('\n', pr->f);
		unsigned char undo[MAX_UNDO_SIZE];
		pr->g->make(pr->pos, d->move, undo);
		int conts[MAX_MOVES];
		int m = sorted_children(a, kids[k], false, conts, MAX_MOVES);
		for (int c = 0; c < m; c++)
			if (a->nodes[conts[c]].by_solver)
				print_solver_move(pr, conts[c], ply + 1);
		pr->g->unmake(pr->pos, d->move, undo);
	}
}

/* After a solving-side move: its threats (" threat:" and each on its
   line), or " zugzwang.", then the defences. */
static void print_play_after(struct printer *pr, int id, int ply)
{
	const struct analysis *a = pr->a;
	const struct tree_node *t = &a->nodes[id];
	int threats[MAX_MOVES];
	int nt = sorted_children(a, id, true, threats, MAX_MOVES);
	if (nt > 0) {
		fputs(" threat:\n", pr->f);
		/* threats answer a pass */
		unsigned char undo[MAX_UNDO_SIZE];
		pr->g->make_null(pr->pos, undo);
		for (int k = 0; k < nt; k++)
			print_solver_move(pr, threats[k], ply + 2);
		pr->g->unmake_null(pr->pos, undo);
	} else if (!t->ends && !strchr(t->text, '+') && !a->no_threats && t->moves_left > 1) {
		/* (no threat is looked for before the last move: a selfmate's
		   forced reply) */
		fputs(" zugzwang.\n", pr->f);
	} else {
		fputc('\n', pr->f);
	}
	print_defences(pr, id, ply + 1, false);
}

static void print_solver_move(struct printer *pr, int id, int ply)
{
	const struct tree_node *t = &pr->a->nodes[id];
	indent(pr->f, ply);
	fprintf(pr->f, "%d.", ply / 2 + 1);
	put_move(pr, t);
	unsigned char undo[MAX_UNDO_SIZE];
	pr->g->make(pr->pos, t->move, undo);
	if (t->ends || t->child < 0)
		fputc('\n', pr->f);
	else
		print_play_after(pr, id, ply);
	pr->g->unmake(pr->pos, t->move, undo);
}

/* A first move: a key (its tree) or a try (its tree, then "but" and its
   refutations). */
static void print_first(struct printer *pr, move_t m, const char *text, const char *canon, int id,
                        const struct try_info *try)
{
	const struct analysis *a = pr->a;
	struct tree_node bare = {.move = m};
	snprintf(bare.text, sizeof bare.text, "%s", text);
	snprintf(bare.canon, sizeof bare.canon, "%s", canon);
	const struct tree_node *t = id >= 0 ? &a->nodes[id] : &bare;
	fputs("   1.", pr->f);
	put_move(pr, t);
	fputs(try ? " ?" : " !", pr->f);
	unsigned char undo[MAX_UNDO_SIZE];
	pr->g->make(pr->pos, m, undo);
	if (id < 0 || t->ends || !pr->variations)
		fputc('\n', pr->f);
	else
		print_play_after(pr, id, 0);
	if (try) {
		fputs("    but\n", pr->f);
		long order[ANALYSIS_MAX_REFS][2];
		for (int r = 0; r < try->nrefs; r++) {
			order[r][0] =
			    popeye_order(try->ref_canon[r], try->ref_text[r], false, false);
			order[r][1] = r;
		}
		qsort(order, (size_t)try->nrefs, sizeof *order, cmp_order);
		for (int k = 0; k < try->nrefs; k++) {
			int r = (int)order[k][1];
			char marked[40], buf[80];
			snprintf(marked, sizeof marked, "%s%s", try->ref_text[r],
			         gives_check(pr->g, pr->pos, try->ref_move[r]));
			popeye_move(marked,
			            writer_en_passant(pr->g, pr->pos, try->ref_move[r],
			                              try->ref_text[r], try->ref_canon[r]),
			            buf, sizeof buf);
			text_fprintf(pr->f, "      1...%s !\n", buf);
		}
	}
	pr->g->unmake(pr->pos, m, undo);
	fputc('\n', pr->f);
}

static void print_battle(struct printer *pr)
{
	const struct analysis *a = pr->a;
	/* set play worked out: its block, a blank line when it has no play */
	if (a->set_node >= 0) {
		unsigned char undo[MAX_UNDO_SIZE];
		pr->g->make_null(pr->pos, undo);
		print_defences(pr, a->set_node, 1, true);
		pr->g->unmake_null(pr->pos, undo);
		fputc('\n', pr->f);
	}
	/* keys and tries together, in Popeye's order */
	int n = a->nkeys + a->ntries;
	long(*first)[2] = malloc((size_t)(n ? n : 1) * sizeof *first);
	if (!first)
		return;
	for (int k = 0; k < a->nkeys; k++) {
		first[k][0] = popeye_order(a->keys[k].canon, a->keys[k].text, true, false);
		first[k][1] = k;
	}
	if (!pr->tries)
		n = a->nkeys;
	for (int i = 0; i < a->ntries && pr->tries; i++) {
		first[a->nkeys + i][0] =
		    popeye_order(a->tries[i].canon, a->tries[i].text, true, false);
		first[a->nkeys + i][1] = a->nkeys + i;
	}
	qsort(first, (size_t)n, sizeof *first, cmp_order);
	for (int j = 0; j < n; j++) {
		int w = (int)first[j][1];
		if (w < a->nkeys)
			print_first(pr, a->keys[w].move, a->keys[w].text, a->keys[w].canon,
			            a->key_nodes ? a->key_nodes[w] : -1, NULL);
		else
			print_first(pr, a->tries[w - a->nkeys].move, a->tries[w - a->nkeys].text,
			            a->tries[w - a->nkeys].canon,
			            a->try_nodes ? a->try_nodes[w - a->nkeys] : -1,
			            &a->tries[w - a->nkeys]);
	}
	free(first);
}

/* ---- line play ---- */

/* A line to sort: its moves' places in Popeye's order, and its index. */
struct line_key {
	const long *keys; /* plies of them */
	int plies, index;
};

/* One line as Popeye prints it: "  1.X Y   2.Z W #" (help play),
   "  1.X   2.Y #" (series), the first ply "1...X" when the winning side
   starts, a series-help's last ply unnumbered. */
static void print_line(struct printer *pr, const struct line_set *set, int i, bool winner_first,
                       bool set_play)
{
	const struct solution_line *l = &set->lines[i];
	enum line_plan plan = set_play ? pr->a->play->set->plan : pr->a->play->plan;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	unsigned char undo[MAX_UNDO_SIZE];
	memcpy(pos, pr->pos, pr->g->pos_size);
	/* set play's lines start after the solving side's pass (S8): replayed
	   without it, their first move was made for the wrong side (a piece
	   index of -3 in chess's make, found by fuzz_popeye) */
	if (set_play)
		pr->g->make_null(pos, undo);
	fputs("  ", pr->f);
	for (int p = 0; p < l->plies; p++) {
		const struct line_move *m = &set->moves[l->first + p];
		if (!plan_alternates(plan)) {
			bool unnumbered = plan_series_reply(plan) && p == l->plies - 1;
			if (unnumbered)
				fputc(' ', pr->f);
			else
				fprintf(pr->f, "%s%d.", p ? "   " : "", p + 1);
		} else {
			int ply = p + winner_first;
			if (p == 0 && winner_first)
				fputs("1...", pr->f);
			else if (ply % 2 == 0)
				fprintf(pr->f, "%s%d.", p ? "   " : "", ply / 2 + 1);
			else
				fputc(' ', pr->f);
		}
		char buf[80];
		popeye_move(m->text, writer_en_passant(pr->g, pos, m->move, m->text, m->canon), buf,
		            sizeof buf);
		text_fprintf(pr->f, "%s", buf);
		/* (the position only tells an en passant capture; it is a copy,
		   never unmade) */
		pr->g->make(pos, m->move, undo);
		/* series: the other side passes between the series' moves (not
		   before a series-help's last move, the other side's) */
		if (plan_pass_after(plan, p, l->plies))
			pr->g->make_null(pos, undo);
	}
	fputc('\n', pr->f);
}

/* Popeye's order of lines: by the first move, then the second ... */
static int cmp_lines(const void *x, const void *y)
{
	const struct line_key *a = x, *b = y;
	for (int p = 0; p < a->plies && p < b->plies; p++)
		if (a->keys[p] != b->keys[p])
			return (a->keys[p] > b->keys[p]) - (a->keys[p] < b->keys[p]);
	if (a->plies != b->plies)
		return a->plies - b->plies;
	return a->index - b->index;
}

static void print_lines(struct printer *pr, const struct line_set *set, bool winner_first,
                        bool set_play)
{
	if (set->stored == 0)
		return;
	long *keys = calloc((size_t)set->nmoves + 1, sizeof *keys);
	struct line_key *order = malloc((size_t)set->stored * sizeof *order);
	if (!keys || !order) {
		free(keys);
		free(order);
		return;
	}
	for (int m = 0; m < set->nmoves; m++)
		keys[m] = popeye_order(set->moves[m].canon, set->moves[m].text, true, false);
	if (pr->a->stip.target == TARGET_CHECK)
		for (int i = 0; i < set->stored; i++) {
			int m = set->lines[i].first + set->lines[i].plies - 1;
			if (set->lines[i].plies > 0)
				keys[m] = popeye_order(set->moves[m].canon, set->moves[m].text,
				                       true, true);
		}
	for (int i = 0; i < set->stored; i++)
		order[i] = (struct line_key){keys + set->lines[i].first, set->lines[i].plies, i};
	qsort(order, (size_t)set->stored, sizeof *order, cmp_lines);
	for (int i = 0; i < set->stored; i++)
		print_line(pr, set, order[i].index, winner_first, set_play);
	free(keys);
	free(order);
}

static void print_line_play(struct printer *pr)
{
	const struct analysis *a = pr->a;
	bool first = stip_dots_first(&a->stip);
	if (a->has_set_play) {
		print_lines(pr, &a->set_lines, !first, true);
		fputc('\n', pr->f);
	}
	print_lines(pr, &a->short_sols, first, false);
	print_lines(pr, &a->solutions, first, false);
}

/* ---- twins ---- */

/* "wSe1": the man on square sq of setup s in Popeye's words, "" when the
   square is empty or no square. */
static void man_on(const struct game *g, const struct setup *s, const char *sq, char *out,
                   size_t len)
{
	int file, rank, used;
	out[0] = 0;
	if (!canon_square(sq, &file, &rank, &used) || sq[used] || file >= g->files ||
	    rank >= g->ranks)
		return;
	const struct piece_kind *k = game_piece(g, s->grid[rank][file]);
	if (k && k->popeye)
		snprintf(out, len, "%c%c%s", k->side ? 'b' : 'w', k->popeye, sq);
}

/*
** A twin's changes as Popeye prints them: "-wSe1  #4  ", "bRb4-->f3  ",
** "bKc3<-->bPf4  ", "+bBb5  "; false when the twinning has words this
** does not translate (the file's words are printed then).  before: the
** setup the twin is made from.
*/
static bool twin_words(const struct game *g, const struct setup *before, const char *text,
                       char *out, size_t len)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", text);
	char *tok[64];
	int n = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t\n", &save); t && n < 64;
	     t = strtok_r(NULL, " \t\n", &save))
		tok[n++] = t;
	size_t used = 0;
	out[0] = 0;
	for (int i = 0; i < n && used < len; i++) {
		char a[16], b[16];
		int w = 0;
		if (!strcasecmp(tok[i], "Continued")) {
			continue;
		} else if (!strcasecmp(tok[i], "Move") && i + 2 < n) {
			man_on(g, before, tok[i + 1], a, sizeof a);
			if (!a[0])
				return false;
			w = snprintf(out + used, len - used, "%s-->%s  ", a, tok[i + 2]);
			i += 2;
		} else if (!strcasecmp(tok[i], "Exchange") && i + 2 < n) {
			man_on(g, before, tok[i + 1], a, sizeof a);
			man_on(g, before, tok[i + 2], b, sizeof b);
			if (!a[0] || !b[0])
				return false;
			w = snprintf(out + used, len - used, "%s<-->%s  ", a, b);
			i += 2;
		} else if (!strcasecmp(tok[i], "Remove") && i + 1 < n) {
			man_on(g, before, tok[i + 1], a, sizeof a);
			if (!a[0])
				return false;
			w = snprintf(out + used, len - used, "-%s  ", a);
			i += 1;
		} else if (!strcasecmp(tok[i], "Add") && i + 2 < n &&
		           (!strcasecmp(tok[i + 1], "white") || !strcasecmp(tok[i + 1], "black"))) {
			char side = (char)(tok[i + 1][0] | 0x20) == 'w' ? 'w' : 'b';
			w = snprintf(out + used, len - used, "+%c%s  ", side, tok[i + 2]);
			i += 2;
		} else if (!strcasecmp(tok[i], "Stipulation") && i + 1 < n) {
			w = snprintf(out + used, len - used, "%s  ", tok[i + 1]);
			i += 1;
		} else {
			return false;
		}
		if (w < 0)
			return false;
		used += (size_t)w;
	}
	return used < len;
}

/* ---- the writer ---- */

/* Does the problem after twin `twin` (-1: the diagram) double it (Duplex)? */
static bool duplex_follows(const struct puzzle *p, int twin)
{
	return p->twins_ready && twin + 1 < p->ntwins && p->twins[twin + 1].duplex;
}

/* Has the puzzle twins of its own (not only a Duplex part)? */
static bool real_twins(const struct puzzle *p)
{
	for (int i = 0; p->twins_ready && i < p->ntwins; i++)
		if (!p->twins[i].duplex)
			return true;
	return false;
}

/* "b) -wSe1  #4  ": Popeye's line before a twin's solution. */
static void twin_line(FILE *f, const struct puzzle *p, const struct judgement *r, const char *tl)
{
	const struct twin *tw = r->twin >= 0 ? &p->twins[r->twin] : NULL;
	if (!tw) {
		text_fprintf(f, "%s) \n", tl);
		return;
	}
	/* made from the diagram, or ("Continued", "+c)") the twin before */
	int from = r->twin - 1;
	while (from >= 0 && p->twins[from].duplex)
		from--;
	const void *pos = tw->continued && from >= 0 ? p->twins[from].pos : p->pos;
	struct setup before;
	memset(&before, 0, sizeof before);
	p->game->get_setup(pos, &before);
	char words[512];
	const char *cont = tw->continued ? "+" : "";
	if (twin_words(p->game, &before, tw->text ? tw->text : "", words, sizeof words))
		text_fprintf(f, "%s%s) %s\n", cont, tl, words);
	else
		text_fprintf(f, "%s%s) %s  \n", cont, tl, tw->text ? tw->text : "");
}

/*
** What Popeye prints of battle play depends on the options it is given:
** the first moves alone ("   1.f2-f4 !") by default, their threats and
** variations with Option Variation, the tries only with Try or Defence N
** (Popeye 4.103 run on BEISPIEL/ep.inp's first #2 without options, with
** Try, Defence 1, Threat 1, NoThreat, SetPlay, Variation: REGRESSIONTESTS
** has no battle play of more than one move without Variation).  A Popeye input file is printed as
*Popeye
** prints it for its own options.  A puzzle from anywhere else (YACPDB,
** EPD, --position) is printed as Olive runs Popeye for a YACPDB entry, with
** Option Variation, and the tries maat worked out (--tries).  Set play,
** when it was worked out (SetPlay, --set-play), is printed whole: Popeye
** prints it with its answers with or without Variation.
*/
static void popeye_shows(const struct puzzle *p, bool *variations, bool *tries)
{
	*variations = *tries = p->format != FORMAT_POPEYE;
	for (int i = 0; i < p->noptions && p->format == FORMAT_POPEYE; i++) {
		const char *o = p->options[i];
		*variations |= !strncasecmp(o, "Variation", 9);
		*tries |= !strcasecmp(o, "Try") || !strncasecmp(o, "Defence", 7) ||
		          !strncasecmp(o, "Defense", 7);
	}
}

/*
** One problem: a puzzle, one of its twins or a Duplex part.  Popeye's
** layout: "Duplex" under the stipulation; each twin's "x) " line; each
** part a blank line and its play; a blank line after each twin; one
** "solution finished." after the puzzle's last problem.
*/
static void problem(FILE *f, const struct puzzle *p, const char *label, const struct judgement *r,
                    const struct writer_opts *o)
{
	(void)o;
	const struct analysis *a = &r->an;
	const char *tl = judge_twin_label(p, r);
	bool duplex = judge_duplex(p, r), twins = real_twins(p);
	if (r->twin < 0 && duplex_follows(p, -1))
		fputs("               Duplex\n", f);
	if (r->twin < 0 && twins)
		fputc('\n', f);
	if (tl && twins && !duplex)
		twin_line(f, p, r, tl);
	if (!r->analysed || a->timeout) {
		text_fprintf(f, "%s%s%s%s%s: %s: %s\n", label, tl ? " twin " : "", tl ? tl : "",
		             tl ? ")" : "", duplex ? " duplex" : "", verdict_names[r->verdict],
		             r->reason);
	} else {
		struct printer pr = {.f = f, .a = a, .g = r->pb.g};
		popeye_shows(p, &pr.variations, &pr.tries);
		memcpy(pr.pos, r->pb.pos, r->pb.g->pos_size);
		fputc('\n', f);
		if (a->play->family == FAMILY_LINES)
			print_line_play(&pr);
		else
			print_battle(&pr);
	}
	if (!duplex_follows(p, r->twin))
		fputc('\n', f);
	if (!p->twins_ready || p->ntwins == 0 || r->twin == p->ntwins - 1)
		fputs("solution finished.\n", f);
}

const struct writer writer_popeye = {
    .name = "popeye",
    .tree = true,
    .problem = problem,
};
