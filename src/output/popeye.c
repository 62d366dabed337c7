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
** Every move is printed from its note (solve/analysis.h), filled where the
** analysis kept it: its text, marks, capture and en passant facts, and
** its place in Popeye's order (the game's print_order: chess's rebuilds
** Popeye's move generator, games/orthodox_pieces.c), so nothing here
** replays a position or asks which game is played; a game without a print
** order keeps maat's order, by text.
**
** A problem that was not analysed (an error, unsupported, a timeout) is
** one line with its verdict and reason, in place of a solution.
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "base/textsafe.h"
#include "model/twin.h"
#include "notation/popeye_lang.h"
#include "model/twin_steps.h"
#include "output/writer.h"
#include "play/play.h"

/* ---- the input's language ---- */

/*
** Popeye answers in the language of its input (py-deut.txt, py-fran.txt;
** its messages in output/message.c): the words of its solution text and
** the piece letters of its moves and twins.
*/
struct popeye_words {
	const struct popeye_lang *L; /* piece letters (K D T L S B), colours */
	const char *threat, *zugzwang, *but, *finished, *no_set_play;
	const char *partial; /* the search stopped early (StopOnShortSolutions) */
};

static const struct popeye_words words_of[POPEYE_LANGUAGES] = {
    [POPEYE_ENGLISH] = {NULL, " threat:", " zugzwang.", "but", "solution finished.",
                        "SetPlay not applicable - ignored", "Partial solution"},
    [POPEYE_GERMAN] = {NULL, " Drohung:", " Zugzwang.", "Aber", "Loesung beendet.",
                       "Satzspiel nicht anwendbar - ignoriert", "Partielle Loesung"},
    [POPEYE_FRENCH] = {NULL, " menace:", " blocus.", "mais", "solution terminee.",
                       "Apparent pas applicable - ignore", "solution partielle"},
};

/* The language the puzzle was written in (English for every format but
   Popeye's, whose reader keeps it: a file read from standard input too). */
static enum popeye_language input_language(const struct puzzle *p)
{
	for (int l = 0; p->lang && l < POPEYE_LANGUAGES; l++)
		if (popeye_lang((enum popeye_language)l) == p->lang)
			return (enum popeye_language)l;
	return POPEYE_ENGLISH;
}

static struct popeye_words popeye_words(const struct puzzle *p)
{
	enum popeye_language l = input_language(p);
	struct popeye_words w = words_of[l];
	w.L = popeye_lang(l);
	return w;
}

/* ---- moves ---- */

/*
** A move as Popeye writes it, from its note (solve/analysis.h): the
** game's text with captures '*' ("Rc6*c5", "e5*d6"), " ep." after an en
** passant capture, then each of `marks` standing apart: "Qa7-a1 +",
** "e5*d6 ep. #", a double stalemate's " ==", a capture goal's "+ x", a
** double mate's " ##" and a counter-mate's " ##!".
*/
static void popeye_move(const struct popeye_lang *L, const struct move_note *n, const char *marks,
                        char *out, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < n->bare && o + 1 < len; i++) {
		char c = n->text[i];
		/* "e5xd6", "Rc6xc5": between two squares */
		if (c == 'x' && (n->facts & MOVE_FACT_CAPTURE) && i > 0 && i + 1 < n->bare &&
		    n->text[i - 1] >= '0' && n->text[i - 1] <= '9' && n->text[i + 1] >= 'a' &&
		    n->text[i + 1] <= 'z')
			c = '*';
		out[o++] = popeye_piece_letter(L, c);
	}
	out[o] = 0;
	if (n->facts & MOVE_FACT_EN_PASSANT)
		o += (size_t)snprintf(out + o, len - o, " ep.");
	for (const char *m = marks; *m && o + 2 < len; m++) {
		out[o++] = ' ';
		out[o++] = *m;
		/* double stalemate: " =="; mate or stalemate: " #=" */
		if ((m[0] == '=' || m[0] == '#') && m[1] == '=' && o + 1 < len)
			out[o++] = *++m;
		/* double mate: " ##"; counter-mate: " ##!" */
		else if (m[0] == '#' && m[1] == '#' && o + 2 < len) {
			out[o++] = *++m;
			if (m[1] == '!')
				out[o++] = *++m;
		}
	}
	out[o < len ? o : len - 1] = 0;
}

static const char *marks_of(const struct move_note *n)
{
	return n->text + n->mark;
}

/*
** Where Popeye prints a move: the lower, the earlier.  The game's print
** order (its print_order: Popeye's generator), but for the moves of the
** side that mates (by_winner: direct and help play, not a defender) that
** mate, or a help or series line's last move under the check goal
** (`checks`, which Popeye generates as it generates a mate): those come
** from Popeye's mating move generator, which takes the men from a1 to h8
** too but plays them last generated first, so its men from h8 down.  The
** defender's mates (self play) and counter-mates come from the ordinary
** generator.
*/
static long popeye_order(const struct move_note *n, bool by_winner, bool checks)
{
	const uint32_t low = (1u << PRINT_ORDER_MAN_SHIFT) - 1;
	uint32_t man = n->order >> PRINT_ORDER_MAN_SHIFT, place = n->order & low;
	const char *marks = marks_of(n);
	/* counter-mate's last move ("##!") comes from the ordinary generator;
	   double mate's ("##") from the mating one, whose king contact
	   generator pushes the king's steps beside the other king after it,
	   so they are played first */
	bool counter = strstr(marks, "##!") != NULL;
	if (by_winner && strstr(marks, "##") && !counter && (n->facts & MOVE_FACT_KING_CONTACT))
		return (long)place;
	if (by_winner && ((strchr(marks, '#') && !counter) || checks))
		man = low - man;
	return (long)man << PRINT_ORDER_MAN_SHIFT | place;
}

/* ---- battle play ---- */

struct printer {
	FILE *f;
	const struct analysis *a;
	/* what Popeye prints for the puzzle's options (popeye_shows) */
	bool variations;       /* the play after each first move: Option Variation */
	bool tries;            /* the tries and their refutations: Try, Defence N */
	bool no_threat;        /* no threat looked for, so no "zugzwang.": NoThreat */
	struct popeye_words w; /* in the input's language */
};

/* Pairs (order, index): by order, then index (the same order twice is a
   game without a print order: kept as the analysis has them, by text). */
static int cmp_order(const void *x, const void *y)
{
	const long *a = x, *b = y;
	if (a[0] != b[0])
		return (a[0] > b[0]) - (a[0] < b[0]);
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The children of node i of one kind (threats or not), in Popeye's
   order, in out[]; their number. */
static int sorted_children(const struct analysis *a, int i, bool threats, bool covered, int *out,
                           int max)
{
	long(*tmp)[2] = malloc((size_t)max * sizeof *tmp);
	if (!tmp)
		return 0;
	int n = 0;
	for (int c = a->nodes[i].child; c >= 0 && n < max; c = a->nodes[c].sibling) {
		const struct tree_node *d = &a->nodes[c];
		if (threats ? !d->threat : (d->threat || (d->covered && !covered) || d->refutes))
			continue;
		tmp[n][0] = popeye_order(&d->note, d->by_solver, false);
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

static void put_move(struct printer *pr, const struct move_note *n, const char *marks)
{
	char buf[80];
	popeye_move(pr->w.L, n, marks, buf, sizeof buf);
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
	/* under NoThreat no threat is shown, so neither are the defences it
	   answers: every defence is a variation */
	int n = sorted_children(a, id, false, pr->no_threat, kids, MAX_MOVES);
	bool self = a->play->goal == GOAL_SELF;
	for (int k = 0; k < n; k++) {
		const struct tree_node *d = &a->nodes[kids[k]];
		if (self && !set_play && d->ends && d->moves_left > 0)
			continue;
		indent(pr->f, ply);
		fprintf(pr->f, "%d...", ply / 2 + 1);
		put_move(pr, &d->note, marks_of(&d->note));
		fputc('\n', pr->f);
		int conts[MAX_MOVES];
		int m = sorted_children(a, kids[k], false, false, conts, MAX_MOVES);
		for (int c = 0; c < m; c++)
			if (a->nodes[conts[c]].by_solver)
				print_solver_move(pr, conts[c], ply + 1);
	}
}

/* After a solving-side move: its threats (" threat:" and each on its
   line), or " zugzwang.", then the defences. */
static void print_play_after(struct printer *pr, int id, int ply)
{
	const struct analysis *a = pr->a;
	const struct tree_node *t = &a->nodes[id];
	int threats[MAX_MOVES];
	int nt = pr->no_threat ? 0 : sorted_children(a, id, true, false, threats, MAX_MOVES);
	if (nt > 0) {
		fprintf(pr->f, "%s\n", pr->w.threat);
		for (int k = 0; k < nt; k++)
			print_solver_move(pr, threats[k], ply + 2);
	} else if (!t->ends && !strchr(marks_of(&t->note), '+') && !a->no_threats &&
	           !pr->no_threat && t->moves_left > 1) {
		/* (no threat is looked for before the last move: a selfmate's
		   forced reply) */
		fprintf(pr->f, "%s\n", pr->w.zugzwang);
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
	put_move(pr, &t->note, marks_of(&t->note));
	if (t->ends || t->child < 0)
		fputc('\n', pr->f);
	else
		print_play_after(pr, id, ply);
}

/* A refutation's marks as Popeye prints them: a check or a mate, not the
   stalemate its move may give (no goal of the play). */
static const char *refutation_marks(const struct move_note *n)
{
	const char *m = marks_of(n);
	return !strcmp(m, "+") || !strcmp(m, "#") ? m : "";
}

/* A first move: a key (its tree, node id) or a try (its tree, then "but"
   and its refutations). */
static void print_first(struct printer *pr, const struct move_note *n, int id,
                        const struct try_info *try)
{
	const struct analysis *a = pr->a;
	fputs("   1.", pr->f);
	put_move(pr, n, marks_of(n));
	fputs(try ? " ?" : " !", pr->f);
	if (id < 0 || a->nodes[id].ends || !pr->variations)
		fputc('\n', pr->f);
	else
		print_play_after(pr, id, 0);
	if (try) {
		fprintf(pr->f, "    %s\n", pr->w.but);
		long order[ANALYSIS_MAX_REFS][2];
		for (int r = 0; r < try->nrefs; r++) {
			order[r][0] = popeye_order(&try->refs[r], false, false);
			order[r][1] = r;
		}
		qsort(order, (size_t)try->nrefs, sizeof *order, cmp_order);
		for (int k = 0; k < try->nrefs; k++) {
			const struct move_note *r = &try->refs[order[k][1]];
			char buf[80];
			popeye_move(pr->w.L, r, refutation_marks(r), buf, sizeof buf);
			text_fprintf(pr->f, "      1...%s !\n", buf);
		}
	}
	fputc('\n', pr->f);
}

static void print_battle(struct printer *pr)
{
	const struct analysis *a = pr->a;
	/* set play worked out: its block, a blank line when it has no play */
	if (a->set_node >= 0) {
		print_defences(pr, a->set_node, 1, true);
		fputc('\n', pr->f);
	}
	/* reflex play's wins at once, which its solving side must play (S6):
	   no key, and Popeye shows them "   1.Bg7-f8 # ?!?" */
	for (int i = 0; i < a->must_win.stored; i++) {
		const struct move_note *m = &a->must_win.moves[a->must_win.lines[i].first];
		fputs("   1.", pr->f);
		put_move(pr, m, marks_of(m));
		fputs(" ?!?\n", pr->f);
	}
	/* keys and tries together, in Popeye's order */
	int n = a->nkeys + a->ntries;
	long(*first)[2] = malloc((size_t)(n ? n : 1) * sizeof *first);
	if (!first)
		return;
	/* a first move that mates in a #N of more moves came from Popeye's
	   ordinary generator, as every first move did: in its place among them */
	bool last = a->stip.n <= 1;
	for (int k = 0; k < a->nkeys; k++) {
		first[k][0] = popeye_order(&a->keys[k].note, last, false);
		first[k][1] = k;
	}
	if (!pr->tries)
		n = a->nkeys;
	for (int i = 0; i < a->ntries && pr->tries; i++) {
		first[a->nkeys + i][0] = popeye_order(&a->tries[i].note, last, false);
		first[a->nkeys + i][1] = a->nkeys + i;
	}
	qsort(first, (size_t)n, sizeof *first, cmp_order);
	for (int j = 0; j < n; j++) {
		int w = (int)first[j][1];
		if (w < a->nkeys)
			print_first(pr, &a->keys[w].note, a->key_nodes ? a->key_nodes[w] : -1,
			            NULL);
		else
			print_first(pr, &a->tries[w - a->nkeys].note,
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

/* A move's number in a line: Popeye right-aligns it in three columns
   after the space that ends the move before ("   9.X  10.Y", "  99.X
   100.Y"); the line's first number follows the line's indent. */
static void print_move_number(FILE *f, int plies_before, int number)
{
	if (plies_before == 0)
		fprintf(f, "%d.", number);
	else
		fprintf(f, " %3d.", number);
}

/* One line as Popeye prints it: "  1.X Y   2.Z W #" (help play),
   "  1.X   2.Y #" (series), the first ply "1...X" when the winning side
   starts, a series-help's last ply unnumbered; then `mark` (" ?!?").  Set
   play that starts with a whole move after the pass of the side that
   starts N.5 (h#1.5's, hr#1.5's) shows the pass: "1...  ...  2.X Y #". */
static void print_line(struct printer *pr, const struct line_set *set, int i, enum line_plan plan,
                       bool winner_first, bool set_play, const char *mark)
{
	const struct solution_line *l = &set->lines[i];
	fputs("  ", pr->f);
	int shift = winner_first; /* plies before the line's first, in its numbering */
	if (set_play && !winner_first && plan_alternates(plan) && stip_dots_first(&pr->a->stip)) {
		fputs("1...  ...  ", pr->f);
		shift = 2;
	}
	for (int p = 0; p < l->plies; p++) {
		const struct move_note *m = &set->moves[l->first + p];
		if (!plan_alternates(plan)) {
			bool unnumbered = plan_series_reply(plan) && p == l->plies - 1;
			if (unnumbered)
				fputc(' ', pr->f);
			else
				print_move_number(pr->f, p, p + 1);
		} else {
			int ply = p + shift;
			if (p == 0 && shift == 1)
				fputs("1...", pr->f);
			else if (ply % 2 == 0)
				print_move_number(pr->f, p, ply / 2 + 1);
			else
				fputc(' ', pr->f);
		}
		put_move(pr, m, marks_of(m));
	}
	fprintf(pr->f, "%s\n", mark);
}

/* Popeye's order of lines: the shorter first (it solves length by
   length: a help play's set play "1...Qg8-a2 #" before "1...Sg4-e3
   2.Ka1-b1 Qg8-g1 #"), then by the first move, the second ... */
static int cmp_lines(const void *x, const void *y)
{
	const struct line_key *a = x, *b = y;
	if (a->plies != b->plies)
		return a->plies - b->plies;
	for (int p = 0; p < a->plies; p++)
		if (a->keys[p] != b->keys[p])
			return (a->keys[p] > b->keys[p]) - (a->keys[p] < b->keys[p]);
	return a->index - b->index;
}

static void print_lines(struct printer *pr, const struct line_set *set, enum line_plan plan,
                        bool winner_first, bool set_play, const char *mark)
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
		keys[m] = popeye_order(&set->moves[m], true, false);
	if (pr->a->stip.target == TARGET_CHECK)
		for (int i = 0; i < set->stored; i++) {
			int m = set->lines[i].first + set->lines[i].plies - 1;
			if (set->lines[i].plies > 0)
				keys[m] = popeye_order(&set->moves[m], true, true);
		}
	for (int i = 0; i < set->stored; i++)
		order[i] = (struct line_key){keys + set->lines[i].first, set->lines[i].plies, i};
	qsort(order, (size_t)set->stored, sizeof *order, cmp_lines);
	for (int i = 0; i < set->stored; i++)
		print_line(pr, set, order[i].index, plan, winner_first, set_play, mark);
	free(keys);
	free(order);
}

static void print_line_play(struct printer *pr)
{
	const struct analysis *a = pr->a;
	bool first = stip_dots_first(&a->stip);
	if (a->has_set_play) {
		print_lines(pr, &a->set_lines, a->play->set->plan, !first, true, "");
		fputc('\n', pr->f);
	}
	/* reflex play's wins that its solving side must play (S6) */
	enum line_plan plan = a->play->plan;
	print_lines(pr, &a->must_win, plan_alternates(plan) ? plan : PLAN_SERIES, first, false,
	            " ?!?");
	print_lines(pr, &a->short_sols, plan, first, false, "");
	print_lines(pr, &a->solutions, plan, first, false, "");
}

/* ---- twins ---- */

/* A side's letter in a twin: Popeye's colour word's first letter, lower
   case ("w", "b"; German "w", "s"; French "b", "n"). */
static char side_letter(const struct popeye_words *w, int side)
{
	return (char)tolower((unsigned char)w->L->colour[side ? PCOL_BLACK : PCOL_WHITE][0]);
}

/* A man's letters in a twin as Popeye prints them ("wS"), for
   twin_man_on. */
static void popeye_letters(const void *ctx, const struct piece_kind *k, char **o, char *end)
{
	const struct popeye_words *w = ctx;
	if (*o + 2 < end) {
		*(*o)++ = side_letter(w, k->side);
		*(*o)++ = popeye_piece_letter(w->L, k->popeye);
	}
}

/* "wSe1": the man on square sq of setup s in Popeye's words, "" when the
   square is empty or no square. */
static void man_on(const struct popeye_words *w, const struct game *g, const struct setup *s,
                   const char *sq, char *out, size_t len)
{
	twin_man_on(g, s, sq, popeye_letters, w, out, len);
}

/*
** A twin's changes as Popeye prints them: "-wSe1  #4  ", "bRb4-->f3  ",
** "bKc3<-->bPf4  ", "+bBb5  "; false when the twinning has words this
** does not translate (the file's words are printed then).  before: the
** setup the twin is made from.
*/
static bool twin_words(const struct popeye_words *pw, const struct game *g,
                       const struct setup *before, const char *text, struct strbuf *out)
{
	char buf[512];
	struct twin_step st[TWIN_MAX_STEPS];
	int n = twin_steps(text, buf, sizeof buf, st, TWIN_MAX_STEPS);
	for (int i = 0; i < n; i++) {
		const char *x = st[i].word[0], *y = st[i].word[1];
		char a[16], b[16];
		switch (st[i].op) {
		case TWIN_OP_CONTINUED:
			continue;
		case TWIN_OP_MOVE:
			man_on(pw, g, before, x, a, sizeof a);
			if (!a[0])
				return false;
			strbuf_printf(out, "%s-->%s  ", a, y);
			break;
		case TWIN_OP_EXCHANGE:
			man_on(pw, g, before, x, a, sizeof a);
			man_on(pw, g, before, y, b, sizeof b);
			if (!a[0] || !b[0])
				return false;
			strbuf_printf(out, "%s<-->%s  ", a, b);
			break;
		case TWIN_OP_REMOVE:
			man_on(pw, g, before, x, a, sizeof a);
			if (!a[0])
				return false;
			strbuf_printf(out, "-%s  ", a);
			break;
		case TWIN_OP_ADD: {
			if (strcasecmp(x, "white") && strcasecmp(x, "black"))
				return false;
			char side = side_letter(pw, (x[0] | 0x20) != 'w');
			char man[16];
			snprintf(man, sizeof man, "%s", y);
			man[0] = popeye_piece_letter(pw->L, man[0]);
			/* a man put where another stood replaces it: no '+' (Popeye
			   marks an addition only on an empty square) */
			man_on(pw, g, before, y + 1, a, sizeof a);
			strbuf_printf(out, "%s%c%s  ", a[0] ? "" : "+", side, man);
			break;
		}
		case TWIN_OP_SUBSTITUTE:
			/* "R ==> B": every rook of the position becomes a bishop */
			if (strlen(x) != 1 || strlen(y) != 1)
				return false;
			strbuf_printf(out, "%c ==> %c  ", popeye_piece_letter(pw->L, x[0]),
			              popeye_piece_letter(pw->L, y[0]));
			break;
		case TWIN_OP_STIPULATION:
			strbuf_printf(out, "%s  ", x);
			break;
		case TWIN_OP_OTHER: {
			/* Popeye's board twinnings, whose words twin_steps leaves
			   as they are: "rotate 90", "mirror a1<-->h1", "shift e5
			   ==> d4", "PolishType", in the input's language */
			const char *n1 =
			    i + 1 < n && st[i + 1].op == TWIN_OP_OTHER ? st[i + 1].word[0] : NULL;
			const char *n2 =
			    i + 2 < n && st[i + 2].op == TWIN_OP_OTHER ? st[i + 2].word[0] : NULL;
			if (!strcasecmp(x, "Rotate") && n1) {
				strbuf_printf(out, "%s %s  ", pw->L->twinning[PT_ROTATE], n1);
				i += 1;
			} else if (!strcasecmp(x, "Mirror") && n1 && twin_mirror_axis(n1)) {
				strbuf_printf(out, "%s %s  ", pw->L->twinning[PT_MIRROR],
				              twin_mirror_axis(n1));
				i += 1;
			} else if (!strcasecmp(x, "Shift") && n1 && n2) {
				strbuf_printf(out, "%s %s ==> %s  ", pw->L->twinning[PT_SHIFT], n1,
				              n2);
				i += 2;
			} else if (!strcasecmp(x, "PolishType")) {
				strbuf_printf(out, "%s  ", pw->L->twinning[PT_POLISH]);
			} else {
				return false;
			}
			break;
		}
		}
	}
	return !strbuf_failed(out);
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

/*
** A twinning maat does not print as Popeye does (Mirror, Rotate,
** PolishType, Condition), its words in the input's language: "Spiegelung
** a1<-->h1", "Drehung 180", "Farbwechsel"; a condition by its name alone.
*/
static void twin_text_in(const struct popeye_words *w, const char *text, struct strbuf *out)
{
	const struct popeye_lang *E = popeye_lang(POPEYE_ENGLISH);
	char buf[512];
	snprintf(buf, sizeof buf, "%s", text);
	char *save = NULL;
	for (char *t = strtok_r(buf, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
		int k = popeye_match(E->twinning, PT_COUNT, t);
		if (k == PT_CONDITION && !strcasecmp(t, E->twinning[k]))
			continue;
		const char *word = k >= 0 && !strcasecmp(t, E->twinning[k]) ? w->L->twinning[k] : t;
		strbuf_printf(out, "%s%c%s", out->len ? " " : "",
		              word == t ? word[0] : toupper((unsigned char)word[0]), word + 1);
	}
}

/* "b) -wSe1  #4  ": Popeye's line before a twin's solution. */
static void twin_line(FILE *f, const struct popeye_words *w, const struct puzzle *p,
                      const struct judgement *r, const char *tl)
{
	const struct twin *tw = r->twin >= 0 ? &p->twins[r->twin] : NULL;
	if (!tw) {
		text_fprintf(f, "%s) \n", tl);
		return;
	}
	/* made from the diagram, or ("Continued", "+c)") the twin before */
	struct setup before;
	twin_made_from(p, r->twin, &before);
	/* built whole: a twin's words in another language, or an
	   abbreviation's, may be longer than the file's text */
	struct strbuf words = STRBUF_INIT;
	const char *cont = tw->continued ? "+" : "";
	if (twin_words(w, p->game, &before, tw->text ? tw->text : "", &words))
		text_fprintf(f, "%s%s) %s\n", cont, tl, strbuf_str(&words));
	else {
		strbuf_clear(&words);
		twin_text_in(w, tw->text ? tw->text : "", &words);
		text_fprintf(f, "%s%s) %s  \n", cont, tl, strbuf_str(&words));
	}
	strbuf_free(&words);
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
static void popeye_shows(const struct puzzle *p, bool *variations, bool *tries, bool *no_threat)
{
	*no_threat = false;
	*variations = *tries = p->format != FORMAT_POPEYE;
	for (int i = 0; i < p->noptions && p->format == FORMAT_POPEYE; i++) {
		enum popeye_option o = p->options[i].id;
		*variations |= o == PO_VARIATION;
		*no_threat |= o == PO_NO_THREAT;
		*tries |= o == PO_TRY || o == PO_DEFENCE;
	}
}

/* The tree of battle play is printed with the variations (set play is
   worked out apart, with or without them). */
static bool shows_tree(const struct puzzle *p)
{
	bool variations, tries, no_threat;
	popeye_shows(p, &variations, &tries, &no_threat);
	return variations;
}

/* The file's Option SetPlay (a Popeye file's). */
static bool asks_set_play(const struct puzzle *p)
{
	return p->format == FORMAT_POPEYE && option_find(p->options, p->noptions, PO_SETPLAY);
}

/* An error's reason that already says where ("f.inp:3:7: what", label
   "f.inp:3"; "f.inp: what", label "f.inp"): *place is where its text
   starts, so that the verdict goes there once ("f.inp:3:7: error: what")
   instead of the place twice. */
static bool located_reason(const char *reason, const char *label, size_t *place)
{
	size_t n = strlen(label), i = n;
	if (strncmp(reason, label, n) != 0)
		return false;
	if (reason[i] == ':' && isdigit((unsigned char)reason[i + 1])) { /* the column */
		i++;
		while (isdigit((unsigned char)reason[i]))
			i++;
	}
	if (strncmp(reason + i, ": ", 2) != 0)
		return false;
	*place = i + 2;
	return true;
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
	struct popeye_words w = popeye_words(p);
	if (r->twin == 0 && p->zero_position) /* Popeye's intro, in its word */
		fprintf(f, "\n%s\n\n", w.L->end[PE_ZERO_POSITION]);
	if ((r->twin < 0 || (r->twin == 0 && p->zero_position)) && twins)
		fputc('\n', f);
	if (tl && twins && !duplex)
		twin_line(f, &w, p, r, tl);
	size_t place;
	if (!r->analysed && !tl && !duplex && located_reason(r->reason, label, &place)) {
		text_fprintf(f, "%.*s%s: %s\n", (int)place, r->reason, verdict_names[r->verdict],
		             r->reason + place);
	} else if (!r->analysed || a->timeout) {
		text_fprintf(f, "%s%s%s%s%s: %s: %s\n", label, tl ? " twin " : "", tl ? tl : "",
		             tl ? ")" : "", duplex ? " duplex" : "", verdict_names[r->verdict],
		             r->reason);
	} else {
		struct printer pr = {.f = f, .a = a, .w = w};
		popeye_shows(p, &pr.variations, &pr.tries, &pr.no_threat);
		/* the file asks for set play where the play has none (ser-#,
		   h#0.5, hs#1, hr#1) */
		struct stipulation set;
		if (a->play->family == FAMILY_LINES && asks_set_play(p) &&
		    !stip_set_play(&a->stip, &set))
			fprintf(f, "%s\n", w.no_set_play);
		fputc('\n', f);
		if (a->play->family == FAMILY_LINES)
			print_line_play(&pr);
		else
			print_battle(&pr);
	}
	bool last = !p->twins_ready || p->ntwins == 0 || r->twin == p->ntwins - 1;
	/* Popeye ends a search that stopped early with "Partial solution"
	   right under the play, in place of the blank line and "solution
	   finished."; this part's stop is what is known here, so a twin
	   stopped before the last one is not told */
	if (last && r->analysed && a->partial && !duplex_follows(p, r->twin)) {
		fprintf(f, "%s\n", w.partial);
		return;
	}
	if (!duplex_follows(p, r->twin))
		fputc('\n', f);
	if (last)
		fprintf(f, "%s\n", w.finished);
}

const struct writer writer_popeye = {
    .name = "popeye",
    .tree = true,
    .shows_tree = shows_tree,
    .problem = problem,
};
