/*
** check_tavlei.c -- Tavlei (rules T1-T12, S0).
**
** Positions are built by hand from piece lists ("Kd4 Td6 th8": K king,
** T defender, t attacker) and every expected move list, capture and
** outcome below was worked out from the text of rules.md, not from the
** program.
*/
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/perft.h"
#include "notation/move_parse.h"

Suite *tavlei_suite(void);

#define START "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"

static const struct game *tav(void)
{
	const struct game *g = game_find("tavlei");
	ck_assert_ptr_nonnull(g);
	return g;
}

/* Pieces from a list such as "Ke5 Td5 tc1"; side 0 attackers, 1 defenders. */
static void place(void *pos, const char *list, int side)
{
	struct setup s;
	char err[160] = "";

	memset(&s, 0, sizeof s);
	memset(s.grid, '.', sizeof s.grid);
	s.side_to_move = side;
	s.fullmove = 1;
	for (const char *p = list; *p;) {
		if (*p == ' ') {
			p++;
			continue;
		}
		char letter = *p++;
		int f, r;
		int used = square_parse(p, 9, 9, &f, &r);
		ck_assert_int_gt(used, 0);
		s.grid[r][f] = letter;
		p += used;
	}
	ck_assert_msg(tav()->setup(pos, &s, err, sizeof err) == 0, "setup: %s", err);
}

static void load(void *pos, const char *text)
{
	char err[160] = "";
	ck_assert_msg(tav()->parse(pos, text, err, sizeof err) == 0, "parse: %s", err);
}

static void rule(void *pos, const char *name, const char *value)
{
	char err[160] = "";
	ck_assert_msg(tav()->set_rule(pos, name, value, err, sizeof err) == 0, "set_rule: %s", err);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The legal moves starting on `from` (or all if from is ""), canonical,
   sorted, separated by spaces. */
static void moves_from(void *pos, const char *from, char *out, size_t len)
{
	move_t mv[MAX_MOVES];
	char names[MAX_MOVES][8];
	int n = tav()->gen_moves(pos, mv), k = 0;

	for (int i = 0; i < n; i++) {
		char buf[16];
		tav()->move_text(pos, mv[i], MOVE_CANONICAL, buf, sizeof buf);
		if (strncmp(buf, from, strlen(from)) == 0)
			strcpy(names[k++], buf);
	}
	qsort(names, (size_t)k, sizeof names[0], cmp_str);
	out[0] = 0;
	for (int i = 0; i < k; i++) {
		if (i)
			strncat(out, " ", len - strlen(out) - 1);
		strncat(out, names[i], len - strlen(out) - 1);
	}
}

static move_t find_move(void *pos, const char *canonical)
{
	move_t mv[MAX_MOVES];
	int n = tav()->gen_moves(pos, mv);
	for (int i = 0; i < n; i++) {
		char buf[16];
		tav()->move_text(pos, mv[i], MOVE_CANONICAL, buf, sizeof buf);
		if (strcmp(buf, canonical) == 0)
			return mv[i];
	}
	return MOVE_NONE;
}

/* Make the move spelled `canonical`; its pretty (OTN) spelling goes to out. */
static void play(void *pos, const char *canonical, char *out, size_t len)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	move_t m = find_move(pos, canonical);
	ck_assert_msg(m != MOVE_NONE, "move %s not legal", canonical);
	tav()->move_text(pos, m, MOVE_PRETTY, out, len);
	tav()->make(pos, m, undo);
}

static char at(const void *pos, const char *sq)
{
	struct setup s;
	int f, r;
	ck_assert_int_gt(square_parse(sq, 9, 9, &f, &r), 0);
	tav()->get_setup(pos, &s);
	return s.grid[r][f];
}

/* The status as outcome() gives it from the moves, and the game's status()
   (the solver's, without the moves) agreeing with it. */
static enum result status(void *pos, int *nmoves)
{
	move_t mv[MAX_MOVES];
	int n = tav()->gen_moves(pos, mv);
	if (nmoves)
		*nmoves = n;
	enum result r = tav()->outcome(pos, mv, n);
	ck_assert_int_eq(tav()->status(pos), r);
	return r;
}

#define POS _Alignas(16) unsigned char pos[MAX_POS_SIZE]

/* ---- T1 board ---- */

START_TEST(test_T1_board_throne_corners)
{
	const struct game *g = tav();
	ck_assert_int_eq(g->files, 9);
	ck_assert_int_eq(g->ranks, 9);
	ck_assert_int_eq(g->square_kind(4, 4), SQUARE_THRONE);
	ck_assert_int_eq(g->square_kind(0, 0), SQUARE_CORNER);
	ck_assert_int_eq(g->square_kind(0, 8), SQUARE_CORNER);
	ck_assert_int_eq(g->square_kind(8, 0), SQUARE_CORNER);
	ck_assert_int_eq(g->square_kind(8, 8), SQUARE_CORNER);
	ck_assert_int_eq(g->square_kind(4, 0), SQUARE_PLAIN);
	ck_assert_int_eq(g->square_kind(0, 4), SQUARE_PLAIN);
	ck_assert_int_eq(g->square_kind(3, 4), SQUARE_PLAIN);
	ck_assert_int_eq(g->square_kind(1, 1), SQUARE_PLAIN);
	ck_assert_str_eq(g->title, "Tavlei");
	ck_assert_str_eq(g->rule_ids, "T1-T12");
	ck_assert_int_le(g->pos_size, MAX_POS_SIZE);
	ck_assert_int_le(g->undo_size, MAX_UNDO_SIZE);
}
END_TEST

/* ---- T2 start ---- */

START_TEST(test_T2_start_position)
{
	POS;
	struct setup s;
	static const char *att[] = {"d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8",
	                            "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5"};
	static const char *def[] = {"e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"};
	int count[3] = {0, 0, 0};

	load(pos, tav()->start);
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(at(pos, att[i]), 't');
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(at(pos, def[i]), 'T');
	ck_assert_int_eq(at(pos, "e5"), 'K');
	tav()->get_setup(pos, &s);
	for (int r = 0; r < 9; r++)
		for (int f = 0; f < 9; f++)
			count[0] += s.grid[r][f] == 't', count[1] += s.grid[r][f] == 'T',
			    count[2] += s.grid[r][f] == 'K';
	ck_assert_int_eq(count[0], 16);
	ck_assert_int_eq(count[1], 8);
	ck_assert_int_eq(count[2], 1);
}
END_TEST

/* ---- T3 attackers first, alternate ---- */

START_TEST(test_T3_attackers_move_first)
{
	POS;
	char buf[1024], text[32];

	load(pos, tav()->start);
	ck_assert_int_eq(tav()->side_to_move(pos), 0);
	/* per arm: d1 and f1 have 2 rank + 3 file moves, e2 has 8, e1 none */
	moves_from(pos, "d1", buf, sizeof buf);
	ck_assert_str_eq(buf, "d1b1 d1c1 d1d2 d1d3 d1d4");
	moves_from(pos, "e2", buf, sizeof buf);
	ck_assert_str_eq(buf, "e2a2 e2b2 e2c2 e2d2 e2f2 e2g2 e2h2 e2i2");
	moves_from(pos, "e1", buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	moves_from(pos, "e3", buf, sizeof buf); /* a defender: not its turn */
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(perft(tav(), pos, 1), 72);
	play(pos, "d1d3", text, sizeof text);
	ck_assert_int_eq(tav()->side_to_move(pos), 1);
	moves_from(pos, "e2", buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(find_move(pos, "e3d3"), MOVE_NONE); /* d3 is taken */
}
END_TEST

START_TEST(test_T3_players_alternate)
{
	POS;
	char text[32];

	load(pos, tav()->start);
	play(pos, "d1d3", text, sizeof text);
	ck_assert_int_eq(tav()->side_to_move(pos), 1);
	play(pos, "c5c2", text, sizeof text);
	ck_assert_int_eq(tav()->side_to_move(pos), 0);
	ck_assert_int_eq(at(pos, "c2"), 'T');
	ck_assert_int_eq(at(pos, "c5"), '.');
}
END_TEST

/* ---- T4 movement ---- */

START_TEST(test_T4_king_at_most_three_squares)
{
	POS;
	char buf[1024];

	place(pos, "Kd4 Td6 th8", 1);
	moves_from(pos, "d4", buf, sizeof buf);
	ck_assert_str_eq(buf, "d4a4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4e4 d4f4 d4g4");
	/* an ordinary piece slides any distance, stops before a piece */
	moves_from(pos, "d6", buf, sizeof buf);
	ck_assert_str_eq(buf, "d6a6 d6b6 d6c6 d6d5 d6d7 d6d8 d6d9 d6e6 d6f6 d6g6 d6h6 d6i6");
}
END_TEST

START_TEST(test_T4_rook_moves_no_jumping)
{
	POS;
	char buf[1024];

	place(pos, "Kc7 tc4 Tc6 te4 tc2", 0);
	/* up: c5 then Tc6 blocks; down: c3 then tc2 blocks; right: d4 then te4 */
	moves_from(pos, "c4", buf, sizeof buf);
	ck_assert_str_eq(buf, "c4a4 c4b4 c4c3 c4c5 c4d4");
}
END_TEST

/* ---- T5 throne and corners ---- */

START_TEST(test_T5_throne_passable_not_stoppable)
{
	POS;
	char buf[1024];

	place(pos, "Kb7 Te3 th2", 1);
	moves_from(pos, "e3", buf, sizeof buf);
	ck_assert_str_eq(buf, "e3a3 e3b3 e3c3 e3d3 e3e1 e3e2 e3e4 e3e6 e3e7 e3e8 e3e9 "
	                      "e3f3 e3g3 e3h3 e3i3");
	/* the same for an attacker */
	place(pos, "Kb7 te3 th2", 0);
	moves_from(pos, "e3", buf, sizeof buf);
	ck_assert_str_eq(buf, "e3a3 e3b3 e3c3 e3d3 e3e1 e3e2 e3e4 e3e6 e3e7 e3e8 e3e9 "
	                      "e3f3 e3g3 e3h3 e3i3");
}
END_TEST

START_TEST(test_T5_no_piece_enters_a_corner)
{
	POS;
	char buf[1024];

	place(pos, "Ke5 tb1 Tb9", 0);
	moves_from(pos, "b1", buf, sizeof buf);
	ck_assert_str_eq(buf, "b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 b1f1 "
	                      "b1g1 b1h1");
	place(pos, "Ke5 tb1 Tb9", 1);
	moves_from(pos, "b9", buf, sizeof buf);
	ck_assert_str_eq(buf, "b9b2 b9b3 b9b4 b9b5 b9b6 b9b7 b9b8 b9c9 b9d9 b9e9 b9f9 "
	                      "b9g9 b9h9");
}
END_TEST

START_TEST(test_T5_king_stops_on_and_crosses_throne)
{
	POS;
	char buf[1024], text[32];

	place(pos, "Ke7 th8", 1);
	moves_from(pos, "e7", buf, sizeof buf);
	ck_assert_str_eq(buf, "e7b7 e7c7 e7d7 e7e4 e7e5 e7e6 e7e8 e7e9 e7f7 e7g7 e7h7");
	/* off the throne and back onto it */
	play(pos, "e7e5", text, sizeof text);
	play(pos, "h8h7", text, sizeof text);
	play(pos, "e5e6", text, sizeof text);
	play(pos, "h7h8", text, sizeof text);
	play(pos, "e6e5", text, sizeof text);
	ck_assert_int_eq(at(pos, "e5"), 'K');
	/* crossing it: e6 -> e3 passes e5 */
	place(pos, "Ke6 th8", 1);
	ck_assert(find_move(pos, "e6e3") != MOVE_NONE);
}
END_TEST

/* ---- T6 capture ---- */

START_TEST(test_T6_capture_against_enemy)
{
	POS;
	char text[32];

	place(pos, "Kg7 Td4 te4 tc1", 0);
	ck_assert(tav()->is_capture(pos, find_move(pos, "c1c4")));
	ck_assert(!tav()->is_capture(pos, find_move(pos, "c1c3")));
	play(pos, "c1c4", text, sizeof text);
	ck_assert_str_eq(text, "c1-c4xd4");
	ck_assert_int_eq(at(pos, "d4"), '.');
	ck_assert_int_eq(at(pos, "c4"), 't');
	ck_assert_int_eq(at(pos, "e4"), 't');
	/* defenders capture attackers the same way */
	place(pos, "Kg7 td4 Te4 Tc1", 1);
	play(pos, "c1c4", text, sizeof text);
	ck_assert_str_eq(text, "c1-c4xd4");
	ck_assert_int_eq(at(pos, "d4"), '.');
}
END_TEST

START_TEST(test_T6_capture_against_empty_throne)
{
	POS;
	char text[32];

	place(pos, "Kg7 Td5 tc1", 0);
	play(pos, "c1c5", text, sizeof text);
	ck_assert_str_eq(text, "c1-c5xd5");
	ck_assert_int_eq(at(pos, "d5"), '.');
	place(pos, "Kg7 te6 Te9", 1);
	play(pos, "e9e7", text, sizeof text);
	ck_assert_str_eq(text, "e9-e7xe6");
	ck_assert_int_eq(at(pos, "e6"), '.');
}
END_TEST

START_TEST(test_T6_throne_with_king_captures_defender)
{
	POS;
	char text[32];

	place(pos, "Ke5 Td5 tc1", 0);
	play(pos, "c1c5", text, sizeof text);
	ck_assert_str_eq(text, "c1-c5xd5");
	ck_assert_int_eq(at(pos, "d5"), '.');
	ck_assert_int_eq(at(pos, "e5"), 'K');
	/* and attackers, of course */
	place(pos, "Ke5 te6 ta3 Te9", 1);
	play(pos, "e9e7", text, sizeof text);
	ck_assert_str_eq(text, "e9-e7xe6");
}
END_TEST

START_TEST(test_T6_capture_against_edge)
{
	POS;
	char text[32];

	place(pos, "Ke5 Ta4 tb1", 0);
	play(pos, "b1b4", text, sizeof text);
	ck_assert_str_eq(text, "b1-b4xa4");
	ck_assert_int_eq(at(pos, "a4"), '.');
	place(pos, "Ke5 ti5 Th1", 1);
	play(pos, "h1h5", text, sizeof text);
	ck_assert_str_eq(text, "h1-h5xi5");
	ck_assert_int_eq(at(pos, "i5"), '.');
}
END_TEST

START_TEST(test_T6_multiple_captures)
{
	POS;
	char text[32];

	place(pos, "Kh7 Tc4 Te4 Td5 tb4 tf4 td6 td1", 0);
	play(pos, "d1d4", text, sizeof text);
	ck_assert_str_eq(text, "d1-d4xc4/d5/e4");
	ck_assert_int_eq(at(pos, "c4"), '.');
	ck_assert_int_eq(at(pos, "d5"), '.');
	ck_assert_int_eq(at(pos, "e4"), '.');
	ck_assert_int_eq(at(pos, "d4"), 't');
}
END_TEST

START_TEST(test_T6_moving_between_enemies_is_safe)
{
	POS;
	char text[32];

	place(pos, "Kh7 tc4 te4 Td7 tg9", 1);
	play(pos, "d7d4", text, sizeof text);
	ck_assert_str_eq(text, "d7-d4");
	ck_assert_int_eq(at(pos, "d4"), 'T');
	/* only the moved piece captures: another attackers' move leaves it */
	play(pos, "g9g8", text, sizeof text);
	ck_assert_str_eq(text, "g9-g8");
	ck_assert_int_eq(at(pos, "d4"), 'T');
	/* nor does the edge or the throne capture a piece that moves in */
	place(pos, "Kh7 tb5 Ta7 tg9", 1);
	play(pos, "a7a5", text, sizeof text);
	ck_assert_str_eq(text, "a7-a5");
	ck_assert_int_eq(at(pos, "a5"), 'T');
	place(pos, "Kh7 tc5 Td8 tg9", 1);
	play(pos, "d8d5", text, sizeof text);
	ck_assert_str_eq(text, "d8-d5");
	ck_assert_int_eq(at(pos, "d5"), 'T');
}
END_TEST

START_TEST(test_T6_corners_not_hostile)
{
	POS;
	char text[32];

	place(pos, "Ke5 Tb1 tc5", 0);
	play(pos, "c5c1", text, sizeof text);
	ck_assert_str_eq(text, "c5-c1");
	ck_assert_int_eq(at(pos, "b1"), 'T');
}
END_TEST

START_TEST(test_T6_armed_king_captures)
{
	POS;
	char text[32];

	/* the king as the capturing piece */
	place(pos, "Kf7 te4 Td4 th9", 1);
	play(pos, "f7f4", text, sizeof text);
	ck_assert_str_eq(text, "f7-f4xe4");
	ck_assert_int_eq(at(pos, "e4"), '.');
	/* the king as the far side */
	place(pos, "Kd4 te4 Tf1 th9", 1);
	play(pos, "f1f4", text, sizeof text);
	ck_assert_str_eq(text, "f1-f4xe4");
	ck_assert_int_eq(at(pos, "e4"), '.');
}
END_TEST

START_TEST(test_T6_king_not_captured_custodially)
{
	POS;
	char text[32];
	int n;

	place(pos, "Kd4 tc4 te8 th9", 0);
	play(pos, "e8e4", text, sizeof text); /* passes over the empty throne */
	ck_assert_str_eq(text, "e8-e4");
	ck_assert_int_eq(at(pos, "d4"), 'K');
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_gt(n, 0);
}
END_TEST

START_TEST(test_T6_no_diagonal_capture)
{
	POS;
	char text[32];

	/* g8-d8 closes the four diagonal neighbours of c7 */
	place(pos, "Kh2 Tc7 tb6 td6 tb8 tg8", 0);
	play(pos, "g8d8", text, sizeof text);
	ck_assert_str_eq(text, "g8-d8");
	ck_assert_int_eq(at(pos, "c7"), 'T');
}
END_TEST

/* ---- T7 capturing the king ---- */

START_TEST(test_T7_king_surrounded_by_four)
{
	POS;
	char text[32];
	int n;

	place(pos, "Kc3 tb3 td3 tc2 tc8", 0);
	play(pos, "c8c4", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_T7_king_pressed_against_throne)
{
	POS;
	char text[32];
	int n;

	place(pos, "Kd5 tc5 td6 ta4", 0);
	play(pos, "a4d4", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
	/* three attackers and a defender do nothing */
	place(pos, "Kd7 tc7 td8 Te7 ta6", 0);
	play(pos, "a6d6", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
}
END_TEST

START_TEST(test_T7_king_on_throne_needs_four)
{
	POS;
	char text[32];
	int n;

	place(pos, "Ke5 td5 tf5 te6 ta2", 0);
	play(pos, "a2a3", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_gt(n, 0);
	place(pos, "Ke5 td5 tf5 te6 te1", 0);
	play(pos, "e1e4", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_T7_pocket_not_captured_by_own_move)
{
	POS;
	char text[32];
	int n;

	place(pos, "Ke5 tc5 td6 td4 th8", 1);
	play(pos, "e5d5", text, sizeof text);
	ck_assert_str_eq(text, "e5-d5");
	ck_assert_int_eq(tav()->side_to_move(pos), 0);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_gt(n, 0);
	/* any attackers' move now wins, here a far one */
	play(pos, "h8h7", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_T7_surrounded_set_up_position)
{
	POS;
	int n;

	/* defenders to move: the attackers moved last, so the king is taken */
	place(pos, "Kc3 tb3 td3 tc2 tc4", 1);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
	/* attackers to move: the king stepped in, the game goes on */
	place(pos, "Kc3 tb3 td3 tc2 tc4", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_gt(n, 0);
}
END_TEST

/* ---- T8 end of the game ---- */

START_TEST(test_T8_king_on_edge_wins)
{
	POS;
	char text[32];
	int n;

	place(pos, "Kc3 th8", 1);
	play(pos, "c3c1", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
	place(pos, "Kg6 th8", 1);
	play(pos, "g6i6", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_T8_no_legal_move_loses)
{
	POS;
	int n;

	/* a2 cannot step onto the corner a1; a3 and b2 are taken */
	place(pos, "Ke5 ta2 Ta3 Tb2", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
	/* T5, T9: a man whose one way out is over the empty throne */
	place(pos, "Kc7 te4 Td4 Tf4 Te3", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_eq(n, 4); /* e6 e7 e8 e9 */
	rule(pos, "throne-passable", "no");
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	place(pos, "Kc7 te4 Td4 Tf4 Te3 Te6", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	/* defenders walled in (the king has a defender beside it: not taken) */
	place(pos, "Kb2 ta2 tb1 tb3 Tc2 tc1 td2 tc3", 1);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
}
END_TEST

/* ---- T9 options ---- */

START_TEST(test_T9_rules_table)
{
	static const char *names[] = {
	    "throne-passable", "throne-hostile-defenders", "armed-king",   "corners-hostile",
	    "edge-capture",    "king-throne-capture",      "king-max-move"};
	static const char *defaults[] = {"yes", "yes", "yes", "no", "yes", "yes", "3"};
	const struct rule_option *r = tav()->rules;
	for (int i = 0; i < 7; i++) {
		ck_assert_str_eq(r[i].name, names[i]);
		ck_assert_str_eq(r[i].default_value, defaults[i]);
		ck_assert_ptr_nonnull(r[i].help);
	}
	ck_assert_ptr_null(r[7].name);
}
END_TEST

START_TEST(test_T9_throne_passable_option)
{
	POS;
	char buf[1024];

	place(pos, "Kb7 Te3 th2", 1);
	rule(pos, "throne-passable", "no");
	moves_from(pos, "e3", buf, sizeof buf);
	ck_assert_str_eq(buf, "e3a3 e3b3 e3c3 e3d3 e3e1 e3e2 e3e4 e3f3 e3g3 e3h3 e3i3");
	/* the king still crosses it */
	place(pos, "Ke6 th8", 1);
	rule(pos, "throne-passable", "no");
	ck_assert(find_move(pos, "e6e3") != MOVE_NONE);
}
END_TEST

START_TEST(test_T9_throne_hostile_defenders_option)
{
	POS;
	char text[32];

	place(pos, "Ke5 Td5 tc1", 0);
	rule(pos, "throne-hostile-defenders", "no");
	play(pos, "c1c5", text, sizeof text);
	ck_assert_str_eq(text, "c1-c5");
	ck_assert_int_eq(at(pos, "d5"), 'T');
	/* the empty throne stays hostile to defenders */
	place(pos, "Kg7 Td5 tc1", 0);
	rule(pos, "throne-hostile-defenders", "no");
	play(pos, "c1c5", text, sizeof text);
	ck_assert_str_eq(text, "c1-c5xd5");
	/* and the occupied one to attackers */
	place(pos, "Ke5 te6 ta3 Te9", 1);
	rule(pos, "throne-hostile-defenders", "no");
	play(pos, "e9e7", text, sizeof text);
	ck_assert_str_eq(text, "e9-e7xe6");
}
END_TEST

START_TEST(test_T9_armed_king_option)
{
	POS;
	char text[32];

	place(pos, "Kf7 te4 Td4 th9", 1);
	rule(pos, "armed-king", "no");
	play(pos, "f7f4", text, sizeof text);
	ck_assert_str_eq(text, "f7-f4");
	ck_assert_int_eq(at(pos, "e4"), 't');
	place(pos, "Kd4 te4 Tf1 th9", 1);
	rule(pos, "armed-king", "no");
	play(pos, "f1f4", text, sizeof text);
	ck_assert_str_eq(text, "f1-f4");
	ck_assert_int_eq(at(pos, "e4"), 't');
	/* unarmed, the king on the throne is still a hostile square */
	place(pos, "Ke5 te6 ta3 Te9", 1);
	rule(pos, "armed-king", "no");
	play(pos, "e9e7", text, sizeof text);
	ck_assert_str_eq(text, "e9-e7xe6");
}
END_TEST

START_TEST(test_T9_corners_hostile_option)
{
	POS;
	char text[32];

	place(pos, "Ke5 Tb1 tc5", 0);
	rule(pos, "corners-hostile", "yes");
	play(pos, "c5c1", text, sizeof text);
	ck_assert_str_eq(text, "c5-c1xb1");
	ck_assert_int_eq(at(pos, "b1"), '.');
	place(pos, "Ke5 ta8 Ta6", 1);
	rule(pos, "corners-hostile", "yes");
	play(pos, "a6a7", text, sizeof text);
	ck_assert_str_eq(text, "a6-a7xa8");
}
END_TEST

START_TEST(test_T9_edge_capture_option)
{
	POS;
	char text[32];

	place(pos, "Ke5 Ta4 tb1", 0);
	rule(pos, "edge-capture", "no");
	play(pos, "b1b4", text, sizeof text);
	ck_assert_str_eq(text, "b1-b4");
	ck_assert_int_eq(at(pos, "a4"), 'T');
}
END_TEST

START_TEST(test_T9_king_throne_capture_option)
{
	POS;
	char text[32];
	int n;

	place(pos, "Kd5 tc5 td6 ta4", 0);
	rule(pos, "king-throne-capture", "no");
	play(pos, "a4d4", text, sizeof text);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_gt(n, 0);
	/* setting it after the position re-judges a set-up capture */
	place(pos, "Kd5 tc5 td6 td4", 1);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	rule(pos, "king-throne-capture", "no");
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
}
END_TEST

START_TEST(test_T9_king_max_move_option)
{
	POS;
	char buf[1024];

	place(pos, "Kd4 Td6 th8", 1);
	rule(pos, "king-max-move", "1");
	moves_from(pos, "d4", buf, sizeof buf);
	ck_assert_str_eq(buf, "d4c4 d4d3 d4d5 d4e4");
	rule(pos, "king-max-move", "8");
	moves_from(pos, "d4", buf, sizeof buf);
	ck_assert_str_eq(buf, "d4a4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4e4 d4f4 d4g4 d4h4 d4i4");
}
END_TEST

START_TEST(test_T9_set_rule_errors)
{
	POS;
	char err[160];
	const struct game *g = tav();

	load(pos, g->start);
	ck_assert_int_eq(g->set_rule(pos, "x", "yes", err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown rule 'x'");
	ck_assert_int_eq(g->set_rule(pos, "armed-king", "maybe", err, sizeof err), -1);
	ck_assert_str_eq(err, "rule 'armed-king' takes yes or no");
	ck_assert_int_eq(g->set_rule(pos, "king-max-move", "0", err, sizeof err), -1);
	ck_assert_str_eq(err, "rule 'king-max-move' takes a number from 1 to 8");
	ck_assert_int_eq(g->set_rule(pos, "king-max-move", "9", err, sizeof err), -1);
	ck_assert_int_eq(g->set_rule(pos, "king-max-move", "3x", err, sizeof err), -1);
	ck_assert_int_eq(g->set_rule(pos, "king-max-move", "", err, sizeof err), -1);
	ck_assert_int_eq(g->set_rule(pos, "edge-capture", "no", err, sizeof err), 0);
}
END_TEST

/* Counts from two independent implementations (shared/notes/tafl.md 2.4). */
START_TEST(test_T9_perft_with_options)
{
	POS;

	load(pos, START);
	rule(pos, "corners-hostile", "yes");
	ck_assert_uint_eq(perft(tav(), pos, 3), 286320);
	load(pos, START);
	rule(pos, "edge-capture", "no");
	ck_assert_uint_eq(perft(tav(), pos, 3), 285808);
}
END_TEST

/* ---- T10 notation ---- */

START_TEST(test_T10_start_string_round_trip)
{
	POS;
	char buf[256];
	const struct game *g = tav();

	load(pos, g->start);
	g->format(pos, buf, sizeof buf);
	ck_assert_str_eq(buf, START " a");
	load(pos, "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3");
	g->format(pos, buf, sizeof buf);
	ck_assert_str_eq(buf, START " a");
	load(pos, "  " START " d\r\n");
	g->format(pos, buf, sizeof buf);
	ck_assert_str_eq(buf, START " d");
	ck_assert_int_eq(g->side_to_move(pos), 1);
	load(pos, "/9/9/2t6/9/3TK4/9/9/9/7t1/ a");
	g->format(pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "/9/9/2t6/9/3TK4/9/9/9/7t1/ a");
	ck_assert_int_eq(at(pos, "c3"), 't');
	ck_assert_int_eq(at(pos, "d5"), 'T');
	ck_assert_int_eq(at(pos, "e5"), 'K');
	ck_assert_int_eq(at(pos, "h9"), 't');
	ck_assert_int_eq(at(pos, "i9"), '.');
}
END_TEST

START_TEST(test_T10_setup_round_trip)
{
	POS;
	_Alignas(16) unsigned char pos2[MAX_POS_SIZE];
	struct setup s;
	char a[256], b[256], err[160];
	const struct game *g = tav();

	load(pos, "/1t7/4t4/2T1T4/t3T3t/t1TTK1Ttt/t3T3t/4T4/4t4/3tt4/ d");
	g->get_setup(pos, &s);
	ck_assert_int_eq(s.grid[0][1], 't');
	ck_assert_int_eq(s.grid[4][4], 'K');
	ck_assert_int_eq(s.side_to_move, 1);
	ck_assert_int_eq(g->setup(pos2, &s, err, sizeof err), 0);
	g->format(pos, a, sizeof a);
	g->format(pos2, b, sizeof b);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(g->hash(pos), g->hash(pos2));
}
END_TEST

START_TEST(test_T10_move_notation)
{
	POS;
	char buf[64];
	const struct game *g = tav();

	load(pos, g->start);
	move_t m = find_move(pos, "d1d3");
	ck_assert(m != MOVE_NONE);
	g->move_text(pos, m, MOVE_PRETTY, buf, sizeof buf);
	ck_assert_str_eq(buf, "d1-d3");
	ck_assert_uint_eq(game_parse_move(g, pos, "d1-d3", buf, sizeof buf), m);
	ck_assert_uint_eq(game_parse_move(g, pos, "d1d3", buf, sizeof buf), m);
	ck_assert_uint_eq(game_parse_move(g, pos, "d1-e3", buf, sizeof buf), MOVE_NONE);
	/* OTN capture records and the king's letter are accepted as input */
	place(pos, "Kh7 Tc4 Te4 Td5 tb4 tf4 td6 td1", 0);
	m = find_move(pos, "d1d4");
	ck_assert_uint_eq(game_parse_move(g, pos, "d1-d4xc4/d5/e4", buf, sizeof buf), m);
	/* the game names the move by its squares (move_name): the men taken
	   follow from the rules, whatever a list of them says */
	ck_assert_uint_eq(game_parse_move(g, pos, "d1-d4xc4/d5", buf, sizeof buf), m);
	ck_assert_ptr_nonnull(g->move_name);
	ck_assert_ptr_null(game_find("chess")->move_name);
	place(pos, "Kf7 te4 Td4 th9", 1);
	m = find_move(pos, "f7f4");
	ck_assert_uint_eq(game_parse_move(g, pos, "Kf7-f4xe4", buf, sizeof buf), m);
}
END_TEST

START_TEST(test_T10_malformed_positions)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
	    {"", "empty position"},
	    {"   ", "empty position"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/", "the board has 8 ranks, expected 9"},
	    {START "9/", "the board has 10 ranks, expected 9"},
	    {START "/", "the board has 10 ranks, expected 9"},
	    {"/3ttt3/4t3/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "rank 2 has 8 squares, expected 9"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt",
	     "rank 9 has 6 squares, expected 9"},
	    {"/3ttt4/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "rank 1 has 10 squares, expected 9"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3tt/",
	     "rank 9 has 11 squares, expected 9"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3tt12/",
	     "rank 9 has 17 squares, expected 9"},
	    {"/3txt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "unknown piece letter 'x' on e1 (Tavlei has t T K)"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTkTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "unknown piece letter 'k' on e5 (Tavlei has t T K)"},
	    {"/09/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "a run of 0 empty squares on rank 1"},
	    {"/3ttt3//4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "rank 2 has 0 squares, expected 9"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTT1TTtt/t3T3t/4T4/4t4/3ttt3/", "no king (K) on the board"},
	    {"/3ttt3/4t4/4K4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "2 kings on the board, expected 1"},
	    {"/t2ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "attacker on corner a1: only the king may stand there"},
	    {"/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt2T/",
	     "defender on corner i9: only the king may stand there"},
	    {"/3ttt3/4t4/4T4/t3K3t/ttTTtTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "attacker on throne e5: only the king may stand there"},
	    {"/3ttt3/4t4/4T4/t3K3t/ttTTTTTtt/t3T3t/4T4/4t4/3ttt3/",
	     "defender on throne e5: only the king may stand there"},
	    {START " x", "side to move must be 'a' or 'd', got 'x'"},
	    {START " white", "side to move must be 'a' or 'd', got 'white'"},
	    {START " a d", "unexpected text after the side to move: 'd'"},
	};
	POS;
	char err[160];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = 0;
		ck_assert_msg(tav()->parse(pos, cases[i].text, err, sizeof err) == -1,
		              "accepted: %s", cases[i].text);
		ck_assert_str_eq(err, cases[i].err);
	}
	/* a tiny buffer truncates, never overflows */
	ck_assert_int_eq(tav()->parse(pos, START " x", err, 8), -1);
	ck_assert_int_eq(strlen(err), 7);
}
END_TEST

START_TEST(test_T10_malformed_setup)
{
	POS;
	struct setup s;
	char err[160];

	memset(&s, 0, sizeof s);
	memset(s.grid, '.', sizeof s.grid);
	s.grid[4][4] = 'K';
	s.grid[1][3] = 'Q';
	ck_assert_int_eq(tav()->setup(pos, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown piece letter 'Q' on d2 (Tavlei has t T K)");
	s.grid[1][3] = '.';
	s.side_to_move = 2;
	ck_assert_int_eq(tav()->setup(pos, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "side to move must be 0 or 1, got 2");
}
END_TEST

static uint32_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*s >> 33);
}

/* Random text: parse either accepts it (and formats it back to something
   it accepts again) or gives one line of error. */
START_TEST(test_T10_parse_random_text)
{
	static const char alphabet[] = "tTK123456789/0 adxk\t";
	POS;
	char text[128], err[160], buf[256];
	uint64_t seed = 99;
	int ok = 0;

	for (int i = 0; i < 20000; i++) {
		int len = (int)(rnd(&seed) % 100);
		for (int j = 0; j < len; j++)
			text[j] = alphabet[rnd(&seed) % (sizeof alphabet - 1)];
		text[len] = 0;
		if (i % 2) { /* the start with one symbol changed */
			strcpy(text, START " a");
			text[rnd(&seed) % strlen(text)] = alphabet[rnd(&seed) % 20];
		}
		err[0] = 0;
		if (tav()->parse(pos, text, err, sizeof err) == 0) {
			ok++;
			tav()->format(pos, buf, sizeof buf);
			ck_assert_int_eq(tav()->parse(pos, buf, err, sizeof err), 0);
		} else {
			ck_assert_int_gt(strlen(err), 0);
			ck_assert_ptr_null(strchr(err, '\n'));
		}
	}
	ck_assert_int_gt(ok, 0);
}
END_TEST

/* ---- T11 no repetition rule ---- */

START_TEST(test_T11_repetition_changes_nothing)
{
	POS;
	char text[32];
	int n;

	load(pos, tav()->start);
	uint64_t h0 = tav()->hash(pos);
	play(pos, "a4b4", text, sizeof text);
	play(pos, "e3d3", text, sizeof text);
	play(pos, "b4a4", text, sizeof text);
	play(pos, "d3e3", text, sizeof text);
	ck_assert_uint_eq(tav()->hash(pos), h0);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	ck_assert_int_eq(n, 72);
}
END_TEST

/* ---- T12 / S0 outcome codes ---- */

START_TEST(test_T12_outcome_codes)
{
	POS;
	int n;

	load(pos, tav()->start);
	ck_assert_int_eq(status(pos, &n), RESULT_ONGOING);
	/* king out, attackers to move: they have lost */
	place(pos, "Kc1 th8", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_int_eq(n, 0);
	/* set up with the king already out and the defenders to move: they won */
	place(pos, "Kc1 th8", 1);
	ck_assert_int_eq(status(pos, &n), RESULT_WIN);
	ck_assert_int_eq(n, 0);
	/* king taken, defenders to move: they have lost */
	place(pos, "Kc3 tb3 td3 tc2 tc4", 1);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	/* no move at all */
	place(pos, "Ke5 ta2 Ta3 Tb2", 0);
	ck_assert_int_eq(status(pos, &n), RESULT_LOSS);
	ck_assert_ptr_null(tav()->in_check);
	ck_assert(!tav()->has_check);
}
END_TEST

/* ---- generator proofs ---- */

START_TEST(test_perft_start)
{
	POS;

	load(pos, tav()->start);
	ck_assert_uint_eq(perft(tav(), pos, 1), 72);
	ck_assert_uint_eq(perft(tav(), pos, 2), 3944);
	ck_assert_uint_eq(perft(tav(), pos, 3), 286400);
	ck_assert_uint_eq(perft(tav(), pos, 4), 16018408);
}
END_TEST

static int count_pieces(const void *pos)
{
	struct setup s;
	int n = 0;
	tav()->get_setup(pos, &s);
	for (int r = 0; r < 9; r++)
		for (int f = 0; f < 9; f++)
			n += s.grid[r][f] != '.';
	return n;
}

/* Random games: incremental hash, is_capture and undo must all agree. */
START_TEST(test_make_unmake_random_playouts)
{
	const struct game *g = tav();
	POS;
	_Alignas(16) unsigned char orig[MAX_POS_SIZE];
	_Alignas(16) unsigned char undo[400][MAX_UNDO_SIZE];
	_Alignas(16) unsigned char nundo[MAX_UNDO_SIZE];
	move_t line[400], mv[MAX_MOVES];
	uint64_t seed = 12345;
	char a[256], b[256], text[64];
	int ends = 0;

	for (int game = 0; game < 60; game++) {
		load(pos, g->start);
		if (game % 3 == 1)
			rule(pos, "corners-hostile", "yes");
		if (game % 3 == 2)
			rule(pos, "king-max-move", "8");
		memcpy(orig, pos, g->pos_size);
		g->format(pos, a, sizeof a);
		int ply = 0;
		for (; ply < 400; ply++) {
			ck_assert_uint_eq(g->hash(pos), g->hash_recompute(pos));
			int n = g->gen_moves(pos, mv);
			ck_assert_int_eq(g->status(pos), g->outcome(pos, mv, n));
			if (n == 0) {
				ck_assert_int_ne(g->outcome(pos, mv, n), RESULT_ONGOING);
				ends++;
				break;
			}
			if (ply % 7 == 3) {
				uint64_t h = g->hash(pos);
				g->make_null(pos, nundo);
				ck_assert_uint_eq(g->hash(pos), g->hash_recompute(pos));
				ck_assert_uint_ne(g->hash(pos), h);
				g->unmake_null(pos, nundo);
				ck_assert_uint_eq(g->hash(pos), h);
			}
			move_t m = mv[rnd(&seed) % (uint32_t)n];
			int before = count_pieces(pos);
			bool cap = g->is_capture(pos, m);
			g->move_text(pos, m, MOVE_PRETTY, text, sizeof text);
			ck_assert_int_eq(strchr(text, 'x') != NULL, cap);
			line[ply] = m;
			g->make(pos, m, undo[ply]);
			ck_assert_int_eq(count_pieces(pos) < before, cap);
		}
		while (ply-- > 0)
			g->unmake(pos, line[ply], undo[ply]);
		g->format(pos, b, sizeof b);
		ck_assert_str_eq(a, b);
		ck_assert_int_eq(memcmp(orig, pos, g->pos_size), 0);
	}
	ck_assert_int_gt(ends, 0);
}
END_TEST

/* T8, T9: status() is outcome() of the moves in crowded random positions,
   where a side without a move (lost) is common, under each setting of
   the throne and the king's reach. */
START_TEST(test_T8_status_agrees_with_outcome)
{
	const struct game *g = tav();
	POS;
	uint64_t seed = 424242;
	int lost = 0, ongoing = 0;
	for (int i = 0; i < 20000; i++) {
		struct setup s;
		char err[160];
		memset(&s, 0, sizeof s);
		memset(s.grid, '.', sizeof s.grid);
		s.side_to_move = (int)(rnd(&seed) % 2);
		s.fullmove = 1;
		/* the king on or near the throne, a few men of the side to move
		   among many of the other's */
		int kc = 3 + (int)(rnd(&seed) % 3), kr = 3 + (int)(rnd(&seed) % 3);
		s.grid[kr][kc] = 'K';
		char few = s.side_to_move == 0 ? 't' : 'T', many = few == 't' ? 'T' : 't';
		int nfew = 1 + (int)(rnd(&seed) % 3), nmany = 20 + (int)(rnd(&seed) % 50);
		for (int k = 0; k < nfew + nmany; k++) {
			int f = (int)(rnd(&seed) % 9), r = (int)(rnd(&seed) % 9);
			bool corner = (f == 0 || f == 8) && (r == 0 || r == 8);
			if (s.grid[r][f] == '.' && !corner && !(f == 4 && r == 4))
				s.grid[r][f] = k < nfew ? few : many;
		}
		if (g->setup(pos, &s, err, sizeof err) != 0)
			continue;
		if (i % 4 == 1)
			rule(pos, "throne-passable", "no");
		if (i % 4 == 2)
			rule(pos, "king-max-move", "1");
		enum result r = status(pos, NULL);
		lost += r == RESULT_LOSS;
		ongoing += r == RESULT_ONGOING;
	}
	ck_assert_int_gt(lost, 100);
	ck_assert_int_gt(ongoing, 1000);
}
END_TEST

Suite *tavlei_suite(void)
{
	Suite *s = suite_create("tavlei");
	TCase *tc = tcase_create("rules");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_T1_board_throne_corners);
	tcase_add_test(tc, test_T2_start_position);
	tcase_add_test(tc, test_T3_attackers_move_first);
	tcase_add_test(tc, test_T3_players_alternate);
	tcase_add_test(tc, test_T4_king_at_most_three_squares);
	tcase_add_test(tc, test_T4_rook_moves_no_jumping);
	tcase_add_test(tc, test_T5_throne_passable_not_stoppable);
	tcase_add_test(tc, test_T5_no_piece_enters_a_corner);
	tcase_add_test(tc, test_T5_king_stops_on_and_crosses_throne);
	tcase_add_test(tc, test_T6_capture_against_enemy);
	tcase_add_test(tc, test_T6_capture_against_empty_throne);
	tcase_add_test(tc, test_T6_throne_with_king_captures_defender);
	tcase_add_test(tc, test_T6_capture_against_edge);
	tcase_add_test(tc, test_T6_multiple_captures);
	tcase_add_test(tc, test_T6_moving_between_enemies_is_safe);
	tcase_add_test(tc, test_T6_corners_not_hostile);
	tcase_add_test(tc, test_T6_armed_king_captures);
	tcase_add_test(tc, test_T6_king_not_captured_custodially);
	tcase_add_test(tc, test_T6_no_diagonal_capture);
	tcase_add_test(tc, test_T7_king_surrounded_by_four);
	tcase_add_test(tc, test_T7_king_pressed_against_throne);
	tcase_add_test(tc, test_T7_king_on_throne_needs_four);
	tcase_add_test(tc, test_T7_pocket_not_captured_by_own_move);
	tcase_add_test(tc, test_T7_surrounded_set_up_position);
	tcase_add_test(tc, test_T8_king_on_edge_wins);
	tcase_add_test(tc, test_T8_no_legal_move_loses);
	tcase_add_test(tc, test_T9_rules_table);
	tcase_add_test(tc, test_T9_throne_passable_option);
	tcase_add_test(tc, test_T9_throne_hostile_defenders_option);
	tcase_add_test(tc, test_T9_armed_king_option);
	tcase_add_test(tc, test_T9_corners_hostile_option);
	tcase_add_test(tc, test_T9_edge_capture_option);
	tcase_add_test(tc, test_T9_king_throne_capture_option);
	tcase_add_test(tc, test_T9_king_max_move_option);
	tcase_add_test(tc, test_T9_set_rule_errors);
	tcase_add_test(tc, test_T9_perft_with_options);
	tcase_add_test(tc, test_T10_start_string_round_trip);
	tcase_add_test(tc, test_T10_setup_round_trip);
	tcase_add_test(tc, test_T10_move_notation);
	tcase_add_test(tc, test_T10_malformed_positions);
	tcase_add_test(tc, test_T10_malformed_setup);
	tcase_add_test(tc, test_T10_parse_random_text);
	tcase_add_test(tc, test_T11_repetition_changes_nothing);
	tcase_add_test(tc, test_T12_outcome_codes);
	tcase_add_test(tc, test_T8_status_agrees_with_outcome);
	tcase_add_test(tc, test_perft_start);
	tcase_add_test(tc, test_make_unmake_random_playouts);
	suite_add_tcase(s, tc);
	return s;
}
