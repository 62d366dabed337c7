/*
** check_games.c -- the conventions of game.h, checked over every game of the
** registry (a new game gets these tests by its registry row alone):
** the registry's own check, position strings and setups read back, random
** games whose every make is undone bit for bit, incremental hashes equal to
** hashes from scratch, a declared mirror symmetry, passes, move notation
** read back, and the piece table agreeing with the moves (the side to move
** moves its own men).
*/
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "games/compose_profile.h"
#include "games/game.h"
#include "games/grid.h"
#include "notation/move_parse.h"

#define POSBUF(name) _Alignas(16) unsigned char name[MAX_POS_SIZE]

extern Suite *games_suite(void);
#define PLIES 160
#define GAMES 40

/* Positions beyond the start that reach parts of the rules a random game
   from the start rarely does (castling, en passant, promotion, pins,
   finished games). */
static const struct {
	const char *game, *position;
} extra[] = {
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"},
    {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"},
    {"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"chess", "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"},
    {"morok", "4k3/1P6/8/3q4/8/2B5/8/4K3 w - - 0 1"},
    {"upuaut", "1b1k1/5/B2b1/K4/1B3/3Bb b"},
    {"upuaut", "b2bb/2k2/2b2/1B3/2B2/B1K1B w"},
    {"tavlei", "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ d"},
};

static uint64_t rng_next(uint64_t *s)
{
	*s += 0x9E3779B97F4A7C15ULL;
	uint64_t z = *s;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static const struct game *nth_game(int i)
{
	const struct game *const *all = game_all();
	for (int k = 0; k < i; k++)
		ck_assert_ptr_nonnull(all[k]);
	ck_assert_ptr_nonnull(all[i]);
	return all[i];
}

static int game_count(void)
{
	int n = 0;
	while (game_all()[n])
		n++;
	return n;
}

START_TEST(test_registry_rows_are_checked)
{
	char err[256] = "";
	ck_assert_msg(games_check_registry(err, sizeof err) == 0, "%s", err);
	ck_assert_int_ge(game_count(), 4);
	for (int i = 0; game_all()[i]; i++)
		ck_assert_ptr_eq(game_find(game_all()[i]->id), game_all()[i]);
	ck_assert_ptr_null(game_find("no-such-game"));
	ck_assert_ptr_null(game_find(NULL));
	/* one lookup, its case ignored everywhere (--game Chess, game: Upuaut) */
	ck_assert_ptr_eq(game_find("Chess"), game_find("chess"));
	ck_assert_ptr_eq(game_find("UPUAUT"), game_find("upuaut"));
	char ids[256];
	game_ids(ids, sizeof ids);
	ck_assert_str_eq(ids, "chess, morok, upuaut, tavlei");
	game_ids(ids, 8); /* cut, never overrun */
	ck_assert_str_eq(ids, "chess, ");
}
END_TEST

/* Every letter of the piece table: its side and role as the game reads it. */
START_TEST(test_piece_table_declares_sides)
{
	const struct game *g = nth_game(_i);
	int royal[2] = {0, 0};
	for (const struct piece_kind *k = g->pieces; k->letter; k++) {
		ck_assert_int_eq(game_letter_side(g, k->letter), k->side);
		ck_assert_int_eq(game_is_royal(g, k->letter), k->role == ROLE_ROYAL);
		if (k->popeye)
			ck_assert_int_eq(game_popeye_letter(g, k->popeye, k->side), k->letter);
		royal[k->side] += k->role == ROLE_ROYAL;
	}
	ck_assert_int_eq(game_letter_side(g, '.'), -1);
	/* the start position holds men of both sides, each side's men as declared */
	POSBUF(pos);
	struct setup s;
	char err[256];
	ck_assert_int_eq(g->parse(pos, g->start, err, sizeof err), 0);
	g->get_setup(pos, &s);
	int men[2] = {0, 0}, kings[2] = {0, 0};
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			char c = s.grid[r][f];
			if (c == '.')
				continue;
			int side = game_letter_side(g, c);
			ck_assert_int_ge(side, 0);
			men[side]++;
			kings[side] += game_is_royal(g, c);
		}
	ck_assert_int_gt(men[0], 0);
	ck_assert_int_gt(men[1], 0);
	for (int side = 0; side < 2; side++)
		ck_assert_int_eq(kings[side], royal[side]);
}
END_TEST

/* Record the exact key and the setup of the position at ply, and check
   them against the earlier plies': equal keys exactly for equal setups
   (grid, side to move, castling, en passant). */
static void note_exact_key(const struct game *g, const void *pos, int ply, struct setup *seen,
                           unsigned char (*key)[EXACT_KEY_MAX], size_t *len)
{
	unsigned char big[EXACT_KEY_MAX + 64];
	memset(big, 0xa5, sizeof big);
	len[ply] = g->exact_key(pos, big);
	ck_assert_uint_gt(len[ply], 0);
	ck_assert_uint_le(len[ply], EXACT_KEY_MAX);
	for (size_t i = EXACT_KEY_MAX; i < sizeof big; i++)
		ck_assert_uint_eq(big[i], 0xa5); /* nothing written past the limit */
	memcpy(key[ply], big, len[ply]);
	struct setup *s = &seen[ply];
	memset(s, 0, sizeof *s);
	g->get_setup(pos, s);
	for (int i = 0; i < ply; i++) {
		const struct setup *t = &seen[i];
		bool same_setup = memcmp(s->grid, t->grid, sizeof s->grid) == 0 &&
		                  s->side_to_move == t->side_to_move &&
		                  strcmp(s->castling, t->castling) == 0 &&
		                  strcmp(s->en_passant, t->en_passant) == 0;
		bool same_key = len[i] == len[ply] && memcmp(key[i], key[ply], len[ply]) == 0;
		ck_assert_msg(same_setup == same_key, "%s: exact keys of plies %d and %d", g->id, i,
		              ply);
	}
	/* the position read back from its string has the same key */
	char text[256], err[256];
	unsigned char again[EXACT_KEY_MAX];
	POSBUF(copy);
	g->format(pos, text, sizeof text);
	ck_assert_msg(g->parse(copy, text, err, sizeof err) == 0, "%s: %s", text, err);
	ck_assert_uint_eq(g->exact_key(copy, again), len[ply]);
	ck_assert(memcmp(again, key[ply], len[ply]) == 0);
	/* the same men with the other side to move is another position */
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	g->make_null(copy, undo);
	size_t n = g->exact_key(copy, again);
	ck_assert(n != len[ply] || memcmp(again, key[ply], n) != 0);
}

/* A declared attacks op agrees with the rules: every legal move that takes
   a man of the other side where it stands is an attack of its man, and in
   a game with check the side to move is in check exactly when a man of the
   other side attacks its king. */
static void check_attacks(const struct game *g, void *pos, const struct setup *s,
                          const move_t *moves, int n)
{
	int mover = g->side_to_move(pos), kf = -1, kr = -1, attackers = 0;
	char canon[64];
	for (int i = 0; i < n; i++) {
		int f, r, tf, tr;
		g->move_text(pos, moves[i], MOVE_CANONICAL, canon, sizeof canon);
		int used = square_parse(canon, g->files, g->ranks, &f, &r);
		if (used <= 0 || square_parse(canon + used, g->files, g->ranks, &tf, &tr) <= 0)
			continue;
		if (g->is_capture(pos, moves[i]) && game_letter_side(g, s->grid[tr][tf]) == !mover)
			ck_assert_msg(g->attacks(s, f, r, tf, tr, -1, -1) != ATTACK_NONE, "%s: %s",
			              g->id, canon);
	}
	if (!g->in_check)
		return;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++)
			if (game_is_royal(g, s->grid[r][f]) &&
			    game_letter_side(g, s->grid[r][f]) == mover) {
				kf = f;
				kr = r;
			}
	for (int r = 0; r < g->ranks && kf >= 0; r++)
		for (int f = 0; f < g->files; f++)
			attackers += game_letter_side(g, s->grid[r][f]) == !mover &&
			             g->attacks(s, f, r, kf, kr, -1, -1) != ATTACK_NONE;
	ck_assert_int_eq(attackers > 0, g->in_check(pos));
}

/* One random game from `start`: every rule of game.h checked at each ply. */
static int random_game(const struct game *g, const char *start, uint64_t *seed)
{
	POSBUF(pos);
	POSBUF(before);
	POSBUF(copy);
	_Alignas(16) unsigned char undo[PLIES][MAX_UNDO_SIZE];
	_Alignas(16) unsigned char nundo[MAX_UNDO_SIZE];
	move_t line[PLIES], moves[MAX_MOVES];
	char text[256], again[256], err[256], mtext[64];
	struct setup s;
	ck_assert_msg(g->parse(pos, start, err, sizeof err) == 0, "%s: %s", start, err);
	POSBUF(origin);
	memcpy(origin, pos, g->pos_size);
	/* a declared exact key: the same bytes exactly for the same setup */
	struct setup seen[PLIES + 1];
	unsigned char seen_key[PLIES + 1][EXACT_KEY_MAX];
	size_t seen_len[PLIES + 1];
	int ply = 0;
	for (; ply < PLIES; ply++) {
		ck_assert_uint_eq(g->hash(pos), g->hash_recompute(pos));
		if (g->exact_key)
			note_exact_key(g, pos, ply, seen, seen_key, seen_len);
		int n = g->gen_moves(pos, moves);
		/* a declared count of the moves agrees with the generator */
		if (g->count_moves) {
			int k = -1;
			ck_assert_int_eq(g->count_moves(pos, &k), g->outcome(pos, moves, n));
			ck_assert_int_eq(k, n);
		}
		if (n == 0) {
			ck_assert_int_ne(g->outcome(pos, moves, n), RESULT_ONGOING);
			break;
		}
		/* the position string and the setup read back as the same position */
		g->format(pos, text, sizeof text);
		ck_assert_msg(g->parse(copy, text, err, sizeof err) == 0, "%s: %s", text, err);
		g->format(copy, again, sizeof again);
		ck_assert_str_eq(text, again);
		ck_assert_uint_eq(g->hash(copy), g->hash(pos));
		g->get_setup(pos, &s);
		ck_assert_int_eq(s.side_to_move, g->side_to_move(pos));
		/* a pass flips the side and the hash, and is undone bit for bit */
		if (!g->in_check || !g->in_check(pos)) {
			memcpy(before, pos, g->pos_size);
			g->make_null(pos, nundo);
			ck_assert_int_eq(g->side_to_move(pos), 1 - g->side_to_move(before));
			ck_assert_uint_ne(g->hash(pos), g->hash(before));
			ck_assert_uint_eq(g->hash(pos), g->hash_recompute(pos));
			g->unmake_null(pos, nundo);
			ck_assert(memcmp(pos, before, g->pos_size) == 0);
		}
		/* a declared symmetry: mirror_hash is the hash of the mirror
		   image, which has as many moves */
		if (g->mirror_hash) {
			struct setup ms = s;
			for (int r = 0; r < g->ranks; r++)
				for (int f = 0; f < g->files; f++)
					ms.grid[r][f] = s.grid[r][g->files - 1 - f];
			ck_assert_msg(g->setup(copy, &ms, err, sizeof err) == 0, "%s", err);
			ck_assert_uint_eq(g->mirror_hash(pos), g->hash(copy));
			ck_assert_uint_eq(g->mirror_hash(copy), g->hash(pos));
			ck_assert_int_eq(g->gen_moves(copy, moves), n);
			n = g->gen_moves(pos, moves);
		}
		if (g->attacks)
			check_attacks(g, pos, &s, moves, n);
		/* every move's squares (move_squares) are those its canonical
		   text names */
		for (int i = 0; i < n; i++) {
			int8_t sq[4];
			int f0, r0, f1, r1, k;
			g->move_squares(pos, moves[i], sq);
			g->move_text(pos, moves[i], MOVE_CANONICAL, mtext, sizeof mtext);
			ck_assert_msg((k = square_parse(mtext, g->files, g->ranks, &f0, &r0)) > 0 &&
			                  square_parse(mtext + k, g->files, g->ranks, &f1, &r1) > 0,
			              "%s: %s", g->id, mtext);
			ck_assert_msg(sq[0] == f0 && sq[1] == r0 && sq[2] == f1 && sq[3] == r1,
			              "%s: %s: %d %d %d %d", g->id, mtext, sq[0], sq[1], sq[2],
			              sq[3]);
		}
		move_t m = moves[rng_next(seed) % (uint64_t)n];
		/* both notations read back as the move */
		g->move_text(pos, m, MOVE_CANONICAL, mtext, sizeof mtext);
		ck_assert_uint_eq(game_parse_move(g, pos, mtext, err, sizeof err), m);
		g->move_text(pos, m, MOVE_PRETTY, mtext, sizeof mtext);
		ck_assert_msg(game_parse_move(g, pos, mtext, err, sizeof err) == m, "%s in %s: %s",
		              mtext, text, err);
		/* the side to move moves its own man (the piece table's side) */
		g->move_text(pos, m, MOVE_CANONICAL, mtext, sizeof mtext);
		int f, r;
		if (square_parse(mtext, g->files, g->ranks, &f, &r) > 0)
			ck_assert_int_eq(game_letter_side(g, s.grid[r][f]), g->side_to_move(pos));
		line[ply] = m;
		g->make(pos, m, undo[ply]);
		ck_assert_int_ne(g->side_to_move(pos), s.side_to_move);
	}
	for (int i = ply - 1; i >= 0; i--)
		g->unmake(pos, line[i], undo[i]);
	ck_assert(memcmp(pos, origin, g->pos_size) == 0);
	return ply;
}

START_TEST(test_random_games_undo_exactly)
{
	const struct game *g = nth_game(_i);
	uint64_t seed = 0x6d616174ULL + (uint64_t)_i;
	long plies = 0;
	for (int k = 0; k < GAMES; k++)
		plies += random_game(g, g->start, &seed);
	for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e++)
		if (strcmp(extra[e].game, g->id) == 0)
			for (int k = 0; k < GAMES / 4; k++)
				plies += random_game(g, extra[e].position, &seed);
	ck_assert_int_gt(plies, GAMES * 10);
}
END_TEST

/* The composer's profile draws men of the right sides (the registry check),
   and a game without one still composes with the generic profile. */
START_TEST(test_composer_profile_letters)
{
	const struct game *g = nth_game(_i);
	const struct compose_profile *c = g->composer;
	if (!c)
		return;
	for (int side = 0; side < 2; side++)
		for (const char *l = c->men[side]; *l; l++)
			ck_assert_int_eq(game_letter_side(g, *l), side);
	ck_assert_int_le(c->play_min, c->play_max);
	for (const struct title_form *t = c->titles; t && t->format; t++)
		ck_assert_ptr_nonnull(strstr(t->format, "%s"));
}
END_TEST

/* One reader for every board field (games/grid.h), one wording of what is
   wrong: the same fault in FEN (chess, Morok, Upuaut), OTN (Tavlei) and a
   puzzle file's board: reads the same, and says where it is. */
START_TEST(test_grid_reader_one_wording)
{
	static const struct {
		const char *game;
		const struct grid_form *form;
		const char *text, *err;
		size_t at;
	} rows[] = {
	    /* a rank too long: where the first square too many stands */
	    {"chess", &grid_fen, "8/8/8/9/8/8/8/8", "rank 5 has 9 squares, expected 8", 6},
	    {"upuaut", &grid_fen, "5/5/5/5/bbkbbb/5", "rank 2 has 6 squares, expected 5", 13},
	    {"tavlei", &grid_otn, "/9/9/9/9/9/9/9/9/t9/", "rank 9 has 10 squares, expected 9", 18},
	    {"upuaut", &grid_board, ".....\n.....\n.....\n.....\n......\n.....\n",
	     "rank 2 has 6 squares, expected 5", 29},
	    /* a rank too short: its end */
	    {"morok", &grid_fen, "8/8/8/7/8/8/8/8", "rank 5 has 7 squares, expected 8", 7},
	    {"upuaut", &grid_board, ".....\n...\n.....\n.....\n.....\n.....\n",
	     "rank 5 has 3 squares, expected 5", 9},
	    /* ranks too many (the first too many), too few (the end) */
	    {"chess", &grid_fen, "8/8/8/8/8/8/8/8/8", "the board has 9 ranks, expected 8", 16},
	    {"tavlei", &grid_otn, "/9/9/", "the board has 2 ranks, expected 9", 5},
	    {"upuaut", &grid_board, "\n.....\n\n.....\n", "the board has 2 ranks, expected 6", 14},
	    /* a letter that is none of the game's men: its square, the men */
	    {"chess", &grid_fen, "8/8/8/3X4/8/8/8/8",
	     "unknown piece letter 'X' on d5 (Orthodox chess has K Q R B N P k q r b n p)", 7},
	    {"tavlei", &grid_otn, "9/9/9/9/9/9/9/9/4k4",
	     "unknown piece letter 'k' on e9 (Tavlei has t T K)", 17},
	    {"upuaut", &grid_board, ".....\n.....\n.....\n.....\n.....\n. . \xd0\xb6 . .\n",
	     "unknown piece letter '\xd0\xb6' on c1 (Upuaut has K B k b)", 34},
	    {"upuaut", &grid_fen, "5/5/5/5/2\x01\x32/5",
	     "unknown piece letter '\\x01' on c2 (Upuaut has K B k b)", 9},
	    /* no run of no squares */
	    {"chess", &grid_fen, "8/8/08/8/8/8/8/8", "a run of 0 empty squares on rank 6", 4},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct game *g = game_find(rows[i].game);
		struct setup s;
		size_t at = 12345;
		char err[160] = "";
		memset(&s, 0, sizeof s);
		ck_assert_int_eq(grid_read(g, rows[i].form, rows[i].text, strlen(rows[i].text), &s,
		                           &at, err, sizeof err),
		                 -1);
		ck_assert_str_eq(err, rows[i].err);
		ck_assert_msg(at == rows[i].at, "%s: at %zu, want %zu", rows[i].text, at,
		              rows[i].at);
	}
	/* what it reads: OTN's rank 1 first and its numbers, board:'s blanks */
	struct setup s;
	size_t at;
	char err[160];
	memset(&s, 0, sizeof s);
	const struct game *tav = game_find("tavlei");
	ck_assert_int_eq(
	    grid_read(tav, &grid_otn, "/t8/9/9/9/9/9/9/9/8K/", 21, &s, &at, err, sizeof err), 0);
	ck_assert_int_eq(s.grid[0][0], 't');
	ck_assert_int_eq(s.grid[8][8], 'K');
	ck_assert_int_eq(s.grid[0][1], '.');
	const struct game *up = game_find("upuaut");
	static const char board[] = "k . . . .\n\n.....\n.....\n.....\n.....\n....B\n";
	ck_assert_int_eq(grid_read(up, &grid_board, board, strlen(board), &s, &at, err, sizeof err),
	                 0);
	ck_assert_int_eq(s.grid[5][0], 'k');
	ck_assert_int_eq(s.grid[0][4], 'B');
	/* a setup's letters, checked in the same words: the game's parse and
	   setup say the same */
	s.grid[2][3] = 'Q';
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	ck_assert_int_eq(up->setup(pos, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown piece letter 'Q' on d3 (Upuaut has K B k b)");
	ck_assert_int_eq(up->parse(pos, "bbkbb/5/5/3Q1/5/BBKBB w", err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown piece letter 'Q' on d3 (Upuaut has K B k b)");
}
END_TEST

Suite *games_suite(void)
{
	Suite *s = suite_create("games");
	TCase *t = tcase_create("every registered game");
	tcase_set_timeout(t, 120);
	int n = game_count();
	tcase_add_test(t, test_registry_rows_are_checked);
	tcase_add_test(t, test_grid_reader_one_wording);
	tcase_add_loop_test(t, test_piece_table_declares_sides, 0, n);
	tcase_add_loop_test(t, test_random_games_undo_exactly, 0, n);
	tcase_add_loop_test(t, test_composer_profile_letters, 0, n);
	suite_add_tcase(s, t);
	return s;
}
