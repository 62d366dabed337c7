/*
** check_upuaut.c -- Upuaut (rules U1-U10).
**
** Expected move lists were worked out by hand from rules.md, square by
** square; each position's derivation is sketched in the comment above it.
** Perft figures from the start and the "win in N" results come from
** independent programs (Fairy-Stockfish fork with self-capture, a Python
** reference: shared/notes/fairy-stockfish.md).  A deliberately naive
** mailbox move generator below (test code, written straight from U3-U6)
** cross-checks the bitboard generator over random games.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/perft.h"
#include "notation/move_parse.h"

extern const struct game game_upuaut;
extern Suite *upuaut_suite(void);
#define G (&game_upuaut)

struct pos {
	_Alignas(16) unsigned char b[MAX_POS_SIZE];
};

static void load(struct pos *p, const char *text)
{
	char err[128] = "";
	memset(p, 0, sizeof *p);
	int rc = G->parse(p->b, text, err, sizeof err);
	ck_assert_msg(rc == 0, "parse '%s': %s", text, err);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The legal moves, canonical, sorted, joined by spaces. */
static void move_list(struct pos *p, char *out, size_t len)
{
	move_t mv[MAX_MOVES];
	char txt[MAX_MOVES][16];
	const char *ptr[MAX_MOVES];
	int n = G->gen_moves(p->b, mv);
	for (int i = 0; i < n; i++) {
		G->move_text(p->b, mv[i], MOVE_CANONICAL, txt[i], sizeof txt[i]);
		ptr[i] = txt[i];
	}
	qsort(ptr, (size_t)n, sizeof ptr[0], cmp_str);
	out[0] = 0;
	for (int i = 0; i < n; i++) {
		if (i)
			strncat(out, " ", len - strlen(out) - 1);
		strncat(out, ptr[i], len - strlen(out) - 1);
	}
}

static void assert_moves(const char *fen, const char *want)
{
	struct pos p;
	char got[4096];
	load(&p, fen);
	move_list(&p, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0, "%s\n  want: %s\n  got:  %s", fen, want, got);
}

static move_t find_move(struct pos *p, const char *text)
{
	char err[128];
	move_t m = game_parse_move(G, p->b, text, err, sizeof err);
	ck_assert_msg(m != MOVE_NONE, "%s", err);
	return m;
}

static void play(struct pos *p, const char *text)
{
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	G->make(p->b, find_move(p, text), undo);
}

static void fmt(struct pos *p, char *buf)
{
	G->format(p->b, buf, 64);
}

static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* ---- the naive reference generator (mailbox, pseudo-legal + test) ---- */

struct ref {
	char sq[6][5]; /* [rank][file], '.' empty */
	int stm;
};

static void ref_from(const struct pos *p, struct ref *r)
{
	struct setup s;
	G->get_setup(p->b, &s);
	for (int rk = 0; rk < 6; rk++)
		for (int f = 0; f < 5; f++)
			r->sq[rk][f] = s.grid[rk][f];
	r->stm = s.side_to_move;
}

static int colour_of(char c)
{
	return c == '.' ? -1 : (c == 'K' || c == 'B') ? 0 : 1;
}

static bool on_board(int f, int rk)
{
	return f >= 0 && f < 5 && rk >= 0 && rk < 6;
}

static const int diag[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

/* Could side `by` capture on (f, rk) under U4 (path empty, first piece)? */
static bool ref_attacked(const struct ref *r, int f, int rk, int by)
{
	char king = by ? 'k' : 'K', bishop = by ? 'b' : 'B';
	for (int df = -1; df <= 1; df++)
		for (int dr = -1; dr <= 1; dr++)
			if ((df || dr) && on_board(f + df, rk + dr) &&
			    r->sq[rk + dr][f + df] == king)
				return true;
	for (int d = 0; d < 4; d++) {
		int x = f + diag[d][0], y = rk + diag[d][1];
		while (on_board(x, y) && r->sq[y][x] == '.') {
			x += diag[d][0];
			y += diag[d][1];
		}
		if (on_board(x, y) && r->sq[y][x] == bishop)
			return true;
	}
	return false;
}

static bool ref_king_safe_after(const struct ref *r, int f, int rk, int tf, int tr)
{
	struct ref c = *r;
	c.sq[tr][tf] = c.sq[rk][f];
	c.sq[rk][f] = '.';
	char king = r->stm ? 'k' : 'K';
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 5; x++)
			if (c.sq[y][x] == king)
				return !ref_attacked(&c, x, y, r->stm ^ 1);
	return false;
}

static void ref_add(const struct ref *r, int f, int rk, int tf, int tr, char out[][8], int *n)
{
	if (!ref_king_safe_after(r, f, rk, tf, tr))
		return;
	char *o = out[(*n)++];
	o[0] = (char)('a' + f);
	o[1] = (char)('1' + rk);
	o[2] = (char)('a' + tf);
	o[3] = (char)('1' + tr);
	o[4] = 0;
}

static int ref_moves(const struct ref *r, char out[][8])
{
	int n = 0, fwd = r->stm ? -1 : 1;
	for (int rk = 0; rk < 6; rk++) {
		for (int f = 0; f < 5; f++) {
			char c = r->sq[rk][f];
			if (colour_of(c) != r->stm)
				continue;
			/* U3: quiet steps forward onto an empty square */
			for (int df = -1; df <= 1; df++)
				if (on_board(f + df, rk + fwd) && r->sq[rk + fwd][f + df] == '.')
					ref_add(r, f, rk, f + df, rk + fwd, out, &n);
			/* U4/U5: captures of any non-king piece */
			if (c == 'K' || c == 'k') {
				for (int df = -1; df <= 1; df++)
					for (int dr = -1; dr <= 1; dr++) {
						int x = f + df, y = rk + dr;
						if ((!df && !dr) || !on_board(x, y))
							continue;
						char t = r->sq[y][x];
						if (t == 'B' || t == 'b')
							ref_add(r, f, rk, x, y, out, &n);
					}
			} else {
				for (int d = 0; d < 4; d++) {
					int x = f + diag[d][0], y = rk + diag[d][1];
					while (on_board(x, y) && r->sq[y][x] == '.') {
						x += diag[d][0];
						y += diag[d][1];
					}
					if (on_board(x, y) &&
					    (r->sq[y][x] == 'B' || r->sq[y][x] == 'b'))
						ref_add(r, f, rk, x, y, out, &n);
				}
			}
		}
	}
	return n;
}

static void ref_list(const struct pos *p, char *outs, size_t len)
{
	struct ref r;
	char mv[MAX_MOVES][8];
	const char *ptr[MAX_MOVES];
	ref_from(p, &r);
	int n = ref_moves(&r, mv);
	for (int i = 0; i < n; i++)
		ptr[i] = mv[i];
	qsort(ptr, (size_t)n, sizeof ptr[0], cmp_str);
	outs[0] = 0;
	for (int i = 0; i < n; i++) {
		if (i)
			strncat(outs, " ", len - strlen(outs) - 1);
		strncat(outs, ptr[i], len - strlen(outs) - 1);
	}
}

/* Does the side to move force, within n own moves, an opponent with no
   legal move (U10)? */
static bool wins_in(struct pos *p, int n)
{
	move_t mv[MAX_MOVES], rep[MAX_MOVES];
	_Alignas(16) unsigned char u1[MAX_UNDO_SIZE], u2[MAX_UNDO_SIZE];
	int k = G->gen_moves(p->b, mv);
	for (int i = 0; i < k; i++) {
		G->make(p->b, mv[i], u1);
		int m = G->gen_moves(p->b, rep);
		bool ok = m == 0 || n > 1;
		for (int j = 0; j < m && ok; j++) {
			G->make(p->b, rep[j], u2);
			ok = wins_in(p, n - 1);
			G->unmake(p->b, rep[j], u2);
		}
		G->unmake(p->b, mv[i], u1);
		if (ok)
			return true;
	}
	return false;
}

/* Does the key `key` force the win within n moves? */
static bool key_wins_in(struct pos *p, const char *key, int n)
{
	move_t rep[MAX_MOVES];
	_Alignas(16) unsigned char u1[MAX_UNDO_SIZE], u2[MAX_UNDO_SIZE];
	move_t m = find_move(p, key);
	G->make(p->b, m, u1);
	int k = G->gen_moves(p->b, rep);
	bool ok = k == 0 || n > 1;
	for (int j = 0; j < k && ok; j++) {
		G->make(p->b, rep[j], u2);
		ok = wins_in(p, n - 1);
		G->unmake(p->b, rep[j], u2);
	}
	G->unmake(p->b, m, u1);
	return ok;
}

/* ---- U1-U10 ---- */

START_TEST(test_U1_board_and_sides)
{
	struct pos p;
	ck_assert_int_eq(G->files, 5);
	ck_assert_int_eq(G->ranks, 6);
	ck_assert_str_eq(G->side_name[0], "White");
	ck_assert_str_eq(G->side_name[1], "Black");
	ck_assert_str_eq(G->side_word[0], "white");
	ck_assert_str_eq(G->side_word[1], "black");
	ck_assert(G->has_check);
	ck_assert_ptr_null(G->set_rule);
	for (int f = 0; f < 5; f++)
		for (int r = 0; r < 6; r++)
			ck_assert_int_eq(G->square_kind(f, r), SQUARE_PLAIN);
	load(&p, G->start);
	ck_assert_int_eq(G->side_to_move(p.b), 0); /* White moves first */
	/* e6 is the far corner; nothing beyond it exists. */
	load(&p, "4K/5/5/5/5/k4 b");
	struct setup s;
	G->get_setup(p.b, &s);
	ck_assert_int_eq(s.grid[5][4], 'K');
	ck_assert_int_eq(s.grid[0][0], 'k');
	ck_assert_int_eq(G->side_to_move(p.b), 1);
}
END_TEST

/* White: king c1 steps b2 c2 d2 and may take its own b1/d1 bishops; a1 and
   e1 step to 2 squares, b1 and d1 to 3; no bishop sees any piece. */
START_TEST(test_U2_start_position)
{
	struct pos p;
	char buf[64];
	struct setup s;
	load(&p, G->start);
	fmt(&p, buf);
	ck_assert_str_eq(buf, "bbkbb/5/5/5/5/BBKBB w");
	G->get_setup(p.b, &s);
	ck_assert_int_eq(s.grid[0][2], 'K');
	ck_assert_int_eq(s.grid[5][2], 'k');
	const char *files = "abde";
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(s.grid[0][files[i] - 'a'], 'B');
		ck_assert_int_eq(s.grid[5][files[i] - 'a'], 'b');
	}
	for (int r = 1; r < 5; r++)
		for (int f = 0; f < 5; f++)
			ck_assert_int_eq(s.grid[r][f], '.');
	assert_moves(G->start, "a1a2 a1b2 b1a2 b1b2 b1c2 c1b1 c1b2 c1c2 c1d1 c1d2 "
	                       "d1c2 d1d2 d1e2 e1d2 e1e2");
	/* Black mirrors it, moving down. */
	assert_moves("bbkbb/5/5/5/5/BBKBB b", "a6a5 a6b5 b6a5 b6b5 b6c5 c6b5 c6b6 c6c5 "
	                                      "c6d5 c6d6 d6c5 d6d5 d6e5 e6d5 e6e5");
}
END_TEST

/* Perft from the start: Fairy-Stockfish fork with self-capture and the
   Python reference (notes/fairy-stockfish.md). */
START_TEST(test_U2_perft_start)
{
	static const uint64_t want[] = {1, 15, 225, 3001, 39788, 492436, 6013418};
	struct pos p;
	load(&p, G->start);
	for (int d = 0; d <= 6; d++) /* depth 6: 0.2 s under ASan */
		ck_assert_uint_eq(perft(G, p.b, d), want[d]);
}
END_TEST

START_TEST(test_U3_quiet_moves_forward_only)
{
	/* White king a1: a2 b2 (b1 is sideways).  Bishop c3: b4 c4 d4; its
	   diagonals are empty but for its own king on a1, not capturable. */
	assert_moves("k4/5/5/2B2/5/K4 w", "a1a2 a1b2 c3b4 c3c4 c3d4");
	/* Black moves down: king a6 to a5 b5, bishop c4 to b3 c3 d3; a6 is
	   its own king on the c4 bishop's diagonal. */
	assert_moves("k4/5/2b2/5/5/K4 b", "a6a5 a6b5 c4b3 c4c3 c4d3");
	/* Straight ahead blocked: bishop b2 cannot step to b3 nor take it (a
	   straight line is not a bishop's capture); king e1 steps d2 e2. */
	assert_moves("4k/5/5/1b3/1B3/4K w", "b2a3 b2c3 e1d2 e1e2");
	/* Lone king in mid-board: three steps forward, none sideways/back. */
	assert_moves("4k/5/5/2K2/5/5 w", "c3b4 c3c4 c3d4");
}
END_TEST

START_TEST(test_U4_captures_every_direction)
{
	/* Bishop c3 takes e5 (path d4 empty), b4 (adjacent), a1 (backward,
	   through b2), never a5 behind b4 and never straight.  King c1: b2 is
	   seen by the a1 bishop, c2 and d2 are safe. */
	assert_moves("2k2/b3b/1b3/2B2/5/b1K2 w", "c1c2 c1d2 c3a1 c3b4 c3c4 c3d4 c3e5");
	/* King d3 takes d2 straight behind it; c4 d4 e4 are quiet steps. */
	assert_moves("k4/5/5/3K1/3b1/5 w", "d3c4 d3d2 d3d4 d3e4");
	/* Black bishop c4 takes backward (b5 and d5 are behind it for Black)
	   and forward (b3); SE d3-e2 is empty.  Quiet: c3 d3 (b3 is taken).
	   The black king a1 stands on its last rank with nothing next to it. */
	assert_moves("5/1B1B1/2b2/1B3/5/k3K b", "c4b3 c4b5 c4c3 c4d3 c4d5");
}
END_TEST

START_TEST(test_U5_self_capture_but_never_a_king)
{
	struct pos p;
	char buf[32], err[128];
	/* a1 takes its own c3 and c3 takes its own a1; a3 may not take its own
	   king on c1 (a3-b2-c1). */
	assert_moves("4k/5/5/B1B2/5/B1K2 w", "a1a2 a1b2 a1c3 a3a4 a3b4 c1b2 c1c2 c1d2 "
	                                     "c3a1 c3b4 c3c4 c3d4");
	/* Black king takes its bishops b5 (diagonal) and d6 (sideways); the
	   b5 bishop may not take its own king c6. */
	assert_moves("2kb1/1b3/5/5/5/K4 b", "b5a4 b5b4 b5c4 c6b5 c6c5 c6d5 c6d6 d6c5 d6d5 d6e5");
	/* Self-captures are captures, written with x. */
	load(&p, "4k/5/5/B1B2/5/B1K2 w");
	move_t m = find_move(&p, "a1c3");
	ck_assert(G->is_capture(p.b, m));
	G->move_text(p.b, m, MOVE_PRETTY, buf, sizeof buf);
	ck_assert_str_eq(buf, "Ba1xc3");
	ck_assert(!G->is_capture(p.b, find_move(&p, "c3c4")));
	play(&p, "a1c3");
	fmt(&p, buf);
	ck_assert_str_eq(buf, "4k/5/5/B1B2/5/2K2 b");
	/* A king that could be taken is never a legal position to be in. */
	ck_assert_int_eq(G->parse(p.b, "2k2/5/B4/5/5/K4 w", err, sizeof err), -1);
	ck_assert_str_eq(err, "black king on c6 is in check with white to move");
}
END_TEST

START_TEST(test_U6_pins_and_no_adjacent_kings)
{
	struct pos p;
	/* Pin: b2 is pinned by d4 against a1; it may go to c3 or take d4.
	   Kxb2 would stand on the d4 bishop's diagonal. */
	assert_moves("4k/5/3b1/5/1B3/K4 w", "a1a2 b2c3 b2d4");
	/* Check from e4 along e4-d3-c2-b1: king to b3 or c3; d3 is on the
	   line; taking its own bishop b1 stays on the line (the king no longer
	   shields b1); e2-d3 blocks. */
	load(&p, "1k3/5/4b/5/2K1B/1B3 w");
	ck_assert(G->in_check(p.b));
	assert_moves("1k3/5/4b/5/2K1B/1B3 w", "c2b3 c2c3 e2d3");
	/* Kings never stand adjacent: c4 touches d5 (and b3). */
	assert_moves("5/3k1/5/1K3/5/5 w", "b3a4 b3b4");
	assert_moves("5/3k1/5/1K3/5/5 b", "d5d4 d5e4");
	/* The king may not take a defended piece: c3 is guarded by a5. */
	assert_moves("k4/b4/5/2b2/2K2/5 w", "c2b3 c2d3");
	/* Own pieces never give check. */
	load(&p, "k4/5/5/5/1B3/K4 w");
	ck_assert(!G->in_check(p.b));
	/* Double check from a5 (a5-b4-c3) and e5 (e5-d4-c3): only the king
	   answers.  b4 and d4 lie on the checking lines, c4 is free, and it
	   may take its own bishop c2 (off both lines).  The bishop's own
	   steps (b3 c3? no, d3) cannot answer two checks. */
	load(&p, "k4/b3b/5/2K2/2B2/5 w");
	ck_assert(G->in_check(p.b));
	assert_moves("k4/b3b/5/2K2/2B2/5 w", "c3c2 c3c4");
}
END_TEST

START_TEST(test_U7_stalemate_loses)
{
	struct pos p;
	move_t mv[MAX_MOVES];
	/* Stalemate: king a6 on its last rank, nothing next to it. */
	load(&p, "K4/5/2k2/5/5/5 w");
	int n = G->gen_moves(p.b, mv);
	ck_assert_int_eq(n, 0);
	ck_assert(!G->in_check(p.b));
	ck_assert_int_eq(G->outcome(p.b, mv, n), RESULT_LOSS);
	/* Mate: the same king checked by c4 (c4-b5-a6), b5 empty. */
	load(&p, "K4/5/2b2/5/5/4k w");
	n = G->gen_moves(p.b, mv);
	ck_assert_int_eq(n, 0);
	ck_assert(G->in_check(p.b));
	ck_assert_int_eq(G->outcome(p.b, mv, n), RESULT_LOSS);
	/* Any position with a move goes on: there are no draws. */
	load(&p, G->start);
	n = G->gen_moves(p.b, mv);
	ck_assert_int_eq(G->outcome(p.b, mv, n), RESULT_ONGOING);
	/* Black stalemated on its own last rank. */
	load(&p, "5/5/2K2/5/5/k4 b");
	n = G->gen_moves(p.b, mv);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(G->outcome(p.b, mv, n), RESULT_LOSS);
}
END_TEST

START_TEST(test_U8_no_promotion_last_rank_only_captures)
{
	struct pos p;
	char buf[64];
	/* Bishop c6 on White's last rank: no quiet move, nothing to take. */
	assert_moves("2B1k/5/5/5/5/K4 w", "a1a2 a1b2");
	/* Black bishop c1 on Black's last rank: the same. */
	assert_moves("4k/5/5/5/5/K1b2 b", "e6d5 e6e5");
	/* Bishop d6 on the last rank still captures (backward); b2 is seen
	   by the a3 bishop. */
	assert_moves("3Bk/5/5/b4/5/K4 w", "a1a2 d6a3");
	/* Reaching the last rank leaves a bishop a bishop. */
	load(&p, "k4/5/1B3/5/5/4K w");
	play(&p, "b4b5");
	play(&p, "a6a5");
	play(&p, "b5c6");
	fmt(&p, buf);
	ck_assert_str_eq(buf, "2B2/k4/5/5/5/4K b");
	struct setup s;
	G->get_setup(p.b, &s);
	ck_assert_int_eq(s.grid[5][2], 'B');
	ck_assert_str_eq(s.castling, "-");
	ck_assert_str_eq(s.en_passant, "-");
}
END_TEST

/* U9: a quiet move lowers the forward-step sum by one; a capture removes a
   bishop and moves the capturer back at most 4 ranks (the longest diagonal
   on 5 files), so steps + 5 * bishops drops every ply: from 50 + 40 = 90 at
   the start, no game is longer than 90 plies (within U9's 110). */
static int potential(const struct pos *p, int *pieces)
{
	struct setup s;
	int sum = 0;
	G->get_setup(p->b, &s);
	*pieces = 0;
	for (int r = 0; r < 6; r++)
		for (int f = 0; f < 5; f++) {
			char c = s.grid[r][f];
			if (c == '.')
				continue;
			++*pieces;
			sum += (c == 'K' || c == 'B') ? 5 - r : r;
			if (c == 'B' || c == 'b')
				sum += 5;
		}
	return sum;
}

START_TEST(test_U9_game_is_finite)
{
	uint32_t seed = 0x9e3779b9u;
	move_t mv[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	/* the potential below falls every ply, so no position comes back: the
	   game says so to the prover (acyclic), which then keeps no path */
	ck_assert(G->acyclic);
	for (int game = 0; game < 3000; game++) {
		struct pos p;
		int pieces, pieces2;
		load(&p, G->start);
		int phi = potential(&p, &pieces), plies = 0, n;
		ck_assert_int_eq(phi, 90);
		while ((n = G->gen_moves(p.b, mv)) > 0) {
			move_t m = mv[rng_next(&seed) % (uint32_t)n];
			bool cap = G->is_capture(p.b, m);
			G->make(p.b, m, undo);
			plies++;
			int phi2 = potential(&p, &pieces2);
			ck_assert_int_lt(phi2, phi);
			ck_assert_int_eq(pieces2, pieces - (cap ? 1 : 0));
			phi = phi2;
			pieces = pieces2;
			ck_assert_int_le(plies, 110);
		}
		ck_assert_int_eq(G->outcome(p.b, mv, 0), RESULT_LOSS);
	}
}
END_TEST

/* Mate positions of notes/fairy-stockfish.md (independent solvers). */
START_TEST(test_U10_win_in_n_and_lost_positions)
{
	struct pos p;
	move_t mv[MAX_MOVES];
	/* "2B2/5/K4/5/5/3kb w", with self-capture a win in 2: 1.a4b5 (a5 is
	   seen by e1) d1e1 (the only reply: the king takes its own bishop)
	   2.b5 any, and the black king on e1 has no move.  Perft by hand:
	   1, 1, 3 (b5a6 b5b6 b5c6), 0. */
	load(&p, "2B2/5/K4/5/5/3kb w");
	ck_assert_uint_eq(perft(G, p.b, 1), 1);
	ck_assert_uint_eq(perft(G, p.b, 2), 1);
	ck_assert_uint_eq(perft(G, p.b, 3), 3);
	ck_assert_uint_eq(perft(G, p.b, 4), 0);
	ck_assert(!wins_in(&p, 1));
	ck_assert(key_wins_in(&p, "a4b5", 2));
	play(&p, "a4b5");
	assert_moves("2B2/1K3/5/5/5/3kb b", "d1e1");
	play(&p, "d1e1");
	play(&p, "b5b6");
	/* Already lost: Black to move, no move (U7, U10). */
	ck_assert_int_eq(G->gen_moves(p.b, mv), 0);
	ck_assert_int_eq(G->outcome(p.b, mv, 0), RESULT_LOSS);

	/* Depth-1 counts checked by hand (see the move lists). */
	load(&p, "b2b1/2kb1/5/1B1b1/1BBK1/4B w");
	assert_moves("b2b1/2kb1/5/1B1b1/1BBK1/4B w",
	             "b2a3 b2c3 b3a4 b3b4 b3c2 b3c4 b3d5 c2b3 c2c3 c2d3 d2c3 "
	             "d2e1 d2e3 e1e2");
	ck_assert(!wins_in(&p, 1));
	ck_assert(key_wins_in(&p, "b2a3", 2));

	load(&p, "b2bb/1bk2/5/5/B1B2/B1K1B w");
	assert_moves("b2bb/1bk2/5/5/B1B2/B1K1B w",
	             "a1b2 a2a3 a2b3 a2e6 c1b2 c1c2 c1d2 c2b3 c2c3 c2d3 e1d2 e1e2");
	ck_assert(!wins_in(&p, 2));
	ck_assert(key_wins_in(&p, "a2a3", 3));

	/* The notes give "b2bb/2k2/2b2/1B3/2B2/B1K1B w" as mate in 1 by b3b4;
	   that holds only without self-capture: after b3b4 (check from b4)
	   the black king takes its own bishop, c5xc4, and c4 is safe (c2 is
	   straight below, b3 is now empty).  Under U5 it is a win in 2. */
	load(&p, "b2bb/2k2/2b2/1B3/2B2/B1K1B w");
	assert_moves("b2bb/2k2/2b2/1B3/2B2/B1K1B w",
	             "a1a2 a1b2 b3a4 b3b4 b3c2 b3c4 c1b2 c1c2 c1d2 c2b3 c2c3 c2d3 "
	             "e1d2 e1e2");
	play(&p, "b3b4");
	ck_assert(G->in_check(p.b));
	char got[256];
	move_list(&p, got, sizeof got);
	ck_assert_str_eq(got, "c5c4");
	load(&p, "b2bb/2k2/2b2/1B3/2B2/B1K1B w");
	ck_assert(!wins_in(&p, 1));
	ck_assert(key_wins_in(&p, "b3b4", 2));

	/* Black to move, with self-capture a win in 6 (b6c5), none in 5. */
	load(&p, "1b1k1/5/B2b1/K4/1B3/3Bb b");
	ck_assert(!wins_in(&p, 5));
	ck_assert(key_wins_in(&p, "b6c5", 6));
}
END_TEST

/* ---- machinery ---- */

START_TEST(test_U6_reference_generator_agrees)
{
	/* The naive generator and the bitboard one agree move for move, and
	   in_check agrees with the naive attack test, over random games. */
	uint32_t seed = 12345;
	move_t mv[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
	char a[4096], b[4096];
	long nodes = 0;
	for (int game = 0; game < 400; game++) {
		struct pos p;
		load(&p, G->start);
		for (;;) {
			move_list(&p, a, sizeof a);
			ref_list(&p, b, sizeof b);
			ck_assert_str_eq(a, b);
			struct ref r;
			ref_from(&p, &r);
			for (int y = 0; y < 6; y++)
				for (int x = 0; x < 5; x++)
					if (r.sq[y][x] == (r.stm ? 'k' : 'K'))
						ck_assert_int_eq(G->in_check(p.b),
						                 ref_attacked(&r, x, y, r.stm ^ 1));
			nodes++;
			int n = G->gen_moves(p.b, mv);
			if (!n)
				break;
			G->make(p.b, mv[rng_next(&seed) % (uint32_t)n], undo);
		}
	}
	ck_assert_int_gt(nodes, 4000);
}
END_TEST

START_TEST(test_position_round_trip)
{
	static const char *const fens[] = {
	    "bbkbb/5/5/5/5/BBKBB w", "bbkbb/5/5/5/5/BBKBB b", "1b1k1/5/B2b1/K4/1B3/3Bb b",
	    "2B2/5/K4/5/5/3kb w",    "K4/5/2k2/5/5/5 w",      "b2bb/2k2/2b2/1B3/2B2/B1K1B w",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct pos p, q;
		struct setup s;
		char buf[64], err[128];
		load(&p, fens[i]);
		fmt(&p, buf);
		ck_assert_str_eq(buf, fens[i]);
		G->get_setup(p.b, &s);
		ck_assert_int_eq(G->setup(q.b, &s, err, sizeof err), 0);
		fmt(&q, buf);
		ck_assert_str_eq(buf, fens[i]);
		ck_assert_uint_eq(G->hash(q.b), G->hash(p.b));
	}
	/* Side omitted = White; FEN tails and spaces are tolerated. */
	struct pos p;
	char buf[64];
	load(&p, "bbkbb/5/5/5/5/BBKBB");
	fmt(&p, buf);
	ck_assert_str_eq(buf, "bbkbb/5/5/5/5/BBKBB w");
	load(&p, "  bbkbb/5/5/5/5/BBKBB   b - - 0 1 ");
	fmt(&p, buf);
	ck_assert_str_eq(buf, "bbkbb/5/5/5/5/BBKBB b");
	load(&p, "bbkbb/5/5/5/5/11K11 w");
	fmt(&p, buf);
	ck_assert_str_eq(buf, "bbkbb/5/5/5/5/2K2 w");
}
END_TEST

START_TEST(test_position_errors)
{
	static const char *const bad[][2] = {
	    {"bbkbb/5/5/5/5/5/BBKBB w", "the board has 7 ranks, expected 6"},
	    {"bbkbb/5/5/5/BBKBB w", "the board has 5 ranks, expected 6"},
	    {"w", "the board has 1 rank, expected 6"},
	    {"bbkbb/5/5/6/5/BBKBB w", "rank 3 has 6 squares, expected 5"},
	    {"bbkbb/5/5/5/4/BBKBB w", "rank 2 has 4 squares, expected 5"},
	    {"bbkbb//5/5/5/BBKBB w", "rank 5 has 0 squares, expected 5"},
	    {"bbkbbb/5/5/5/5/BBKBB w", "rank 6 has 6 squares, expected 5"},
	    {"bbkbb/5/5/5/Q4/BBKBB w", "unknown piece letter 'Q' on a2 (Upuaut has K B k b)"},
	    {"bbkbb/5/p4/5/5/BBKBB w", "unknown piece letter 'p' on a4 (Upuaut has K B k b)"},
	    {"bbkbb/5/5/0/5/BBKBB w", "a run of 0 empty squares on rank 3"},
	    {"bbkbb/5/5/2*2/5/BBKBB w", "unknown piece letter '*' on c3 (Upuaut has K B k b)"},
	    {"bbkbb/5/5/5/5/BB1BB w", "white has no king"},
	    {"bbkbb/5/5/5/K4/BBKBB w", "white has 2 kings"},
	    {"bb1bb/5/5/5/5/BBKBB w", "black has no king"},
	    {"bbkbb/5/5/5/B4/BBKBB w", "white has 5 bishops, at most 4"},
	    {"bbkbb/b4/5/5/5/BBKBB w", "black has 5 bishops, at most 4"},
	    {"2k2/5/B4/5/5/K4 w", "black king on c6 is in check with white to move"},
	    {"K4/5/2b2/5/5/4k b", "white king on a6 is in check with black to move"},
	    {"5/5/5/2k2/2K2/5 w", "black king on c3 is in check with white to move"},
	    {"bbkbb/5/5/5/5/BBKBB x", "side to move must be 'w' or 'b', got 'x'"},
	    {"bbkbb/5/5/5/5/BBKBB white", "side to move must be 'w' or 'b', got 'white'"},
	    {"bbkbb/5/5/5/5/BBKBB w junk", "unexpected text after the side to move: 'junk'"},
	    {"bbkbb/5/5/5/5/BBKBB w - - 0 1 2", "unexpected text after the side to move: '2'"},
	    {"", "empty position"},
	    {"   ", "empty position"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct pos p;
		char err[128] = "";
		ck_assert_int_eq(G->parse(p.b, bad[i][0], err, sizeof err), -1);
		ck_assert_str_eq(err, bad[i][1]);
	}
	/* Long garbage: still one line, no crash. */
	char big[4000];
	memset(big, '9', sizeof big - 1);
	big[sizeof big - 1] = 0;
	big[10] = '/';
	struct pos p;
	char err[128];
	ck_assert_int_eq(G->parse(p.b, big, err, sizeof err), -1);
	ck_assert_str_eq(err, "the board has 2 ranks, expected 6");
	memcpy(big, "99999/5/5/5/5/", 14);
	ck_assert_int_eq(G->parse(p.b, big, err, sizeof err), -1);
	ck_assert_str_eq(err, "rank 6 has 45 squares, expected 5");
	/* setup() checks what puzzle files hand it. */
	struct setup s;
	load(&p, G->start);
	G->get_setup(p.b, &s);
	s.grid[1][0] = 'Q';
	ck_assert_int_eq(G->setup(p.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "unknown piece letter 'Q' on a2 (Upuaut has K B k b)");
	s.grid[1][0] = '.';
	s.grid[6][0] = 'B';
	ck_assert_int_eq(G->setup(p.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "'B' outside the 5x6 board at rank 7");
	s.grid[6][0] = '.';
	s.side_to_move = 2;
	ck_assert_int_eq(G->setup(p.b, &s, err, sizeof err), -1);
	ck_assert_str_eq(err, "side to move must be 0 or 1, got 2");
}
END_TEST

START_TEST(test_notation)
{
	struct pos p;
	char buf[32];
	static const char *const cases[][3] = {
	    {"c1c2", "Kc1xc2", "b2bb/2k2/2b2/1B3/2B2/B1K1B w"},
	    {"c1d2", "Kc1-d2", "b2bb/2k2/2b2/1B3/2B2/B1K1B w"},
	    {"b3c4", "Bb3xc4", "b2bb/2k2/2b2/1B3/2B2/B1K1B w"},
	    {"b3a4", "Bb3-a4", "b2bb/2k2/2b2/1B3/2B2/B1K1B w"},
	    {"b6c5", "Bb6-c5", "1b1k1/5/B2b1/K4/1B3/3Bb b"},
	    {"d4b2", "Bd4xb2", "1b1k1/5/B2b1/K4/1B3/3Bb b"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		load(&p, cases[i][2]);
		move_t m = find_move(&p, cases[i][0]);
		G->move_text(p.b, m, MOVE_CANONICAL, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i][0]);
		G->move_text(p.b, m, MOVE_PRETTY, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i][1]);
		ck_assert(find_move(&p, cases[i][1]) == m);
	}
	ck_assert_str_eq(G->title, "Upuaut");
	ck_assert_str_eq(G->rule_ids, "U1-U10");
	ck_assert_int_eq(game_piece(G, 'K')->glyph, 'k');
	ck_assert_int_eq(game_piece(G, 'b')->glyph, 'b');
	ck_assert_ptr_null(game_piece(G, 'Q'));
}
END_TEST

Suite *upuaut_suite(void)
{
	Suite *s = suite_create("upuaut");
	TCase *tc = tcase_create("rules");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_U1_board_and_sides);
	tcase_add_test(tc, test_U2_start_position);
	tcase_add_test(tc, test_U2_perft_start);
	tcase_add_test(tc, test_U3_quiet_moves_forward_only);
	tcase_add_test(tc, test_U4_captures_every_direction);
	tcase_add_test(tc, test_U5_self_capture_but_never_a_king);
	tcase_add_test(tc, test_U6_pins_and_no_adjacent_kings);
	tcase_add_test(tc, test_U6_reference_generator_agrees);
	tcase_add_test(tc, test_U7_stalemate_loses);
	tcase_add_test(tc, test_U8_no_promotion_last_rank_only_captures);
	tcase_add_test(tc, test_U9_game_is_finite);
	tcase_add_test(tc, test_U10_win_in_n_and_lost_positions);
	tcase_add_test(tc, test_position_round_trip);
	tcase_add_test(tc, test_position_errors);
	tcase_add_test(tc, test_notation);
	suite_add_tcase(s, tc);
	return s;
}
