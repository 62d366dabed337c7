/*
** check_morok.c -- Morok chess (rules M1-M10, S0).
**
** Every expected move list below was worked out by hand from the rules,
** square by square, and is written as sorted canonical moves.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/perft.h"
#include "notation/move_parse.h"

/* Declared for -Wmissing-prototypes; the line must not start with "Suite"
   (the Makefile greps for the definition). */
extern Suite *morok_suite(void);

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

struct buf {
	_Alignas(16) unsigned char b[MAX_POS_SIZE];
};

static const struct game *morok(void)
{
	const struct game *g = game_find("morok");
	ck_assert_ptr_nonnull(g);
	return g;
}

static void load(struct buf *pos, const char *fen)
{
	char err[160] = "";
	int rc = morok()->parse(pos->b, fen, err, sizeof err);
	ck_assert_msg(rc == 0, "parse '%s' failed: %s", fen, err);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Legal moves of pos: sorted canonical names joined by spaces. */
static void legal_list(struct buf *pos, char *out, size_t len)
{
	const struct game *g = morok();
	move_t mv[MAX_MOVES];
	char names[MAX_MOVES][8], *ptr[MAX_MOVES];
	int n = g->gen_moves(pos->b, mv);
	size_t used = 0;

	for (int i = 0; i < n; i++) {
		g->move_text(pos->b, mv[i], MOVE_CANONICAL, names[i], sizeof names[i]);
		ptr[i] = names[i];
	}
	qsort(ptr, (size_t)n, sizeof *ptr, cmp_name);
	out[0] = 0;
	for (int i = 0; i < n; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", ptr[i]);
}

static void expect_moves(struct buf *pos, const char *want)
{
	char got[4096];
	legal_list(pos, got, sizeof got);
	ck_assert_str_eq(got, want);
}

static void expect_fen_moves(const char *fen, const char *want)
{
	struct buf pos;
	load(&pos, fen);
	expect_moves(&pos, want);
}

/* The legal move spelled `name` (canonical); fails the test if absent. */
static move_t find(struct buf *pos, const char *name)
{
	const struct game *g = morok();
	move_t mv[MAX_MOVES];
	char t[16];
	int n = g->gen_moves(pos->b, mv);
	for (int i = 0; i < n; i++) {
		g->move_text(pos->b, mv[i], MOVE_CANONICAL, t, sizeof t);
		if (strcmp(t, name) == 0)
			return mv[i];
	}
	ck_abort_msg("move %s is not legal", name);
	return MOVE_NONE;
}

static void play(struct buf *pos, const char *name)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	morok()->make(pos->b, find(pos, name), undo);
}

static void expect_pretty(struct buf *pos, const char *name, const char *want)
{
	char t[32];
	morok()->move_text(pos->b, find(pos, name), MOVE_PRETTY, t, sizeof t);
	ck_assert_str_eq(t, want);
}

/* The status as outcome() gives it from the moves, and the game's status()
   (the solver's, without the moves) agreeing with it. */
static enum result status(struct buf *pos)
{
	move_t mv[MAX_MOVES];
	int n = morok()->gen_moves(pos->b, mv);
	enum result r = morok()->outcome(pos->b, mv, n);
	ck_assert_int_eq(morok()->status(pos->b), r);
	return r;
}

static int count_moves(struct buf *pos)
{
	move_t mv[MAX_MOVES];
	return morok()->gen_moves(pos->b, mv);
}

/* ---- M1 ---- */

START_TEST(test_M1_chess_moves_no_castling)
{
	/* Rook h1: g1 f1, h2-h8; pawn e2: single and double step; king e1:
	   its five neighbours (e2 is its own pawn, M4); no e1g1 castling. */
	expect_fen_moves("4k3/8/8/8/8/8/4P3/4K2R w - - 0 1",
	                 "e1d1 e1d2 e1e2 e1f1 e1f2 e2e3 e2e4 h1f1 h1g1 h1h2 h1h3 h1h4 "
	                 "h1h5 h1h6 h1h7 h1h8");
}
END_TEST

START_TEST(test_M1_no_en_passant)
{
	/* Black has just played d7-d5: e5xd6 e.p. does not exist, and the
	   pawn e5 sees only d6/f6 (empty), so it is not possessed. */
	expect_fen_moves("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6");
}
END_TEST

START_TEST(test_M1_perft_start)
{
	struct buf pos;
	const uint64_t want[] = {1, 25, 625, 15806, 385719};
	load(&pos, START);
	for (int d = 0; d <= 4; d++)
		ck_assert_uint_eq(perft(morok(), pos.b, d), want[d]);
}
END_TEST

/* ---- M2 ---- */

START_TEST(test_M2_king_steps_next_to_king_and_is_taken)
{
	struct buf pos;
	load(&pos, "8/8/8/8/8/2k5/8/K7 w - - 0 1");
	/* No check: b2 next to the black king is allowed. */
	expect_moves(&pos, "a1a2 a1b1 a1b2");
	play(&pos, "a1b2");
	expect_moves(&pos, "c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4");
	ck_assert_int_eq(status(&pos), RESULT_ONGOING);
	play(&pos, "c3b2");
	/* White's king is gone: White has lost, nothing moves any more. */
	ck_assert_int_eq(count_moves(&pos), 0);
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
}
END_TEST

/* ---- M3 ---- */

START_TEST(test_M3_straight_push_does_not_possess)
{
	/* Pawn e4 faces the knight e5 but sees only d5/f5: not possessed, so
	   the king may move (M4) and the blocked pawn has no move. */
	expect_fen_moves("4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2");
}
END_TEST

START_TEST(test_M3_diagonal_capture_possesses_pawn)
{
	/* Same with the knight on d5: the pawn is possessed, has no friendly
	   target, so it must take the knight; the king is frozen. */
	expect_fen_moves("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
}
END_TEST

START_TEST(test_M3_enemy_king_possesses)
{
	struct buf pos;
	/* Ra1 sees the black king on a8 and no friend (e2 is off its lines). */
	load(&pos, "k7/8/8/8/8/8/4K3/R7 w - - 0 1");
	expect_moves(&pos, "a1a8");
	play(&pos, "a1a8");
	ck_assert_int_eq(count_moves(&pos), 0);
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
}
END_TEST

START_TEST(test_M3_only_side_to_move_is_possessed)
{
	/* The black pawn d2 attacks e1, but White moves: White owns only its
	   king, nothing is possessed, the king may even take the pawn. */
	expect_fen_moves("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2");
}
END_TEST

/* ---- M4 ---- */

START_TEST(test_M4_king_takes_own_piece_rook_may_not)
{
	/* Nothing possessed.  King a1: a2, b1, and b2 (its own knight).
	   Rook a3 stops before a1 (own king) and a5 (own pawn): it may not
	   take them.  Knight b2: a4 c4 d1 d3.  Pawn a5: a6. */
	expect_fen_moves("7k/8/8/P7/8/R7/1N6/K7 w - - 0 1",
	                 "a1a2 a1b1 a1b2 a3a2 a3a4 a3b3 a3c3 a3d3 a3e3 a3f3 a3g3 a3h3 "
	                 "a5a6 b2a4 b2c4 b2d1 b2d3");
}
END_TEST

START_TEST(test_M4_king_takes_enemy_piece)
{
	/* No white non-king piece sees an enemy: the king may take the
	   knight b1 (defended or not, there is no check). */
	expect_fen_moves("4k3/8/8/8/8/8/8/Kn6 w - - 0 1", "a1a2 a1b1 a1b2");
}
END_TEST

/* ---- M5 ---- */

START_TEST(test_M5a_possessed_takes_a_friend_any_of_two)
{
	/* Rook d4 sees the knight d7 (possessed); its friendly targets are
	   the pawn d2 and the knight g4: both captures, nothing else. */
	expect_fen_moves("4k3/3n4/8/8/3R2N1/8/3P4/4K3 w - - 0 1", "d4d2 d4g4");
}
END_TEST

START_TEST(test_M5a_only_pieces_of_S_move)
{
	/* The bishop b5 is possessed too (d7) but has no friendly target, so
	   it is not in S and may not take the knight (seed rule 4). */
	expect_fen_moves("4k3/3n4/8/1B6/3R2N1/8/3P4/4K3 w - - 0 1", "d4d2 d4g4");
}
END_TEST

START_TEST(test_M5b_no_friendly_target_takes_any_enemy)
{
	/* Queen d4 sees d7, g7 and c3; knight b1 sees c3; neither sees a
	   friend, so every enemy capture of both is legal, king frozen. */
	expect_fen_moves("7k/3r2b1/8/8/3Q4/2p5/8/1N5K w - - 0 1", "b1c3 d4c3 d4d7 d4g7");
}
END_TEST

START_TEST(test_M5b_lone_possessed_bishop)
{
	/* Without the rook of the M5a test, the bishop must take the knight. */
	expect_fen_moves("4k3/3n4/8/1B6/6N1/8/3P4/4K3 w - - 0 1", "b5d7");
}
END_TEST

START_TEST(test_M5c_king_frozen)
{
	/* Pawn a2 is possessed by b3: the king may neither step nor take the
	   knight d2 next to it. */
	expect_fen_moves("4k3/8/8/8/8/1p6/P2n4/4K3 w - - 0 1", "a2b3");
}
END_TEST

/* ---- M6 ---- */

START_TEST(test_M6_forced_capture_of_own_king_loses)
{
	struct buf pos;
	load(&pos, "7k/6b1/8/8/8/2K5/8/8 b - - 0 1");
	expect_moves(&pos, "g7h8");
	/* S0: Black has lost already, every move takes its own king. */
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
	play(&pos, "g7h8");
	/* White to move, Black's king gone by Black's own hand. */
	ck_assert_int_eq(count_moves(&pos), 0);
	ck_assert_int_eq(status(&pos), RESULT_WIN);
}
END_TEST

START_TEST(test_M6_choice_between_king_and_other_friend)
{
	struct buf pos;
	/* The bishop may take its king h8 or its knight f8: both legal. */
	load(&pos, "5n1k/6b1/8/8/8/2K5/8/8 b - - 0 1");
	expect_moves(&pos, "g7f8 g7h8");
	ck_assert_int_eq(status(&pos), RESULT_ONGOING);
}
END_TEST

/* ---- M7 ---- */

START_TEST(test_M7_promotion_by_self_capture)
{
	struct buf pos;
	/* Pawn g7 sees the rook f8 and its own rook h8: it must take h8 and
	   promote.  Rook h8 is possessed (f8) but sees no friend. */
	load(&pos, "k4r1R/6P1/8/8/8/8/8/K7 w - - 0 1");
	expect_moves(&pos, "g7h8b g7h8n g7h8q g7h8r");
	expect_pretty(&pos, "g7h8q", "g7xh8=Q");
	play(&pos, "g7h8n");
	char fen[128];
	morok()->format(pos.b, fen, sizeof fen);
	ck_assert_str_eq(fen, "k4r1N/8/8/8/8/8/8/K7 b - - 0 1");
}
END_TEST

START_TEST(test_M7_promotion_by_push)
{
	struct buf pos;
	load(&pos, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
	expect_moves(&pos, "b7b8b b7b8n b7b8q b7b8r e1d1 e1d2 e1e2 e1f1 e1f2");
	expect_pretty(&pos, "b7b8q", "b7-b8=Q");
}
END_TEST

START_TEST(test_M7_black_promotes_on_rank_1)
{
	/* Black pawn b2 sees the knight c1 and nothing friendly: b2xc1 with
	   the four promotions; the push b1 is not allowed while possessed. */
	expect_fen_moves("7K/8/8/8/8/8/1p6/2N4k b - - 0 1", "b2c1b b2c1n b2c1q b2c1r");
}
END_TEST

/* ---- M8 ---- */

START_TEST(test_M8_boxed_king_takes_own_pieces)
{
	/* Every white piece is blocked and nothing is possessed: the king's
	   self-captures are the only moves, but there are moves. */
	struct buf pos;
	load(&pos, "4k1NK/4PpPP/5P1P/8/8/8/8/8 w - - 0 1");
	expect_moves(&pos, "h8g7 h8g8 h8h7");
	ck_assert_int_eq(status(&pos), RESULT_ONGOING);
}
END_TEST

/* ---- M9 ---- */

START_TEST(test_M9_example1_Kc3_forces_Bxh8)
{
	const char *fen = "7k/6b1/8/8/1K6/8/8/8 w - - 0 1";
	struct buf pos;
	load(&pos, fen);
	expect_moves(&pos, "b4a3 b4a4 b4a5 b4b3 b4b5 b4c3 b4c4 b4c5");
	expect_pretty(&pos, "b4c3", "Kb4-c3");
	/* Only Kc3 leaves Black lost (every reply takes its own king). */
	move_t mv[MAX_MOVES];
	int n = morok()->gen_moves(pos.b, mv);
	for (int i = 0; i < n; i++) {
		_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
		char t[16];
		morok()->move_text(pos.b, mv[i], MOVE_CANONICAL, t, sizeof t);
		morok()->make(pos.b, mv[i], undo);
		ck_assert_int_eq(status(&pos),
		                 strcmp(t, "b4c3") == 0 ? RESULT_LOSS : RESULT_ONGOING);
		morok()->unmake(pos.b, mv[i], undo);
	}
	play(&pos, "b4c3");
	expect_moves(&pos, "g7h8");
	expect_pretty(&pos, "g7h8", "Bg7xh8");
}
END_TEST

START_TEST(test_M9_example2_line)
{
	struct buf pos;
	load(&pos, "5k2/4q3/8/4p3/8/8/3P4/4K3 w - - 0 1");
	expect_pretty(&pos, "d2d4", "d2-d4");
	play(&pos, "d2d4");
	expect_moves(&pos, "e5d4"); /* the pawn sees d4 and no friend */
	expect_pretty(&pos, "e5d4", "e5xd4");
	play(&pos, "e5d4");
	expect_moves(&pos, "e1d1 e1d2 e1e2 e1f1 e1f2");
	play(&pos, "e1e2");
	expect_moves(&pos, "e7f8"); /* the queen sees e2; only friend f8 */
	expect_pretty(&pos, "e7f8", "Qe7xf8");
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
}
END_TEST

START_TEST(test_M9_example3_line)
{
	struct buf pos;
	load(&pos, "8/5k2/8/1n6/8/5K2/7B/8 w - - 0 1");
	play(&pos, "h2d6");
	expect_moves(&pos, "b5d6");
	expect_pretty(&pos, "b5d6", "Nb5xd6");
	play(&pos, "b5d6");
	play(&pos, "f3e4");
	expect_moves(&pos, "d6f7");
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
}
END_TEST

/* ---- M10 / S0 ---- */

START_TEST(test_M10_every_reply_takes_own_king_is_lost)
{
	struct buf pos;
	/* Bishop g7 (sees c3) and rook h1 (sees e1): each one's only friend
	   is the king h8, so both replies lose. */
	load(&pos, "7k/6b1/8/8/8/2K5/8/4N2r b - - 0 1");
	expect_moves(&pos, "g7h8 h1h8");
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
	/* Pawn b2 sees c1; its only friend is the king a1: four promotions,
	   all taking the own king. */
	load(&pos, "7K/8/8/8/8/8/1p6/k1N5 b - - 0 1");
	expect_moves(&pos, "b2a1b b2a1n b2a1q b2a1r");
	ck_assert_int_eq(status(&pos), RESULT_LOSS);
	/* Add a rook d1 that also sees c1 and can take its bishop f1: it
	   joins S with a target other than the king, so Black is not lost. */
	load(&pos, "7K/8/8/8/8/8/1p6/k1Nr1b2 b - - 0 1");
	expect_moves(&pos, "b2a1b b2a1n b2a1q b2a1r d1f1");
	ck_assert_int_eq(status(&pos), RESULT_ONGOING);
}
END_TEST

/* ---- interface ---- */

START_TEST(test_interface_description)
{
	const struct game *g = morok();
	ck_assert_str_eq(g->title, "Morok chess");
	ck_assert_str_eq(g->rule_ids, "M1-M10");
	ck_assert_str_eq(g->side_name[0], "White");
	ck_assert_str_eq(g->side_name[1], "Black");
	ck_assert(!g->has_check);
	ck_assert_ptr_null(g->in_check);
	/* S5/S8: no threats or set play; S7: the passive side of a series passes */
	ck_assert(!g->has_threats);
	ck_assert_ptr_nonnull(g->make_null);
	ck_assert_ptr_nonnull(g->unmake_null);
	ck_assert_int_eq(g->files, 8);
	ck_assert_int_eq(g->ranks, 8);
	ck_assert_str_eq(g->start, START);
	ck_assert_ptr_nonnull(game_piece(g, 'n'));
	ck_assert_int_eq(game_piece(g, 'N')->glyph, 'n');
	ck_assert_ptr_null(game_piece(g, 'X'));
}
END_TEST

START_TEST(test_is_capture_counts_own_pieces)
{
	struct buf pos;
	load(&pos, START);
	ck_assert(morok()->is_capture(pos.b, find(&pos, "e1e2")));
	ck_assert(!morok()->is_capture(pos.b, find(&pos, "e2e4")));
}
END_TEST

START_TEST(test_parse_move_pretty)
{
	struct buf pos;
	char err[128];
	load(&pos, "7k/6b1/8/8/8/2K5/8/8 b - - 0 1");
	move_t m = game_parse_move(morok(), pos.b, "1...Bg7xh8#", err, sizeof err);
	ck_assert_uint_eq(m, find(&pos, "g7h8"));
}
END_TEST

START_TEST(test_fen_round_trip)
{
	static const char *const fens[] = {
	    START,
	    "4k1NK/4PpPP/5P1P/8/8/8/8/8 w - - 0 1",
	    "7k/3r2b1/8/8/3Q4/2p5/8/1N5K w - - 12 40",
	    "5n1k/6b1/8/8/8/2K5/8/8 b - - 3 7",
	};
	const struct game *g = morok();
	for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
		struct buf a, b;
		struct setup s;
		char out[128], out2[128], err[128];
		load(&a, fens[i]);
		g->format(a.b, out, sizeof out);
		ck_assert_str_eq(out, fens[i]);
		g->get_setup(a.b, &s);
		ck_assert_int_eq(g->setup(b.b, &s, err, sizeof err), 0);
		g->format(b.b, out2, sizeof out2);
		ck_assert_str_eq(out2, fens[i]);
		ck_assert_uint_eq(g->hash(a.b), g->hash(b.b));
		ck_assert_uint_eq(g->hash(a.b), g->hash_recompute(a.b));
	}
}
END_TEST

START_TEST(test_fen_optional_fields)
{
	struct buf pos;
	char out[128];
	load(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
	morok()->format(pos.b, out, sizeof out);
	ck_assert_str_eq(out, START);
	load(&pos, "  7k/6b1/8/8/8/2K5/8/8   b ");
	morok()->format(pos.b, out, sizeof out);
	ck_assert_str_eq(out, "7k/6b1/8/8/8/2K5/8/8 b - - 0 1");
	load(&pos, "7k/6b1/8/8/8/2K5/8/8 b - -");
	morok()->format(pos.b, out, sizeof out);
	ck_assert_str_eq(out, "7k/6b1/8/8/8/2K5/8/8 b - - 0 1");
}
END_TEST

static void expect_error(const char *fen, const char *want)
{
	struct buf pos;
	char err[160] = "";
	ck_assert_int_eq(morok()->parse(pos.b, fen, err, sizeof err), -1);
	ck_assert_str_eq(err, want);
}

START_TEST(test_fen_errors)
{
	expect_error("", "empty position string");
	expect_error("   ", "empty position string");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w", "the board has 7 ranks, expected 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w",
	             "the board has 9 ranks, expected 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w",
	             "rank 3 has 9 squares, expected 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w",
	             "rank 3 has 7 squares, expected 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w",
	             "rank 1 has 9 squares, expected 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPZPPP/RNBQKBNR w",
	             "unknown piece letter 'Z' on e2 (Morok chess has K Q R B N P k q r b n p)");
	expect_error("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w", "white has 2 kings");
	expect_error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w",
	             "white and black have no king (a game ends when the first king goes, M2)");
	expect_error("rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w",
	             "white has 17 pieces, at most 16");
	expect_error("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w",
	             "white pawn on h8: pawns may not stand on rank 1 or 8");
	expect_error("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w",
	             "black pawn on h1: pawns may not stand on rank 1 or 8");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
	             "side to move must be 'w' or 'b', not 'x'");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	             "Morok has no castling: castling field must be '-'");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1",
	             "Morok has no en passant: en passant field must be '-'");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x 1",
	             "halfmove clock must be a number from 0 to 1000000, not 'x'");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 -3",
	             "fullmove number must be a number from 0 to 1000000, not '-3'");
	expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 extra",
	             "unexpected text after the fullmove number: 'extra'");
}
END_TEST

START_TEST(test_setup_errors)
{
	const struct game *g = morok();
	struct buf pos;
	struct setup s;
	char err[160];

	load(&pos, START);
	g->get_setup(pos.b, &s);
	strcpy(s.castling, "KQ");
	ck_assert_int_eq(g->setup(pos.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "Morok has no castling: castling field must be '-'");
	s.castling[0] = 0; /* "" = nothing said: fine */
	strcpy(s.en_passant, "e3");
	ck_assert_int_eq(g->setup(pos.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "Morok has no en passant: en passant field must be '-'");
	s.en_passant[0] = 0;
	s.grid[3][4] = 'X';
	ck_assert_int_eq(g->setup(pos.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(
	    err, "unknown piece letter 'X' on e4 (Morok chess has K Q R B N P k q r b n p)");
	s.grid[3][4] = '.';
	ck_assert_int_eq(g->setup(pos.b, &s, err, sizeof err), 0);
	/* A failed parse leaves the position as it was. */
	ck_assert_int_eq(g->parse(pos.b, "8/8/8/8/8/8/8/8 w", err, sizeof err), -1);
	ck_assert_str_eq(err, "white and black have no king (a game ends when the first king "
	                      "goes, M2)");
	char out[128];
	g->format(pos.b, out, sizeof out);
	ck_assert_str_eq(out, START);
}
END_TEST

/* M2: a position whose king has been taken is a finished game, not an
   error: no move below it, and the side without its king has lost
   (issue 11: it was refused). */
START_TEST(test_king_gone)
{
	const struct game *g = morok();
	struct buf pos;
	move_t moves[MAX_MOVES];
	char err[160];
	static const struct {
		const char *fen;
		enum result r; /* for the side to move */
	} cases[] = {
	    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", RESULT_WIN},
	    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", RESULT_LOSS},
	    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", RESULT_LOSS},
	    {"4k3/8/8/8/8/8/8/8 b - - 0 1", RESULT_WIN},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(g->parse(pos.b, cases[i].fen, err, sizeof err), 0);
		int n = g->gen_moves(pos.b, moves);
		ck_assert_int_eq(n, 0);
		ck_assert_int_eq(g->outcome(pos.b, moves, n), cases[i].r);
		ck_assert_uint_eq(perft(g, pos.b, 3), 0);
		char out[128];
		g->format(pos.b, out, sizeof out);
		ck_assert_str_eq(out, cases[i].fen);
	}
}
END_TEST

/* ---- M8 over random games (make/unmake and hashing: check_games.c) ---- */

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* M8: a side with its king always has a move; only a missing king ends it. */
START_TEST(test_M8_only_a_missing_king_ends_the_game)
{
	const struct game *g = morok();
	uint64_t seed = 0x6d6f726f6bULL;
	int ended = 0;
	for (int game = 0; game < 200; game++) {
		struct buf pos, start;
		/* every move taken back at the end: the position whole again,
		   its hash the one computed from the board at each ply */
		_Alignas(16) unsigned char undo[200][MAX_UNDO_SIZE];
		move_t line[200];
		int ply = 0;
		load(&pos, START);
		start = pos;
		for (; ply < 200; ply++) {
			move_t mv[MAX_MOVES];
			int n = g->gen_moves(pos.b, mv);
			struct setup s;
			g->get_setup(pos.b, &s);
			int kings = 0;
			for (int r = 0; r < 8; r++)
				for (int f = 0; f < 8; f++)
					kings += s.grid[r][f] == 'K' || s.grid[r][f] == 'k';
			ck_assert_int_eq(n == 0, kings < 2);
			ck_assert_int_eq(g->status(pos.b), g->outcome(pos.b, mv, n));
			if (n == 0) {
				enum result res = g->outcome(pos.b, mv, n);
				ck_assert(res == RESULT_LOSS || res == RESULT_WIN);
				ended++;
				break;
			}
			ck_assert_uint_eq(g->hash(pos.b), g->hash_recompute(pos.b));
			line[ply] = mv[next_rand(&seed) % (uint64_t)n];
			g->make(pos.b, line[ply], undo[ply]);
		}
		while (ply-- > 0) {
			g->unmake(pos.b, line[ply], undo[ply]);
			ck_assert_uint_eq(g->hash(pos.b), g->hash_recompute(pos.b));
		}
		ck_assert_int_eq(memcmp(pos.b, start.b, g->pos_size), 0);
	}
	ck_assert_int_gt(ended, 100);
}
END_TEST

/* M6, M10: status() is outcome() of the moves in positions of a few men
   placed at random, where a side forced to take its own king (lost) is
   common and a game from the start rarely reaches it. */
START_TEST(test_M6_status_agrees_with_outcome)
{
	const struct game *g = morok();
	static const char men[] = "QRRBBNNPPPqrrbbnnppp";
	uint64_t seed = 0x737461747573ULL;
	int lost = 0, ongoing = 0;
	for (int i = 0; i < 20000; i++) {
		struct setup s;
		setup_blank(&s, (int)(next_rand(&seed) % 2));
		int placed = 0, want = 2 + (int)(next_rand(&seed) % 9);
		while (placed < want) {
			int sq = (int)(next_rand(&seed) % 64);
			char c = placed == 0   ? 'K'
			         : placed == 1 ? 'k'
			                       : men[next_rand(&seed) % (sizeof men - 1)];
			if (s.grid[sq / 8][sq % 8] != '.' ||
			    ((c == 'P' || c == 'p') && (sq < 8 || sq >= 56)))
				continue;
			s.grid[sq / 8][sq % 8] = c;
			placed++;
		}
		struct buf pos;
		char err[128];
		ck_assert_int_eq(g->setup(pos.b, &s, err, sizeof err), 0);
		enum result r = status(&pos);
		lost += r == RESULT_LOSS;
		ongoing += r == RESULT_ONGOING;
	}
	ck_assert_int_gt(lost, 100);
	ck_assert_int_gt(ongoing, 10000);
}
END_TEST

Suite *morok_suite(void)
{
	Suite *s = suite_create("morok");
	TCase *t = tcase_create("rules");

	tcase_add_test(t, test_M1_chess_moves_no_castling);
	tcase_add_test(t, test_M8_only_a_missing_king_ends_the_game);
	tcase_add_test(t, test_M1_no_en_passant);
	tcase_add_test(t, test_M1_perft_start);
	tcase_add_test(t, test_M2_king_steps_next_to_king_and_is_taken);
	tcase_add_test(t, test_M3_straight_push_does_not_possess);
	tcase_add_test(t, test_M3_diagonal_capture_possesses_pawn);
	tcase_add_test(t, test_M3_enemy_king_possesses);
	tcase_add_test(t, test_M3_only_side_to_move_is_possessed);
	tcase_add_test(t, test_M4_king_takes_own_piece_rook_may_not);
	tcase_add_test(t, test_M4_king_takes_enemy_piece);
	tcase_add_test(t, test_M5a_possessed_takes_a_friend_any_of_two);
	tcase_add_test(t, test_M5a_only_pieces_of_S_move);
	tcase_add_test(t, test_M5b_no_friendly_target_takes_any_enemy);
	tcase_add_test(t, test_M5b_lone_possessed_bishop);
	tcase_add_test(t, test_M5c_king_frozen);
	tcase_add_test(t, test_M6_forced_capture_of_own_king_loses);
	tcase_add_test(t, test_M6_choice_between_king_and_other_friend);
	tcase_add_test(t, test_M7_promotion_by_self_capture);
	tcase_add_test(t, test_M7_promotion_by_push);
	tcase_add_test(t, test_M7_black_promotes_on_rank_1);
	tcase_add_test(t, test_M8_boxed_king_takes_own_pieces);
	tcase_add_test(t, test_M9_example1_Kc3_forces_Bxh8);
	tcase_add_test(t, test_M9_example2_line);
	tcase_add_test(t, test_M9_example3_line);
	tcase_add_test(t, test_M10_every_reply_takes_own_king_is_lost);
	tcase_add_test(t, test_M6_status_agrees_with_outcome);
	suite_add_tcase(s, t);

	t = tcase_create("interface");
	tcase_add_test(t, test_interface_description);
	tcase_add_test(t, test_is_capture_counts_own_pieces);
	tcase_add_test(t, test_parse_move_pretty);
	tcase_add_test(t, test_fen_round_trip);
	tcase_add_test(t, test_fen_optional_fields);
	tcase_add_test(t, test_fen_errors);
	tcase_add_test(t, test_setup_errors);
	tcase_add_test(t, test_king_gone);
	suite_add_tcase(s, t);
	return s;
}
