/*
** check_popeye.c -- the readers of Popeye input, EPD records and FEN lines
** (src/input/): problem counts on Popeye's own files, the commands in the
** three languages and their abbreviations, positions, options, twins,
** Duplex, errors with file:line:column, and telling formats apart.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "input/popeye.h"
#include "model/puzzle.h"
#include "notation/popeye_lang.h"

Suite *popeye_suite(void);

static struct collection load(const char *text, const char *stip)
{
	struct collection c;
	struct load_opts o = {.stip = stip};
	ck_assert_int_eq(input_load_buffer("t.inp", text, strlen(text), &o, &c), 0);
	return c;
}

/* The option as maat keeps it (options.h), written back as text. */
static const char *opt_text(const struct puzzle *p, int i, char *buf, size_t len)
{
	ck_assert_int_lt(i, p->noptions);
	option_format(&p->options[i], buf, len);
	return buf;
}

static const char *fen(const struct puzzle *p, const void *pos, char *buf, size_t len)
{
	p->game->format(pos, buf, len);
	return buf;
}

static int count_if(const struct collection *c, bool (*pred)(const struct puzzle *))
{
	int n = 0;
	for (int i = 0; i < c->count; i++)
		n += pred(&c->items[i]);
	return n;
}

static bool has_error(const struct puzzle *p)
{
	return p->error != NULL;
}

/* Popeye's files: as many problems as Popeye's own output solves. */
START_TEST(test_popeye_files)
{
	char ob[96];
	static const struct {
		const char *path;
		int problems, errors;
	} files[] = {
	    {"data/popeye/castling.inp", 47, 0},
	    {"data/popeye/twin.inp", 36, 0},
	    /* problem 1 is Popeye's test of a position with Black in check */
	    {"data/popeye/battle_play.inp", 49, 1},
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		struct collection c;
		ck_assert_int_eq(input_load_file(files[i].path, NULL, &c), 0);
		ck_assert_msg(c.count == files[i].problems, "%s: %d problems", files[i].path,
		              c.count);
		ck_assert_int_eq(count_if(&c, has_error), files[i].errors);
		for (int k = 0; k < c.count; k++)
			ck_assert_int_eq(c.items[k].format, FORMAT_POPEYE);
		collection_free(&c);
	}
	/* castling.inp #1: "auto G. Sch"opfer / quel ... / ford #2 / opti vari /
	   stei weis ke1 da7 th1 schw kc1", on the file's line 3 */
	struct collection c;
	char buf[128];
	ck_assert_int_eq(input_load_file("data/popeye/castling.inp", NULL, &c), 0);
	const struct puzzle *p = &c.items[0];
	ck_assert_int_eq(p->line, 1);
	ck_assert_str_eq(p->authors, "G. Sch\"opfer");
	ck_assert_str_eq(p->source, "Neue Leipziger Ztg., 1927");
	ck_assert_str_eq(p->stip.text, "#2");
	ck_assert_str_eq(fen(p, p->pos, buf, sizeof buf), "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1");
	ck_assert_int_eq(p->noptions, 1);
	ck_assert_str_eq(opt_text(p, 0, ob, sizeof ob), "Variations");
	/* #2 starts at its "weiter" on line 11; a helpmate: Black to move */
	p = &c.items[1];
	ck_assert_int_eq(p->line, 11);
	ck_assert_str_eq(p->stip.text, "h#2");
	ck_assert_str_eq(fen(p, p->pos, buf, sizeof buf),
	                 "B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R b K - 0 1");
	collection_free(&c);
}
END_TEST

/* The three languages, and Popeye's abbreviations. */
START_TEST(test_popeye_languages)
{
	char ob[96];
	char a[128], b[128], f[128];
	struct collection e = load("BeginProblem\nAuthor Sam Loyd\nOrigin Le Sphinx, 1867\n"
	                           "Title The Excelsior\nStipulation #2\nPieces White Kb5 Qd1 "
	                           "Sc1d2 Pe4 Black Ka3 Pa4\nOption Try Defence 1\nEndProblem\n",
	                           NULL);
	struct collection g = load("anf\nauto Sam Loyd\nquel Le Sphinx, 1867\ntitel The "
	                           "Excelsior\nford #2\nstei weiss kb5 dd1 sc1d2 be4 schw ka3 ba4\n"
	                           "opti verf wid 1\nende\n",
	                           NULL);
	struct collection fr = load("DebutProbleme\nauteur Sam Loyd\nsource Le Sphinx, 1867\n"
	                            "titre The Excelsior\nenonce #2\npieces blanc Rb5 Dd1 Cc1d2 "
	                            "Pe4 noir Ra3 Pa4\noption essais defense 1\nfinprobleme\n",
	                            NULL);
	const struct puzzle *pe = &e.items[0], *pg = &g.items[0], *pf = &fr.items[0];
	ck_assert_int_eq(e.count + g.count + fr.count, 3);
	ck_assert_ptr_null(pe->error);
	ck_assert_ptr_null(pg->error);
	ck_assert_ptr_null(pf->error);
	ck_assert_str_eq(fen(pe, pe->pos, a, sizeof a), "8/8/8/1K6/p3P3/k7/3N4/2NQ4 w - - 0 1");
	ck_assert_str_eq(fen(pg, pg->pos, b, sizeof b), a);
	ck_assert_str_eq(fen(pf, pf->pos, f, sizeof f), a);
	const struct puzzle *all[3] = {pe, pg, pf};
	for (int i = 0; i < 3; i++) {
		ck_assert_str_eq(all[i]->authors, "Sam Loyd");
		ck_assert_str_eq(all[i]->source, "Le Sphinx, 1867");
		ck_assert_str_eq(all[i]->title, "The Excelsior");
		/* options in English, as YACPDB keeps them */
		ck_assert_int_eq(all[i]->noptions, 2);
		ck_assert_str_eq(opt_text(all[i], 0, ob, sizeof ob), "Try");
		ck_assert_str_eq(opt_text(all[i], 1, ob, sizeof ob), "Defence 1");
	}
	collection_free(&e);
	collection_free(&g);
	collection_free(&fr);

	/* "p" is pieces or protocol: ambiguous, as for Popeye */
	struct collection c = load("beginproblem\nstip #1\np white ka1\nendproblem\n", NULL);
	ck_assert_str_eq(c.items[0].error, "t.inp:3:1: ambiguous command 'p' (write more of it)");
	collection_free(&c);
	ck_assert_int_eq(popeye_match(popeye_lang(POPEYE_ENGLISH)->option, PO_COUNT, "def"),
	                 PO_DEFENCE);
	ck_assert_int_eq(popeye_match(popeye_lang(POPEYE_ENGLISH)->option, PO_COUNT, "no"), -2);
	/* a word in full wins over longer ones: Duplex, not a prefix of HalfDuplex */
	ck_assert_int_eq(popeye_match(popeye_lang(POPEYE_GERMAN)->option, PO_COUNT, "Duplex"),
	                 PO_DUPLEX);
	/* the writers' piece letters in the language, and back */
	const struct popeye_lang *de = popeye_lang(POPEYE_GERMAN),
	                         *frl = popeye_lang(POPEYE_FRENCH);
	ck_assert_int_eq(popeye_piece_letter(de, 'B'), 'L');
	ck_assert_int_eq(popeye_piece_letter(de, 'N'), 'S');
	ck_assert_int_eq(popeye_piece_letter(frl, 'S'), 'C');
	ck_assert_int_eq(popeye_piece_letter(frl, 'K'), 'R');
	ck_assert_int_eq(popeye_piece_letter(popeye_lang(POPEYE_ENGLISH), 'N'), 'S');
	ck_assert_int_eq(popeye_piece_letter(de, 'x'), 'x');
	ck_assert_int_eq(popeye_piece_letter(de, 0), 0);
	ck_assert_int_eq(popeye_piece_letter(NULL, 'Q'), 'Q');
	for (const char *x = "KQRBSP"; *x; x++) {
		char code[2] = {popeye_piece_letter(frl, *x), 0};
		ck_assert_int_eq(popeye_orthodox_letter(frl, code, 1), *x == 'S' ? 'N' : *x);
	}
}
END_TEST

/* A claim's language from its moves' first letters and Popeye's words
   (popeye_guess_language): the convention is Popeye's piece codes of
   py-engl.txt (K Q R B S P), py-deut.txt (K D T L S B) and py-fran.txt
   (R D T F C P), and N, the knight of English short algebraic (FIDE
   Handbook E.1.01, Appendix C.4). */
START_TEST(test_popeye_guess_language_piece_codes)
{
	int none[POPEYE_LANGUAGES] = {0};
	int first[26] = {0};
	/* nothing tells: English */
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_ENGLISH);
	/* letters every language or two with English have tell nothing */
	for (const char *c = "KRBSP"; *c; c++)
		first[*c - 'A'] = 5;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_ENGLISH);
	/* a letter only one language's codes have */
	first['L' - 'A'] = 1;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_GERMAN);
	first['Q' - 'A'] = 2;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_ENGLISH);
	first['Q' - 'A'] = 0;
	first['N' - 'A'] = 2; /* English people's knight against one L */
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_ENGLISH);
	first['N' - 'A'] = 0, first['L' - 'A'] = 0;
	first['C' - 'A'] = 1;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_FRENCH);
	first['C' - 'A'] = 0;
	first['F' - 'A'] = 1;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_FRENCH);
	/* D and T (Dame, Turm; Dame, Tour): German, unless French showed
	   itself, then French */
	first['F' - 'A'] = 0;
	first['D' - 'A'] = 1, first['T' - 'A'] = 1;
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_GERMAN);
	first['Q' - 'A'] = 1, first['N' - 'A'] = 1; /* 2 English against 2 */
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_ENGLISH);
	first['C' - 'A'] = 1; /* French 1 + D + T = 3 */
	ck_assert_int_eq(popeye_guess_language(none, first), POPEYE_FRENCH);
	/* a word of Popeye's counts three letters */
	int words[POPEYE_LANGUAGES] = {0};
	words[POPEYE_GERMAN] = 1;
	ck_assert_int_eq(popeye_guess_language(words, first), POPEYE_GERMAN);
	words[POPEYE_ENGLISH] = 1;
	ck_assert_int_eq(popeye_guess_language(words, first), POPEYE_ENGLISH);
}
END_TEST

/* Forsyth, castling, en passant, several problems, the line of each. */
START_TEST(test_popeye_position)
{
	char ob[96];
	char buf[128];
	struct collection c = load(
	    "beginproblem\nforsyth r3k2r/8/8/3pP3/8/8/8/R3K2R\nstip #2\n"
	    "option enpassant d7d6d5 nocastling a1h8\nnextproblem\n"
	    "pieces white ke1 ra1h1 black ke8 ra8h8\nstip #3\nnext\n"
	    "pieces white ke1 ra1h1 black ke8 ra8h8\nstip #3\noption nocastling e1\nendproblem\n"
	    "this is not read\n",
	    NULL);
	ck_assert_int_eq(c.count, 3);
	ck_assert_str_eq(fen(&c.items[0], c.items[0].pos, buf, sizeof buf),
	                 "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1");
	ck_assert_str_eq(fen(&c.items[1], c.items[1].pos, buf, sizeof buf),
	                 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	ck_assert_str_eq(fen(&c.items[2], c.items[2].pos, buf, sizeof buf),
	                 "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
	ck_assert_int_eq(c.items[0].line, 1);
	ck_assert_int_eq(c.items[1].line, 5);
	ck_assert_int_eq(c.items[2].line, 8);
	ck_assert_str_eq(opt_text(&c.items[0], 0, ob, sizeof ob), "EnPassant d7d6d5");
	ck_assert_str_eq(opt_text(&c.items[0], 1, ob, sizeof ob), "NoCastling a1h8");
	/* what follows EndProblem is not read, and the reader says so */
	ck_assert_int_eq(c.items[2].nwarnings, 1);
	ck_assert_str_eq(c.items[2].warnings[0],
	                 "t.inp:13:1: text after EndProblem is not read (as Popeye)");
	collection_free(&c);
}
END_TEST

/* What maat does not solve is unsupported, with the reason; errors say
   where. */
START_TEST(test_popeye_unsupported_and_errors)
{
	static const struct {
		const char *text, *unsupported, *error;
	} cases[] = {
	    {"beginproblem\ncondition circe\npieces white ke1 black ke8\nstip #2\nend\n",
	     "fairy condition 'circe' is not supported", NULL},
	    {"beginproblem\npieces white ke1 nb2 black ke8\nstip #2\nend\n",
	     "fairy piece 'n' (nightrider) at b2 is not supported (the knight is S in Popeye's "
	     "codes)",
	     NULL},
	    {"beginproblem\npieces white ke1 black ke8 white royal qd1\nstip #2\nend\n",
	     "piece attribute 'royal' (Royal) is not supported", NULL},
	    {"beginproblem\npieces neutral pd4 white ke1 black ke8\nstip #2\nend\n",
	     "neutral pieces are not supported", NULL},
	    {"beginproblem\npieces white ke1 black ke8\nstip semi-r#3\nend\n",
	     "semi-reflex play (semi-r#3) is not supported", NULL},
	    {"beginproblem\npieces white ke1 black ke8\nstip #2\nopt quodlibet\nend\n",
	     "option 'Quodlibet' is not supported: direct mates solve s# and r# too", NULL},
	    /* issue 23, item 7: the diagram is the position after the key */
	    {"beginproblem\npieces white ke1 black ke8\nstip #2\nopt postkey\nend\n",
	     "option 'PostKeyPlay' is not supported: the diagram is the position after the key",
	     NULL},
	    {"beginproblem\nsstip #2\npieces white ke1 black ke8\nend\n",
	     "structured stipulation (SStipulation #2) is not supported", NULL},
	    {"beginproblem\npieces white ke1 black ke8\nstip #x\nend\n", NULL,
	     "t.inp:3:6: stipulation: malformed stipulation '#x'"},
	    {"beginproblem\npieces white ke1 black ke8 frog\nstip #2\nend\n", NULL,
	     "t.inp:2:28: unknown command 'frog'"},
	    {"beginproblem\npieces white ke1 black ke8\nstip #2\nopt defence\nend\n", NULL,
	     "t.inp:5:1: option Defence needs a number"},
	    {"beginproblem\npieces white ke1\n  black ke8 $\nstip #2\nend\n", NULL,
	     "t.inp:3:13: unexpected character"},
	    {"beginproblem\npieces white ke1 black ke8\nend\n", NULL,
	     "t.inp:1:1: no Stipulation in this problem"},
	    {"beginproblem\npieces white ke1 black ke8 kd8\nstip #2\nend\n", NULL,
	     "t.inp:1:1: position: black has 2 kings"},
	    {"pieces white ke1\n", NULL,
	     "t.inp:1:1: a Popeye input file starts with BeginProblem (AnfangProblem, "
	     "DebutProbleme)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct collection c;
		/* the last one is no Popeye input: read as Popeye input all the same */
		if (i + 1 == sizeof cases / sizeof cases[0]) {
			ck_assert_int_eq(
			    popeye_load_buffer("t.inp", cases[i].text, strlen(cases[i].text), &c),
			    0);
		} else {
			c = load(cases[i].text, NULL);
		}
		ck_assert_int_eq(c.count, 1);
		const struct puzzle *p = &c.items[0];
		if (cases[i].unsupported) {
			ck_assert_msg(p->unsupported &&
			                  !strcmp(p->unsupported, cases[i].unsupported),
			              "case %zu: unsupported '%s'", i,
			              p->unsupported ? p->unsupported : "(none)");
			ck_assert_ptr_null(p->error);
		} else {
			ck_assert_msg(p->error && !strcmp(p->error, cases[i].error),
			              "case %zu: error '%s'", i, p->error ? p->error : "(none)");
		}
		collection_free(&c);
	}
}
END_TEST

/* Twins by twin.c in the file's language; ZeroPosition; Duplex. */
START_TEST(test_popeye_twins)
{
	char buf[128];
	struct collection c = load("anfangproblem\nford #2\nstei weiss kg1 tb2 schw kg8\n"
	                           "zwilling versetze b2 b7\nzwilling ferner hinzuf weiss Lc4\n"
	                           "zwill ersetze T D\nende\n",
	                           NULL);
	const struct puzzle *p = &c.items[0];
	ck_assert_ptr_null(p->error);
	ck_assert(p->twins_ready);
	ck_assert_int_eq(p->ntwins, 3);
	ck_assert_int_eq(puzzle_problem_count(p), 4);
	ck_assert_str_eq(p->twins[0].label, "b");
	ck_assert_str_eq(p->twins[0].text, "Move b2 b7"); /* in English, as YACPDB */
	ck_assert_str_eq(p->twins[1].text, "Continued Add white Bc4");
	ck_assert_str_eq(p->twins[2].text, "Substitute R Q");
	ck_assert_str_eq(fen(p, p->twins[0].pos, buf, sizeof buf),
	                 "6k1/1R6/8/8/8/8/8/6K1 w - - 0 1");
	ck_assert(p->twins[1].continued);
	ck_assert_str_eq(fen(p, p->twins[1].pos, buf, sizeof buf),
	                 "6k1/1R6/8/8/2B5/8/8/6K1 w - - 0 1");
	ck_assert_str_eq(fen(p, p->twins[2].pos, buf, sizeof buf),
	                 "6k1/8/8/8/8/8/1Q6/6K1 w - - 0 1");
	collection_free(&c);

	/* ZeroPosition: the twins start at a), the diagram is no problem */
	c = load("beginproblem\nstip #2\npieces white kg1 rb2 black kg8\nzeroposition move b2 b7\n"
	         "twin move b2 b8\nend\n",
	         NULL);
	p = &c.items[0];
	ck_assert(p->zero_position);
	ck_assert_int_eq(puzzle_problem_count(p), 2);
	ck_assert_str_eq(p->twins[0].label, "a");
	ck_assert_str_eq(p->twins[1].label, "b");
	collection_free(&c);

	/* a twin's error says where in the twinning */
	c = load("beginproblem\nstip #2\npieces white kg1 rb2 black kg8\ntwin move b2\n  b3 "
	         "remove h5\nend\n",
	         NULL);
	ck_assert_str_eq(c.items[0].twins[0].error, "t.inp:5:13: twin b): Remove: no piece on h5");
	collection_free(&c);

	/* Duplex: after the diagram and each twin, its part with the other side
	   to move; HalfDuplex: that part alone */
	c = load("beginproblem\nstip #1\npieces white kh1 black kf3 qf2\noption duplex\n"
	         "twin move f2 f1\nend\n",
	         NULL);
	p = &c.items[0];
	ck_assert_ptr_null(p->error);
	ck_assert_int_eq(p->ntwins, 3);
	ck_assert_int_eq(puzzle_problem_count(p), 4);
	ck_assert(p->twins[0].duplex && !p->twins[1].duplex && p->twins[2].duplex);
	ck_assert_str_eq(p->twins[0].label, "a");
	ck_assert_str_eq(p->twins[2].label, "b");
	ck_assert_str_eq(fen(p, p->twins[0].pos, buf, sizeof buf),
	                 "8/8/8/8/8/5k2/5q2/7K b - - 0 1");
	/* a twin that cannot be made: its duplex part says the same, and is one */
	struct collection d = load("beginproblem\nstip #1\npieces white kh1 black kf3 qf2\noption "
	                           "duplex\ntwin stipulation semi-r#1\nend\n",
	                           NULL);
	ck_assert_int_eq(d.items[0].ntwins, 3);
	ck_assert(d.items[0].twins[2].duplex);
	ck_assert_str_eq(d.items[0].twins[2].text, "Duplex");
	ck_assert_str_eq(d.items[0].twins[2].unsupported, d.items[0].twins[1].unsupported);
	collection_free(&d);
	/* the duplex part of b): White to move, in check -- but legal */
	ck_assert_str_eq(fen(p, p->twins[2].pos, buf, sizeof buf),
	                 "8/8/8/8/8/5k2/8/5q1K b - - 0 1");
	collection_free(&c);
	c = load("beginproblem\nstip #1\npieces white kh1 black kf3 qf2\noption halfduplex\nend\n",
	         NULL);
	p = &c.items[0];
	ck_assert(p->half_duplex);
	ck_assert_int_eq(puzzle_problem_count(p), 1);
	ck_assert_str_eq(fen(p, p->pos, buf, sizeof buf), "8/8/8/8/8/5k2/5q2/7K b - - 0 1");
	collection_free(&c);

	/* Duplex with EnPassant after White's double step (e2e3e4): the square
	   is the Black parts', the diagram's own problem and its twin's have
	   none, as Popeye 4.104 solves it (tests/data/popeye/duplex-ep.inp:
	   1.f4xe3 ep.# in Black's parts); the square was dropped there */
	c = load("beginproblem\nstip #1\npieces white kf1 rg1 pg2 pe4 black ka8 pf4 pd2 rf8 sc3\n"
	         "option duplex enpassant e2e3e4\ntwin move a8 a7\nend\n",
	         NULL);
	p = &c.items[0];
	ck_assert_ptr_null(p->error);
	ck_assert_int_eq(p->ntwins, 3);
	ck_assert_str_eq(fen(p, p->pos, buf, sizeof buf),
	                 "k4r2/8/8/8/4Pp2/2n5/3p2P1/5KR1 w - - 0 1");
	ck_assert(p->twins[0].duplex && !p->twins[1].duplex && p->twins[2].duplex);
	ck_assert_str_eq(fen(p, p->twins[0].pos, buf, sizeof buf),
	                 "k4r2/8/8/8/4Pp2/2n5/3p2P1/5KR1 b - e3 0 1");
	ck_assert_str_eq(fen(p, p->twins[1].pos, buf, sizeof buf),
	                 "5r2/k7/8/8/4Pp2/2n5/3p2P1/5KR1 w - - 0 1");
	ck_assert_str_eq(fen(p, p->twins[2].pos, buf, sizeof buf),
	                 "5r2/k7/8/8/4Pp2/2n5/3p2P1/5KR1 b - e3 0 1");
	collection_free(&c);
	/* Black's double step (e7e6e5): the diagram's, its duplex part none */
	c = load("beginproblem\nstip #1\npieces white ka1 pf5 pd7 rf1 sc6 black kf8 rg8 pg7 pe5\n"
	         "option duplex enpassant e7e6e5\nend\n",
	         NULL);
	p = &c.items[0];
	ck_assert_ptr_null(p->error);
	ck_assert_str_eq(fen(p, p->pos, buf, sizeof buf),
	                 "5kr1/3P2p1/2N5/4pP2/8/8/8/K4R2 w - e6 0 1");
	ck_assert_str_eq(fen(p, p->twins[0].pos, buf, sizeof buf),
	                 "5kr1/3P2p1/2N5/4pP2/8/8/8/K4R2 b - - 0 1");
	collection_free(&c);
}
END_TEST

/* EPD records and FEN lines. */
START_TEST(test_epd_fen)
{
	char buf[128];
	struct collection c = load("# a comment\n\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - dm 1; bm Re8+; "
	                           "id \"back rank\";\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - id \"x\";\n",
	                           NULL);
	ck_assert_int_eq(c.count, 2);
	const struct puzzle *p = &c.items[0];
	ck_assert_int_eq(p->format, FORMAT_EPD);
	ck_assert_int_eq(p->line, 3);
	ck_assert_str_eq(p->stip.text, "#1");
	ck_assert_str_eq(p->title, "back rank");
	ck_assert_str_eq(p->solution, "1.Re1-e8!");
	ck_assert_str_eq(c.items[1].error,
	                 "t.inp:4:1: no stipulation: give one with --stip (or an EPD 'dm N' "
	                 "operation)");
	collection_free(&c);
	/* FEN lines take --stip; the side to move is the FEN's */
	c = load("8/8/8/8/8/5k2/5q2/7K b - - 0 1\r\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\r\n", "#1");
	ck_assert_int_eq(c.count, 2);
	ck_assert_int_eq(c.items[0].format, FORMAT_FEN);
	ck_assert_int_eq(c.items[1].line, 2);
	ck_assert_str_eq(fen(&c.items[0], c.items[0].pos, buf, sizeof buf),
	                 "8/8/8/8/8/5k2/5q2/7K b - - 0 1");
	ck_assert(c.items[1].has_stip);
	collection_free(&c);
	/* a bad record: its own error, the rest read on */
	c = load("8/8/8/8/8/5k2/5q2/7K b - -\n8/8/8/8/8/5k2/5q2/7Z b - -\n"
	         "8/8/8/8/8/5k2/5q2/7K b - - dm x;\n",
	         "#1");
	ck_assert_int_eq(c.count, 3);
	ck_assert_ptr_null(c.items[0].error);
	ck_assert_str_eq(c.items[1].error,
	                 "t.inp:2:1: not a FEN or EPD record: '8/8/8/8/8/5k2/5q2/7Z b - -'");
	ck_assert_str_eq(c.items[2].error, "t.inp:3:28: dm needs a number of moves, got 'x'");
	collection_free(&c);
}
END_TEST

START_TEST(test_format_sniffing)
{
	static const struct {
		const char *text;
		enum puzzle_format f;
	} cases[] = {
	    {"  \n BeginProblem", FORMAT_POPEYE},
	    {"beg\n", FORMAT_POPEYE},
	    {"AnfangProblem", FORMAT_POPEYE},
	    {"debutprob", FORMAT_POPEYE},
	    {"# comment\n8/8/8/8/8/8/8/K6k w - - 0 1\n", FORMAT_FEN},
	    {"8/8/8/8/8/8/8/K6k w - - dm 2;\n", FORMAT_EPD},
	    {"---\nstipulation: \"#2\"\n", FORMAT_YAML},
	    {"b: 1\n", FORMAT_YAML},
	    {"", FORMAT_YAML},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(input_format(cases[i].text, strlen(cases[i].text)) == cases[i].f,
		              "case %zu", i);
}
END_TEST

Suite *popeye_suite(void)
{
	Suite *s = suite_create("popeye");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_popeye_files);
	tcase_add_test(tc, test_popeye_languages);
	tcase_add_test(tc, test_popeye_guess_language_piece_codes);
	tcase_add_test(tc, test_popeye_position);
	tcase_add_test(tc, test_popeye_unsupported_and_errors);
	tcase_add_test(tc, test_popeye_twins);
	tcase_add_test(tc, test_epd_fen);
	tcase_add_test(tc, test_format_sniffing);
	suite_add_tcase(s, tc);
	return s;
}
