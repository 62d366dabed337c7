/*
** check_puzzle.c -- the puzzle-file loader (maat-puzzle(5)) and stip_parse.
**
** Fixtures live in tests/data/puzzle/ (the tests run from tests/).  Smaller
** cases are inline YAML loaded under the name "t.yaml"; their line:column
** figures were counted by hand from the text, 1-based.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "model/puzzle.h"

Suite *puzzle_suite(void);

#define DATA "data/puzzle/"

static struct collection load(const char *yaml)
{
	struct collection c;
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", yaml, strlen(yaml), &c), 0);
	return c;
}

static struct collection load_file(const char *path)
{
	struct collection c;
	ck_assert_int_eq(input_load_file(path, NULL, &c), 0);
	return c;
}

static const char *or_none(const char *s)
{
	return s ? s : "(none)";
}

/* The single puzzle of yaml must fail with exactly msg. */
static void expect_error(const char *yaml, const char *msg)
{
	struct collection c = load(yaml);
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error), msg);
	collection_free(&c);
}

/* The option as maat keeps it (options.h), written back as text. */
static const char *opt_text(const struct puzzle *p, int i, char *buf, size_t len)
{
	ck_assert_int_lt(i, p->noptions);
	option_format(&p->options[i], buf, len);
	return buf;
}

/* The single puzzle of yaml must load without error but be unsupported. */
static void expect_unsupported(const char *yaml, const char *msg)
{
	struct collection c = load(yaml);
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert_str_eq(or_none(c.items[0].unsupported), msg);
	collection_free(&c);
}

/* Setup letter on a square of a loaded puzzle ('.' empty). */
static char at(const struct puzzle *p, const char *square)
{
	struct setup s;
	int f, r;
	ck_assert(p->has_position);
	ck_assert_int_gt(square_parse(square, p->game->files, p->game->ranks, &f, &r), 0);
	p->game->get_setup(p->pos, &s);
	return s.grid[r][f];
}

static int to_move(const struct puzzle *p)
{
	return p->game->side_to_move(p->pos);
}

static void count_is(const struct puzzle *p, const char *want)
{
	char buf[32];
	puzzle_piece_count(p, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

/* ------------------------------------------------------ stipulations */

static int stip(const char *text, struct stipulation *s, char *err)
{
	err[0] = 0;
	return stip_parse(text, s, err, 160);
}

START_TEST(test_S1_stip_direct_spellings)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("#2", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_DIRECT);
	ck_assert_int_eq(s.n, 2);
	ck_assert_str_eq(s.text, "#2");
	ck_assert_int_eq(stip("  # 3 ", &s, err), 0);
	ck_assert_int_eq(s.n, 3);
	ck_assert_str_eq(s.text, "# 3");
	ck_assert_int_eq(stip("win in 4", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_DIRECT);
	ck_assert_int_eq(s.n, 4);
	ck_assert_int_eq(stip("Win  In\t5", &s, err), 0);
	ck_assert_int_eq(s.n, 5);
	ck_assert_int_eq(stip("win-in-6", &s, err), 0);
	ck_assert_int_eq(s.n, 6);
	ck_assert_int_eq(stip("WIN IN 20", &s, err), 0);
	ck_assert_int_eq(s.n, 20);
	ck_assert_int_eq(stip("#1", &s, err), 0);
	ck_assert_int_eq(s.n, 1);
}
END_TEST

START_TEST(test_S2_S3_stip_help_and_self)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("h#2", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_HELP);
	ck_assert_int_eq(s.n, 2);
	ck_assert_int_eq(stip("s#3", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_SELF);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(stip("help-win in 4", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_HELP);
	ck_assert_int_eq(s.n, 4);
	ck_assert_int_eq(stip("Self win in 5", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_SELF);
	ck_assert_int_eq(s.n, 5);
	/* S2: N.5, the winning side first */
	ck_assert_int_eq(stip("h#2.5", &s, err), 0);
	ck_assert(s.kind == STIP_HELP && s.n == 2 && s.half && s.popeye);
	ck_assert_int_eq(stip("h#0.5", &s, err), 0);
	ck_assert(s.n == 0 && s.half);
	ck_assert_int_eq(stip("help-win in 1.5", &s, err), 0);
	ck_assert(s.kind == STIP_HELP && s.n == 1 && s.half && !s.popeye);
	ck_assert_int_eq(stip("s#2.5", &s, err), -2); /* only help play has N.5 */
	/* S6, S7 */
	ck_assert_int_eq(stip("r#2", &s, err), 0);
	ck_assert(s.kind == STIP_REFLEX && s.n == 2);
	ck_assert_int_eq(stip("reflex-win in 3", &s, err), 0);
	ck_assert(s.kind == STIP_REFLEX && s.n == 3);
	ck_assert_int_eq(stip("ser-#4", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES && s.n == 4);
	ck_assert_int_eq(stip("ser-h#14", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES_HELP && s.n == 14);
	ck_assert_int_eq(stip("series-win in 3", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES && s.n == 3 && !s.popeye);
	ck_assert_int_eq(stip("series help win in 5", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES_HELP && s.n == 5);
}
END_TEST

/* Who moves first follows the stipulation (Popeye's spellings fix White as
   the winning side); a position naming the other side is an error. */
START_TEST(test_S2_S3_S7_first_mover)
{
	static const char *const sides[2] = {"White", "Black"};
	struct stipulation s;
	char err[256];
	stip("h#2", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, -1, sides, err, sizeof err), 1);
	ck_assert_int_eq(stip_first_mover(&s, 1, sides, err, sizeof err), 1);
	ck_assert_int_eq(stip_first_mover(&s, 0, sides, err, sizeof err), -1);
	ck_assert_str_eq(err, "in h#2 Black moves first (Popeye's convention: White is the "
	                      "winning side), but the position has White to move");
	stip("h#2.5", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, -1, sides, err, sizeof err), 0);
	stip("s#2", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, -1, sides, err, sizeof err), 0);
	ck_assert_int_eq(stip_first_mover(&s, 1, sides, err, sizeof err), -1);
	stip("ser-h#3", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, -1, sides, err, sizeof err), 1);
	/* the side the play is about, as its row names it: ser-s#'s solves
	   (it was called winning) */
	stip("ser-s#3", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, 1, sides, err, sizeof err), -1);
	ck_assert_str_eq(err, "in ser-s#3 White moves first (Popeye's convention: White is the "
	                      "solving side), but the position has Black to move");
	/* direct play, and the words of every game: the side the position names */
	stip("#2", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, 1, sides, err, sizeof err), 1);
	stip("help-win in 2", &s, err);
	ck_assert_int_eq(stip_first_mover(&s, 0, sides, err, sizeof err), 0);
	ck_assert_int_eq(stip_first_mover(&s, -1, sides, err, sizeof err), 1);
}
END_TEST

START_TEST(test_S1_stip_n_out_of_range)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("win in 0", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in 'win in 0'");
	ck_assert_int_eq(stip("#61", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in '#61'");
	ck_assert_int_eq(stip("#-1", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in '#-1'");
	ck_assert_int_eq(stip("win in -3", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in 'win in -3'");
	ck_assert_int_eq(stip("#99999999999999999999", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in '#99999999999999999999'");
	ck_assert_int_eq(stip("h#0", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in 'h#0'");
}
END_TEST

/* The stalemate goal ('=', Popeye's spelling; "stalemate in N" in words):
   every play reads it, the goal kept apart from the play. */
START_TEST(test_stip_stalemate_goal)
{
	static const struct {
		const char *text;
		enum stip_kind kind;
		int n;
		bool half;
	} forms[] = {
	    {"h=3", STIP_HELP, 3, false},
	    {"h=2.5", STIP_HELP, 2, true},
	    {"H=4", STIP_HELP, 4, false},
	    {"ser-h=5", STIP_SERIES_HELP, 5, false},
	    {"ser-=7", STIP_SERIES, 7, false},
	    {"=2", STIP_DIRECT, 2, false},
	    {"s=3", STIP_SELF, 3, false},
	    {"r=2", STIP_REFLEX, 2, false},
	    {"help-stalemate in 3", STIP_HELP, 3, false},
	    {"hs=2", STIP_HELP_SELF, 2, false},
	    {"series-help-stalemate in 6", STIP_SERIES_HELP, 6, false},
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		struct stipulation s;
		char err[160];
		ck_assert_msg(stip(forms[i].text, &s, err) == 0, "%s: %s", forms[i].text, err);
		ck_assert_int_eq(s.kind, forms[i].kind);
		ck_assert_int_eq(s.target, TARGET_STALEMATE);
		ck_assert_int_eq(s.n, forms[i].n);
		ck_assert_int_eq(s.half, forms[i].half);
	}
	/* Popeye's double stalemate, in every play */
	static const struct {
		const char *text;
		enum stip_kind kind;
		int n;
		bool half;
	} doubles[] = {
	    {"==3", STIP_DIRECT, 3, false},
	    {"h==2.5", STIP_HELP, 2, true},
	    {"s==2", STIP_SELF, 2, false},
	    {"r==1", STIP_REFLEX, 1, false},
	    {"ser-== 4", STIP_SERIES, 4, false},
	    {"ser-h==6", STIP_SERIES_HELP, 6, false},
	    {"double-stalemate in 2", STIP_DIRECT, 2, false},
	    {"help-double-stalemate in 3.5", STIP_HELP, 3, true},
	    {"series-help-double-stalemate in 6", STIP_SERIES_HELP, 6, false},
	};
	for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++) {
		struct stipulation s;
		char err[160];
		ck_assert_msg(stip(doubles[i].text, &s, err) == 0, "%s: %s", doubles[i].text, err);
		ck_assert_int_eq(s.kind, doubles[i].kind);
		ck_assert_int_eq(s.target, TARGET_DOUBLE_STALEMATE);
		ck_assert_int_eq(s.n, doubles[i].n);
		ck_assert_int_eq(s.half, doubles[i].half);
	}
	ck_assert_str_eq(stip_target_sign(TARGET_DOUBLE_STALEMATE), "==");
	ck_assert_str_eq(stip_target_sign(TARGET_STALEMATE), "=");
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("===2", &s, err), -1);
	ck_assert_str_eq(err, "malformed stipulation '===2'");
	ck_assert_int_eq(stip("h#3", &s, err), 0);
	ck_assert_int_eq(s.target, TARGET_WIN);
	/* help-self play, Popeye's hs#: the solving side starts, N.5 the other */
	ck_assert_int_eq(stip("hs#3", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_HELP_SELF);
	ck_assert(stip_solver_starts(&s) && !stip_dots_first(&s));
	ck_assert_int_eq(stip("hs#2.5", &s, err), 0);
	ck_assert(s.half && !stip_solver_starts(&s) && stip_dots_first(&s));
	ck_assert_int_eq(stip("help-self-win in 2", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_HELP_SELF);
	/* series-self play, Popeye's ser-s#: the solving side's series */
	ck_assert_int_eq(stip("ser-s#8", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_SERIES_SELF);
	ck_assert(stip_solver_starts(&s) && !stip_dots_first(&s));
	ck_assert_int_eq(stip("series-self-win in 4", &s, err), 0);
	ck_assert_int_eq(s.kind, STIP_SERIES_SELF);
	ck_assert_int_eq(stip("ser-s#2.5", &s, err), -2); /* no half moves in a series */
	ck_assert_int_eq(stip("help-win in 3", &s, err), 0);
	ck_assert_int_eq(s.target, TARGET_WIN);
	ck_assert_int_eq(stip("h=0", &s, err), -1);
	ck_assert_str_eq(err, "N must be from 1 to 60 in 'h=0'");
}
END_TEST

/* Popeye's double mate and counter-mate (issue 25 part 3): read in every
   play, Popeye's spelling and the words; the plays that take them are the
   judge's (play.h's rows). */
START_TEST(test_stip_double_and_counter_mate)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("##2", &s, err), 0);
	ck_assert(s.kind == STIP_DIRECT && s.target == TARGET_DOUBLE_MATE);
	ck_assert_int_eq(stip("h##!2", &s, err), 0);
	ck_assert(s.kind == STIP_HELP && s.target == TARGET_COUNTER_MATE);
	ck_assert_int_eq(stip("ser-h##3", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES_HELP && s.target == TARGET_DOUBLE_MATE);
	ck_assert_int_eq(stip("h##!1.5", &s, err), 0);
	ck_assert(s.half && s.n == 1 && s.target == TARGET_COUNTER_MATE);
	ck_assert_int_eq(stip("help-double-mate in 2", &s, err), 0);
	ck_assert(s.kind == STIP_HELP && s.target == TARGET_DOUBLE_MATE && !s.popeye);
	ck_assert_int_eq(stip("series-counter-mate in 3", &s, err), 0);
	ck_assert(s.kind == STIP_SERIES && s.target == TARGET_COUNTER_MATE);
	ck_assert_str_eq(stip_target_sign(TARGET_DOUBLE_MATE), "##");
	ck_assert_str_eq(stip_target_sign(TARGET_COUNTER_MATE), "##!");
	ck_assert_int_eq(stip("h##!!2", &s, err), -1); /* no such goal */
	ck_assert(play_of(STIP_HELP)->targets & 1u << TARGET_COUNTER_MATE);
	ck_assert(!(play_of(STIP_SERIES_HELP)->targets & 1u << TARGET_COUNTER_MATE));
	ck_assert(!(play_of(STIP_DIRECT)->targets & 1u << TARGET_DOUBLE_MATE));
}
END_TEST

START_TEST(test_stip_other_popeye_forms_unsupported)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("semi-r#5", &s, err), -2);
	ck_assert_str_eq(err, "semi-reflex play (semi-r#5) is not supported");
	ck_assert_int_eq(stip("reci-h#2", &s, err), -2);
	ck_assert_str_eq(err, "reciprocal play (reci-h#2) is not supported");
	ck_assert_int_eq(stip("ser-hs#3", &s, err), -2);
	ck_assert_str_eq(err, "series help-self play (ser-hs#3) is not supported");
	ck_assert_int_eq(stip("ser-hr#3", &s, err), -2);
	ck_assert_str_eq(err, "series help-reflex play (ser-hr#3) is not supported");
	ck_assert_int_eq(stip("pser-h==3", &s, err), -2);
	ck_assert_str_eq(err, "parry-series play (pser-h==3) is not supported");
	ck_assert_int_eq(stip("h!=2", &s, err), -2);
	ck_assert_str_eq(err, "auto-stalemate (h!=2) is not supported");
	ck_assert_int_eq(stip("=", &s, err), -2);
	ck_assert_str_eq(err, "study (=) is not supported");
	ck_assert_int_eq(stip("#2.5", &s, err), -2);
	ck_assert_str_eq(err, "half-move stipulation (#2.5) is not supported");
	ck_assert_int_eq(stip("PG 12.5", &s, err), -2);
	ck_assert_str_eq(err, "proof game (PG 12.5) is not supported");
	ck_assert_int_eq(stip("+", &s, err), -2);
	ck_assert_str_eq(err, "study (+) is not supported");
	/* forms of Popeye's BEISPIEL, EXAMPLES and REGRESSIONS that were
	   "malformed" */
	static const struct {
		const char *stip, *what;
	} popeye_forms[] = {
	    {"3->ser-#2", "introductory play (N->)"},
	    {"reci-h(=)#3", "reciprocal play"},
	    {"ser-reci-h(#)=2", "reciprocal play"},
	    {"ser-dia8", "series proof game"},
	    {"exact-dia4", "proof game"},
	    {"pser-hdia10", "series proof game"},
	    {"Ser-a=>b2", "series proof game"},
	    {"sctr1", "circuit-by-rebirth goal"},
	    {"s<>r2", "exchange-by-rebirth goal"},
	    {"ser-!#11", "automate goal"},
	    {"hkh31", "kiss goal"},
	};
	for (size_t i = 0; i < sizeof popeye_forms / sizeof popeye_forms[0]; i++) {
		char want[160];
		snprintf(want, sizeof want, "%s (%s) is not supported", popeye_forms[i].what,
		         popeye_forms[i].stip);
		ck_assert_int_eq(stip(popeye_forms[i].stip, &s, err), -2);
		ck_assert_str_eq(err, want);
	}
}
END_TEST

START_TEST(test_stip_malformed)
{
	struct stipulation s;
	char err[160];
	ck_assert_int_eq(stip("xyz", &s, err), -1);
	ck_assert_str_eq(err, "malformed stipulation 'xyz'");
	ck_assert_int_eq(stip("#", &s, err), -1);
	ck_assert_str_eq(err, "malformed stipulation '#'");
	ck_assert_int_eq(stip("win in", &s, err), -1);
	ck_assert_str_eq(err, "malformed stipulation 'win in'");
	ck_assert_int_eq(stip("win in two", &s, err), -1);
	ck_assert_str_eq(err, "malformed stipulation 'win in two'");
	ck_assert_int_eq(stip("   ", &s, err), -1);
	ck_assert_str_eq(err, "empty stipulation");
	/* long garbage is quoted shortened, the message stays one line */
	ck_assert_int_eq(stip("0123456789012345678901234567890123456789abcdef", &s, err), -1);
	ck_assert_str_eq(err,
	                 "malformed stipulation '0123456789012345678901234567890123456789...'");
}
END_TEST

/* ------------------------------------------------------ YACPDB / Olive */

START_TEST(test_O1_yacpdb_entry_every_field)
{
	char ob[96];
	struct collection c = load_file(DATA "yacpdb.yaml");
	ck_assert_int_eq(c.count, 1);
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(p->file, DATA "yacpdb.yaml");
	ck_assert_int_eq(p->index, 1);
	ck_assert_int_eq(p->line, 3);
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_int_eq(p->nwarnings, 0);
	ck_assert_str_eq(p->game->id, "chess");
	ck_assert(p->has_stip);
	ck_assert_int_eq(p->stip.kind, STIP_DIRECT);
	ck_assert_int_eq(p->stip.n, 2);
	ck_assert_str_eq(p->title, "Every field");
	ck_assert_str_eq(p->authors, "Composer, First\nВторой, Автор");
	ck_assert_str_eq(p->source, "The Chess Monthly, 12, 1859-05");
	ck_assert_str_eq(p->award, "1st Prize, Example Tourney");
	ck_assert_str_eq(p->caption_style, "seed");
	ck_assert_str_eq(p->solution, "1.Qh1-d5 ! zugzwang.\n    1...Ka2-b2 2.Qd5-b3 #\n");
	ck_assert_int_eq(p->nkeywords, 2);
	ck_assert_str_eq(p->keywords[0], "Miniature");
	ck_assert_str_eq(p->keywords[1], "Zugzwang");
	ck_assert_int_eq(p->noptions, 2);
	ck_assert_str_eq(opt_text(p, 0, ob, sizeof ob), "SetPlay");
	ck_assert_str_eq(opt_text(p, 1, ob, sizeof ob), "Defence 1");
	ck_assert_int_eq(p->ntwins, 0);
	/* Popeye codes: S is the knight; white upper case, black lower */
	ck_assert_int_eq(at(p, "b4"), 'K');
	ck_assert_int_eq(at(p, "h1"), 'Q');
	ck_assert_int_eq(at(p, "b1"), 'N');
	ck_assert_int_eq(at(p, "c2"), 'P');
	ck_assert_int_eq(at(p, "a2"), 'k');
	ck_assert_int_eq(at(p, "a3"), 'p');
	ck_assert_int_eq(at(p, "e4"), '.');
	ck_assert_int_eq(to_move(p), 0);
	count_is(p, "(4+2)");
	collection_free(&c);
}
END_TEST

START_TEST(test_olive_collection)
{
	char ob[96];
	struct collection c = load_file(DATA "olive.olv");
	ck_assert_int_eq(c.count, 6);
	const struct puzzle *p = &c.items[0];

	/* 1: !!python/unicode tags ignored, Cyrillic name, flat source */
	ck_assert_int_eq(p->index, 1);
	ck_assert_int_eq(p->line, 5);
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(p->authors, "Јаневски, Живко");
	ck_assert_str_eq(p->source, "Broodings, 50, 2009-02");
	ck_assert_str_eq(p->solution, "1.Ra6 ! (2.Qa7+ Kb5)\n  1...d5 2.Qe7+");
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_int_eq(p->stip.kind, STIP_SELF);
	ck_assert_int_eq(at(p, "b4"), 'N');
	count_is(p, "(4+3)");

	/* 2: numeric date, flat distinction, folded solution */
	p = &c.items[1];
	ck_assert_int_eq(p->line, 18);
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_str_eq(p->authors, "Петков, Петко Андонов\nMüller, Dieter");
	ck_assert_str_eq(p->source, "Illustrated London News, 1858");
	ck_assert_str_eq(p->award, "2nd Prize");
	ck_assert_str_eq(p->solution, "1.Qf7-f3 ! zugzwang.\n");
	count_is(p, "(3+1)");

	/* 3: N is the nightrider, never a knight */
	p = &c.items[2];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(
	    or_none(p->unsupported),
	    "fairy piece 'N' (nightrider) at b7 in algebraic.black (the knight is S in "
	    "YACPDB's and Popeye's codes)");
	ck_assert(!p->has_position);

	/* 4: a fairy condition; the Popeye option beside it is kept */
	p = &c.items[3];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->unsupported),
	                 "fairy condition 'AntiCirce Cheylan' is not supported");
	ck_assert_int_eq(p->noptions, 1);
	ck_assert_str_eq(opt_text(p, 0, ob, sizeof ob), "Defence 1");

	/* 5: help play, twins kept verbatim */
	p = &c.items[4];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_int_eq(p->stip.kind, STIP_HELP);
	ck_assert_int_eq(p->stip.n, 2);
	ck_assert_int_eq(p->ntwins, 2);
	ck_assert_str_eq(p->twins[0].label, "b");
	ck_assert_str_eq(p->twins[0].text, "Move b4 f3");
	ck_assert_str_eq(p->twins[1].label, "c");
	ck_assert_str_eq(p->twins[1].text, "Continued Exchange c3 f4");

	/* 6: Olive's empty template */
	p = &c.items[5];
	ck_assert_int_eq(p->line, 49);
	ck_assert_str_eq(or_none(p->error), DATA "olive.olv:50:12: algebraic: holds no men: no "
	                                         "position (give them as white: [Ke1, ...] and "
	                                         "black: [...], or give fen:)");
	collection_free(&c);
}
END_TEST

START_TEST(test_collection_error_does_not_stop_the_rest)
{
	struct collection c = load_file(DATA "collection.yaml");
	ck_assert_int_eq(c.count, 3);
	ck_assert_int_eq(c.items[0].index, 1);
	ck_assert_int_eq(c.items[1].index, 2);
	ck_assert_int_eq(c.items[2].index, 3);
	ck_assert_int_eq(c.items[0].line, 2);
	ck_assert_int_eq(c.items[1].line, 6);
	ck_assert_int_eq(c.items[2].line, 12);
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert(c.items[0].has_position);
	ck_assert_str_eq(c.items[0].title, "first");
	ck_assert_str_eq(or_none(c.items[1].error),
	                 DATA "collection.yaml:9:16: square 'j9' is off the 8x8 board");
	ck_assert_str_eq(c.items[1].title, "second");
	ck_assert_str_eq(or_none(c.items[2].error), "(none)");
	ck_assert(c.items[2].has_position);
	ck_assert_str_eq(c.items[2].game->id, "upuaut");
	ck_assert_int_eq(c.items[2].stip.n, 3);
	collection_free(&c);
}
END_TEST

START_TEST(test_syntax_error_keeps_earlier_puzzles)
{
	struct collection c = load_file(DATA "syntax.yaml");
	ck_assert_int_eq(c.count, 3);
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert(c.items[0].has_position);
	ck_assert_str_eq(or_none(c.items[1].error), "(none)");
	ck_assert_str_eq(c.items[1].game->id, "tavlei");
	ck_assert(c.items[1].has_position);
	/* the third document (line 11) breaks off the stream: libyaml's words */
	ck_assert_int_eq(c.items[2].index, 3);
	ck_assert_int_eq(c.items[2].line, 11);
	ck_assert_str_eq(or_none(c.items[2].error),
	                 DATA "syntax.yaml:14:1: did not find expected ',' or '}'");
	collection_free(&c);
}
END_TEST

START_TEST(test_empty_documents_are_no_puzzles)
{
	struct collection c = load("# only a comment\n---\n---\n");
	ck_assert_int_eq(c.count, 0);
	collection_free(&c);
	c = load("");
	ck_assert_int_eq(c.count, 0);
	collection_free(&c);
	c = load("---\n---\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n---\n");
	ck_assert_int_eq(c.count, 1);
	ck_assert_int_eq(c.items[0].index, 1);
	ck_assert_int_eq(c.items[0].line, 2);
	ck_assert(c.items[0].has_position);
	collection_free(&c);
}
END_TEST

START_TEST(test_metadata_spellings)
{
	/* plain strings everywhere */
	struct collection c = load("authors: Loyd, Samuel\n"
	                           "source: The Era\n"
	                           "date: {year: 1860, month: 1, day: 8}\n"
	                           "award: Hon. mention\n"
	                           "keywords: Miniature\n"
	                           "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(p->authors, "Loyd, Samuel");
	ck_assert_str_eq(p->source, "The Era, 1860-01-08");
	ck_assert_str_eq(p->award, "Hon. mention");
	ck_assert_int_eq(p->nkeywords, 1);
	ck_assert_str_eq(p->keywords[0], "Miniature");
	ck_assert(!p->has_stip);
	ck_assert_ptr_null(p->title);
	ck_assert_ptr_null(p->caption_style);
	collection_free(&c);

	/* tourney "ditto" (= the source), string date in the nested source */
	c = load("source: {name: The Chess Monthly, date: 1859-05}\n"
	         "award: {tourney: ditto, distinction: 3rd HM}\n"
	         "caption-style: plain\n"
	         "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(p->source, "The Chess Monthly, 1859-05");
	ck_assert_str_eq(p->award, "3rd HM");
	ck_assert_ptr_null(p->caption_style);
	collection_free(&c);
}
END_TEST

START_TEST(test_popeye_options_and_conditions)
{
	char ob[96];
	struct collection c =
	    load("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	         "options: [SetPlay, Try, Threat 2, NoThreat, Variation, MaxSolutions 3,\n"
	         "          NoBoard, Intelligent, defence 1]\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_int_eq(p->noptions, 9);
	ck_assert_str_eq(opt_text(p, 2, ob, sizeof ob), "Threat 2");
	ck_assert_str_eq(opt_text(p, 8, ob, sizeof ob), "Defence 1");
	collection_free(&c);

	expect_unsupported("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\noptions: [Madrasi]\n",
	                   "fairy condition 'Madrasi' is not supported");
	expect_unsupported("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\noptions: [Circe, SetPlay]\n",
	                   "fairy condition 'Circe' is not supported");
	expect_unsupported("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\noptions: [NoWk]\n",
	                   "option 'NoWk' is not supported: White has no king");
	expect_unsupported("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\noptions: [NoCastling a1]\n",
	                   "option 'NoCastling a1' is not supported (use castling:): castling "
	                   "rights lost");
}
END_TEST

/*
** Issue 23, item 1: an option is read into what maat understands, its
** arguments checked, or refused at the word that is wrong.  The file's
** words were kept and written into a converted .inp as they stood:
** "Try Protocol victim.txt" became Popeye's Protocol command.
*/
START_TEST(test_options_typed_or_refused)
{
	char ob[96];
	static const char head[] = "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
	static const struct {
		const char *options, *error;
	} bad[] = {
	    {"options: [\"Try Protocol victim.txt\"]\n",
	     "t.yaml:2:16: options: Try takes no argument, got 'Protocol'"},
	    {"options: [\"SetPlay EndProblem\"]\n",
	     "t.yaml:2:20: options: SetPlay takes no argument, got 'EndProblem'"},
	    {"options: [\"Variation LaTeX victim.tex\"]\n",
	     "t.yaml:2:22: options: Variations takes no argument, got 'LaTeX'"},
	    {"options: [Defence]\n", "t.yaml:2:18: options: Defence needs a number"},
	    {"options: [Defence 2x]\n", "t.yaml:2:19: options: Defence needs a number, got '2x'"},
	    {"options: [Defence 2 3]\n", "t.yaml:2:21: options: Defence takes no more, got '3'"},
	    {"options: [MaxTime 0]\n", "t.yaml:2:19: options: MaxTime needs a number, got '0'"},
	    {"options: [Threat 99999999999]\n",
	     "t.yaml:2:18: options: Threat needs a number, got '99999999999'"},
	    {"options: [EnPassant e9]\n",
	     "t.yaml:2:21: options: EnPassant needs squares (as 'a1h1'), got 'e9'"},
	    {"options:\n  - |\n    SetPlay\n    EndProblem\n",
	     "t.yaml:3:5: options: SetPlay takes no argument, got 'EndProblem'"},
	    {"options: [T]\n", "t.yaml:2:11: options: ambiguous option, got 'T'"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char yaml[256];
		snprintf(yaml, sizeof yaml, "%s%s", head, bad[i].options);
		expect_error(yaml, bad[i].error);
	}
	/* what is kept is the values: abbreviations and case as Popeye reads
	   them, written in full */
	struct collection c =
	    load("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	         "options: [set, defense  3, Intelligent 5, vari, StartMove 3:2]\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(p->noptions, 5);
	ck_assert_str_eq(opt_text(p, 0, ob, sizeof ob), "SetPlay");
	ck_assert_str_eq(opt_text(p, 1, ob, sizeof ob), "Defence 3");
	ck_assert_str_eq(opt_text(p, 2, ob, sizeof ob), "Intelligent 5");
	ck_assert_str_eq(opt_text(p, 3, ob, sizeof ob), "Variations");
	ck_assert_str_eq(opt_text(p, 4, ob, sizeof ob), "StartMoveNumber 3:2");
	collection_free(&c);
	/* issue 23, item 7: PostKeyPlay is another problem (the diagram is the
	   position after the key), not a way of printing this one */
	expect_unsupported("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\noptions: [PostKeyPlay]\n",
	                   "option 'PostKeyPlay' is not supported: the diagram is the position "
	                   "after the key");
}
END_TEST

START_TEST(test_twins_kept_and_built)
{
	/* twins are problems of their own: tests/check_twin.c */
	struct collection c = load("fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n"
	                           "stipulation: '#2'\n"
	                           "twins: {b: Move h1 h2, c: Continued Remove e8}\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->unsupported), "(none)");
	ck_assert_int_eq(p->ntwins, 2);
	ck_assert(p->twins_ready);
	ck_assert_str_eq(p->twins[1].label, "c");
	ck_assert_str_eq(p->twins[1].text, "Continued Remove e8");
	ck_assert(p->twins[0].has_position);
	/* a king removed: unsupported, as from Popeye input (Popeye solves it) */
	ck_assert_str_eq(or_none(p->twins[1].error), "(none)");
	ck_assert_str_eq(or_none(p->twins[1].unsupported),
	                 "a position without a black king is not supported");
	ck_assert_int_eq(puzzle_problem_count(p), 3);
	collection_free(&c);
}
END_TEST

START_TEST(test_fairy_pieces_unsupported)
{
	expect_unsupported("algebraic: {white: [Ke1, Gd4], black: [Ke8]}\n",
	                   "fairy piece 'G' (grasshopper) at d4 in algebraic.white");
	expect_unsupported("algebraic: {white: [Ke1, LEb2], black: [Ke8]}\n",
	                   "fairy piece 'LE' (leo) at b2 in algebraic.white");
	expect_unsupported("algebraic: {white: [Ke1], black: [Ke8, Royal Zf3]}\n",
	                   "fairy piece 'Royal Z' (zebra) at f3 in algebraic.black");
	expect_unsupported("algebraic: {white: [Ke1, Kamikaze Ba1], black: [Ke8]}\n",
	                   "fairy piece 'Kamikaze B' at a1 in algebraic.white");
	expect_unsupported("algebraic: {white: [Ke1], black: [Ke8], neutral: [Pd4]}\n",
	                   "neutral pieces are not supported ('Pd4' in algebraic.neutral)");
	/* a knight is S, and a nightrider spelled in lower case is still one */
	expect_unsupported("algebraic: {white: [Ke1, nc3], black: [Ke8]}\n",
	                   "fairy piece 'n' (nightrider) at c3 in algebraic.white (the knight is S "
	                   "in YACPDB's and Popeye's codes)");
}
END_TEST

/* ----------------------------------------------------------- games */

START_TEST(test_O1_fen_and_to_move_override)
{
	struct collection c = load("fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n"
	                           "to-move: black\n"
	                           "stipulation: '#2'\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(to_move(p), 1);
	ck_assert_int_eq(at(p, "h1"), 'R');
	collection_free(&c);
}
END_TEST

START_TEST(test_O1_board_castling_and_en_passant)
{
	struct setup s;
	/* Popeye's convention: castling wherever king and rook are at home */
	struct collection c = load("board: |\n"
	                           "  ....k...\n"
	                           "  ........\n"
	                           "  ........\n"
	                           "  ........\n"
	                           "  ........\n"
	                           "  ........\n"
	                           "  ........\n"
	                           "  R...K..R\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	p->game->get_setup(p->pos, &s);
	ck_assert_str_eq(s.castling, "KQ");
	ck_assert_int_eq(s.side_to_move, 0);
	count_is(p, "(3+1)");
	collection_free(&c);

	c = load("castling: K\n"
	         "board: |\n"
	         "  . . . . k . . .\n"
	         "  . . . . . . . .\n"
	         "  . . . . . . . .\n"
	         "  . . . . . . . .\n"
	         "  . . . . . . . .\n"
	         "  . . . . . . . .\n"
	         "  . . . . . . . .\n"
	         "  R . . . K . . R\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	p->game->get_setup(p->pos, &s);
	ck_assert_str_eq(s.castling, "K");
	collection_free(&c);

	/* black to move after e2-e4, a black pawn on d4 can take en passant */
	c = load("to-move: black\n"
	         "en-passant: e3\n"
	         "castling: '-'\n"
	         "algebraic: {white: [Ke1, Ra1, Pe4], black: [Ke8, Pd4]}\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	p->game->get_setup(p->pos, &s);
	ck_assert_str_eq(s.castling, "-");
	ck_assert_str_eq(s.en_passant, "e3");
	ck_assert_int_eq(s.side_to_move, 1);
	collection_free(&c);
}
END_TEST

START_TEST(test_M1_morok_algebraic)
{
	struct collection c = load("game: Morok\n"
	                           "algebraic:\n"
	                           "  white: [Kb4, Pd2]\n"
	                           "  black: [Ke8, Bg7, Sb5]\n"
	                           "stipulation: win in 1\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(p->game->id, "morok");
	ck_assert_int_eq(at(p, "b5"), 'n');
	ck_assert_int_eq(at(p, "g7"), 'b');
	ck_assert_int_eq(p->stip.n, 1);
	count_is(p, "(2+3)");
	collection_free(&c);
}
END_TEST

START_TEST(test_U2_upuaut_board_and_algebraic)
{
	struct collection c = load("game: upuaut\n"
	                           "board: |\n"
	                           "  b b k b b\n"
	                           "  . . . . .\n"
	                           "  . . . . .\n"
	                           "  . . . . .\n"
	                           "  . . . . .\n"
	                           "  B B K B B\n"
	                           "stipulation: '#3'\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(at(p, "c1"), 'K');
	ck_assert_int_eq(at(p, "c6"), 'k');
	ck_assert_int_eq(at(p, "e6"), 'b');
	ck_assert_int_eq(p->stip.n, 3);
	count_is(p, "(5+5)");
	collection_free(&c);

	c = load("game: upuaut\nalgebraic: {white: [Kc1, Bd1], black: [Kc6]}\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(at(p, "d1"), 'B');
	count_is(p, "(2+1)");
	collection_free(&c);

	expect_error("game: upuaut\nalgebraic: {white: [Kc1, Qd1], black: [Kc6]}\n",
	             "t.yaml:2:26: unknown piece letter 'Q' in algebraic.white "
	             "(no such piece in upuaut)");
	expect_error("game: upuaut\nalgebraic: {white: [Kc1], black: [Kc7]}\n",
	             "t.yaml:2:35: square 'c7' is off the 5x6 board");
}
END_TEST

START_TEST(test_T10_tavlei_otn_and_to_move)
{
	struct collection c = load("game: tavlei\n"
	                           "otn: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n"
	                           "to-move: defenders\n"
	                           "stipulation: win in 2\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(to_move(p), 1);
	ck_assert_int_eq(at(p, "e5"), 'K');
	ck_assert_int_eq(at(p, "e1"), 't');
	ck_assert_int_eq(at(p, "c5"), 'T');
	/* T2: 16 attackers against 8 defenders and the king */
	count_is(p, "(16+9)");
	collection_free(&c);
}
END_TEST

START_TEST(test_T9_tavlei_board_and_rules)
{
	struct collection c = load("game: tavlei\n"
	                           "board: |\n"
	                           "  . . . . . . . . .\n"
	                           "  . . . . . . . . .\n"
	                           "  . . . . . . . . .\n"
	                           "  . . . t . . . . .\n"
	                           "  . . . . K . . . .\n"
	                           "  . . . . . t . . .\n"
	                           "  . . . . T . . . .\n"
	                           "  . . . . . . . . .\n"
	                           "  . . . . . . . . .\n"
	                           "rules:\n"
	                           "  king-max-move: 8\n"
	                           "  corners-hostile: yes\n"
	                           "stipulation: win in 1\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(at(p, "d6"), 't');
	ck_assert_int_eq(at(p, "e5"), 'K');
	ck_assert_int_eq(at(p, "e3"), 'T');
	ck_assert_int_eq(to_move(p), 0);
	count_is(p, "(2+2)");
	collection_free(&c);

	expect_error("game: tavlei\n"
	             "otn: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n"
	             "rules: {king-max-move: 9}\n",
	             "t.yaml:3:24: rules: rule 'king-max-move' takes a number from 1 to 8");
	expect_error("game: tavlei\n"
	             "otn: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n"
	             "rules: {shieldwall: yes}\n",
	             "t.yaml:3:9: unknown rule 'shieldwall' for tavlei (throne-passable, "
	             "throne-hostile-defenders, armed-king, corners-hostile, edge-capture, "
	             "king-throne-capture, king-max-move)");
	expect_error("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nrules: {armed-king: no}\n",
	             "t.yaml:2:1: chess has no rule options");
	expect_error("game: tavlei\nalgebraic: {white: [Ke5]}\n",
	             "t.yaml:2:1: tavlei positions are given with otn: or board:");
	expect_error("game: tavlei\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:2:1: tavlei positions are given with otn: or board:");
	expect_error("otn: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n",
	             "t.yaml:1:1: otn: is for tafl positions; chess positions are given "
	             "with fen:, algebraic: or board:");
	expect_error("game: tavlei\n"
	             "otn: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n"
	             "to-move: white\n",
	             "t.yaml:3:10: to-move must be 'attackers' or 'defenders', got 'white'");
}
END_TEST

START_TEST(test_piece_count_without_position)
{
	struct collection c = load("stipulation: '#2'\n");
	char buf[16] = "x";
	ck_assert_int_eq(c.count, 1);
	puzzle_piece_count(&c.items[0], buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	collection_free(&c);
}
END_TEST

/* ----------------------------------------------------------- errors */

START_TEST(test_board_errors)
{
	/* one wording with every other board field (games/grid.h) */
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  kbbbb\n"
	             "  .....\n"
	             "  ..Z..\n"
	             "  .....\n  .....\n  BBKBB\n",
	             "t.yaml:5:5: unknown piece letter 'Z' on c4 (Upuaut has K B k b)");
	/* columns count characters, not bytes, and spaces */
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "    k b b b b\n"
	             "    . ♔ . . .\n"
	             "    . . . . .\n    . . . . .\n    . . . . .\n    B B K B B\n",
	             "t.yaml:4:7: unknown piece letter '♔' on b5 (Upuaut has K B k b)");
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  kbbbb.\n"
	             "  .....\n  .....\n  .....\n  .....\n  BBKBB\n",
	             "t.yaml:3:8: rank 6 has 6 squares, expected 5");
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  kbbbb\n"
	             "  ...\n"
	             "  .....\n  .....\n  .....\n  BBKBB\n",
	             "t.yaml:4:6: rank 5 has 3 squares, expected 5");
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  kbbbb\n"
	             "  .....\n"
	             "  BBKBB\n",
	             "t.yaml:2:8: the board has 3 ranks, expected 6");
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  kbbbb\n  .....\n  .....\n  .....\n  .....\n  BBKBB\n  .....\n",
	             "t.yaml:9:3: the board has 7 ranks, expected 6");
	expect_error("game: upuaut\nboard: \"kbbbb\"\n",
	             "t.yaml:2:8: board: must be a literal block scalar ('board: |' and one "
	             "line per rank)");
	/* the game's own check, prefixed */
	expect_error("game: upuaut\n"
	             "board: |\n"
	             "  bbbbb\n  .....\n  .....\n  .....\n  .....\n  BBKBB\n",
	             "t.yaml:2:1: position: black has no king");
}
END_TEST

START_TEST(test_position_errors)
{
	expect_error("algebraic: {white: [Ke1, Kd4], black: [Ke8]}\n",
	             "t.yaml:1:1: position: white has 2 kings");
	expect_error("fen: 4k3/8/8/8/8/8/8/4K3 x - - 0 1\n",
	             "t.yaml:1:6: position: side to move must be 'w' or 'b', not 'x'");
	expect_error(
	    "algebraic: {white: [Ke1], black: [Ke8]}\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	    "t.yaml:2:1: two positions: algebraic: and fen: (give exactly one)");
	expect_error("stipulation: '#2'\n",
	             "t.yaml:1:1: no position (give algebraic:, fen:, otn: or board:)");
	expect_error("stipulation: '#2'\nalgebraic: {white: [], black: []}\n",
	             "t.yaml:2:12: algebraic: holds no men: no position (give them as white: [Ke1, "
	             "...] and black: [...], or give fen:)");
	expect_error("algebraic:\n  white: [Ke1, Qj9]\n  black: [Ke8]\n",
	             "t.yaml:2:16: square 'j9' is off the 8x8 board");
	expect_error("algebraic:\n  white: [Ke1, Qa0]\n  black: [Ke8]\n",
	             "t.yaml:2:16: square 'a0' is off the 8x8 board");
	expect_error("algebraic:\n  white: [Ke1, Qe1]\n  black: [Ke8]\n",
	             "t.yaml:2:16: two pieces on e1 (algebraic.white)");
	expect_error("algebraic:\n  white: [Ke1, Q-e4]\n  black: [Ke8]\n",
	             "t.yaml:2:16: malformed piece 'Q-e4' in algebraic.white (a piece code "
	             "and a square, as in 'Kb4')");
	expect_error("algebraic:\n  white: [Ke1]\n  grey: [Ke8]\n",
	             "t.yaml:3:3: unknown colour 'grey' in algebraic (white, black, neutral)");
	expect_error("algebraic:\n  - Ke1\n  - Ke8\n",
	             "t.yaml:2:3: expected a mapping for 'algebraic', got a sequence");
	expect_error("algebraic: {white: Ke1, black: [Ke8]}\n",
	             "t.yaml:1:20: expected a sequence for 'algebraic.white', got a string");
	expect_error("algebraic: {white: [Ke1], black: [Ke8], white: [Qd1]}\n",
	             "t.yaml:1:41: duplicate field 'algebraic.white'");
	expect_error("castling: KX\nalgebraic: {white: [Ke1], black: [Ke8]}\n",
	             "t.yaml:1:11: castling must be '-' or letters from KQkq, got 'KX'");
	expect_error("castling: K\nfen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n",
	             "t.yaml:1:1: castling: does not go with fen: (the FEN says it)");
	expect_error("game: morok\ncastling: K\nfen: 4k3/8/8/8/8/8/8/4K2R w - - 0 1\n",
	             "t.yaml:2:1: castling: is only for chess");
}
END_TEST

START_TEST(test_field_errors)
{
	expect_error("stipulation: win in 0\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:14: stipulation: N must be from 1 to 60 in 'win in 0'");
	expect_error("stipulation: 'mate in 2'\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:14: stipulation: malformed stipulation 'mate in 2'");
	expect_error("stipulation: [2]\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:14: expected a string for 'stipulation', got a sequence");
	expect_error("stipulation: '#2'\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nstipulation: '#3'\n",
	             "t.yaml:3:1: duplicate field 'stipulation'");
	expect_error("game: go\nstipulation: '#2'\n",
	             "t.yaml:1:7: unknown game 'go' (games: chess, morok, upuaut, tavlei)");
	expect_error("to-move: blue\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:10: to-move must be 'white' or 'black', got 'blue'");
	expect_error("caption-style: fancy\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:16: caption-style must be 'seed' or 'plain', got 'fancy'");
	expect_error("authors: {name: X}\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:10: expected a sequence for 'authors', got a mapping");
	expect_error("- a\n- b\n", "t.yaml:1:1: expected a mapping of fields for a puzzle, "
	                           "got a sequence");
	expect_error("stipulation: '#2'\n"
	             "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	             "stipulation: '#3'\n"
	             "foo: 1\n",
	             "t.yaml:3:1: duplicate field 'stipulation'");
	expect_unsupported("stipulation: semi-r#5\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	                   "semi-reflex play (semi-r#5) is not supported");
	/* S2, S7: Popeye's spellings fix who moves first; the FEN must agree */
	expect_error("stipulation: ser-h#5\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:2:6: in ser-h#5 Black moves first (Popeye's convention: White is the "
	             "winning side), but the position has White to move");
	expect_error("stipulation: s#2\nfen: 4k3/8/8/8/8/8/8/4K3 b - - 0 1\n",
	             "t.yaml:2:6: in s#2 White moves first (Popeye's convention: White is the "
	             "solving side), but the position has Black to move");
	expect_unsupported("stipulation: h#2\nfen: 4k3/8/8/8/8/8/8/4K3 b - - 0 1\n", "(none)");
	/* the words of every game: the side named solves (self) or starts */
	expect_unsupported("stipulation: self-win in 3\nfen: 4k3/8/8/8/8/8/8/4K3 b - - 0 1\n",
	                   "(none)");
}
END_TEST

START_TEST(test_unknown_fields_warn)
{
	struct collection c = load("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	                           "foo: 1\n"
	                           "comments: [known, not used: no warning]\n"
	                           "  \n"
	                           "Stipulation: '#2'\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(p->nwarnings, 2);
	ck_assert_str_eq(p->warnings[0], "t.yaml:2:1: unknown field 'foo' (ignored)");
	ck_assert_str_eq(p->warnings[1], "t.yaml:5:1: unknown field 'Stipulation' (ignored)");
	collection_free(&c);
	expect_error("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nfoo: 1\nfoo: 2\n",
	             "t.yaml:3:1: duplicate field 'foo'");
}
END_TEST

START_TEST(test_aliases_refused)
{
	/* an anchor alone is harmless */
	struct collection c = load("title: &t Anchored\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert_str_eq(c.items[0].title, "Anchored");
	collection_free(&c);
	/* any alias is refused, and the next document still loads */
	c = load("title: &t Anchored\n"
	         "solution: *t\n"
	         "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	         "---\n"
	         "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
	ck_assert_int_eq(c.count, 2);
	ck_assert_str_eq(or_none(c.items[0].error), "t.yaml:2:11: aliases are not supported");
	ck_assert_str_eq(or_none(c.items[1].error), "(none)");
	ck_assert(c.items[1].has_position);
	collection_free(&c);
	/* the classic alias bomb: refused at the first alias, nothing expanded */
	expect_error("a: &a [x, x, x, x, x, x, x, x, x]\n"
	             "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	             "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
	             "t.yaml:2:8: aliases are not supported");
}
END_TEST

static char *repeat(const char *head, const char *unit, int n, const char *tail)
{
	size_t len = strlen(head) + strlen(unit) * (size_t)n + strlen(tail) + 1;
	char *s = malloc(len);
	ck_assert_ptr_nonnull(s);
	strcpy(s, head);
	char *e = s + strlen(s);
	for (int i = 0; i < n; i++) {
		strcpy(e, unit);
		e += strlen(unit);
	}
	strcpy(e, tail);
	return s;
}

START_TEST(test_limits)
{
	char *s;
	struct collection c;

	/* nesting: 64 levels are fine (then "no position"), 65 are not */
	s = repeat("x: ", "[", 63, "");
	char *t = repeat(s, "]", 63, "\n");
	expect_error(t, "t.yaml:1:1: no position (give algebraic:, fen:, otn: or board:)");
	free(s);
	free(t);
	s = repeat("x: ", "[", 64, "");
	t = repeat(s, "]", 64, "\n");
	expect_error(
	    t, "t.yaml:1:67: nesting deeper than 64 levels (the rest of the file is not read)");
	free(s);
	free(t);

	/* a scalar of 1 MiB + 1 */
	s = repeat("solution: ", "x", (1 << 20) + 1, "\n");
	expect_error(s, "t.yaml:1:11: a value is longer than 1 MiB");
	free(s);

	/* 1000 pieces are read (and the squares clash), 1001 are refused */
	s = repeat("algebraic: {white: [", "Ka1, ", 1000, "Ka1]}\n");
	expect_error(s, "t.yaml:1:20: more than 1000 pieces in algebraic.white");
	free(s);
	s = repeat("algebraic: {white: [Ka1", ", Ka1", 999, "]}\n");
	expect_error(s, "t.yaml:1:26: two pieces on a1 (algebraic.white)");
	free(s);

	/* values in one document */
	s = repeat("comments: [", "a, ", 100000, "a]\n");
	expect_error(s, "t.yaml:1:300003: more than 100000 values in one document");
	free(s);

	/* 100000 documents, then the rest is refused */
	s = repeat("", "---\n", 100001, "");
	c = load(s);
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:100001:1: more than 100000 puzzles in one file (the rest is "
	                 "ignored)");
	collection_free(&c);
	free(s);

	/* 16 MiB */
	size_t big = ((size_t)16 << 20) + 1;
	s = malloc(big);
	ck_assert_ptr_nonnull(s);
	memset(s, '#', big);
	ck_assert_int_eq(puzzle_load_buffer("big.yaml", s, big, &c), 0);
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error), "big.yaml: file is larger than 16 MiB");
	collection_free(&c);
	free(s);
}
END_TEST

START_TEST(test_file_errors)
{
	struct collection c = load_file(DATA "no-such-file.yaml");
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error),
	                 DATA "no-such-file.yaml: cannot open: No such file or directory");
	collection_free(&c);
	c = load_file(DATA);
	ck_assert_int_eq(c.count, 1);
	ck_assert_str_eq(or_none(c.items[0].error), DATA ": cannot read: Is a directory");
	collection_free(&c);
}
END_TEST

START_TEST(test_invalid_utf8)
{
	/* the byte 0xff on line 4, column 8, in the document opened on line 2:
	   the first puzzle is kept */
	struct collection c = load("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	                           "---\n"
	                           "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	                           "title: \xff\n"
	                           "---\n"
	                           "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
	ck_assert_int_eq(c.count, 2);
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert(c.items[0].has_position);
	ck_assert_int_eq(c.items[1].line, 2);
	ck_assert_str_eq(or_none(c.items[1].error),
	                 "t.yaml:4:8: invalid UTF-8 (byte 0xff); the file must be UTF-8");
	collection_free(&c);

	/* Latin-1 "Müller" in the first line */
	expect_error("authors: [M\xfcller]\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
	             "t.yaml:1:12: invalid UTF-8 (byte 0xfc); the file must be UTF-8");
	/* the bad byte opens the next document: the one before it is whole */
	c = load("fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
	         "--- \x01\n");
	ck_assert_int_eq(c.count, 2);
	ck_assert_str_eq(or_none(c.items[0].error), "(none)");
	ck_assert(c.items[0].has_position);
	ck_assert_int_eq(c.items[1].line, 2);
	ck_assert_str_eq(or_none(c.items[1].error),
	                 "t.yaml:2:5: control character 0x01 is not allowed");
	collection_free(&c);
	/* an unfinished document cut short by a bad byte on a "---" line
	   (found by fuzzing: the half-built document must not be read) */
	c = load("fen: [a,\n---\xff\n");
	ck_assert_int_eq(c.count, 1);
	ck_assert_int_eq(c.items[0].line, 1);
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:2:4: invalid UTF-8 (byte 0xff); the file must be UTF-8");
	collection_free(&c);
	/* an overlong encoding of '/' and a UTF-16 surrogate are refused too */
	expect_error("title: \xc0\xaf\n", "t.yaml:1:8: invalid UTF-8 (byte 0xc0); the file "
	                                  "must be UTF-8");
	expect_error("title: \xed\xa0\x80\n", "t.yaml:1:8: invalid UTF-8 (byte 0xed); the "
	                                      "file must be UTF-8");
}
END_TEST

/* A stipulation's text is kept whole or refused with the limit named (it
   was cut at 31 bytes: "series-help-double-stalemate in 12" became
   "series-help-double-stalemate in"; issue 21, part 5). */
START_TEST(test_S2_stip_text_whole_or_refused)
{
	struct stipulation s;
	char err[512];
	const char *longest = "series-help-double-stalemate in 12";
	ck_assert_int_eq(stip_parse(longest, &s, err, sizeof err), 0);
	ck_assert_str_eq(s.text, longest);
	ck_assert_int_eq(
	    stip_parse("exact-series-help-double-stalemate in 12", &s, err, sizeof err), 0);
	ck_assert_str_eq(s.text, "exact-series-help-double-stalemate in 12");
	/* a stipulation spelt with more than 63 bytes (blanks between its words) */
	char big[96];
	snprintf(big, sizeof big, "win%64sin 2", "");
	ck_assert_int_eq(stip_parse(big, &s, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "longer than 63 bytes"), "%s", err);
}
END_TEST

Suite *puzzle_suite(void)
{
	Suite *s = suite_create("puzzle");
	TCase *tc = tcase_create("puzzle");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_S1_stip_direct_spellings);
	tcase_add_test(tc, test_S2_stip_text_whole_or_refused);
	tcase_add_test(tc, test_S2_S3_stip_help_and_self);
	tcase_add_test(tc, test_S1_stip_n_out_of_range);
	tcase_add_test(tc, test_stip_stalemate_goal);
	tcase_add_test(tc, test_S2_S3_S7_first_mover);
	tcase_add_test(tc, test_stip_double_and_counter_mate);
	tcase_add_test(tc, test_stip_other_popeye_forms_unsupported);
	tcase_add_test(tc, test_stip_malformed);
	tcase_add_test(tc, test_O1_yacpdb_entry_every_field);
	tcase_add_test(tc, test_olive_collection);
	tcase_add_test(tc, test_collection_error_does_not_stop_the_rest);
	tcase_add_test(tc, test_syntax_error_keeps_earlier_puzzles);
	tcase_add_test(tc, test_empty_documents_are_no_puzzles);
	tcase_add_test(tc, test_metadata_spellings);
	tcase_add_test(tc, test_popeye_options_and_conditions);
	tcase_add_test(tc, test_options_typed_or_refused);
	tcase_add_test(tc, test_twins_kept_and_built);
	tcase_add_test(tc, test_fairy_pieces_unsupported);
	tcase_add_test(tc, test_O1_fen_and_to_move_override);
	tcase_add_test(tc, test_O1_board_castling_and_en_passant);
	tcase_add_test(tc, test_M1_morok_algebraic);
	tcase_add_test(tc, test_U2_upuaut_board_and_algebraic);
	tcase_add_test(tc, test_T10_tavlei_otn_and_to_move);
	tcase_add_test(tc, test_T9_tavlei_board_and_rules);
	tcase_add_test(tc, test_piece_count_without_position);
	tcase_add_test(tc, test_board_errors);
	tcase_add_test(tc, test_position_errors);
	tcase_add_test(tc, test_field_errors);
	tcase_add_test(tc, test_unknown_fields_warn);
	tcase_add_test(tc, test_aliases_refused);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_file_errors);
	tcase_add_test(tc, test_invalid_utf8);
	suite_add_tcase(s, tc);
	return s;
}
