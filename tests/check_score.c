/*
** check_score.c -- the composer's quality score (issue 22, part 1): each
** feature read from a real position of each game (promoted force, a lone
** king, a checking, attacking or capturing key, flights, an idle man, a
** self-capture in the play), and the points of each feature from its facts.
** The rule each feature rests on is in the test's name.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"
#include "compose/score.h"
#include "games/game.h"
#include "input/load.h"
#include "judge/judge.h"
#include "model/puzzle.h"
#include "notation/move_parse.h"

#define POSBUF(name) _Alignas(16) unsigned char name[MAX_POS_SIZE]

static const struct game *parse(const char *game, const char *text, void *pos)
{
	const struct game *g = game_find(game);
	char err[256];
	ck_assert_ptr_nonnull(g);
	ck_assert_msg(g->parse(pos, text, err, sizeof err) == 0, "%s: %s", text, err);
	return g;
}

static struct score_facts material(const char *game, const char *text)
{
	POSBUF(pos);
	const struct game *g = parse(game, text, pos);
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_material(g, pos, 1, &f);
	return f;
}

/* The facts of the key `key` in the position (the solver to move). */
static struct score_facts key_facts(const char *game, const char *text, const char *key)
{
	POSBUF(pos);
	const struct game *g = parse(game, text, pos);
	char err[256];
	move_t m = game_parse_move(g, pos, key, err, sizeof err);
	ck_assert_msg(m != MOVE_NONE, "%s: %s", key, err);
	struct score_facts f;
	memset(&f, 0, sizeof f);
	score_key(g, pos, m, &f);
	return f;
}

static struct compose_score points(const struct score_facts *f)
{
	struct compose_score s;
	compose_score(f, &s);
	int sum = 0;
	for (int k = 0; k < SF_COUNT; k++)
		sum += s.item[k].points;
	ck_assert_int_eq(sum, s.total);
	return s;
}

/* The points of one feature (SF_...) from the facts. */
static int points_of(const struct score_facts *f, int item)
{
	return points(f).item[item].points;
}

/* A key and what the score reads from it: whether it checks (in Morok
   attacks the king), captures, and the key's points with their reason
   (NULL: any); its facts, for what else a test asks of them. */
struct key_case {
	const char *game, *position, *key;
	bool check, capture;
	int points;
	const char *why;
};

static struct score_facts key_is(const struct key_case *c)
{
	struct score_facts f = key_facts(c->game, c->position, c->key);
	ck_assert_msg(f.check == c->check, "%s: check %d", c->key, f.check);
	ck_assert_msg(f.capture == c->capture, "%s: capture %d", c->key, f.capture);
	struct compose_score s = points(&f);
	ck_assert_msg(s.item[SF_KEY].points == c->points, "%s: %d points", c->key,
	              s.item[SF_KEY].points);
	if (c->why)
		ck_assert_str_eq(s.item[SF_KEY].why, c->why);
	return f;
}

/* The score compose gives the problem (a run's defaults). */
static int assess(const char *game, const char *stip, const char *text, struct compose_score *s)
{
	POSBUF(pos);
	const struct game *g = parse(game, text, pos);
	struct stipulation st;
	char err[256];
	ck_assert_int_eq(stip_parse(stip, &st, err, sizeof err), 0);
	struct compose_opts o;
	compose_defaults(&o, g, &st);
	o.hash_mb = 4;
	o.candidate_seconds = 0;
	return compose_assess(&o, pos, s);
}

/* ---- legality: promoted force and counts a game could reach ---- */

START_TEST(test_O1_score_promoted_force)
{
	/* two bishops on dark squares (a1, c1): one was a pawn */
	struct score_facts f = material("chess", "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	ck_assert_int_eq(f.overcount, 0); /* eight pawns are missing */
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), -5);
	/* ... with all eight pawns on the board: no game reaches it */
	f = material("chess", "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	ck_assert_int_eq(f.overcount, 1);
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), -10);
	/* three rooks */
	f = material("chess", "4k3/8/8/8/8/8/8/RRR1K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	/* two bishops on squares of both colours, two rooks: the start's force */
	f = material("chess", "4k3/8/8/8/8/8/8/RBB1K2R w - - 0 1");
	ck_assert_int_eq(f.promoted, 0);
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), 0);
	/* black's force counts the same */
	f = material("chess", "qq2k3/8/8/8/8/8/8/4K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	/* Morok's bishop is the game table's colour-bound kind too (M1: the
	   pieces move as in chess) */
	f = material("morok", "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	f = material("morok", "4k3/8/8/8/8/8/8/BB2K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 0);
}
END_TEST

/* O1: a pawn changes file only by capturing, and a check is given by one
   move (a man's own, and at most one line piece's it uncovers). */
START_TEST(test_O1_score_pawn_captures_and_checks_no_game_gives)
{
	/* three white pawns on the a-file took three men (a, b, c files);
	   Black lost none */
	struct score_facts f = material("chess", "rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w - - 0 1");
	ck_assert_int_eq(f.unreachable, 3);
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), -15);
	/* ... Black lost three: a game reaches it */
	f = material("chess", "rnbqk3/pppppppp/8/8/P7/P7/P7/4K3 w - - 0 1");
	ck_assert_int_eq(f.unreachable, 0);
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), 0);
	/* doubled black pawns, Black's b and c pawns gone, White whole: the
	   c7 pawn must have taken on b6 */
	f = material("chess", "rnbqkbnr/p2ppppp/1p6/1p6/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
	ck_assert_int_eq(f.unreachable, 1);
	/* two pawns check the king: no move gives that */
	f = material("chess", "4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1");
	ck_assert_int_eq(f.unreachable, 1);
	/* a knight and a rook: the knight's move uncovered the rook */
	f = material("chess", "4k3/8/5N2/8/8/8/4R3/4K3 b - - 0 1");
	ck_assert_int_eq(f.unreachable, 0);
}
END_TEST

START_TEST(test_M7_score_promoted_force_morok)
{
	struct score_facts f = material("morok", "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1");
	ck_assert_int_eq(f.promoted, 1);
	f = material("morok", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"); /* c1 dark, f1 light */
	ck_assert_int_eq(f.promoted, 0);
}
END_TEST

START_TEST(test_U2_score_more_bishops_than_the_start)
{
	/* Upuaut has no promotion (U8): its setup refuses a fifth bishop, and
	   four are the start's force */
	POSBUF(pos);
	char err[256];
	const struct game *g = game_find("upuaut");
	ck_assert_int_ne(g->parse(pos, "k4/5/5/BBBBB/5/2K2 w", err, sizeof err), 0);
	struct score_facts f = material("upuaut", "2k2/5/5/5/BB3/BB1K1 w");
	ck_assert_int_eq(f.overcount, 0);
	ck_assert_int_eq(f.promoted, 0);
	ck_assert_int_eq(points_of(&f, SF_LEGALITY), 0);
}
END_TEST

START_TEST(test_T2_score_more_defenders_than_the_start)
{
	/* nine defenders, the start has eight */
	struct score_facts f = material("tavlei", "/9/9/9/TTTTTTTTT/4K4/9/9/9/3ttt3/ a");
	ck_assert_int_eq(f.overcount, 1);
	f = material("tavlei", "/9/9/9/TTTTTTTT1/4K4/9/9/9/3ttt3/ a");
	ck_assert_int_eq(f.overcount, 0);
}
END_TEST

/* ---- a lone king ---- */

START_TEST(test_S1_score_lone_king_in_direct_play)
{
	struct score_facts f = material("chess", "7k/8/8/8/8/8/6R1/4K3 w - - 0 1");
	ck_assert(f.lone_king);
	f.direct = true;
	ck_assert_int_eq(points_of(&f, SF_LONE_KING), -3);
	/* in help and self play the lone king is no fault */
	f.direct = false;
	ck_assert_int_eq(points_of(&f, SF_LONE_KING), 0);
	f = material("chess", "7k/7p/8/8/8/8/6R1/4K3 w - - 0 1");
	ck_assert(!f.lone_king);
}
END_TEST

/* ---- the key ---- */

START_TEST(test_O1_score_checking_and_capturing_keys)
{
	static const struct key_case cases[] = {
	    {"chess", "7k/8/8/8/8/8/r7/R3K3 w - - 0 1", "Ra1xa2", false, true, -3, NULL},
	    {"chess", "7k/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1-a8", true, false, -3, NULL},
	    {"chess", "7k/8/8/8/8/8/8/R3K3 w - - 0 1", "Ke1-e2", false, false, 1, "quiet"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert(!key_is(&cases[i]).only_move);
}
END_TEST

START_TEST(test_O1_score_promoting_key)
{
	static const struct key_case promotes = {
	    "chess", "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7-c8=N", false, false, -3, "promotes"};
	ck_assert(key_is(&promotes).promotion);
	struct score_facts f = key_facts("chess", promotes.position, "Ke1-d2");
	ck_assert(!f.promotion);
}
END_TEST

START_TEST(test_O1_score_flights_given_and_taken)
{
	/* the rook on the g-file keeps the king from g8 and g7 */
	struct score_facts f = key_facts("chess", "7k/8/8/8/8/8/6R1/4K3 w - - 0 1", "Rg2-a2");
	ck_assert_int_eq(f.flights_before, 1);
	ck_assert_int_eq(f.flights_after, 3);
	ck_assert_int_eq(points_of(&f, SF_FLIGHTS), 2);
	/* ... and the king on h7 less one */
	f = key_facts("chess", "7k/8/8/8/8/8/R7/4K3 w - - 0 1", "Ra2-a7");
	ck_assert_int_eq(f.flights_before, 3);
	ck_assert_int_eq(f.flights_after, 1);
	/* a key that takes flights is a fault judges name first (stop 35's
	   and stop 37's marks): -3 each, at most two */
	ck_assert_int_eq(f.flights_taken, 2);
	ck_assert_int_eq(points_of(&f, SF_FLIGHTS), -6);
	/* flights are squares, not a count: Rg2-g7 takes h7 and gives g7
	   (Kxg7), the count the same (stop 37: keys taking one flight and
	   giving another passed for flight-neutral) */
	f = key_facts("chess", "7k/8/8/8/8/8/6R1/4K3 w - - 0 1", "Rg2-g7");
	ck_assert_int_eq(f.flights_before, f.flights_after);
	ck_assert_int_eq(f.flights_taken, 1);
	ck_assert_int_eq(f.flights_given, 1);
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_FLIGHTS].points, -2);
	ck_assert_str_eq(s.item[SF_FLIGHTS].why, "takes 1 flight, gives 1");
}
END_TEST

/* Morok (M5): after 1.c5! both knights must take the pawn, and the king,
   free to go to eight squares before, has no move -- but no square is
   guarded: a sacrifice, not a flight-taking key (seed 40's offers read
   "takes 8 flights"). */
START_TEST(test_M5_score_forced_capture_takes_no_flight)
{
	struct score_facts f = key_facts("morok", "8/3k4/8/8/2PKn3/3n4/8/8 w - - 0 1", "c4-c5");
	ck_assert_int_eq(f.flights_before, -1); /* nothing to say of flights */
	ck_assert_int_eq(f.flights_after, 0);
	ck_assert_int_eq(f.flights_taken, 0);
	ck_assert_int_eq(points_of(&f, SF_FLIGHTS), 0);
}
END_TEST

/* A key that moves the man the defender attacks: the first move a solver
   tries (stop 37's marks, Upuaut: "the key 1.Bb6 only rescues the
   en-prise Bc5"); -1. */
START_TEST(test_O1_score_key_rescuing_an_attacked_man)
{
	struct score_facts f = key_facts("chess", "7k/8/8/8/8/8/r5R1/4K3 w - - 0 1", "Rg2-g3");
	ck_assert(f.key_rescues);
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_OBVIOUS_KEY].points, -1);
	ck_assert_str_eq(s.item[SF_OBVIOUS_KEY].why, "rescues an attacked man");
	f = key_facts("chess", "7k/8/8/8/8/8/r5R1/4K3 w - - 0 1", "Ke1-d1");
	ck_assert(!f.key_rescues);
}
END_TEST

/* What judges praised first in a key (stop 39's blind marks): a man
   offered where it went, and checks it lets the defender give. */
START_TEST(test_U6_score_key_offers_sacrifice_and_checks)
{
	/* the judges' 5 (A20): 1.Bb5-c6! Kxc6 2.Bb4-b5#, a sacrifice */
	struct score_facts f = key_facts("upuaut", "1k3/1B3/1BK2/5/2b2/5 w", "Bb5-c6");
	ck_assert(f.key_sacrifice);
	ck_assert_int_eq(f.checks_allowed, 0);
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_KEY_OFFERS].points, 1);
	ck_assert_str_eq(s.item[SF_KEY_OFFERS].why, "a sacrifice: the key's man may be taken");
	/* the judges' 5 (A06): 1.Kd3-d4! lets 1...Ba2-a1+ check (U6), which
	   with the solver passing does not; a king is no sacrifice */
	f = key_facts("upuaut", "5/1k3/5/B2K1/b1B2/5 w", "Kd3-d4");
	ck_assert(!f.key_sacrifice);
	ck_assert_int_eq(f.checks_allowed, 1);
	s = points(&f);
	ck_assert_int_eq(s.item[SF_KEY_OFFERS].points, 1);
	ck_assert_str_eq(s.item[SF_KEY_OFFERS].why, "allows 1 check");
	/* chess (O1): the knight leaving c3 opens the third rank, 1...Ra3-e3+;
	   1...Ra3-a1+ the black rook had with White passing */
	f = key_facts("chess", "7k/8/8/8/8/r1N5/8/4K3 w - - 0 1", "Nc3-d5");
	ck_assert(!f.key_sacrifice);
	ck_assert_int_eq(f.checks_allowed, 1);
	/* on a4 the rook takes it: both, two points */
	f = key_facts("chess", "7k/8/8/8/8/r1N5/8/4K3 w - - 0 1", "Nc3-a4");
	ck_assert(f.key_sacrifice);
	ck_assert_int_eq(f.checks_allowed, 1);
	s = points(&f);
	ck_assert_int_eq(s.item[SF_KEY_OFFERS].points, 2);
	ck_assert_str_eq(s.item[SF_KEY_OFFERS].why, "a sacrifice, allows 1 check");
	/* a pawn step that opens no line and stands safe: no offer (the
	   king's step to f2 would meet 1...Ra3-a2+: a check allowed) */
	f = key_facts("chess", "7k/8/8/8/8/r1N5/7P/4K3 w - - 0 1", "h2-h3");
	ck_assert(!f.key_sacrifice);
	ck_assert_int_eq(points(&f).item[SF_KEY_OFFERS].points, 0);
	/* a knight put where the a3 rook takes it: offered in chess, forced
	   in Morok (M5: the rook it attacks is possessed and must take it),
	   no offer there */
	f = key_facts("chess", "7k/8/8/8/8/r7/8/4K1N1 w - - 0 1", "Ng1-f3");
	ck_assert(f.key_sacrifice);
	f = key_facts("morok", "7k/8/8/8/8/r7/8/4K1N1 w - - 0 1", "Ng1-f3");
	ck_assert(!f.key_sacrifice);
	ck_assert_int_eq(points(&f).item[SF_KEY_OFFERS].points, 0);
}
END_TEST

START_TEST(test_U6_score_checking_key_upuaut)
{
	/* Ba1-a2 opens the diagonal a2-e6 onto the black king */
	ck_assert(key_facts("upuaut", "4k/5/5/5/5/B1K2 w", "Ba1-a2").check);
	static const struct key_case quiet = {
	    "upuaut", "4k/5/5/5/5/B1K2 w", "Ba1-b2", false, false, 1, NULL};
	key_is(&quiet);
}
END_TEST

START_TEST(test_M2_score_key_attacking_the_king_morok)
{
	/* Morok has no check, but a rook that could take the king next is
	   Morok's check: the key attacks the king */
	static const struct key_case cases[] = {
	    {"morok", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1-a8", true, false, -3,
	     "attacks the king"},
	    {"morok", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1-a2", false, false, 1, NULL},
	    /* the pawn attacks the king, though it may not take it next: the
	       rook, possessed by the bishop on g4, can take its own king
	       (M5a); a judge still reads a check (seed 1, 90 s run) */
	    {"morok", "8/8/6k1/8/KR3Pb1/8/2n5/8 w - - 0 1", "f4-f5", true, false, -3,
	     "attacks the king"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		key_is(&cases[i]);
}
END_TEST

START_TEST(test_T6_score_capturing_key_tavlei)
{
	/* i2-i5 takes the attacker on i6 against the edge (T6); Tavlei has no
	   check (T7) */
	static const struct key_case takes = {
	    "tavlei", "/9/8T/9/9/9/7Tt/7KT/7t1/9/ d", "i2-i5", false, true, -3, NULL};
	key_is(&takes);
}
END_TEST

/* ---- what compose_assess reads from a whole problem ---- */

START_TEST(test_S1_score_idle_man_and_variations)
{
	struct compose_score s;
	/* puzzles/composed: #2, 1.Bf7-g8! zugzwang, three mates */
	ck_assert_int_eq(assess("chess", "#2", "1B2Q3/5Bk1/8/7P/8/8/3K4/8 w - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_IDLE].points, 0);
	ck_assert_int_eq(s.item[SF_WINS].points, 6);
	ck_assert_int_eq(s.item[SF_LONE_KING].points, -3);
	/* the same with a white pawn on a2 that does nothing */
	ck_assert_int_eq(assess("chess", "#2", "1B2Q3/5Bk1/8/7P/8/8/P2K4/8 w - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_IDLE].points, -3);
	/* not sound: nothing to score */
	ck_assert_int_eq(assess("chess", "#2", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &s), 0);
}
END_TEST

/*
** Issue 22: "6 variations that are one edge capture repeated".  A Tavlei
** win in 2 of a default run (seed 1): 1.e9-h9! zugzwang, and each step of
** the defenders' man i3 up the i-file, 1...i3-i4 to 1...i3-i8, is answered
** by h9 capturing it from the h-file, 2.h9-h4xi4# to 2.h9-h8xi8#.  The
** composer counted five different wins (+8); it is one win repeated.
** (Wins on other squares stay different: Baird's three queen mates after
** three king moves, test_S1_score_man_that_makes_a_variation_is_not_idle.)
*/
START_TEST(test_S1_score_repeated_win_is_one)
{
	struct compose_score s;
	ck_assert_int_eq(assess("tavlei", "win in 2", "/4t4/9/9/9/9/9/7tT/6tKt/6tT1/ a", &s), 1);
	ck_assert_int_eq(s.item[SF_WINS].points, 2);
	ck_assert_int_eq(s.item[SF_REPEATED].points, -2);
	/* Morok (seed 1): 1.Ke7!, eight king moves, counted six different
	   wins: the king taking the king where it steps (1...Kxf6 2.Kxf6#,
	   1...Ke6 2.Kxe6#), the rook c4 taking it on the fourth rank, the
	   rook g8 taking it on the g-file, each one win; 1...Ke5 2.Rg5 fxe5#
	   another (1...Kg4 has two answers: none) */
	ck_assert_int_eq(assess("morok", "win in 2", "6R1/8/3K1p2/5k2/2R5/8/8/8 w - - 0 1", &s), 1);
	ck_assert_str_eq(s.item[SF_WINS].why, "4 different wins after the key");
}
END_TEST

/*
** Stop 40's blind judges on Tavlei: "a rook sweep in which one lone piece
** is captured against the edge on every square it can reach", "the e1
** piece is captured on d1/f1/g1/h1 by the same e2 attacker each time"
** (marked 2).  1.a5-a2! zugzwang, then 1...e1-d1 2.e2-e1xd1#, 1...e1-f1
** 2.e2-f2xf1#, 1...e1-g1 2.e2-g2xg1#, 1...e1-h1 2.e2-h2xh1#: the custodial
** capture (T6) lands beside the man, on the side its flight leaves open,
** so the squares differ; the same man taking the same man is one win.
** The hammer and anvil that change places (1.d1-d2! 1...f2-e2 2.f4-f2xe2#,
** 1...f2-f3 2.d2-f2xf3#, marked 3) stay two wins: other men take.
*/
START_TEST(test_T6_score_edge_sweep_is_one_win)
{
	struct compose_score s;
	ck_assert_int_eq(assess("tavlei", "win in 2", "/1tt1T4/1TKtt4/1tt6/9/t8/9/9/9/9/ a", &s),
	                 1);
	ck_assert_str_eq(s.item[SF_WINS].why, "1 different win after the key");
	ck_assert_int_eq(s.item[SF_REPEATED].points, -2);
	ck_assert_int_eq(s.item[SF_CAPTURE_WINS].points, -3);
	ck_assert_int_eq(assess("tavlei", "win in 2", "/3t1tTt1/5TKt1/6t2/5t3/9/9/9/9/9/ a", &s),
	                 1);
	ck_assert_str_eq(s.item[SF_WINS].why, "2 different wins after the key");
	ck_assert_int_eq(s.item[SF_REPEATED].points, 0);
}
END_TEST

/*
** A side with no legal move loses (T8): the defender's men's moves are
** its flights.  1.a5-a2! above leaves the defender b2, whose only move was
** b2-a2, without one (the judges: "a restricting key 1.a5-a2! locks b2"):
** -2.  A quiet key elsewhere shuts nothing in; chess, where a side with no
** move is stalemated (O1), counts only the king's flights.
*/
START_TEST(test_T8_score_key_shutting_in_a_man)
{
	struct score_facts f = key_facts("tavlei", "/1tt1T4/1TKtt4/1tt6/9/t8/9/9/9/9/ a", "a5-a2");
	ck_assert_int_eq(f.shut_in, 1);
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_SHUT_IN].points, -2);
	ck_assert_str_eq(s.item[SF_SHUT_IN].why,
	                 "the key leaves 1 man that could move without a move");
	f = key_facts("tavlei", "/1tt1T4/1TKtt4/1tt6/9/t8/9/9/9/9/ a", "a5-a7");
	ck_assert_int_eq(f.shut_in, 0);
	ck_assert_int_eq(points_of(&f, SF_SHUT_IN), 0);
	/* two men shut in cost at most -4 */
	f.shut_in = 3;
	ck_assert_int_eq(points_of(&f, SF_SHUT_IN), -4);
	/* 1.Rb1-b6 takes every move of the black pawn b7 (its king boxed
	   in): no points in chess */
	f = key_facts("chess", "k7/1p6/8/8/8/8/8/KR6 w - - 0 1", "Rb1-b6");
	ck_assert_int_eq(f.shut_in, 0);
}
END_TEST

/* The themes move m (canonical) shows in Tavlei position text. */
static unsigned themes_of(const char *text, const char *m)
{
	POSBUF(pos);
	const struct game *g = parse("tavlei", text, pos);
	char err[256];
	move_t mv = game_parse_move(g, pos, m, err, sizeof err);
	ck_assert_msg(mv != MOVE_NONE, "%s: %s", m, err);
	return score_move_themes(g, pos, mv);
}

/*
** Tavlei's own captures (T6, T7), which the judges missed ("the throne, the
** armed king, the four-sided king capture are barely explored"): a man
** taken against the edge, against the empty throne, against the armed
** king or by it; the king walled in on four sides, or on three against
** the throne.  +1 each kind in the wins after the key, at most 3.
*/
START_TEST(test_T6_T7_score_enclosure_themes)
{
	/* the attacker a7 to e7 takes the defender e6 against the empty
	   throne e5 */
	ck_assert_uint_eq(themes_of("/9/9/2K6/9/9/4T4/t8/9/9/ a", "a7e7"), SCORE_THEME_THRONE);
	/* the defender h3 to e3 takes the attacker d3 against its king c3;
	   the king c3 to c5 takes the attacker c6 against the defender c7 */
	ck_assert_uint_eq(themes_of("/9/9/2Kt3T1/9/9/9/9/9/9/ d", "h3e3"), SCORE_THEME_ARMED_KING);
	ck_assert_uint_eq(themes_of("/9/9/2K6/9/9/2t6/2T6/9/9/ d", "c3c5"), SCORE_THEME_ARMED_KING);
	/* the attacker b8 to b4 takes the defender a4 against the edge */
	ck_assert_uint_eq(themes_of("/9/9/4K4/T8/9/9/9/1t7/9/ a", "b8b4"), SCORE_THEME_EDGE);
	/* a move that takes nothing shows nothing; chess has no such themes */
	ck_assert_uint_eq(themes_of("/9/9/4K4/T8/9/9/9/1t7/9/ a", "b8c8"), 0);
	/* whole problems: 1.h6-c6! walls the king c5 in on four sides after
	   each defence; 1.e2-e4! ends with the king e6 against the throne */
	struct compose_score s;
	ck_assert_int_eq(assess("tavlei", "win in 2", "/2t6/9/9/2T1t4/1tKt5/7t1/9/9/9/ a", &s), 1);
	ck_assert_str_eq(s.item[SF_ENCLOSURE].why, "king taken on four sides");
	ck_assert_int_eq(s.item[SF_ENCLOSURE].points, 1);
	ck_assert_int_eq(assess("tavlei", "win in 2", "/9/4t4/9/9/3t1t3/3tKt3/4T2t1/9/4t4/ a", &s),
	                 1);
	ck_assert_str_eq(s.item[SF_ENCLOSURE].why, "king taken against the throne");
	/* the points: one a kind, at most 3 */
	struct score_facts f;
	memset(&f, 0, sizeof f);
	f.men[0] = f.men[1] = 4;
	f.themes = SCORE_THEME_EDGE | SCORE_THEME_THRONE;
	ck_assert_int_eq(points_of(&f, SF_ENCLOSURE), 2);
	f.themes |= SCORE_THEME_ARMED_KING | SCORE_THEME_KING_FOUR;
	ck_assert_int_eq(points_of(&f, SF_ENCLOSURE), 3);
	ck_assert_str_eq(points(&f).item[SF_ENCLOSURE].why,
	                 "edge capture, throne capture, armed king, king taken on four sides");
}
END_TEST

/*
** Several defences each answered by another king capture (T7), what stop
** 41's judges asked for where the king was boxed in and the one mobile
** defender taken or blocked (T6, T8): +1 each different win that takes
** the king beyond the first, at most 2 (the kind itself is an enclosure
** theme).  1.h6-c6! zugzwang: 1...c4-c3 2.e4-c4#, 1...c4-d4 2.c1-c4xd4#,
** the king c5 walled in on four sides by two different men.
*/
START_TEST(test_T7_score_king_captures)
{
	struct compose_score s;
	ck_assert_int_eq(assess("tavlei", "win in 2", "/2t6/9/9/2T1t4/1tKt5/7t1/9/9/9/ a", &s), 1);
	ck_assert_int_eq(s.item[SF_KING_CAPTURES].points, 1);
	ck_assert_str_eq(s.item[SF_KING_CAPTURES].why, "2 different wins take the king");
	/* against the throne too (the king e6; T7's three and the throne):
	   1...e7-e8xe9 2.h7-e7#, 1...e7-f7 2.e9-e7# */
	ck_assert_int_eq(assess("tavlei", "win in 2", "/9/4t4/9/9/3t1t3/3tKt3/4T2t1/9/4t4/ a", &s),
	                 1);
	ck_assert_int_eq(s.item[SF_KING_CAPTURES].points, 1);
	/* one king capture is the theme alone; at most 2 points */
	struct score_facts f;
	memset(&f, 0, sizeof f);
	f.men[0] = f.men[1] = 4;
	f.themes = SCORE_THEME_KING_FOUR;
	f.king_captures = 1;
	ck_assert_int_eq(points_of(&f, SF_KING_CAPTURES), 0);
	f.king_captures = 5;
	ck_assert_int_eq(points_of(&f, SF_KING_CAPTURES), 2);
	/* a win by the defenders with no move (T8) takes no king */
	ck_assert_int_eq(assess("tavlei", "win in 2", "/1tt1T4/1TKtt4/1tt6/9/t8/9/9/9/9/ a", &s),
	                 1);
	ck_assert_int_eq(s.item[SF_KING_CAPTURES].points, 0);
}
END_TEST

/*
** T8: the defenders win when their king reaches the edge, so a defenders'
** problem whose key is the king's own move and whose every answer is the
** king's run to the edge is a king run (stop 42's blind judges marked such
** problems 1: "1.e4-e7, eight of nine defences met by the same 2.e7-e9"):
** -4.  A key by another man, or an answer that wins otherwise (the
** attackers left without a move, T8), is no king run.
*/
START_TEST(test_T8_score_king_run)
{
	struct compose_score s;
	/* 1.e5-g5! zugzwang: the king steps off the throne and runs to i5,
	   or takes the attackers' one man on i5 (h5-i5 2.g5-h5xi5), whatever
	   it does (main's seed 53, --side defenders) */
	ck_assert_int_eq(assess("tavlei", "win in 2", "/9/9/9/4T4/3TK2t1/4T4/9/9/9/ d", &s), 1);
	ck_assert_int_eq(s.item[SF_KING_RUN].points, -4);
	ck_assert_str_eq(s.item[SF_KING_RUN].why,
	                 "the king runs alone: the key and every answer its own moves");
	/* 1.e8-b8! (not the king) threat 2.b8-b3xb2#: no king run */
	ck_assert_int_eq(assess("tavlei", "win in 2", "/1TtT5/1tKT5/9/9/9/9/9/4T4/9/ d", &s), 1);
	ck_assert_int_eq(s.item[SF_KING_RUN].points, 0);
	/* the facts alone: a king's key with every answer a run, and not */
	struct score_facts f;
	memset(&f, 0, sizeof f);
	f.men[0] = f.men[1] = 3;
	f.key_known = true;
	f.key_king = true;
	f.king_runs = true;
	ck_assert_int_eq(points_of(&f, SF_KING_RUN), -4);
	f.king_runs = false;
	ck_assert_int_eq(points_of(&f, SF_KING_RUN), 0);
	f.king_runs = true;
	f.key_king = false;
	ck_assert_int_eq(points_of(&f, SF_KING_RUN), 0);
}
END_TEST

/*
** A judge's evidence: the score ranks a published problem above flawed
** versions of it.  E. Baird, The British Chess Magazine 1893, #2
** (puzzles/chess/baird-1893-bcm.yaml, as recorded in YACPDB): 1.Se8-g7!
** zugzwang, a flight-giving and taking key, three model mates.  Flawed:
** the same with an idle white pawn on h2 (sound, the same key), and
** without the black pawn c4 (sound, the same key, a lone king and fewer
** mates).
*/
START_TEST(test_S1_score_ranks_published_above_flawed)
{
	struct compose_score good, idle, lone;
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/2p5/P1Q3P1/8/8 w - - 0 1", &good),
	                 1);
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/2p5/P1Q3P1/7P/8 w - - 0 1", &idle),
	                 1);
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/8/P1Q3P1/8/8 w - - 0 1", &lone), 1);
	ck_assert_int_eq(good.item[SF_IDLE].points, 0);
	ck_assert_int_eq(good.item[SF_LONE_KING].points, 0);
	ck_assert_int_eq(good.item[SF_KEY].points, 1); /* quiet */
	ck_assert_int_eq(idle.item[SF_IDLE].points, -3);
	ck_assert_int_eq(lone.item[SF_LONE_KING].points, -3);
	ck_assert_int_lt(lone.item[SF_WINS].points, good.item[SF_WINS].points);
	ck_assert_int_gt(good.total, idle.total);
	ck_assert_int_gt(good.total, lone.total);
}
END_TEST

/* The key of a chess #2 given by its men, as the judge finds it ("" when
   the problem is not sound). */
static void key_of(const char *white, const char *black, char *key, size_t len)
{
	char yaml[256];
	snprintf(yaml, sizeof yaml,
	         "---\nalgebraic:\n  white: [%s]\n  black: [%s]\nstipulation: \"#2\"\n", white,
	         black);
	struct collection col;
	ck_assert_int_eq(puzzle_load_buffer("key.yaml", yaml, strlen(yaml), &col), 0);
	ck_assert_int_eq(col.count, 1);
	struct judge_opts jo = {.an = {.tree = true, .hash_mb = 4}};
	struct judgement j;
	judge_puzzle(&col.items[0], &jo, NULL, &j);
	snprintf(key, len, "%s",
	         j.verdict == VERDICT_SOUND && j.an.nkeys == 1 ? j.an.keys[0].note.text : "");
	judgement_free(&j);
	collection_free(&col);
}

/*
** Economy (issue 22: "the same key and the same wins"): a man whose
** removal keeps the problem sound with the same key but loses a variation
** is not idle.  In Baird's #2 the black pawn c4 is such a man: it closes
** the queen's file, so that c5 is a flight, 1...Kd5-c5 2.Qc3-e5#; without
** it 1.Se8-g7! still solves, with the mates after 1...Kd5-d6 and
** 1...Kd5-e4 alone.  A white pawn added on h2 changes nothing: idle.
*/
START_TEST(test_S1_score_man_that_makes_a_variation_is_not_idle)
{
	char key[40];
	key_of("Kb7, Qc3, Sg8, Se8, Pg3, Pa3", "Kd5, Pc4", key, sizeof key);
	ck_assert_str_eq(key, "Se8-g7");
	key_of("Kb7, Qc3, Sg8, Se8, Pg3, Pa3", "Kd5", key, sizeof key);
	ck_assert_str_eq(key, "Se8-g7");
	struct compose_score with, without, pawn;
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/2p5/P1Q3P1/8/8 w - - 0 1", &with),
	                 1);
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/8/P1Q3P1/8/8 w - - 0 1", &without),
	                 1);
	/* three different wins with c4, two without it: c4 is needed */
	ck_assert_int_eq(with.item[SF_WINS].points, 6);
	ck_assert_int_eq(without.item[SF_WINS].points, 4);
	ck_assert_int_eq(with.item[SF_IDLE].points, 0);
	/* h2 changes nothing: idle */
	ck_assert_int_eq(assess("chess", "#2", "4N1N1/1K6/8/3k4/2p5/P1Q3P1/7P/8 w - - 0 1", &pawn),
	                 1);
	ck_assert_int_eq(pawn.item[SF_IDLE].points, -3);
	ck_assert_str_eq(pawn.item[SF_IDLE].why, "1 man the problem does not need");
}
END_TEST

START_TEST(test_U5_score_self_capture_in_the_play)
{
	/* 1.Bb2-a3! 1...Kb5xa4 (the black king takes its own bishop) 2.Ba3-b4# */
	struct compose_score s;
	ck_assert_int_eq(assess("upuaut", "win in 2", "5/1k3/b4/2K2/1B3/5 w", &s), 1);
	ck_assert_int_eq(s.item[SF_THEME].points, 1);
	ck_assert_int_eq(s.item[SF_KEY].points, 1);
	bool keyword = false;
	for (int k = 0; k < s.nkeywords; k++)
		keyword |= strcmp(s.keywords[k], "Self-capture") == 0;
	ck_assert(keyword);
}
END_TEST

/*
** Issue 22, stop 35's blind marks: "long lists of near-identical refuted
** tries", "trivial captures as the wins", "one winning move repeated".
** Tavlei, defenders win in 2 (seed 35): 1.h3-g3! zugzwang, six of the
** g2 man's moves along the second rank answered by 2.g3-g1#.  Seven tries:
** h3-e3 is refuted by a defence of its own (g2-e2) and threatens what the
** key never plays (e3-e1): thematic; h3-f3 (but g2-f2) is the same try
** moved along a file, shown once; i3-i4 ... i3-i8 share their refutation
** i2-i3: not thematic.
*/
START_TEST(test_S5_score_thematic_tries_repeats_tavlei)
{
	struct compose_score s;
	ck_assert_int_eq(assess("tavlei", "win in 2", "/9/9/9/9/9/7T1/7KT/6tTt/9/ d", &s), 1);
	ck_assert_int_eq(s.item[SF_TRIES].points, 1);
	ck_assert_str_eq(s.item[SF_TRIES].why, "1 of 7 tries refuted by a defence of their own, "
	                                       "with play of their own; 1 shown");
	ck_assert_int_eq(s.item[SF_REPEATED].points, -2);
}
END_TEST

/*
** Upuaut win in 2 (seed 35): 1.Be3! zugzwang, 1...Bc1+ 2.Bxc1# (the
** answer takes the bishop that has just defended); the try 1.Kxc2?
** (refuted by 1...Ka3!) has no play of its own: not thematic, not shown.
*/
START_TEST(test_U5_score_capture_win_and_try_without_play)
{
	struct compose_score s;
	ck_assert_int_eq(assess("upuaut", "win in 2", "5/5/1k3/5/1Kb1B/5 w", &s), 1);
	ck_assert_int_eq(s.item[SF_CAPTURE_WINS].points, -1);
	ck_assert_int_eq(s.item[SF_TRIES].points, 0);
	ck_assert_str_eq(s.item[SF_TRIES].why, "none of 1 tries thematic, none shown");
}
END_TEST

/*
** Upuaut win in 2 (stop 37's marks, R09: "the key 1.Bd5 is the set mate
** played at once"): set 1...Kb3 2.Bd5#, and the key is that win: -2.
*/
START_TEST(test_U5_score_key_playing_the_set_win)
{
	struct compose_score s;
	ck_assert_int_eq(assess("upuaut", "win in 2", "5/5/1k1B1/5/3Kb/B3B w", &s), 1);
	ck_assert_int_eq(s.item[SF_OBVIOUS_KEY].points, -2);
	ck_assert_str_eq(s.item[SF_OBVIOUS_KEY].why, "plays the set win");
}
END_TEST

/*
** Chess #2 (stop 37's marks, P50, a 1: "1.Qg1 takes three flights (f2,
** g2, g3) and gives two variations, one a capture mate"): the flights
** -6 (two counted), the capturing mate 2.Bxg4# -1.
*/
START_TEST(test_O1_score_capturing_mates_and_flights)
{
	struct compose_score s;
	ck_assert_int_eq(assess("chess", "#2", "8/8/8/3K1B1p/4R1p1/5k2/8/2Q5 w - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_FLIGHTS].points, -6);
	ck_assert_str_eq(s.item[SF_FLIGHTS].why, "takes 3 flights");
	ck_assert_int_eq(s.item[SF_CAPTURE_MATES].points, -1);
	ck_assert_str_eq(s.item[SF_CAPTURE_MATES].why, "1 of the wins captures");
}
END_TEST

/*
** Chess #2 (seed 40 of stop 37, a closed king): 1.a6! only waits, each
** defence answered as in the set play (1...Sf7 2.Qxf7#, 1...h5 2.Rf6#):
** "set play unchanged", a judge's fault: -2.
*/
START_TEST(test_S8_score_waiting_key_all_set)
{
	struct compose_score s;
	ck_assert_int_eq(assess("chess", "#2", "7n/4Q3/6kp/P4R2/5K2/8/8/8 w - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_SET_PLAY].points, -2);
	ck_assert_str_eq(s.item[SF_SET_PLAY].why, "all 2 set lines kept: the key only waits");
}
END_TEST

/*
** Chess #2 (compose seed 44 of stop 39): 1.Qf4! and the set 1...d5/d6
** 2.Qd4-a4# becomes 2.Qf4-a4#: the same mate by the same queen, which
** the key moved: no set line changed (it was scored +4 as two changed
** lines), and no fault either (the knight's defences had no set win).
*/
START_TEST(test_S8_score_key_moving_the_set_mate_changes_nothing)
{
	struct compose_score s;
	ck_assert_int_eq(assess("chess", "#2", "2N1k3/3pPn2/8/8/3Q4/8/8/4K3 w - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_SET_PLAY].points, 0);
	ck_assert_str_eq(s.item[SF_SET_PLAY].why, "");
	ck_assert_int_eq(s.item[SF_WINS].points, 4); /* 2.Qf8# and 2.Qa4# */
}
END_TEST

/* ---- points from facts ---- */

static struct score_facts blank_facts(int men)
{
	struct score_facts f;
	memset(&f, 0, sizeof f);
	f.men[0] = men - 2;
	f.men[1] = 2;
	f.flights_before = -1;
	return f;
}

START_TEST(test_S4_score_economy_classes)
{
	struct score_facts f = blank_facts(7);
	ck_assert_int_eq(points_of(&f, SF_ECONOMY), 2);
	f = blank_facts(12);
	ck_assert_int_eq(points_of(&f, SF_ECONOMY), 1);
	f = blank_facts(13);
	ck_assert_int_eq(points_of(&f, SF_ECONOMY), 0);
	f.idle = 2;
	ck_assert_int_eq(points_of(&f, SF_IDLE), -6);
}
END_TEST

START_TEST(test_S5_score_content_and_faults)
{
	struct score_facts f = blank_facts(6);
	f.key_known = true;
	f.wins = 6; /* at most four count */
	ck_assert_int_eq(points_of(&f, SF_WINS), 8);
	f.wins = 1;
	f.defences = 4;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), -2);
	f.wins = 2;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), 0);
	f.duals = 1;
	f.last_duals = 3;
	ck_assert_int_eq(points_of(&f, SF_DUALS), -2);
	f.duals = 0;
	ck_assert_int_eq(points_of(&f, SF_DUALS), -1);
	f.short_threat = true;
	ck_assert_int_eq(points_of(&f, SF_SHORT_THREAT), -2);
	/* tries: thematic ones score (at most 3, the ones shown); the others
	   are neither shown nor scored, only counted */
	f.tries = 5;
	f.thematic_tries = 5;
	ck_assert_int_eq(points_of(&f, SF_TRIES), 3);
	f.tries = 20;
	f.thematic_tries = 0;
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_TRIES].points, 0);
	ck_assert_str_eq(s.item[SF_TRIES].why, "none of 20 tries thematic, none shown");
	/* one answer after defence upon defence: -1 from two repeats, -2 from
	   four (three defences and one win: -2 as before) */
	f.wins = 3;
	f.defences = 6;
	f.repeats = 1;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), 0);
	f.repeats = 2;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), -1);
	f.repeats = 4;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), -2);
	/* answers that take the man that has just defended: -1 each, at most 3
	   (Morok's king star: seven of eight king moves answered by taking
	   the king where it went, stop 37's marks) */
	f.capture_wins = 1;
	ck_assert_int_eq(points_of(&f, SF_CAPTURE_WINS), -1);
	f.capture_wins = 5;
	ck_assert_int_eq(points_of(&f, SF_CAPTURE_WINS), -3);
	/* the same win after six defences and more: -3 */
	f.repeats = 6;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), -3);
	f.repeats = 0;
	f.only_move = true;
	ck_assert_int_eq(points_of(&f, SF_KEY), -2); /* -3, +1 quiet */
}
END_TEST

/*
** Issue 22 (a judge on chess #2): variations after king moves alone, one
** man (the queen) mating after every defence, and knight defences full of
** duals.  Each is its own feature: +1 each variation after a man's
** defence (at most 2), -2 when every variation follows a king's move; -1
** one man makes every answer of three different wins or more; -1 each
** defence answered two ways on the last move, at most -3.
*/
START_TEST(test_S5_score_men_defences_one_winner_duals)
{
	struct score_facts f = blank_facts(6);
	f.key_known = true;
	f.wins = 3;
	f.variations = 2;
	f.defences = 3;
	f.man_wins = 0;
	f.winning_men = 2;
	ck_assert_int_eq(points_of(&f, SF_MEN_DEFENCES), -2);
	f.man_wins = 1;
	ck_assert_int_eq(points_of(&f, SF_MEN_DEFENCES), 1);
	f.man_wins = 5;
	ck_assert_int_eq(points_of(&f, SF_MEN_DEFENCES), 2);
	ck_assert_int_eq(points_of(&f, SF_ONE_WINNER), 0);
	f.winning_men = 1;
	ck_assert_int_eq(points_of(&f, SF_ONE_WINNER), -1);
	f.wins = 2; /* two wins by one man: not yet a fault */
	ck_assert_int_eq(points_of(&f, SF_ONE_WINNER), 0);
	f.last_duals = 4;
	f.dual_defences = 2;
	ck_assert_int_eq(points_of(&f, SF_DUALS), -2);
	f.dual_defences = 5;
	ck_assert_int_eq(points_of(&f, SF_DUALS), -3);
	f.duals = 1; /* before the last move: -2 whatever the count */
	ck_assert_int_eq(points_of(&f, SF_DUALS), -2);
	/* help play has no men's defences */
	f.lines = true;
	ck_assert_int_eq(points_of(&f, SF_MEN_DEFENCES), 0);
}
END_TEST

START_TEST(test_S8_score_changed_set_play)
{
	struct score_facts f = blank_facts(6);
	f.set_changed = 1;
	ck_assert_int_eq(points_of(&f, SF_SET_PLAY), 2);
	f.set_changed = 5;
	ck_assert_int_eq(points_of(&f, SF_SET_PLAY), 4);
}
END_TEST

START_TEST(test_S2_score_help_play_different_wins)
{
	struct score_facts f = blank_facts(6);
	f.lines = true;
	f.solutions = 2;
	f.wins = 2;
	struct compose_score s = points(&f);
	ck_assert_int_eq(s.item[SF_WINS].points, 4);
	ck_assert_int_eq(s.item[SF_KEY].points, 0); /* no key in help play */
	f.wins = 1;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), -2);
	f.solutions = 1;
	ck_assert_int_eq(points_of(&f, SF_REPEATED), 0);
}
END_TEST

/* ---- help play in chess: model mates, echoes, every man used ---- */

/* The composed example of a pure mate in Wikipedia's "Pure mate"
   (en.wikipedia.org/wiki/Pure_mate, its first diagram): Bf7 checks, c6
   and d6 are the white king's, e6 and c4 (behind the king) the bishop's,
   e5 and d4 the knight's, c5 and e4 blocked by black men no white man
   guards.  Every white man but the king takes part: a model mate. */
#define PURE_MATE "8/2K2B2/8/2pk4/4n3/5N2/8/8 b - - 0 1"

static enum mate_kind mate_of(const char *text, struct mate_picture *pic)
{
	POSBUF(pos);
	const struct game *g = parse("chess", text, pos);
	return score_mate(g, pos, pic);
}

START_TEST(test_S2_score_model_mate)
{
	struct mate_picture a, b;
	ck_assert_int_eq(mate_of(PURE_MATE, &a), MATE_MODEL);
	ck_assert_int_eq(a.kf, 3);
	ck_assert_int_eq(a.kr, 4);
	/* a rook on a1 plays no part: pure, not economical */
	ck_assert_int_eq(mate_of("8/2K2B2/8/2pk4/4n3/5N2/8/R7 b - - 0 1", &b), MATE_PURE);
	/* a rook on e1 guards the knight's block e4 as well: not pure */
	ck_assert_int_eq(mate_of("8/2K2B2/8/2pk4/4n3/5N2/8/4R3 b - - 0 1", &b), MATE_PLAIN);
	/* no bishop, no check: no mate */
	ck_assert_int_eq(mate_of("8/2K5/8/2pk4/4n3/5N2/8/8 b - - 0 1", &b), MATE_NONE);
	/* a double check the mate does not need twice: Qd1 checks along the
	   d-file besides the bishop, and Nf3 already guards d4 */
	ck_assert_int_eq(mate_of("8/2K2B2/8/2pk4/4n3/5N2/8/3Q4 b - - 0 1", &b), MATE_PLAIN);
	/* other games have no model mates */
	POSBUF(pos);
	const struct game *g = parse("upuaut", "5/1k3/b4/2K2/1B3/5 w", pos);
	ck_assert_int_eq(score_mate(g, pos, &b), MATE_NONE);
}
END_TEST

START_TEST(test_S2_score_echo_mates)
{
	struct mate_picture a, b;
	ck_assert_int_eq(mate_of(PURE_MATE, &a), MATE_MODEL);
	/* the same picture a file to the left */
	ck_assert_int_eq(mate_of("8/1K2B3/8/1pk5/3n4/4N3/8/8 b - - 0 1", &b), MATE_MODEL);
	ck_assert(score_echo(&a, &b));
	/* mirrored left to right */
	ck_assert_int_eq(mate_of("8/2B2K2/8/4kp2/3n4/2N5/8/8 b - - 0 1", &b), MATE_MODEL);
	ck_assert(score_echo(&a, &b));
	/* the same mate is no echo of itself */
	ck_assert(!score_echo(&a, &a));
	/* another picture: the black pawn on b5 instead of c5 leaves c5 to
	   the bishop's guard of nothing -- no mate, no picture */
	ck_assert_int_eq(mate_of("8/2K2B2/8/1p1k4/4n3/5N2/8/8 b - - 0 1", &b), MATE_NONE);
	ck_assert(!score_echo(&a, &b));
}
END_TEST

/* A help mate in one that ends in the pure mate above: its score counts
   the model mate and every man used (c5 blocks, Nf3 guards, the others
   move). */
START_TEST(test_S2_score_help_play_model_mate_assessed)
{
	struct compose_score s;
	ck_assert_int_eq(assess("chess", "h#1", "4B3/2K5/8/2pk4/8/2n2N2/8/8 b - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_MODEL].points, 2);
	ck_assert_str_eq(s.item[SF_MODEL].why, "1 model mate");
	ck_assert_int_eq(s.item[SF_ALL_USED].points, 1);
	ck_assert_int_eq(s.item[SF_ECHO].points, 0);
	bool keyword = false;
	for (int k = 0; k < s.nkeywords; k++)
		keyword |= !strcmp(s.keywords[k], "Model mates");
	ck_assert(keyword);
	/* a white rook on a1 plays no part: the mate is pure only, a man unused */
	ck_assert_int_eq(assess("chess", "h#1", "4B3/2K5/8/2pk4/8/2n2N2/8/R7 b - - 0 1", &s), 1);
	ck_assert_int_eq(s.item[SF_MODEL].points, 1);
	ck_assert_int_eq(s.item[SF_ALL_USED].points, 0);
}
END_TEST

START_TEST(test_S2_score_model_mate_points)
{
	struct score_facts f = blank_facts(6);
	f.lines = true;
	f.solutions = 2;
	f.wins = 2;
	f.model_mates = 2;
	ck_assert_int_eq(points_of(&f, SF_MODEL), 4);
	f.model_mates = 5;
	f.pure_mates = 1;
	ck_assert_int_eq(points_of(&f, SF_MODEL), 7); /* at most 3 model mates */
	f.echo = true;
	ck_assert_int_eq(points_of(&f, SF_ECHO), 2);
	f.all_used = true;
	ck_assert_int_eq(points_of(&f, SF_ALL_USED), 1);
	/* direct play: none of these */
	f.lines = false;
	ck_assert_int_eq(points_of(&f, SF_MODEL), 0);
}
END_TEST

START_TEST(test_S4_score_text_and_json)
{
	struct score_facts f = blank_facts(6);
	f.key_known = true;
	f.wins = 2;
	struct compose_score s = points(&f);
	char text[512];
	compose_score_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "7 = economy +2 (6 men: miniature), key +1 (quiet), "
	                       "different wins +4 (2 different wins after the key)");
	char *json = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&json, &len);
	compose_score_json(out, &s);
	fclose(out);
	ck_assert_str_eq(json, "{\"total\":7,\"features\":["
	                       "{\"name\":\"economy\",\"points\":2,\"why\":\"6 men: miniature\"},"
	                       "{\"name\":\"key\",\"points\":1,\"why\":\"quiet\"},"
	                       "{\"name\":\"different wins\",\"points\":4,\"why\":\"2 different "
	                       "wins after the key\"}]}");
	free(json);
	/* a small buffer is cut, never overrun */
	char small[12];
	compose_score_text(&s, small, sizeof small);
	ck_assert_int_eq((int)strlen(small), 11);
}
END_TEST

Suite *score_suite(void);
Suite *score_suite(void)
{
	Suite *s = suite_create("score");
	TCase *tc = tcase_create("score");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_O1_score_promoted_force);
	tcase_add_test(tc, test_O1_score_pawn_captures_and_checks_no_game_gives);
	tcase_add_test(tc, test_M7_score_promoted_force_morok);
	tcase_add_test(tc, test_U2_score_more_bishops_than_the_start);
	tcase_add_test(tc, test_T2_score_more_defenders_than_the_start);
	tcase_add_test(tc, test_S1_score_lone_king_in_direct_play);
	tcase_add_test(tc, test_O1_score_checking_and_capturing_keys);
	tcase_add_test(tc, test_O1_score_promoting_key);
	tcase_add_test(tc, test_O1_score_flights_given_and_taken);
	tcase_add_test(tc, test_O1_score_key_rescuing_an_attacked_man);
	tcase_add_test(tc, test_M5_score_forced_capture_takes_no_flight);
	tcase_add_test(tc, test_S8_score_waiting_key_all_set);
	tcase_add_test(tc, test_S8_score_key_moving_the_set_mate_changes_nothing);
	tcase_add_test(tc, test_U5_score_key_playing_the_set_win);
	tcase_add_test(tc, test_O1_score_capturing_mates_and_flights);
	tcase_add_test(tc, test_S5_score_thematic_tries_repeats_tavlei);
	tcase_add_test(tc, test_U5_score_capture_win_and_try_without_play);
	tcase_add_test(tc, test_U6_score_checking_key_upuaut);
	tcase_add_test(tc, test_U6_score_key_offers_sacrifice_and_checks);
	tcase_add_test(tc, test_M2_score_key_attacking_the_king_morok);
	tcase_add_test(tc, test_T6_score_capturing_key_tavlei);
	tcase_add_test(tc, test_S1_score_idle_man_and_variations);
	tcase_add_test(tc, test_S1_score_repeated_win_is_one);
	tcase_add_test(tc, test_T6_score_edge_sweep_is_one_win);
	tcase_add_test(tc, test_T8_score_key_shutting_in_a_man);
	tcase_add_test(tc, test_T6_T7_score_enclosure_themes);
	tcase_add_test(tc, test_T7_score_king_captures);
	tcase_add_test(tc, test_T8_score_king_run);
	tcase_add_test(tc, test_S1_score_ranks_published_above_flawed);
	tcase_add_test(tc, test_S1_score_man_that_makes_a_variation_is_not_idle);
	tcase_add_test(tc, test_U5_score_self_capture_in_the_play);
	tcase_add_test(tc, test_S4_score_economy_classes);
	tcase_add_test(tc, test_S5_score_content_and_faults);
	tcase_add_test(tc, test_S5_score_men_defences_one_winner_duals);
	tcase_add_test(tc, test_S8_score_changed_set_play);
	tcase_add_test(tc, test_S2_score_help_play_different_wins);
	tcase_add_test(tc, test_S2_score_model_mate);
	tcase_add_test(tc, test_S2_score_echo_mates);
	tcase_add_test(tc, test_S2_score_help_play_model_mate_assessed);
	tcase_add_test(tc, test_S2_score_model_mate_points);
	tcase_add_test(tc, test_S4_score_text_and_json);
	suite_add_tcase(s, tc);
	return s;
}
