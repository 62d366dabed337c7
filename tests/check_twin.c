/*
** check_twin.c -- twins (YACPDB's twins: field, Popeye's twinning words):
** the commands on a setup, the loader's twins with their own positions,
** errors and reasons, each twin's part of the solution, and each twin
** judged as a problem of its own.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "input/popeye.h"
#include "judge/judge.h"
#include "model/puzzle.h"
#include "model/twin.h"

Suite *twin_suite(void);

/* The setup of a FEN, for twin_apply. */
static struct setup fen_setup(const char *fen)
{
	const struct game *g = game_find("chess");
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	struct setup s;
	ck_assert_int_eq(g->parse(pos, fen, err, sizeof err), 0);
	g->get_setup(pos, &s);
	return s;
}

static char sq(const struct setup *s, const char *name)
{
	return s->grid[name[1] - '1'][name[0] - 'a'];
}

/* Apply text to the FEN; expect rc, and msg when not TWIN_OK. */
static struct setup apply(const char *fen, const char *text, int rc, const char *msg)
{
	struct setup s = fen_setup(fen);
	struct twin_change ch;
	int got = twin_apply(game_find("chess"), text, &s, &ch);
	if (got != rc || (rc != TWIN_OK && strcmp(ch.msg, msg) != 0))
		ck_abort_msg("'%s': rc %d (want %d), msg '%s' (want '%s')", text, got, rc, ch.msg,
		             msg ? msg : "");
	return s;
}

#define FEN "4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1"

START_TEST(test_twin_commands)
{
	struct setup s = apply(FEN, "Move e2 e4", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "e2"), '.');
	ck_assert_int_eq(sq(&s, "e4"), 'P');
	/* Popeye: a piece moved onto another replaces it; words are case-free */
	s = apply(FEN, "move a1 e8", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "e8"), 'R');
	s = apply(FEN, "Exchange a1 e2", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a1"), 'P');
	ck_assert_int_eq(sq(&s, "e2"), 'R');
	s = apply(FEN, "Remove a1h1", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a1"), '.');
	ck_assert_int_eq(sq(&s, "h1"), '.');
	s = apply(FEN, "Remove a1 h1", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h1"), '.');
	s = apply(FEN, "add w sg1 bl pg7", TWIN_OK, NULL); /* Popeye's prefixes */
	ck_assert_int_eq(sq(&s, "g1"), 'N');
	ck_assert_int_eq(sq(&s, "g7"), 'p');
	s = apply(FEN, "Add white Sb1 Qd1d2 black Pc7 Bf8", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "b1"), 'N');
	ck_assert_int_eq(sq(&s, "d1"), 'Q');
	ck_assert_int_eq(sq(&s, "d2"), 'Q');
	ck_assert_int_eq(sq(&s, "c7"), 'p');
	ck_assert_int_eq(sq(&s, "f8"), 'b');
	s = apply("4k3/r7/8/8/8/8/8/R3K3 w - - 0 1", "Substitute R S", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a1"), 'N');
	ck_assert_int_eq(sq(&s, "a7"), 'n');
	/* several commands in one twin, abbreviated as Popeye allows */
	s = apply(FEN, "Mo e2 e3 rem h1 Exch a1 a2", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "e3"), 'P');
	ck_assert_int_eq(sq(&s, "h1"), '.');
	ck_assert_int_eq(sq(&s, "a2"), 'R');
}
END_TEST

START_TEST(test_twin_continued_and_stipulation)
{
	struct setup s = fen_setup(FEN);
	struct twin_change ch;
	ck_assert(twin_continued("Continued Move e2 e4"));
	ck_assert(twin_continued("  cont Remove a1"));
	ck_assert(!twin_continued("Condition Circe"));
	ck_assert(!twin_continued("Move e2 e4"));
	ck_assert_int_eq(
	    twin_apply(game_find("chess"), "Continued Remove a1 Stipulation #3", &s, &ch), TWIN_OK);
	ck_assert(ch.continued);
	ck_assert(ch.has_stip);
	ck_assert_int_eq(ch.stip.n, 3);
	ck_assert_int_eq(twin_apply(game_find("chess"), "Stipulation 'win in 4'", &s, &ch),
	                 TWIN_ERROR);
	ck_assert_int_eq(twin_apply(game_find("chess"), "Stipulation win in 4", &s, &ch), TWIN_OK);
	ck_assert_int_eq(ch.stip.n, 4);
	ck_assert(!ch.continued);
}
END_TEST

START_TEST(test_twin_errors)
{
	apply(FEN, "", TWIN_ERROR, "empty twin (give a twinning, as in 'Move a1 a2')");
	apply(FEN, "Move e4 e5", TWIN_ERROR, "Move: no piece on e4");
	apply(FEN, "Move e2", TWIN_ERROR, "Move needs two squares, as in 'Move a1 a2'");
	apply(FEN, "Move e2 e9", TWIN_ERROR, "Move: 'e9' is not a square of the 8x8 board");
	apply(FEN, "Move e2 e2", TWIN_ERROR, "Move e2 e2: the two squares are the same");
	apply(FEN, "Remove d4", TWIN_ERROR, "Remove: no piece on d4");
	apply(FEN, "Remove", TWIN_ERROR, "Remove needs a square, as in 'Remove e4'");
	apply(FEN, "Add Sb1", TWIN_ERROR, "Add needs a colour and pieces, as in 'Add white Sa1'");
	apply(FEN, "Add white S", TWIN_ERROR,
	      "Add: malformed piece 'S' (a piece code and a square, as in 'Sa1')");
	apply(FEN, "Jump e2 e4", TWIN_ERROR,
	      "unknown twinning 'Jump' (maat knows: Move, Exchange, Remove, Add, Substitute, "
	      "Stipulation, Continued, Rotate, Mirror, Shift, PolishType)");
	apply(FEN, "Co e2 e4", TWIN_ERROR, "ambiguous twinning 'Co' (Continued, Condition)");
	apply(FEN, "Move e2 e4 Continued", TWIN_ERROR, "'Continued' must come first in a twin");
	apply(FEN, "Continued", TWIN_ERROR,
	      "'Continued' alone changes nothing (add a twinning, as in 'Continued Move a1 a2')");
	apply(FEN, "Stipulation", TWIN_ERROR,
	      "Stipulation needs a stipulation, as in 'Stipulation #3' (quote the twin: in YAML "
	      "' #' starts a comment)");
	apply(FEN, "Stipulation #0", TWIN_ERROR, "Stipulation: N must be from 1 to 60 in '#0'");
}
END_TEST

START_TEST(test_twin_unsupported)
{
	const char *list = " is not supported (maat twins: Move, Exchange, Remove, Add, "
	                   "Substitute, Stipulation, Continued, Rotate, Mirror, Shift, PolishType)";
	char want[256];
	const char *cases[] = {"Condition Circe", "Forsyth 8/8/8/8/8/8/8/8", NULL};
	for (int i = 0; cases[i]; i++) {
		snprintf(want, sizeof want, "twinning '%s'%s", cases[i], list);
		apply(FEN, cases[i], TWIN_UNSUPPORTED, want);
	}
	apply(FEN, "Move e2 e3 Condition Circe", TWIN_UNSUPPORTED,
	      "twinning 'Condition Circe'" /* ... */
	      " is not supported (maat twins: Move, Exchange, Remove, Add, Substitute, "
	      "Stipulation, Continued, Rotate, Mirror, Shift, PolishType)");
	apply(FEN, "Add white Gd4", TWIN_UNSUPPORTED,
	      "fairy piece 'G' is not supported (pieces: K Q R B S P, S is the knight)");
	apply(FEN, "Add white Nd4", TWIN_UNSUPPORTED,
	      "fairy piece 'N' is not supported (pieces: K Q R B S P, S is the knight)");
	apply(FEN, "Add neutral Pd4", TWIN_UNSUPPORTED, "neutral pieces are not supported");
	apply(FEN, "Add white Royal Qd4", TWIN_UNSUPPORTED,
	      "piece attribute 'Royal' is not supported");
	apply(FEN, "Stipulation semi-r#2", TWIN_UNSUPPORTED,
	      "semi-reflex play (semi-r#2) is not supported");
}
END_TEST

/* Popeye's board twinnings (issue 23, item 13), square by square as Popeye
   4.104's position/board.c moves them: Rotate 90 takes a1 to h1. */
#define CORNERS "r6k/8/8/8/8/8/1P6/K6B w - - 0 1" /* a8 r, h8 k, a1 K, h1 B, b2 P */

START_TEST(test_twin_board)
{
	struct setup s = apply(CORNERS, "Rotate 90", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h1"), 'K'); /* a1 */
	ck_assert_int_eq(sq(&s, "h8"), 'B'); /* h1 */
	ck_assert_int_eq(sq(&s, "a1"), 'r'); /* a8 */
	ck_assert_int_eq(sq(&s, "a8"), 'k'); /* h8 */
	ck_assert_int_eq(sq(&s, "g2"), 'P'); /* b2 */
	s = apply(CORNERS, "rot 180", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h8"), 'K');
	ck_assert_int_eq(sq(&s, "g7"), 'P');
	ck_assert_int_eq(sq(&s, "a1"), 'k');
	s = apply(CORNERS, "Rotate 270", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a8"), 'K');
	ck_assert_int_eq(sq(&s, "b7"), 'P');
	ck_assert_int_eq(sq(&s, "h8"), 'r');
	s = apply(CORNERS, "Mirror a1<-->h1", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h1"), 'K');
	ck_assert_int_eq(sq(&s, "a1"), 'B');
	ck_assert_int_eq(sq(&s, "g2"), 'P');
	s = apply(CORNERS, "Mirror a1<-->a8", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a8"), 'K');
	ck_assert_int_eq(sq(&s, "b7"), 'P');
	ck_assert_int_eq(sq(&s, "h1"), 'k');
	s = apply(CORNERS, "Mirror a1<-->h8", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h8"), 'K');
	ck_assert_int_eq(sq(&s, "a1"), 'k');
	ck_assert_int_eq(sq(&s, "h1"), 'B');
	ck_assert_int_eq(sq(&s, "g7"), 'P');
	s = apply(CORNERS, "mirror A8", TWIN_OK, NULL); /* a8<-->h1, as Popeye reads it */
	ck_assert_int_eq(sq(&s, "a1"), 'K');
	ck_assert_int_eq(sq(&s, "a8"), 'B');
	ck_assert_int_eq(sq(&s, "h1"), 'r');
	/* en passant goes with the board (Popeye moves its square too) */
	s = apply("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "Mirror a1<-->h1", TWIN_OK, NULL);
	ck_assert_str_eq(s.en_passant, "d6");
	s = apply("8/4k3/8/8/8/8/1P6/K7 w - - 0 1", "Shift a1 c2", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "c2"), 'K');
	ck_assert_int_eq(sq(&s, "d3"), 'P');
	ck_assert_int_eq(sq(&s, "g8"), 'k');
	ck_assert_int_eq(sq(&s, "a1"), '.');
	s = apply("4k3/8/8/8/8/8/1P6/K6r w - - 0 1", "PolishType", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "a1"), 'k');
	ck_assert_int_eq(sq(&s, "b2"), 'p');
	ck_assert_int_eq(sq(&s, "h1"), 'R');
	ck_assert_int_eq(sq(&s, "e8"), 'K');
	ck_assert_int_eq(s.side_to_move, 0); /* the stipulation's, as before */
	/* two in one twin, as Popeye applies them: in their order */
	s = apply("8/4k3/8/8/8/8/1P6/K7 w - - 0 1", "Shift a1 b1 Rotate 90", TWIN_OK, NULL);
	ck_assert_int_eq(sq(&s, "h2"), 'K');

	apply(CORNERS, "Shift a1 b1", TWIN_ERROR, "Shift: the man on h1 would leave the board");
	apply(CORNERS, "Shift a1", TWIN_ERROR, "Shift needs two squares, as in 'Shift a1 a2'");
	apply(CORNERS, "Rotate 45", TWIN_ERROR, "Rotate: '45' is no angle (90, 180 or 270)");
	apply(CORNERS, "Rotate", TWIN_ERROR, "Rotate needs an angle: 90, 180 or 270");
	apply(CORNERS, "Mirror a1<-->", TWIN_ERROR,
	      "Mirror: 'a1<-->' is no axis (a1<-->h1, a1<-->a8, a1<-->h8, a8<-->h1)");
	apply(CORNERS, "Mirror Rotate 90", TWIN_ERROR,
	      "Mirror needs an axis: a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1");
}
END_TEST

START_TEST(test_twin_castling)
{
	struct setup s = apply(FEN, "Move h1 h2", TWIN_OK, NULL);
	twin_fix_castling(game_find("chess"), &s, false);
	ck_assert_str_eq(s.castling, "Q");
	s = apply(FEN, "Move e1 d1", TWIN_OK, NULL);
	twin_fix_castling(game_find("chess"), &s, false);
	ck_assert_str_eq(s.castling, "-");
	twin_fix_castling(game_find("chess"), &s, true);
	ck_assert_str_eq(s.castling, "");
}
END_TEST

/* ---- the loader ---- */

static struct collection load(const char *yaml)
{
	struct collection c;
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", yaml, strlen(yaml), &c), 0);
	return c;
}

static const char *or_none(const char *s)
{
	return s ? s : "(none)";
}

static char twin_at(const struct puzzle *p, int t, const char *name)
{
	struct setup s;
	p->game->get_setup(p->twins[t].pos, &s);
	return sq(&s, name);
}

#define DIAGRAM                                                                                    \
	"algebraic:\n"                                                                             \
	"  white: [Kc3, Rc7, Bf7, Be7, Pf3]\n"                                                     \
	"  black: [Ke5]\n"                                                                         \
	"stipulation: \"#2\"\n"

START_TEST(test_loader_twins)
{
	struct collection c = load(DIAGRAM "twins:\n"
	                                   "  c: Continued Remove f3\n"
	                                   "  b: Add white Sb2\n"
	                                   "  z10: Move c3 b3\n"
	                                   "  z2: Move c3 d3\n"
	                                   "  d: \"Move f3 f4 Stipulation #3\"\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert(p->twins_ready);
	ck_assert(!p->zero_position);
	ck_assert_int_eq(puzzle_problem_count(p), 6);
	ck_assert_int_eq(puzzle_problem_twin(p, 0), -1);
	ck_assert_int_eq(puzzle_problem_twin(p, 1), 0);
	/* label order: letters, then z1, z2, ... as numbers */
	const char *order[] = {"b", "c", "d", "z2", "z10"};
	for (int i = 0; i < 5; i++)
		ck_assert_str_eq(p->twins[i].label, order[i]);
	/* c continues b: the knight stays, the pawn goes */
	ck_assert(p->twins[1].continued);
	ck_assert_int_eq(twin_at(p, 1, "b2"), 'N');
	ck_assert_int_eq(twin_at(p, 1, "f3"), '.');
	/* d starts from the diagram again, with its own stipulation */
	ck_assert_int_eq(twin_at(p, 2, "b2"), '.');
	ck_assert_int_eq(twin_at(p, 2, "f4"), 'P');
	ck_assert_int_eq(p->twins[2].stip.n, 3);
	ck_assert_int_eq(p->twins[0].stip.n, 2);
	ck_assert_int_eq(p->twins[2].line, 10);
	ck_assert_int_eq(p->twins[2].col, 7); /* after the quote */
	collection_free(&c);
}
END_TEST

START_TEST(test_loader_zero_position_and_errors)
{
	struct collection c = load(DIAGRAM "twins: {a: Move c3 c2, b: Move c3 b3}\n");
	const struct puzzle *p = &c.items[0];
	ck_assert(p->zero_position);
	ck_assert_int_eq(puzzle_problem_count(p), 2);
	ck_assert_int_eq(puzzle_problem_twin(p, 0), 0);
	collection_free(&c);

	c = load(DIAGRAM "twins:\n"
	                 "  b: Move e4 e5\n"
	                 "  c: Continued Move c3 c2\n"
	                 "  d: Condition Circe\n"
	                 "  e: Continued Move c3 c2\n"
	                 "  f: Exchange c7 f7\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->twins[0].error), "t.yaml:6:11: twin b): Move: no piece on e4");
	ck_assert_str_eq(or_none(p->twins[1].error),
	                 "t.yaml:7:6: twin c) continues twin b), which has an error");
	ck_assert_str_eq(or_none(p->twins[2].unsupported),
	                 "twinning 'Condition Circe' is not supported (maat twins: Move, "
	                 "Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, "
	                 "Mirror, Shift, PolishType)");
	ck_assert_str_eq(or_none(p->twins[3].unsupported),
	                 "it continues twin d): twinning 'Condition Circe' is not supported (maat "
	                 "twins: Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, "
	                 "Rotate, Mirror, Shift, PolishType)");
	ck_assert_str_eq(or_none(p->twins[4].error),
	                 "t.yaml:10:6: twin f): position: the side to move can capture the king");
	collection_free(&c);

	/* labels and the twins: field itself */
	c = load(DIAGRAM "twins: {B: Move c3 c2}\n");
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:5:9: twin label 'B' must be a letter a-z or z1, z2, ... (as in "
	                 "YACPDB)");
	collection_free(&c);
	c = load(DIAGRAM "twins: [Move c3 c2]\n");
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:5:8: expected a mapping for 'twins', got a sequence");
	collection_free(&c);
	c = load(DIAGRAM "twins: {b): Move c3 c2, b: Move c3 d3}\n");
	ck_assert_str_eq(or_none(c.items[0].error), "t.yaml:5:25: duplicate twin 'b'");
	collection_free(&c);

	/* an unsupported diagram is one problem: its twins are not built */
	c = load(DIAGRAM "options: [Circe]\ntwins: {b: Move c3 c2}\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->unsupported), "fairy condition 'Circe' is not supported");
	ck_assert(!p->twins_ready);
	ck_assert_int_eq(puzzle_problem_count(p), 1);
	collection_free(&c);
}
END_TEST

#define TAFL(extra, row9)                                                                          \
	"game: tavlei\n"                                                                           \
	"board: |\n"                                                                               \
	"  ....t....\n"                                                                            \
	"  .........\n"                                                                            \
	"  .........\n"                                                                            \
	"  .........\n"                                                                            \
	"  ....K....\n"                                                                            \
	"  .........\n"                                                                            \
	"  .........\n"                                                                            \
	"  .........\n"                                                                            \
	"  " row9 "\n"                                                                             \
	"rules: {corners-hostile: \"yes\"}\n"                                                      \
	"stipulation: win in 1\n" extra

START_TEST(test_loader_twin_rules_kept)
{
	/* a tafl twin keeps the diagram's rules: the same as the position drawn */
	struct collection c = load(TAFL("twins: {b: Add attackers tb1}\n", "........."));
	struct collection d = load(TAFL("", ".t......."));
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(p->twins[0].error), "(none)");
	ck_assert_int_eq(twin_at(p, 0, "b1"), 't');
	ck_assert_str_eq(or_none(d.items[0].error), "(none)");
	ck_assert_mem_eq(p->twins[0].pos, d.items[0].pos, p->game->pos_size);
	collection_free(&c);
	collection_free(&d);
	/* a defender is no attacker */
	c = load(TAFL("twins: {b: Add attackers Tb1}\n", "........."));
	ck_assert_str_eq(
	    or_none(c.items[0].twins[0].error),
	    "t.yaml:14:26: twin b): 'T' is a piece of the Defenders, not of the Attackers");
	collection_free(&c);
}
END_TEST

START_TEST(test_loader_twins_as_printed)
{
	/* Popeye's printed form in one string, "+" for Continued */
	struct collection c =
	    load(DIAGRAM "twins: \"c) Move f7 d7 b) Move c3 f2 +d) move c7 a7\"\n");
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_int_eq(p->ntwins, 3);
	ck_assert_str_eq(p->twins[0].label, "b");
	ck_assert_str_eq(p->twins[0].text, "Move c3 f2");
	ck_assert_str_eq(p->twins[2].text, "move c7 a7");
	ck_assert(p->twins[2].continued);
	ck_assert(!p->twins[1].continued);
	ck_assert_int_eq(twin_at(p, 2, "a7"), 'R');
	ck_assert_int_eq(twin_at(p, 2, "d7"), 'B');
	ck_assert_int_eq(p->twins[1].line, 5);
	ck_assert_int_eq(p->twins[1].col, 12);
	collection_free(&c);

	/* one a line, in a block; columns of what is wrong still exact */
	c = load(DIAGRAM "twins: |\n  b) Move c3 f2\n  c) Move e4 e5\n");
	p = &c.items[0];
	ck_assert_str_eq(or_none(p->twins[1].error), "t.yaml:7:11: twin c): Move: no piece on e4");
	collection_free(&c);

	c = load(DIAGRAM "twins: Move c3 f2\n");
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:5:8: expected a mapping for 'twins' (b: Move a1 a2), or twins as "
	                 "Popeye prints them (b) Move a1 a2)");
	collection_free(&c);
	c = load(DIAGRAM "twins: Move c3 f2 b) Move c3 f2\n");
	ck_assert_str_eq(or_none(c.items[0].error),
	                 "t.yaml:5:8: twins: text before the first label 'b)'");
	collection_free(&c);
	c = load(DIAGRAM "twins: b) Move c3 f2 b) Move c3 d2\n");
	ck_assert_str_eq(or_none(c.items[0].error), "t.yaml:5:22: duplicate twin 'b'");
	collection_free(&c);
}
END_TEST

/* ---- each twin's part of the solution ---- */

static void expect_part(const struct puzzle *p, int twin, const char *want)
{
	char *got = puzzle_twin_solution(p, twin);
	ck_assert_str_eq(or_none(got), want);
	free(got);
}

START_TEST(test_twin_solutions)
{
	struct collection c = load(DIAGRAM "twins: {b: Add white Sb2, c: Continued Remove b2}\n"
	                                   "solution: |\n"
	                                   "  a) 1.Be7-g5! zugzwang.\n"
	                                   "     1...Ke5-d6 2.Bg5-f4# {a) in a comment}\n"
	                                   "  b) +wSb2 1.Be7-g5!\n"
	                                   "  +c) -wSb2\n"
	                                   "  1.Be7-g5!\n");
	const struct puzzle *p = &c.items[0];
	expect_part(p, -1, "1.Be7-g5! zugzwang. 1...Ke5-d6 2.Bg5-f4# {a) in a comment}");
	expect_part(p, 0, "1.Be7-g5!");
	expect_part(p, 1, "1.Be7-g5!");
	collection_free(&c);

	/* no labels: all of it is the diagram's */
	c = load(DIAGRAM "twins: {b: Add white Sb2}\nsolution: 1.Be7-g5!\n");
	expect_part(&c.items[0], -1, "1.Be7-g5!");
	expect_part(&c.items[0], 0, "(none)");
	collection_free(&c);
}
END_TEST

START_TEST(test_twins_judged)
{
	struct collection c =
	    load(DIAGRAM "twins: {b: Add white Sb2, c: Continued Remove b2}\n"
	                 "solution: \"a) 1.Be7-g5! b) 1.Be7-g5! c) 1.Rc7-c4!\"\n");
	const struct puzzle *p = &c.items[0];
	struct judge_opts o = {.an = {.max_refs = 1, .hash_mb = 4}};
	struct judgement r;
	judge_problem(p, -1, &o, NULL, &r);
	ck_assert_int_eq(r.verdict, VERDICT_SOUND);
	ck_assert_int_eq(r.twin, -1);
	judgement_free(&r);
	judge_problem(p, 0, &o, NULL, &r);
	ck_assert_int_eq(r.verdict, VERDICT_COOKED);
	ck_assert_int_eq(r.an.nkeys, 2);
	judgement_free(&r);
	o.explain = true;
	judge_problem(p, 1, &o, NULL, &r);
	ck_assert_int_eq(r.verdict, VERDICT_CLAIM_MISMATCH);
	ck_assert(r.ex.done);
	ck_assert(r.ex.refuted);
	/* the explanation is data: the moves with their place in the line */
	ck_assert_str_eq(r.ex.intended.note.text, "Rc7-c4");
	ck_assert_int_eq(r.ex.intended.ply, 0);
	ck_assert_int_eq(r.ex.refutations.n, 1);
	ck_assert_str_eq(r.ex.refutations.m[0].note.text, "Ke5-f5");
	ck_assert_int_eq(r.ex.refutations.m[0].ply, 1);
	/* and which keys' play to show, as what: the key of b) that c) lost */
	ck_assert_int_eq(r.an.nkeys, 1);
	ck_assert_int_eq(r.ex.role[0], EXPLAIN_KEY);
	judgement_free(&r);
	collection_free(&c);
}
END_TEST

/* One builder for both readers (issue 21 part 4): the same twins from a
   Popeye file and from YAML are the same problems: positions, side to
   move (h#2 -> h#2.5 starts with the other side), stipulations, and a
   twin that removes a king is unsupported from either (issue 23 item 19:
   it was an error from YAML). */
START_TEST(test_twin_build_both_readers)
{
	const char *inp = "BeginProblem\n"
	                  "Pieces White Kf1 Rd2 Bf3 Black Kh8 Rh7 Pg7\n"
	                  "Stipulation h#2\n"
	                  "Twin Stipulation h#2.5\n"
	                  "Twin Continued Rotate 90\n"
	                  "Twin Remove h8\n"
	                  "Twin Mirror a1<-->h1 PolishType\n"
	                  "Twin Shift h8 g8\n"
	                  "EndProblem\n";
	const char *yaml = "algebraic:\n"
	                   "  white: [Kf1, Rd2, Bf3]\n"
	                   "  black: [Kh8, Rh7, Pg7]\n"
	                   "stipulation: \"h#2\"\n"
	                   "twins:\n"
	                   "  b: \"Stipulation h#2.5\"\n"
	                   "  c: Continued Rotate 90\n"
	                   "  d: Remove h8\n"
	                   "  e: Mirror a1<-->h1 PolishType\n"
	                   "  f: Shift h8 g8\n";
	struct collection a = {0}, b = {0};
	ck_assert_int_eq(popeye_load_buffer("t.inp", inp, strlen(inp), &a), 0);
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", yaml, strlen(yaml), &b), 0);
	const struct puzzle *p = &a.items[0], *q = &b.items[0];
	ck_assert_str_eq(or_none(p->error), "(none)");
	ck_assert_str_eq(or_none(q->error), "(none)");
	ck_assert_int_eq(p->ntwins, 5);
	ck_assert_int_eq(q->ntwins, 5);
	for (int i = 0; i < 5; i++) {
		const struct twin *x = &p->twins[i], *y = &q->twins[i];
		ck_assert_str_eq(or_none(x->error), or_none(y->error));
		ck_assert_str_eq(or_none(x->unsupported), or_none(y->unsupported));
		ck_assert_int_eq(x->has_position, y->has_position);
		if (!x->has_position)
			continue;
		char f1[128], f2[128];
		p->game->format(x->pos, f1, sizeof f1);
		q->game->format(y->pos, f2, sizeof f2);
		ck_assert_str_eq(f1, f2);
		ck_assert_str_eq(x->stip.text, y->stip.text);
	}
	/* h#2.5: White starts; the continued twin keeps it */
	ck_assert_int_eq(p->game->side_to_move(p->twins[0].pos), 0);
	ck_assert_int_eq(p->game->side_to_move(p->twins[1].pos), 0);
	ck_assert_int_eq(p->game->side_to_move(p->twins[3].pos), 1);
	ck_assert_str_eq(or_none(p->twins[2].unsupported),
	                 "a position without a black king is not supported");
	collection_free(&a);
	collection_free(&b);
}
END_TEST

Suite *twin_suite(void)
{
	Suite *s = suite_create("twin");
	TCase *tc = tcase_create("twin");
	tcase_add_test(tc, test_twin_commands);
	tcase_add_test(tc, test_twin_continued_and_stipulation);
	tcase_add_test(tc, test_twin_errors);
	tcase_add_test(tc, test_twin_unsupported);
	tcase_add_test(tc, test_twin_board);
	tcase_add_test(tc, test_twin_castling);
	tcase_add_test(tc, test_twin_build_both_readers);
	tcase_add_test(tc, test_loader_twins);
	tcase_add_test(tc, test_loader_zero_position_and_errors);
	tcase_add_test(tc, test_loader_twin_rules_kept);
	tcase_add_test(tc, test_loader_twins_as_printed);
	tcase_add_test(tc, test_twin_solutions);
	tcase_add_test(tc, test_twins_judged);
	suite_add_tcase(s, tc);
	return s;
}
