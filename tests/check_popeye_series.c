/*
** check_popeye_series.c -- series-help play at length against Popeye
** (rule S7; issue 25, part 2).
**
** Popeye 4.104 lists fewer lines of a long series-help than maat: on the
** woozles position ser-h#12, 81 (none of 11 or 12 moves) where maat lists
** 13,695.  The reason, read in Popeye's source, is its hash table
** (tests/popeye_series_hash.h); it is held here against Popeye's printed
** output (tests/data/popeye/serh-hash.out, Popeye 4.104,
** `py -regression serh-hash.inp`):
**  - the emulation of Popeye's table gives Popeye's lines one for one, in
**    its order;
**  - the same emulation with the table keeping every line gives maat's;
**  - Popeye itself, asked for exactly N moves (exact-ser-h#N, a search of
**    one length with the moves left in its table's key), lists as many
**    lines of N moves as maat, each among maat's;
**  - the corpus check takes a record of Popeye's lines as a known
**    difference only when the emulation gives them exactly.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_check.h"
#include "games/game.h"
#include "minijson.h"
#include "play/play.h"
#include "play/stip.h"
#include "popeye_output.h"
#include "popeye_series_hash.h"
#include "solve/analysis.h"

extern Suite *popeye_series_suite(void);

#define POPEYE_OUT "data/popeye/serh-hash.out"
#define WOOZLES "k1K5/p7/1P6/8/8/8/8/8 b - - 0 1"
#define BISHOP "k1K5/8/1P6/8/8/8/8/b7 b - - 0 1"
#define BOLERO "8/3p1P1B/2pP3k/2N2P1P/1P3K2/2RP3N/3P2RB/8 b - - 0 1"

/* The problems of serh-hash.inp, in its order. */
enum { P_WOOZLES_12, P_WOOZLES_EXACT_10, P_BISHOP_5, P_BISHOP_EXACT_5, P_BOLERO_14, PROBLEMS };

static const struct popeye_series_options as_popeye = {.last_check = true};
static const struct popeye_series_options kept_whole = {.keep_least = true};

/* ---- Popeye's printed lines ---- */

struct lines {
	char **l;
	int n;
};

static void lines_free(struct lines *x)
{
	popeye_series_lines_free(x->l, x->n);
	x->l = NULL;
	x->n = 0;
}

static void lines_add(struct lines *x, const char *text)
{
	x->l = realloc(x->l, (size_t)(x->n + 1) * sizeof *x->l);
	ck_assert_ptr_nonnull(x->l);
	x->l[x->n] = strdup(text);
	ck_assert_ptr_nonnull(x->l[x->n]);
	x->n++;
}

/* The solution lines of problem p as Popeye printed them, blanks between
   the moves made one ("1.a7-a5 2.a5-a4 ... b6-b7 #"). */
static struct lines popeye_printed(int p)
{
	char *text = popeye_read_file(POPEYE_OUT);
	ck_assert_msg(text != NULL, "cannot read %s", POPEYE_OUT);
	char **sols = NULL;
	int n = popeye_split_output(text, &sols);
	ck_assert_int_eq(n, PROBLEMS);
	struct lines out = {0};
	for (char *l = sols[p]; *l;) {
		char *end = strchr(l, '\n');
		size_t len = end ? (size_t)(end - l) : strlen(l);
		char buf[512];
		size_t o = 0;
		for (size_t i = 0; i < len && o + 1 < sizeof buf; i++)
			if (l[i] != ' ' || (o > 0 && buf[o - 1] != ' '))
				buf[o++] = l[i];
		while (o > 0 && buf[o - 1] == ' ')
			o--;
		buf[o] = 0;
		if (!strncmp(buf, "1.", 2))
			lines_add(&out, buf);
		l += len + (end != NULL);
	}
	for (int i = 0; i < n; i++)
		free(sols[i]);
	free(sols);
	free(text);
	return out;
}

/* ---- lines in Popeye's words ---- */

static void parse(const struct game *g, const char *fen, void *pos)
{
	char err[256];
	ck_assert_msg(g->parse(pos, fen, err, sizeof err) == 0, "%s: %s", fen, err);
}

/* A line of canonical moves ("a7a5 ... b6b7") from pos written as Popeye
   writes a series-help: numbered series moves, the winning move after
   them, '*' for a capture, "+" after a check, "#" after the mate. */
static void popeye_text(const struct game *g, const char *fen, const char *line, char *out,
                        size_t len)
{
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	parse(g, fen, pos);
	char words[64][16];
	int n = 0;
	for (const char *s = line; *s && n < 64;) {
		size_t w = strcspn(s, " ");
		snprintf(words[n++], sizeof words[0], "%.*s", (int)w, s);
		s += w + (s[w] == ' ');
	}
	size_t o = 0;
	out[0] = 0;
	for (int i = 0; i < n; i++) {
		move_t moves[MAX_MOVES], m = 0;
		int count = g->gen_moves(pos, moves);
		bool found = false;
		for (int k = 0; k < count && !found; k++) {
			char c[16];
			g->move_text(pos, moves[k], MOVE_CANONICAL, c, sizeof c);
			if (!strcmp(c, words[i])) {
				m = moves[k];
				found = true;
			}
		}
		ck_assert_msg(found, "%s: %s is no move", line, words[i]);
		char pretty[32];
		g->move_text(pos, m, MOVE_PRETTY, pretty, sizeof pretty);
		/* Popeye's English: '*' takes, S the knight */
		for (char *x = pretty; *x; x++)
			if (*x == 'x' && x > pretty && x[-1] >= '1' && x[-1] <= '8' &&
			    x[1] >= 'a' && x[1] <= 'h')
				*x = '*';
			else if (*x == 'N')
				*x = 'S';
		g->make(pos, m, undo);
		bool last = i == n - 1;
		const char *mark = last ? " #" : g->in_check(pos) ? " +" : "";
		if (last)
			o += (size_t)snprintf(out + o, len - o, " %s%s", pretty, mark);
		else
			o += (size_t)snprintf(out + o, len - o, "%s%d.%s%s", i ? " " : "", i + 1,
			                      pretty, mark);
		if (i + 2 < n)
			g->make_null(pos, undo);
		ck_assert_uint_lt(o, len);
	}
}

/* The emulation of Popeye's series-help, lines in canonical moves. */
static struct lines emulated(const struct game *g, const char *fen, int n,
                             struct popeye_series_options opt)
{
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	parse(g, fen, pos);
	struct lines out = {0};
	out.n = popeye_series_help_lines(g, pos, n, opt, &out.l);
	ck_assert_int_ge(out.n, 0);
	return out;
}

/* ---- maat's lines ---- */

static void analyse(const struct game *g, const char *fen, const char *stip, struct analysis *a)
{
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	parse(g, fen, pos);
	struct stipulation st;
	char err[256];
	ck_assert_msg(stip_parse(stip, &st, err, sizeof err) == 0, "%s: %s", stip, err);
	struct analysis_opts o = {.hash_mb = 16};
	struct problem pb;
	problem_init(&pb, g, pos, &st, &o, NULL);
	ck_assert_int_eq(analysis_run(&pb, a), 0);
	ck_assert(!a->timeout);
}

static void canonical(const struct line_set *set, int i, char *buf, size_t len)
{
	const struct solution_line *l = &set->lines[i];
	size_t used = 0;
	buf[0] = 0;
	for (int p = 0; p < l->plies && used < len; p++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", p ? " " : "",
		                         set->moves[l->first + p].canon);
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static int cmp_key(const void *key, const void *elem)
{
	return strcmp(key, *(char *const *)elem);
}

/* Is every line maat keeps (it counts more than ANALYSIS_MAX_LINES) among
   lines, and does it count as many? */
static void maat_has_exactly(const struct analysis *a, struct lines *x)
{
	const struct line_set *sets[2] = {&a->short_sols, &a->solutions};
	ck_assert_int_eq(a->short_sols.count + a->solutions.count, x->n);
	qsort(x->l, (size_t)x->n, sizeof *x->l, cmp_str);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < sets[k]->stored; i++) {
			char buf[512];
			canonical(sets[k], i, buf, sizeof buf);
			ck_assert_msg(bsearch(buf, x->l, (size_t)x->n, sizeof *x->l, cmp_key),
			              "maat's %s not emulated", buf);
		}
}

/* The lines maat keeps of its sets in Popeye's words, sorted. */
static struct lines maat_in_words(const struct game *g, const char *fen,
                                  const struct line_set *const *sets, int nsets)
{
	struct lines out = {0};
	for (int k = 0; k < nsets; k++)
		for (int i = 0; i < sets[k]->stored; i++) {
			char buf[512], text[1024];
			canonical(sets[k], i, buf, sizeof buf);
			popeye_text(g, fen, buf, text, sizeof text);
			lines_add(&out, text);
		}
	qsort(out.l, (size_t)out.n, sizeof *out.l, cmp_str);
	return out;
}

/* The series moves of a line in Popeye's words: its numbers ("12."). */
static int series_moves(const char *text)
{
	int n = 0;
	for (const char *s = text; *s; s++)
		if ((s == text || s[-1] == ' ') && *s >= '1' && *s <= '9') {
			const char *d = s;
			while (*d >= '0' && *d <= '9')
				d++;
			n += *d == '.';
		}
	return n;
}

/* ---- the tests ---- */

static const struct {
	const char *fen;
	int n, problem;
	int popeye_lines; /* Popeye's count, as the .out prints it */
} cases[] = {
    {WOOZLES, 12, P_WOOZLES_12, 81},
    {BISHOP, 5, P_BISHOP_5, 80},
    {BOLERO, 14, P_BOLERO_14, 205},
};

/* S7: the emulation of Popeye's table prints what Popeye prints, line for
   line and in its order. */
START_TEST(test_S7_popeye_series_hash_emulated_gives_popeyes_lines)
{
	const struct game *g = game_find("chess");
	struct lines printed = popeye_printed(cases[_i].problem);
	ck_assert_int_eq(printed.n, cases[_i].popeye_lines);
	struct lines emu = emulated(g, cases[_i].fen, cases[_i].n, as_popeye);
	ck_assert_int_eq(emu.n, printed.n);
	for (int i = 0; i < emu.n; i++) {
		char text[1024];
		popeye_text(g, cases[_i].fen, emu.l[i], text, sizeof text);
		ck_assert_str_eq(text, printed.l[i]);
	}
	lines_free(&printed);
	lines_free(&emu);
}
END_TEST

/* S7: every line of every length up to N is a solution; the emulation
   with the table keeping every line (hash.c's "solved" entry its least
   length, not its last) lists maat's lines, which hold Popeye's. */
START_TEST(test_S7_series_help_lists_the_lines_popeyes_table_loses)
{
	const struct game *g = game_find("chess");
	char stip[16];
	snprintf(stip, sizeof stip, "ser-h#%d", cases[_i].n);
	struct analysis a;
	analyse(g, cases[_i].fen, stip, &a);
	struct lines whole = emulated(g, cases[_i].fen, cases[_i].n, kept_whole);
	ck_assert_int_gt(whole.n, cases[_i].popeye_lines);
	maat_has_exactly(&a, &whole);
	/* Popeye's lines are maat's (those of N moves where maat keeps them
	   all: it counts more than it keeps) */
	struct lines printed = popeye_printed(cases[_i].problem);
	const struct line_set *sets[2] = {&a.short_sols, &a.solutions};
	struct lines mine = maat_in_words(g, cases[_i].fen, sets, 2);
	ck_assert_int_eq(a.short_sols.stored, a.short_sols.count);
	bool all_kept = a.solutions.count == a.solutions.stored;
	for (int i = 0; i < printed.n; i++)
		ck_assert_msg(
		    bsearch(printed.l[i], mine.l, (size_t)mine.n, sizeof *mine.l, cmp_key) ||
		        (!all_kept && series_moves(printed.l[i]) == cases[_i].n),
		    "Popeye's %s is not maat's", printed.l[i]);
	lines_free(&printed);
	lines_free(&mine);
	lines_free(&whole);
	analysis_free(&a);
}
END_TEST

/* S7: Popeye asked for exactly N moves (no shorter search before, the
   moves left in its table's key) lists as many lines of N as maat, the
   same lines: 131 of 10 on the woozles position, where its ser-h#10 and
   ser-h#12 list 68. */
START_TEST(test_S7_popeye_exact_series_help_agrees)
{
	static const struct {
		const char *fen, *stip;
		int problem;
	} exact[] = {
	    {WOOZLES, "exact-ser-h#10", P_WOOZLES_EXACT_10},
	    {BISHOP, "exact-ser-h#5", P_BISHOP_EXACT_5},
	};
	const struct game *g = game_find("chess");
	for (size_t c = 0; c < sizeof exact / sizeof exact[0]; c++) {
		struct analysis a;
		analyse(g, exact[c].fen, exact[c].stip, &a);
		struct lines printed = popeye_printed(exact[c].problem);
		const struct line_set *sets[1] = {&a.solutions};
		struct lines mine = maat_in_words(g, exact[c].fen, sets, 1);
		ck_assert_int_eq(a.short_sols.count, 0);
		ck_assert_int_eq(a.solutions.count, printed.n);
		ck_assert_int_eq(mine.n, printed.n);
		qsort(printed.l, (size_t)printed.n, sizeof *printed.l, cmp_str);
		for (int i = 0; i < printed.n; i++)
			ck_assert_str_eq(mine.l[i], printed.l[i]);
		lines_free(&printed);
		lines_free(&mine);
		analysis_free(&a);
	}
}
END_TEST

/* A corpus record of the woozles ser-h#12 holding `lines` (canonical). */
static struct mj *woozles_record(const struct lines *lines, int leave_out)
{
	size_t cap = 256 + (size_t)lines->n * 160, o = 0;
	char *text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	o += (size_t)snprintf(text, cap,
	                      "{\"id\": \"t\", \"fen\": \"%s\", \"stipulation\": \"ser-h#12\", "
	                      "\"n\": 12, \"status\": \"ok\", \"solutions\": [",
	                      WOOZLES);
	bool first = true;
	for (int i = 0; i < lines->n; i++) {
		if (i == leave_out)
			continue;
		o += (size_t)snprintf(text + o, cap - o, "%s[", first ? "" : ", ");
		first = false;
		char buf[512];
		snprintf(buf, sizeof buf, "%s", lines->l[i]);
		bool m1 = true;
		for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
			o += (size_t)snprintf(text + o, cap - o, "%s\"%s\"", m1 ? "" : ", ", t);
			m1 = false;
		}
		o += (size_t)snprintf(text + o, cap - o, "]");
	}
	snprintf(text + o, cap - o, "]}");
	struct mj *rec = mj_parse(text);
	free(text);
	ck_assert_ptr_nonnull(rec);
	return rec;
}

/* S7: the corpus check takes Popeye's 81 lines as a known difference,
   saying why; with one of them left out, they differ. */
START_TEST(test_S7_corpus_check_tells_popeyes_table)
{
	const struct game *g = game_find("chess");
	struct lines emu = emulated(g, WOOZLES, 12, as_popeye);
	struct tt table;
	ck_assert_int_eq(tt_init(&table, 16), 0);
	struct corpus_filter flt = {.min_n = 0, .max_n = 999};
	struct corpus_result r;

	struct mj *rec = woozles_record(&emu, -1);
	corpus_check_record(rec, &table, &flt, &r);
	ck_assert_msg(r.ok, "%s", r.why);
	ck_assert_ptr_nonnull(r.known);
	ck_assert_str_eq(r.known, "Popeye's hash table loses series lines that come back to a "
	                          "position (maat(1), series-help): maat 13695 lines, Popeye 81; "
	                          "emulated, its table gives Popeye's 81, and kept whole maat's");
	mj_free(rec);

	rec = woozles_record(&emu, 40);
	corpus_check_record(rec, &table, &flt, &r);
	ck_assert(!r.ok);
	ck_assert_ptr_null(r.known);
	ck_assert_str_eq(r.why, "solutions: 13695 lines, Popeye 80");
	mj_free(rec);

	tt_free(&table);
	lines_free(&emu);
}
END_TEST

Suite *popeye_series_suite(void)
{
	Suite *s = suite_create("popeye_series");
	TCase *tc = tcase_create("series_help");
	tcase_set_timeout(tc, 120);
	int ncases = (int)(sizeof cases / sizeof cases[0]);
	tcase_add_loop_test(tc, test_S7_popeye_series_hash_emulated_gives_popeyes_lines, 0, ncases);
	tcase_add_loop_test(tc, test_S7_series_help_lists_the_lines_popeyes_table_loses, 0, ncases);
	tcase_add_test(tc, test_S7_popeye_exact_series_help_agrees);
	tcase_add_test(tc, test_S7_corpus_check_tells_popeyes_table);
	suite_add_tcase(s, tc);
	return s;
}
