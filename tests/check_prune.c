/*
** check_prune.c -- the line searches' pruning (the optional game op
** win_targets, chess's in src/games/chess_mate.c) never removes a line.
**
** Rules S2 (help) and S7 (series): every line is a solution, so a search
** that prunes must find exactly the lines of one that does not.  Each game
** that has the op is searched twice on the same positions: as it is, and as
** a copy of it without the op (the solver then walks every move, as for a
** game that never had one).  The positions: sparse random placements, where
** the relaxation prunes most and lines exist, and positions chosen for one
** way of mating each (discovered check, en passant, castling, promotion).
** The searches with the op must also visit fewer positions, or the check
** would prove nothing.  MAAT_PRUNE_SCALE=K checks K times as many random
** positions (the default run keeps to a few seconds).
*/
#include <check.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "minijson.h"
#include "solve/lines.h"
#include "solve/search.h"

extern Suite *prune_suite(void);

#define POSBUF(name) _Alignas(16) unsigned char name[MAX_POS_SIZE]
#define MAX_TEXTS ANALYSIS_MAX_LINES

#if defined(__SANITIZE_ADDRESS__)
#define FEWER(n) ((n) / 4 > 1 ? (n) / 4 : 1)
#else
#define FEWER(n) (n)
#endif

/* Every line of one search, each its canonical moves joined, sorted. */
struct texts {
	int count; /* lines found, also those not kept */
	int n;
	char line[MAX_TEXTS][128];
};

static int cmp_text(const void *x, const void *y)
{
	return strcmp(x, y);
}

/* make prune-check's second run: chess_pictures.o built with tiny tables
   (MAAT_PRUNE_OVERFLOW set), where the plans fall back and save less: the
   lines must be the same, the positions saved are not counted on. */
static bool overflow_build(void)
{
	const char *v = getenv("MAAT_PRUNE_OVERFLOW");
	return v && *v && strcmp(v, "0") != 0;
}

/* The lines of `plies` plies of the plan from pos, into out (sorted);
   returns the positions the search visited.  With a time limit (seconds,
   0: none), true in *stopped when it was reached (out is then empty). */
static uint64_t search_lines_how(const struct game *g, const void *pos, enum line_plan plan,
                                 int plies, struct texts *out, double seconds, bool *stopped,
                                 int picture_plies, enum stip_target target, bool table)
{
	struct search *s = search_new(g, pos, NULL, seconds > 0 ? 16 : 1);
	ck_assert_ptr_nonnull(s);
	s->picture_plies = picture_plies;
	s->no_line_table = !table;
	search_set_target(s, target);
	struct line_set set;
	memset(&set, 0, sizeof set);
	if (seconds > 0)
		s->limits.deadline = search_clock() + seconds;
	if (setjmp(s->abort)) {
		ck_assert_msg(stopped != NULL, "search stopped");
		*stopped = true;
		line_set_free(&set);
		search_free(s);
		out->count = out->n = 0;
		return 0;
	}
	ck_assert_int_eq(lines_find(s, plan, plies, &set), 0);
	uint64_t nodes = s->nodes;
	search_free(s);
	out->count = set.count;
	out->n = 0;
	for (int i = 0; i < set.stored && out->n < MAX_TEXTS; i++) {
		char *t = out->line[out->n++];
		t[0] = 0;
		const struct solution_line *l = &set.lines[i];
		for (int p = 0; p < l->plies; p++) {
			size_t len = strlen(t);
			snprintf(t + len, 128 - len, "%s%s", p ? " " : "",
			         set.moves[l->first + p].canon);
		}
	}
	line_set_free(&set);
	qsort(out->line, (size_t)out->n, sizeof out->line[0], cmp_text);
	return nodes;
}

static uint64_t search_lines_at(const struct game *g, const void *pos, enum line_plan plan,
                                int plies, struct texts *out, double seconds, bool *stopped,
                                int picture_plies)
{
	return search_lines_how(g, pos, plan, plies, out, seconds, stopped, picture_plies,
	                        TARGET_WIN, true);
}

static uint64_t search_lines_within(const struct game *g, const void *pos, enum line_plan plan,
                                    int plies, struct texts *out, double seconds, bool *stopped)
{
	return search_lines_at(g, pos, plan, plies, out, seconds, stopped, 0);
}

static uint64_t search_lines(const struct game *g, const void *pos, enum line_plan plan, int plies,
                             struct texts *out)
{
	return search_lines_within(g, pos, plan, plies, out, 0, NULL);
}

/* The same lines?  (a: the searched, b: the plain one's) */
static void assert_same(const struct texts *a, const struct texts *b, const char *what, int plan,
                        int plies, const char *how)
{
	ck_assert_msg(a->count == b->count && a->n == b->n,
	              "%s, plan %d, %d plies: %d lines %s, %d without", what, plan, plies, a->count,
	              how, b->count);
	for (int i = 0; i < a->n; i++)
		ck_assert_msg(!strcmp(a->line[i], b->line[i]),
		              "%s, plan %d, %d plies: '%s' %s, '%s' without", what, plan, plies,
		              a->line[i], how, b->line[i]);
}

/* The lines of pos in k plies to target with the game's plans (into a) and
   without any op (into b): the same, or the test fails naming id.  nodes,
   unless NULL, adds the nodes searched with the plans and without. */
static void same_lines_to(const struct game *g, const struct game *plain, const void *pos,
                          enum line_plan plan, int k, enum stip_target target, struct texts *a,
                          struct texts *b, const char *id, const char *what, uint64_t *nodes)
{
	uint64_t with = search_lines_how(g, pos, plan, k, a, 0, NULL, 1, target, true);
	uint64_t without = search_lines_how(plain, pos, plan, k, b, 0, NULL, 0, target, true);
	assert_same(a, b, id, plan, k, what);
	if (nodes) {
		nodes[0] += with;
		nodes[1] += without;
	}
}

/* The game without its pruning ops: every move walked. */
static struct game without_ops(const struct game *g)
{
	struct game plain = *g;
	plain.win_targets = NULL;
	plain.win_moves = NULL;
	plain.win_plan_new = NULL;
	plain.win_plan_move = NULL;
	plain.win_plan_free = NULL;
	return plain;
}

struct tally {
	uint64_t nodes_pruned, nodes_plain;
	int positions, with_lines, lines;
};

/* The same lines with and without the op, for every length up to plies. */
static void same_lines(const struct game *g, const struct game *plain, const void *pos,
                       enum line_plan plan, int max_plies, struct tally *t)
{
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	bool any = false;
	for (int plies = 1; plies <= max_plies; plies++) {
		/* help play from White or Black alike; a series ends with the
		   winner's move: odd plies (series) or even (series-help) */
		if ((plan == PLAN_SERIES && plies % 2 == 0) ||
		    (plan == PLAN_SERIES_HELP && plies % 2))
			continue;
		t->nodes_pruned += search_lines(g, pos, plan, plies, a);
		t->nodes_plain += search_lines(plain, pos, plan, plies, b);
		char fen[256];
		g->format(pos, fen, sizeof fen);
		ck_assert_msg(a->count == b->count && a->n == b->n,
		              "%s, plan %d, %d plies: %d lines pruned, %d without", fen, plan,
		              plies, a->count, b->count);
		for (int i = 0; i < a->n; i++)
			ck_assert_msg(!strcmp(a->line[i], b->line[i]),
			              "%s, plan %d, %d plies: '%s' pruned, '%s' without", fen, plan,
			              plies, a->line[i], b->line[i]);
		/* the win pictures (chess_pictures.c), which the solver takes
		   only at length, at every length */
		if (g->win_plan_new) {
			search_lines_at(g, pos, plan, plies, a, 0, NULL, 1);
			assert_same(a, b, fen, plan, plies, "with the pictures");
		}
		t->lines += a->count;
		any |= a->count > 0;
	}
	t->positions++;
	t->with_lines += any;
	free(a);
	free(b);
}

static uint64_t next(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return *seed >> 33;
}

/*
** A random sparse chess position (FEN) with both kings and `men` other men,
** `side` to move: pawns off the first and last ranks, the side not to move
** not in check (parse refuses that), castling rights where king and rook
** stand at home, an en passant square where a pawn has just gone two.
*/
static void random_fen_of(uint64_t *seed, int men, char side, int black_share, char *fen,
                          size_t len)
{
	char board[64];
	memset(board, 0, sizeof board);
	int wk = (int)(next(seed) % 64), bk;
	do
		bk = (int)(next(seed) % 64);
	while (abs(bk % 8 - wk % 8) <= 1 && abs(bk / 8 - wk / 8) <= 1);
	board[wk] = 'K';
	board[bk] = 'k';
	static const char kinds[] = "QRRBBNNPPPPP";
	for (int i = 0; i < men; i++) {
		int sq = (int)(next(seed) % 64);
		char c = kinds[next(seed) % (sizeof kinds - 1)];
		if (board[sq] || (c == 'P' && (sq < 8 || sq >= 56)))
			continue;
		bool white =
		    black_share == 50 ? next(seed) % 2 : (int)(next(seed) % 100) >= black_share;
		board[sq] = white ? c : (char)(c - 'A' + 'a');
	}
	/* castling and en passant now and then: kings and rooks to their homes */
	if (next(seed) % 4 == 0 && !board[4] && !board[7] && wk != 4) {
		board[wk] = 0;
		board[4] = 'K';
		board[7] = 'R';
	}
	if (next(seed) % 4 == 0 && !board[60] && !board[56] && bk != 60) {
		board[bk] = 0;
		board[60] = 'k';
		board[56] = 'r';
	}
	char ep[3] = "-";
	if (next(seed) % 3 == 0) {
		/* the side not to move has just gone two: its pawn on the 4th
		   (White) or 5th (Black) rank, the squares behind it empty */
		int file = (int)(next(seed) % 8);
		int to = side == 'w' ? 32 + file : 24 + file, over = side == 'w' ? to + 8 : to - 8,
		    from = side == 'w' ? to + 16 : to - 16;
		if (!board[to] && !board[over] && !board[from]) {
			board[to] = side == 'w' ? 'p' : 'P';
			ep[0] = (char)('a' + file);
			ep[1] = side == 'w' ? '6' : '3';
			ep[2] = 0;
		}
	}
	char rows[80];
	size_t k = 0;
	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			char c = board[rank * 8 + file];
			if (!c) {
				empty++;
				continue;
			}
			if (empty)
				rows[k++] = (char)('0' + empty);
			empty = 0;
			rows[k++] = c;
		}
		if (empty)
			rows[k++] = (char)('0' + empty);
		if (rank)
			rows[k++] = '/';
	}
	rows[k] = 0;
	char castle[5];
	k = 0;
	if (board[4] == 'K' && board[7] == 'R')
		castle[k++] = 'K';
	if (board[4] == 'K' && board[0] == 'R')
		castle[k++] = 'Q';
	if (board[60] == 'k' && board[63] == 'r')
		castle[k++] = 'k';
	if (board[60] == 'k' && board[56] == 'r')
		castle[k++] = 'q';
	if (!k)
		castle[k++] = '-';
	castle[k] = 0;
	snprintf(fen, len, "%s %c %s %s 0 1", rows, side, castle, ep);
}

static void random_fen(uint64_t *seed, int men, char side, char *fen, size_t len)
{
	random_fen_of(seed, men, side, 50, fen, len);
}

/* A playable position: parsed, the game not over. */
static bool playable(const struct game *g, const char *fen, void *pos)
{
	char err[256];
	if (g->parse(pos, fen, err, sizeof err) != 0)
		return false;
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	return n > 0 && g->outcome(pos, moves, n) == RESULT_ONGOING;
}

static void sparse_positions(enum line_plan plan, char side, int max_plies, int positions,
                             int min_men, int max_men, uint64_t seed)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_nonnull(g->win_targets);
	struct game plain = without_ops(g);
	struct tally t = {0};
	const char *scale = getenv("MAAT_PRUNE_SCALE");
	positions = FEWER(positions) * (scale && atoi(scale) > 1 ? atoi(scale) : 1);
	for (int tries = 0; t.positions < positions && tries < 50 * positions; tries++) {
		char fen[128];
		int men = min_men + (int)(next(&seed) % (uint64_t)(max_men - min_men + 1));
		random_fen(&seed, men, side, fen, sizeof fen);
		POSBUF(pos);
		if (!playable(g, fen, pos))
			continue;
		same_lines(g, &plain, pos, plan, max_plies, &t);
	}
	fprintf(stderr,
	        "prune, plan %d, %c first, up to %d plies: %d positions, %d with lines (%d), "
	        "%llu positions searched, %llu without the op\n",
	        plan, side, max_plies, t.positions, t.with_lines, t.lines,
	        (unsigned long long)t.nodes_pruned, (unsigned long long)t.nodes_plain);
	ck_assert_int_eq(t.positions, positions);
	ck_assert_int_gt(t.with_lines, positions / 20);
	ck_assert_uint_lt(t.nodes_pruned, t.nodes_plain);
}

/*
** S2, S7: help and series-help play to a stalemate, with the game's bound
** for it (chess_pictures.c, stale_reachable: every man of the loser's
** immobilised, taken or moved within the budgets) at every length, and
** without any op, on sparse random positions of up to `max_men` men
** besides the kings: the same lines.
*/
static int stalemate_positions_of(enum line_plan plan, char side, int max_plies, int positions,
                                  int min_men, int max_men, int black_share,
                                  enum stip_target target, uint64_t seed)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	uint64_t nodes[2] = {0, 0};
	int done = 0, with_lines = 0, lines = 0;
	positions = FEWER(positions);
	for (int tries = 0; done < positions && tries < 50 * positions; tries++) {
		char fen[128];
		int men = min_men + (int)(next(&seed) % (uint64_t)(max_men - min_men + 1));
		random_fen_of(&seed, men, side, black_share, fen, sizeof fen);
		POSBUF(pos);
		if (!playable(g, fen, pos))
			continue;
		bool any = false;
		for (int plies = 1; plies <= max_plies; plies++) {
			if (plan == PLAN_SERIES_HELP && plies % 2)
				continue;
			same_lines_to(g, &plain, pos, plan, plies, target, a, b, fen,
			              target == TARGET_STALEMATE ? "with the stalemate pictures"
			              : target == TARGET_DOUBLE_STALEMATE
			                  ? "with the stalemate pictures (==)"
			                  : "with the mate and stalemate pictures (#=)",
			              nodes);
			lines += a->count;
			any |= a->count > 0;
		}
		with_lines += any;
		done++;
	}
	fprintf(stderr,
	        "prune, goal %s, plan %d, %c first, up to %d plies: %d positions, %d with "
	        "lines (%d), %llu positions searched, %llu without the plan\n",
	        stip_target_sign(target), plan, side, max_plies, done, with_lines, lines,
	        (unsigned long long)nodes[0], (unsigned long long)nodes[1]);
	free(a);
	free(b);
	ck_assert_int_eq(done, positions);
	if (!overflow_build())
		ck_assert_uint_lt(nodes[0], nodes[1]);
	return with_lines;
}

static void stalemate_positions(enum line_plan plan, char side, int max_plies, int positions,
                                int min_men, int max_men, uint64_t seed)
{
	int with_lines = stalemate_positions_of(plan, side, max_plies, positions, min_men, max_men,
	                                        50, TARGET_STALEMATE, seed);
	/* (the sanitized run takes a quarter: there a set may have none) */
	if (FEWER(positions) >= 40)
		ck_assert_int_gt(with_lines, 0);
}

/*
** S2, S7: the same with most men Black's (four in five), the loser's where
** White stalemates: each of its men needs a fate in the pictures.  A few
** here; make prune-check (MAAT_PRUNE_RECORDS=all) runs more and longer.
*/
START_TEST(test_S2_S7_stalemate_pictures_with_many_men_of_the_loser)
{
	const char *which = getenv("MAAT_PRUNE_RECORDS");
	int more = which && !strcmp(which, "all") ? 4 : 1;
	enum stip_target st = TARGET_STALEMATE;
	int with_lines =
	    stalemate_positions_of(PLAN_HELP, 'b', 4, 40 * more, 6, 12, 80, st, 0x5eed61);
	/* (not in the sanitized run's quarter of the positions) */
	if (FEWER(4) == 4)
		ck_assert_int_gt(with_lines, 0);
	stalemate_positions_of(PLAN_HELP, 'w', 3 + (more > 1), 30 * more, 6, 12, 80, st, 0x5eed62);
	stalemate_positions_of(PLAN_SERIES_HELP, 'b', 6, 30 * more, 6, 12, 80, st, 0x5eed63);
	if (more > 1)
		stalemate_positions_of(PLAN_HELP, 'b', 5, 40, 8, 14, 85, st, 0x5eed64);
}
END_TEST

/*
** S2, S7: "#=" (mate or stalemate: the mate's pictures and the
** stalemate's, a move kept where either keeps it) and "==" (double
** stalemate: the loser's stalemate pictures, a relaxation) at every
** length, against the plain search: the same lines.
*/
static const struct {
	const char *fen;
	enum line_plan plan;
	int plies;
	enum stip_target target;
} either_or_both[] = {
    /* tests/data/popeye/goals.inp's h==1.5 (1...c6==, short) */
    {"kb6/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK w - - 0 1", PLAN_HELP, 3, TARGET_DOUBLE_STALEMATE},
    /* goals2.inp's h#=1.5 (two short lines) */
    {"8/8/8/8/8/K1R5/8/k7 w - - 0 1", PLAN_HELP, 3, TARGET_MATE_OR_STALEMATE},
    /* stalemate_fates' en passant (h#=1, ser-h#=1) and pinned rook (h#=2: mates too) */
    {"7k/3p1K2/6P1/4P3/8/8/8/8 b - - 0 1", PLAN_HELP, 2, TARGET_MATE_OR_STALEMATE},
    {"7k/3p1K2/6P1/4P3/8/8/8/8 b - - 0 1", PLAN_SERIES_HELP, 4, TARGET_MATE_OR_STALEMATE},
    {"6Q1/2p5/8/3r4/3k4/Q7/8/3K4 b - - 0 1", PLAN_HELP, 4, TARGET_MATE_OR_STALEMATE},
    /* the queen boxed (stalemate_fates), h#=2 */
    {"8/3R3K/8/8/8/1p6/p7/qk6 b - - 0 1", PLAN_HELP, 4, TARGET_MATE_OR_STALEMATE},
};

START_TEST(test_S2_S7_mate_or_stalemate_and_double_stalemate_keep_every_line)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	for (size_t i = 0; i < sizeof either_or_both / sizeof either_or_both[0]; i++) {
		POSBUF(pos);
		char err[256];
		ck_assert_int_eq(g->parse(pos, either_or_both[i].fen, err, sizeof err), 0);
		int lines = 0;
		for (int k = 1; k <= either_or_both[i].plies; k++) {
			if (either_or_both[i].plan == PLAN_SERIES_HELP && k % 2)
				continue;
			same_lines_to(g, &plain, pos, either_or_both[i].plan, k,
			              either_or_both[i].target, a, b, either_or_both[i].fen,
			              "with the pictures (#= or ==)", NULL);
			lines += a->count;
		}
		ck_assert_msg(lines > 0, "%s: no line", either_or_both[i].fen);
	}
	free(a);
	free(b);
	const char *which = getenv("MAAT_PRUNE_RECORDS");
	int more = which && !strcmp(which, "all") ? 4 : 1;
	enum stip_target either = TARGET_MATE_OR_STALEMATE, both = TARGET_DOUBLE_STALEMATE;
	int with_lines =
	    stalemate_positions_of(PLAN_HELP, 'b', 4, 30 * more, 3, 8, 50, either, 0x5eed71);
	with_lines +=
	    stalemate_positions_of(PLAN_HELP, 'w', 4, 20 * more, 3, 8, 60, either, 0x5eed72);
	with_lines +=
	    stalemate_positions_of(PLAN_SERIES_HELP, 'b', 6, 20 * more, 3, 8, 50, either, 0x5eed73);
	if (FEWER(4) == 4) /* (the sanitized run: a quarter of the positions) */
		ck_assert_int_gt(with_lines, 0);
	stalemate_positions_of(PLAN_HELP, 'b', 4, 30 * more, 2, 6, 50, both, 0x5eed74);
	stalemate_positions_of(PLAN_SERIES_HELP, 'b', 6, 20 * more, 2, 6, 50, both, 0x5eed75);
}
END_TEST

START_TEST(test_S2_S7_stalemate_bound_keeps_every_line)
{
	stalemate_positions(PLAN_HELP, 'b', 5, 40, 3, 8, 0x5eed51);
	stalemate_positions(PLAN_HELP, 'w', 4, 60, 6, 12, 0x5eed52);
	stalemate_positions(PLAN_SERIES_HELP, 'b', 6, 60, 3, 10, 0x5eed53);
}
END_TEST

/*
** The stalemate twins of the published helpmates at length
** (tests/data/helpmates-long, README there; twin b of each file, the
** position as the twin has it): the same lines with the stalemate bound and
** without any op, at the stipulated length and every shorter one.  The h=7
** of hpint-050 (the plain search takes minutes) is compared up to h=5, and
** only in make prune-check (MAAT_PRUNE_RECORDS=all) up to h=7.
*/
/* A stalemate position of the tests below: its name, the position, the
   plan and the stipulated length in plies. */
struct stale_case {
	const char *id, *fen;
	enum line_plan plan;
	int plies;
};

/* c's lines with the stalemate ops and without any, the same at each
   length from `most` down by `step` (a series-help's even lengths only);
   returns the lines at c's own length, -1 where it was not searched. */
static int stale_case_lines(const struct game *g, const struct game *plain,
                            const struct stale_case *c, int most, int step, struct texts *a,
                            struct texts *b, const char *what)
{
	POSBUF(pos);
	char err[256];
	ck_assert_msg(g->parse(pos, c->fen, err, sizeof err) == 0, "%s: %s", c->id, err);
	int at_length = -1;
	for (int k = most; k >= 1; k -= step) {
		if (c->plan == PLAN_SERIES_HELP && k % 2)
			continue;
		same_lines_to(g, plain, pos, c->plan, k, TARGET_STALEMATE, a, b, c->id, what, NULL);
		if (k == c->plies)
			at_length = a->count;
	}
	return at_length;
}

static const struct stale_case stalemate_twins[] = {
    {"hpint-016b ser-h=9", "8/8/8/1K1p4/3P4/8/k2p4/2B2B2 b - - 0 1", PLAN_SERIES_HELP, 18},
    {"hpint-017b ser-h=14", "8/3p4/8/1KPp4/3P4/8/k2P4/2B2B2 b - - 0 1", PLAN_SERIES_HELP, 28},
    {"hpint-018b ser-h=9", "6b1/4p3/4k3/5p2/5P2/8/K3P2B/3R4 b - - 0 1", PLAN_SERIES_HELP, 18},
    {"hpint-040b h=4", "8/5K2/8/5P1k/5b2/8/8/8 b - - 0 1", PLAN_HELP, 8},
    {"hpint-041b h=4", "8/3K4/4p3/5P2/4k3/8/8/8 b - - 0 1", PLAN_HELP, 8},
    {"hpint-045b h=6", "K7/3p4/8/8/8/8/5P2/7k b - - 0 1", PLAN_HELP, 12},
    {"hpint-046b h=6", "8/8/7k/8/8/1K6/P7/8 b - - 0 1", PLAN_HELP, 12},
    {"hpint-048b h=6", "8/7k/8/8/8/K7/7P/8 b - - 0 1", PLAN_HELP, 12},
    {"hpint-050b h=7", "8/1b6/2p5/2K5/3p4/8/3P4/1q5k b - - 0 1", PLAN_HELP, 14},
};

START_TEST(test_S2_S7_stalemate_bound_keeps_the_published_stalemates)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	const char *which = getenv("MAAT_PRUNE_RECORDS");
	bool all = which && !strcmp(which, "all");
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	int found = 0;
	for (size_t i = 0; i < sizeof stalemate_twins / sizeof stalemate_twins[0]; i++) {
		const struct stale_case *c = &stalemate_twins[i];
		int most = !all && c->plies > 12 && c->plan == PLAN_HELP ? 10 : c->plies;
		int n = stale_case_lines(g, &plain, c, most, 2, a, b, "with the stalemate bound");
		if (n >= 0) {
			found += n;
			fprintf(stderr, "prune, %s: %d lines\n", c->id, n);
		}
	}
	free(a);
	free(b);
	/* each twin's stipulated solutions (Popeye's), where compared at length */
	ck_assert_int_ge(found, 8);
}
END_TEST

/*
** S2, S7: the stalemate's fates (chess_pictures.c, settle): each position
** ends in stalemates where a man of the loser's stands still by one way
** (found by a walk of every line of random positions, or set by hand), so
** that the enumeration must offer that fate for the lines to be kept.  The
** lines with the pictures (at every length) and without any op: the same,
** at the given length and every shorter one, and at least one at it.
*/
static const struct stale_case stalemate_fates[] = {
    /* 1.b2 Rc7=: the queen boxed in the corner by its own men */
    {"queen boxed", "8/3R3K/8/8/8/1p6/p7/qk6 b - - 0 1", PLAN_HELP, 2},
    {"queen boxed, ser-h=3", "8/3R3K/8/8/8/1p6/p7/qk6 b - - 0 1", PLAN_SERIES_HELP, 6},
    {"rook boxed", "8/3R3K/8/8/8/1p6/p7/rk6 b - - 0 1", PLAN_HELP, 2},
    {"bishop boxed", "8/3R3K/8/8/8/1p6/p7/bk6 b - - 0 1", PLAN_HELP, 2},
    {"rook boxed, h=2", "6r1/pBk1P3/8/8/8/K7/1P6/8 b - - 0 1", PLAN_HELP, 4},
    {"bishop boxed, h=2", "8/2Rp3B/8/4B3/3K4/8/1p6/b5k1 b - - 0 1", PLAN_HELP, 4},
    {"rook pinned on a diagonal", "6Q1/2p5/8/3r4/3k4/Q7/8/3K4 b - - 0 1", PLAN_HELP, 4},
    {"rook pinned, ser-h=4", "6Q1/2p5/8/3r4/3k4/Q7/8/3K4 b - - 0 1", PLAN_SERIES_HELP, 8},
    {"bishop pinned on a line", "8/4K3/8/4Q3/p7/1k1b3Q/8/1R6 b - - 0 1", PLAN_HELP, 2},
    {"bishop pinned, h=2", "1b1R4/7R/7b/8/3K4/8/8/6k1 b - - 0 1", PLAN_HELP, 4},
    {"knight pinned", "k7/2n2B2/6Q1/8/4Q3/8/8/K7 b - - 0 1", PLAN_HELP, 2},
    {"knight pinned, h=2", "QK6/8/3p4/3n1Q1P/3p4/8/7k/8 b - - 0 1", PLAN_HELP, 4},
    {"pawn pinned on a rank", "8/8/1R2p1k1/8/P4K2/3Q4/8/8 b - - 0 1", PLAN_HELP, 2},
    {"pawn pinned on a rank, h=2", "8/7K/pr5Q/1p6/1k6/2N5/8/1N6 b - - 0 1", PLAN_HELP, 4},
    {"pawn pinned on a diagonal", "8/8/K3k1R1/8/5p2/3Q2Q1/7r/8 b - - 0 1", PLAN_HELP, 2},
    {"pawn pinned on a diagonal, h=2", "6k1/8/B7/8/3pK3/8/8/B6Q b - - 0 1", PLAN_HELP, 4},
    {"pawn blocked by the winner", "8/8/8/3N4/6K1/6p1/6R1/1k6 b - - 0 1", PLAN_HELP, 2},
    {"pawn blocked by its own", "2r5/8/8/1K2R3/4Q3/8/p7/k7 b - - 0 1", PLAN_HELP, 2},
    {"pawns blocked both ways, h=2", "6Q1/5kp1/8/6p1/1p6/1Q2R3/3K4/8 b - - 0 1", PLAN_HELP, 4},
    {"men taken", "8/1K6/8/1p2pR1B/1q2n1k1/2Q5/1Q6/8 b - - 0 1", PLAN_HELP, 2},
    {"a man taken, h=2", "3Q4/4k3/4R3/2K5/8/8/4b3/6B1 b - - 0 1", PLAN_HELP, 4},
    /* 1.d5 exd6 e.p.= (and 1.d6 exd6=): the pawn taken, en passant */
    {"taken en passant", "7k/3p1K2/6P1/4P3/8/8/8/8 b - - 0 1", PLAN_HELP, 2},
    {"taken en passant, White first", "7k/3pK3/6P1/4P3/8/8/8/8 w - - 0 1", PLAN_HELP, 3},
};

/* Each case with the stalemate pictures against the plain search at its
   length and every shorter one; the lines at its length: one exactly
   (exactly_one) or at least one. */
static void pictures_keep_cases(const struct game *g, const struct game *plain,
                                const struct stale_case *cases, size_t n, bool exactly_one,
                                struct texts *a, struct texts *b)
{
	for (size_t i = 0; i < n; i++) {
		const struct stale_case *c = &cases[i];
		int lines =
		    stale_case_lines(g, plain, c, c->plies, 1, a, b, "with the stalemate pictures");
		if (exactly_one)
			ck_assert_msg(lines == 1, "%s: %d lines", c->id, lines);
		else
			ck_assert_msg(lines > 0, "%s: no line", c->id);
	}
}

START_TEST(test_S2_S7_stalemate_pictures_keep_every_fate)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	pictures_keep_cases(g, &plain, stalemate_fates,
	                    sizeof stalemate_fates / sizeof stalemate_fates[0], false, a, b);
	free(a);
	free(b);
}
END_TEST

/*
** S2: Tivadar Kardos's two h=8 (Popeye's BEISPIEL/hpint.inp, its output
** REGRESSIONTESTS/hpint.out): Black promotes three times and each
** promoted man is taken by White's pawn, which promotes itself.  The
** positions of Popeye's solutions three and four full moves in (h=5, h=4:
** a promoted man still to be taken, a pawn still to promote and be taken)
** against the plain search at their length and every shorter one (the
** capture routes and the fates' early tests, chess_pictures.c; the plain
** search of an h=6 takes over three minutes), and the h=8 itself (the
** pictures alone, 0.5 s) against Popeye's one line.
*/
static const struct stale_case kardos_twins[] = {
    {"Kardos 1 h=5", "1k6/8/8/2K5/6P1/6p1/8/2b5 b - - 0 1", PLAN_HELP, 10},
    {"Kardos 1 h=4", "1k6/8/7b/2K3P1/8/6p1/8/8 b - - 0 1", PLAN_HELP, 8},
    {"Kardos 2 h=5", "8/6K1/1p6/8/1P6/p7/8/6bk b - - 0 1", PLAN_HELP, 10},
    {"Kardos 2 h=4", "8/6K1/1p6/2P5/8/p7/8/7k b - - 0 1", PLAN_HELP, 8},
};

static const struct {
	const char *id, *fen, *line;
} kardos[] = {
    {"Kardos 1 h=8", "1k6/8/8/2p5/2K3p1/6p1/2p1p1P1/8 b - - 0 1",
     "e2e1n c4c5 e1f3 g2f3 c2c1b f3g4 c1h6 g4g5 g3g2 g5h6 g2g1r h6h7 g1g8 h7g8q b8a7 g8c8"},
    {"Kardos 2 h=8", "7K/6p1/1p6/8/8/p7/P1p3p1/7k b - - 0 1",
     "c2c1n h8g7 c1b3 a2b3 g2g1b b3b4 g1c5 b4c5 a3a2 c5b6 a2a1r b6b7 a1a3 b7b8q a3g3 b8g3"},
};

START_TEST(test_S2_stalemate_pictures_keep_the_kardos_h8)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	pictures_keep_cases(g, &plain, kardos_twins, sizeof kardos_twins / sizeof kardos_twins[0],
	                    true, a, b);
	/* (not where the tables are tiny: the bound alone takes minutes) */
	for (size_t i = 0; !overflow_build() && i < sizeof kardos / sizeof kardos[0]; i++) {
		POSBUF(pos);
		char err[256];
		ck_assert_int_eq(g->parse(pos, kardos[i].fen, err, sizeof err), 0);
		search_lines_how(g, pos, PLAN_HELP, 16, a, 0, NULL, 0, TARGET_STALEMATE, true);
		ck_assert_msg(a->count == 1 && a->n == 1, "%s: %d lines", kardos[i].id, a->count);
		ck_assert_str_eq(a->line[0], kardos[i].line);
	}
	free(a);
	free(b);
}
END_TEST

/* S2: helpmates in 1 to 2.5 from either side, sparse positions */
START_TEST(test_S2_help_pruning_keeps_every_line)
{
	sparse_positions(PLAN_HELP, 'b', 4, 200, 2, 7, 0x5eed01);
	sparse_positions(PLAN_HELP, 'w', 5, 100, 2, 6, 0x5eed02);
}
END_TEST

/* S2: helpmates in 3, fewer men */
START_TEST(test_S2_help_pruning_keeps_every_line_in_3)
{
	sparse_positions(PLAN_HELP, 'b', 6, 30, 1, 4, 0x5eed03);
}
END_TEST

/* S7: series movers (the loser passes) and series helpmates */
START_TEST(test_S7_series_pruning_keeps_every_line)
{
	sparse_positions(PLAN_SERIES, 'w', 7, 100, 2, 6, 0x5eed04);
	sparse_positions(PLAN_SERIES_HELP, 'b', 6, 150, 2, 6, 0x5eed05);
}
END_TEST

/*
** Positions where the last move mates in one of the ways the relaxation
** treats apart (chess_mate.c), with a move before it, so that the op is
** asked: its lines must all be found, with the op and without.  FEN, plan,
** plies, a line that must be among them.
*/
static const struct {
	const char *fen;
	enum line_plan plan;
	int plies;
	const char *line;
} chosen[] = {
    /* h#1.5: the knight's move checks by discovery, d5 blocks, exd6 e.p.
       removes the blocker: discovered mate by an en passant capture */
    {"5bkr/3p2pp/4N3/4P3/8/8/B7/K7 w - - 0 1", PLAN_HELP, 3, "e6c5 d7d5 e5d6"},
    /* h#1.5: discovered mate, the knight leaves the rook's file */
    {"kr6/1p5p/8/8/N7/8/8/R6K w - - 0 1", PLAN_HELP, 3, "h1g1 h7h6 a4c3"},
    /* ser-#2: castling, the rook mates */
    {"4rkr1/4p1p1/8/8/8/8/P7/4K2R w K - 0 1", PLAN_SERIES, 3, "a2a3 e1g1"},
    /* ser-#2: promotion to a queen */
    {"k7/2P5/1K6/8/8/8/P7/8 w - - 0 1", PLAN_SERIES, 3, "a2a3 c7c8q"},
    /* h#3 (Popeye 4.104 finds this line and two others): the loser
       promotes with three of the winner's moves left (chess_mate_next lets
       promotions through), its new rook blocks, the winner promotes to the
       man that mates */
    {"8/6k1/2P5/4P3/6K1/8/7p/8 b - - 0 1", PLAN_HELP, 6, "h2h1r c6c7 h1h6 c7c8q g7g6 c8g8"},
    /* h#3 (Popeye: the only line): the king's move with three of the
       winner's left (chess_mate_next's king cost), then a blocker, a
       promotion to the mating queen */
    {"8/3b4/4P3/8/8/k7/1p4B1/3K4 b - - 0 1", PLAN_HELP, 6, "a3a2 e6e7 d7f5 e7e8q f5b1 e8a4"},
    /* h#3 (Popeye: the only line): the king walks twice, the queen blocks */
    {"3q4/8/8/8/8/K7/7b/Rk2r3 b - - 0 1", PLAN_HELP, 6, "b1c2 a1a2 c2c1 a3b3 d8d2 a2a1"},
    /* h#3 (Popeye: the only line): the king takes a man of the winner's
       on its way, the winner promotes to the mating queen */
    {"3r4/8/5P2/5K2/6p1/PB6/8/1k6 b - - 0 1", PLAN_HELP, 6, "b1b2 f6f7 b2b3 f7f8q b3a4 f8b4"},
    /* The loser's first move with three of the winner's left, asked of
       chess_mate_next: a capture (the child's own question), castling and
       an en passant capture (let through).  Popeye 4.104 lists each line.
       h#3: the king takes the bishop, the winner promotes to the mating
       queen */
    {"3r4/8/5P2/5K2/6p1/P7/1B6/k7 b - - 0 1", PLAN_HELP, 6, "a1b2 f6f7 b2b3 f7f8q b3a4 f8b4"},
    /* h#3: the loser castles, its rook is taken on f8 by the mate */
    {"4k2r/6pp/8/8/8/8/8/2B1K1R1 b k - 0 1", PLAN_HELP, 6, "e8g8 c1h6 g7g5 g1f1 g5g4 f1f8"},
    /* h#3: the loser takes en passant, the winner's rook takes the pawn
       and mates on the a-file */
    {"8/8/8/8/3pP3/8/8/k1K1R3 b - e3 0 1", PLAN_HELP, 6, "d4e3 c1c2 a1a2 e1e3 a2a1 e3a3"},
};

START_TEST(test_S2_S7_pruning_keeps_the_special_mates)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g);
	for (size_t i = 0; i < sizeof chosen / sizeof chosen[0]; i++) {
		POSBUF(pos);
		char err[256];
		ck_assert_msg(g->parse(pos, chosen[i].fen, err, sizeof err) == 0, "%s: %s",
		              chosen[i].fen, err);
		struct tally t = {0};
		same_lines(g, &plain, pos, chosen[i].plan, chosen[i].plies, &t);
		if (!chosen[i].line)
			continue;
		struct texts *a = malloc(sizeof *a);
		ck_assert_ptr_nonnull(a);
		search_lines(g, pos, chosen[i].plan, chosen[i].plies, a);
		bool found = false;
		for (int k = 0; k < a->n; k++)
			found |= !strcmp(a->line[k], chosen[i].line);
		ck_assert_msg(found, "%s: %s not found", chosen[i].fen, chosen[i].line);
		free(a);
	}
}
END_TEST

/*
** S7, series-help with the mate pictures (chess_pictures.c): a checker that
** ends as a knight or a pawn makes the line's last move, and one standing
** on its square before it must leave and come back (never, for a pawn).
** Lin"s's ser-h#9 (IMR 1984/1995; Popeye's BEISPIEL/intell.inp #92, where
** Popeye finds this line alone): White's pawn on b3 already attacks a4 and
** c4, and 872 pictures of the mate kept lines where it checks from there;
** without them the walk takes a few thousand positions (7 s before).
*/
START_TEST(test_S7_pictures_find_the_series_helpmate_of_the_pawn)
{
	/* ser-h#9 is found in time only through its pictures: with tiny tables
	   it falls back to the bound alone and runs past ten CPU minutes */
	if (overflow_build())
		return;
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	POSBUF(pos);
	char err[256];
	ck_assert_int_eq(g->parse(pos, "8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1", err, sizeof err),
	                 0);
	struct texts *a = malloc(sizeof *a);
	ck_assert_ptr_nonnull(a);
	uint64_t nodes = search_lines(g, pos, PLAN_SERIES_HELP, 18, a);
	ck_assert_int_eq(a->count, 1);
	ck_assert_str_eq(a->line[0], "c6b7 a5c6 a4a5 b6a4 c5b6 b4c5 b5b4 a6b5 b7a6 b3c4");
	if (!overflow_build())
		ck_assert_uint_lt(nodes, 100000);
	free(a);
}
END_TEST

/*
** The mate pictures' parries (chess_pictures.c, parry()): a man of the
** loser's in the picture that could take the checker or step between is
** kept from it in the real mate by a man on its way or by a second
** checker, and the picture enumerates that man only there.  Each position
** has lines whose mate needs that branch: built without it, the search
** with the pictures loses them (checked so: 3338 lines against 3106, and
** 262 against 198, and the line named here among those lost).  A pinned
** parrier is not here: its pinner attacks the parrier's square on an empty
** board, so the picture that takes the pinner as that square's guard
** already holds the mate.  Compared with the search without the pictures
** (win_targets, exact by the tests above), at every length with the
** pictures and at length as the solver takes them.
*/
static const struct {
	const char *fen;
	const char *line;
} parried[] = {
    /* h#3, the man on the way: 3.h5-h4 Bd1-a4#, the rook f7 would step to
       d7 but the knight on e7 (guarded by d6) stands between */
    {"3bkb2/5r1p/8/3P1N2/8/8/8/3B3K b - - 0 1", "h7h6 d5d6 h6h5 f5e7 h5h4 d1a4"},
    /* h#3, the second checker: 3.h5-h4 Sd7-f6#, a double check; alone,
       the knight is taken by e7xf6, the bishop is met by Nd8-c6 or
       Nf8-d7 */
    {"3nkn2/3Npp1p/8/8/8/7B/8/K7 b - - 0 1", "h7h6 h3f1 h6h5 f1b5 h5h4 d7f6"},
};

START_TEST(test_S2_pictures_keep_the_mates_of_each_parry)
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game no_plan = *g;
	no_plan.win_plan_new = NULL;
	no_plan.win_plan_move = NULL;
	no_plan.win_plan_free = NULL;
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	for (size_t i = 0; i < sizeof parried / sizeof parried[0]; i++) {
		POSBUF(pos);
		char err[256];
		ck_assert_msg(g->parse(pos, parried[i].fen, err, sizeof err) == 0, "%s: %s",
		              parried[i].fen, err);
		for (int plies = 1; plies <= 6; plies++) {
			search_lines(&no_plan, pos, PLAN_HELP, plies, b);
			search_lines_at(g, pos, PLAN_HELP, plies, a, 0, NULL, 1);
			assert_same(a, b, parried[i].fen, PLAN_HELP, plies, "with the pictures");
		}
		search_lines(g, pos, PLAN_HELP, 6, a);
		assert_same(a, b, parried[i].fen, PLAN_HELP, 6, "as the solver searches");
		bool found = false;
		for (int k = 0; k < a->n; k++)
			found |= !strcmp(a->line[k], parried[i].line);
		ck_assert_msg(found, "%s: %s not found", parried[i].fen, parried[i].line);
	}
	free(a);
	free(b);
}
END_TEST

/*
** The mate pictures' enumeration honours the search's limits (--max-time,
** Ctrl-C) as the walk does: it asks them every CHESS_PLAN_POLL_STEPS
** placings and gives up when told.  The position: the corpus' h#5 whose
** enumeration is the longest of its help records (py-hs-o-0321, about
** 0.1 s, some 70 polls).
*/
#define LONGEST_PICTURES "2n5/p2p4/4b3/p4p2/P3kPp1/Ppp5/Pp4P1/bK2n3 b - f3 0 1"

struct polls {
	int asked, stop_at; /* stop on the stop_at'th question (0: never) */
};

static bool count_polls(void *ctx)
{
	struct polls *p = ctx;
	return ++p->asked == p->stop_at;
}

START_TEST(test_pictures_poll_the_limits)
{
	/* the polls are counted over a whole enumeration: tiny tables give
	   it up early, as they must */
	if (overflow_build())
		return;
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	ck_assert_ptr_nonnull(g->win_plan_new);
	POSBUF(pos);
	char err[256];
	ck_assert_int_eq(g->parse(pos, LONGEST_PICTURES, err, sizeof err), 0);
	/* h#5, Black first: White mates with 5 moves, Black has 5 */
	struct polls never = {0, 0}, first = {0, 1};
	void *plan = g->win_plan_new(pos, 0, 5, 5, 10, PLAN_GOAL_WIN, count_polls, &never);
	ck_assert_ptr_nonnull(plan);
	g->win_plan_free(plan);
	ck_assert_int_gt(never.asked, 10);
	/* told to stop at the first question: given up there */
	ck_assert_ptr_null(g->win_plan_new(pos, 0, 5, 5, 10, PLAN_GOAL_WIN, count_polls, &first));
	ck_assert_int_eq(first.asked, 1);
	/* the search: a stop flag already set stops it inside the
	   enumeration, before its first node, and a deadline passed alike */
	for (int how = 0; how < 2; how++) {
		stop_flag flag;
		stop_set(&flag, 1);
		struct search *s = search_new(g, pos, NULL, 1);
		ck_assert_ptr_nonnull(s);
		if (how == 0)
			s->limits.stop = &flag;
		else
			s->limits.deadline = search_clock() - 1;
		struct line_set set;
		memset(&set, 0, sizeof set);
		volatile bool stopped = false;
		if (setjmp(s->abort))
			stopped = true;
		else
			lines_find(s, PLAN_HELP, 10, &set);
		ck_assert_msg(stopped, "the search went on past its limits");
		ck_assert_uint_eq(s->nodes, 0);
		ck_assert_ptr_null(s->plan);
		line_set_free(&set);
		search_free(s);
	}
}
END_TEST

/*
** Every game that gives the solver win targets, on positions of its own
** games: random legal moves from its start (Upuaut, Morok and Tavlei have
** no FEN generator here; play makes their positions as their rules
** allow).  Help play of 1 to `plies` plies, the same lines with the op
** and without it.  Games without the op are skipped: they are walked in
** full, with nothing to compare.
*/
static int games_played_positions(int positions, int plies, uint64_t seed)
{
	int games = 0;
	for (const struct game *const *gp = game_all(); *gp; gp++) {
		const struct game *g = *gp;
		if (!g->win_targets)
			continue;
		games++;
		struct game plain = without_ops(g);
		struct tally t = {0};
		for (int tries = 0; t.positions < positions && tries < 20 * positions; tries++) {
			POSBUF(pos);
			char err[256];
			ck_assert_int_eq(g->parse(pos, g->start, err, sizeof err), 0);
			int walk = 8 + (int)(next(&seed) % 50);
			bool over = false;
			for (int k = 0; k < walk && !over; k++) {
				_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
				move_t moves[MAX_MOVES];
				int n = g->gen_moves(pos, moves);
				over = n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING;
				if (!over)
					g->make(pos, moves[next(&seed) % (uint64_t)n], undo);
			}
			move_t moves[MAX_MOVES];
			int n = over ? 0 : g->gen_moves(pos, moves);
			if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING)
				continue;
			same_lines(g, &plain, pos, PLAN_HELP, plies, &t);
		}
		fprintf(stderr,
		        "prune, %s, positions of random games, up to %d plies: %d positions, "
		        "%d with lines (%d), %llu positions searched, %llu without the op\n",
		        g->id, plies, t.positions, t.with_lines, t.lines,
		        (unsigned long long)t.nodes_pruned, (unsigned long long)t.nodes_plain);
		ck_assert_int_eq(t.positions, positions);
		ck_assert_uint_le(t.nodes_pruned, t.nodes_plain);
	}
	return games;
}

/* S2: help play on positions of random games, every game with the op */
START_TEST(test_S2_help_pruning_keeps_every_line_in_played_games)
{
	ck_assert_int_ge(games_played_positions(FEWER(60), 4, 0x5eed06), 1);
}
END_TEST

/*
** The differential test of issue 25 on random positions of every game:
** help play's pruned search -- the game's pruning ops where it has them
** (chess: win_targets, win_moves, the mate pictures at every length), and
** the table of positions without a line, which every game's help play
** has -- against the plain one (neither), on positions of random games
** (each game's start and random legal moves; chess also the sparse random
** placements above, where short lines are many).  Help, series-help,
** help-self and help-reflex play of 1 to 4 plies, help-self and
** help-reflex 3 (Tavlei's many moves: one less; Upuaut's few: two more),
** to a win and, in chess, to a stalemate (the table's keys apart per goal;
** on the sparse placements only: from a game's start it takes millions of
** positions for a line or two).  Deterministic seeds.
*/
static const struct {
	enum line_plan plan;
	int max_plies;
} differential_plans[] = {
    {PLAN_HELP, 6}, {PLAN_SERIES_HELP, 6}, {PLAN_HELP_SELF, 5}, {PLAN_HELP_REFLEX, 5}};

static void differential(const struct game *g, const struct game *plain, const void *pos,
                         enum stip_target target, int cap, struct tally *t)
{
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	char fen[256];
	g->format(pos, fen, sizeof fen);
	bool any = false;
	for (size_t k = 0; k < sizeof differential_plans / sizeof differential_plans[0]; k++) {
		enum line_plan plan = differential_plans[k].plan;
		/* the forced reply after a help-self or help-reflex line: one
		   ply less */
		int most = plan_forced_end(plan) ? cap - 1 : cap;
		for (int plies = 1; plies <= differential_plans[k].max_plies && plies <= most;
		     plies++) {
			if (plan == PLAN_SERIES_HELP && plies % 2)
				continue;
			t->nodes_pruned +=
			    search_lines_how(g, pos, plan, plies, a, 0, NULL, 1, target, true);
			t->nodes_plain +=
			    search_lines_how(plain, pos, plan, plies, b, 0, NULL, 0, target, false);
			assert_same(a, b, fen, plan, plies,
			            target ? "pruned (stalemate)" : "pruned");
			t->lines += a->count;
			any |= a->count > 0;
		}
	}
	t->positions++;
	t->with_lines += any;
	free(a);
	free(b);
}

/* A position of a random game of g: its start and 4 to 60 random moves,
   the game not over; false when the walk ended it. */
static bool random_game_position(const struct game *g, uint64_t *seed, void *pos)
{
	char err[256];
	ck_assert_int_eq(g->parse(pos, g->start, err, sizeof err), 0);
	int walk = 4 + (int)(next(seed) % 57);
	for (int k = 0; k < walk; k++) {
		_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
		move_t moves[MAX_MOVES];
		int n = g->gen_moves(pos, moves);
		if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING)
			return false;
		g->make(pos, moves[next(seed) % (uint64_t)n], undo);
	}
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	return n > 0 && g->outcome(pos, moves, n) == RESULT_ONGOING;
}

START_TEST(test_S2_S7_differential_on_random_positions_of_every_game)
{
	uint64_t seed = 0x5eed25;
	int games = 0;
	for (const struct game *const *gp = game_all(); *gp; gp++) {
		const struct game *g = *gp;
		bool chess = !strcmp(g->id, "chess");
		struct game plain = without_ops(g);
		/* plies and positions by the game's moves: Tavlei's are many,
		   Upuaut's few (its table is asked from 6 plies on) */
		bool tavlei = !strcmp(g->id, "tavlei"), upuaut = !strcmp(g->id, "upuaut");
		int targets = chess ? 2 : 1;
		int positions = FEWER(chess    ? 12
		                      : tavlei ? 4
		                               : 6),
		    cap = tavlei   ? 3
		          : upuaut ? 6
		                   : 4;
		for (int target = 0; target < targets; target++) {
			struct tally t = {0};
			for (int tries = 0; t.positions < positions && tries < 50 * positions;
			     tries++) {
				POSBUF(pos);
				bool ok;
				if (chess && (tries % 2 || target == TARGET_STALEMATE)) {
					char fen[128];
					random_fen(&seed, 2 + (int)(next(&seed) % 4),
					           tries % 4 == 1 ? 'w' : 'b', fen, sizeof fen);
					ok = playable(g, fen, pos);
				} else {
					ok = random_game_position(g, &seed, pos);
				}
				if (ok)
					differential(g, &plain, pos, (enum stip_target)target, cap,
					             &t);
			}
			fprintf(stderr,
			        "differential, %s, %s: %d positions, %d with lines (%d), %llu "
			        "positions "
			        "searched, %llu plain\n",
			        g->id, target ? "stalemate" : "win", t.positions, t.with_lines,
			        t.lines, (unsigned long long)t.nodes_pruned,
			        (unsigned long long)t.nodes_plain);
			ck_assert_int_eq(t.positions, positions);
			ck_assert_uint_le(t.nodes_pruned, t.nodes_plain);
		}
		games++;
	}
	ck_assert_int_ge(games, 4);
}
END_TEST

/*
** The help and series-help records of the Popeye corpus
** (tests/corpus/popeye-help-self.jsonl): the lines of the stipulated length
** and of every shorter one, with the ops and without.  The default run takes
** the h#3, h#3.5, ser-h#3 and ser-h#4 records of at most six men (the
** search without the ops is slow at depth); MAAT_PRUNE_RECORDS=all takes
** every one of them (make prune-check).  The search without the ops is
** given MAAT_PRUNE_RECORD_SECONDS per length (default 600; 20 in the
** default run), and so is the search with them: a record where one does
** not end in time is named and counted, not compared.
*/
/* The men of a FEN's board. */
static int men_of(const char *fen)
{
	int men = 0;
	for (; *fen && *fen != ' '; fen++)
		men += (*fen >= 'A' && *fen <= 'Z') || (*fen >= 'a' && *fen <= 'z');
	return men;
}

static void help_records(bool all, double seconds, int *compared, int *stopped_n, uint64_t nodes[2])
{
	const struct game *g = game_find("chess");
	ck_assert_ptr_nonnull(g);
	struct game plain = without_ops(g), targets_only = *g;
	targets_only.win_moves = NULL;
	targets_only.win_plan_new = NULL;
	targets_only.win_plan_move = NULL;
	targets_only.win_plan_free = NULL;
	FILE *f = fopen("corpus/popeye-help-self.jsonl", "r");
	ck_assert_ptr_nonnull(f);
	char *text = NULL;
	size_t cap = 0;
	struct texts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	ck_assert(a && b);
	while (getline(&text, &cap, f) > 0) {
		struct mj *rec = mj_parse(text);
		ck_assert_ptr_nonnull(rec);
		const struct mj *play = mj_get(rec, "play"), *status = mj_get(rec, "status");
		const struct mj *n = mj_get(rec, "n");
		bool help = play && !strcmp(play->str, "help");
		bool series = play && !strcmp(play->str, "series-help");
		int plies = n ? (int)(2 * n->num + 0.5) : 0;
		bool take = (help || series) && status && !strcmp(status->str, "ok") && n &&
		            (all || (plies >= 6 && plies <= (help ? 7 : 8) &&
		                     men_of(mj_get(rec, "fen")->str) <= 6));
		if (!take) {
			mj_free(rec);
			continue;
		}
		POSBUF(pos);
		char err[256];
		const char *fen = mj_get(rec, "fen")->str, *id = mj_get(rec, "id")->str;
		if (g->parse(pos, fen, err, sizeof err) != 0) {
			/* a pawn on its first or last rank: no position of orthodox
			   chess, refused by maat, taken by Popeye (README) */
			fprintf(stderr, "prune, %s: not a position maat plays: %s\n", id, err);
			mj_free(rec);
			continue;
		}
		enum line_plan plan = help ? PLAN_HELP : PLAN_SERIES_HELP;
		bool stopped = false;
		/* the stipulated length and the shorter ones Popeye prints */
		double t0 = search_clock(), pruned = 0;
		for (int k = plies; k >= 1 && !stopped; k -= 2) {
			double t1 = search_clock();
			nodes[0] += search_lines_within(g, pos, plan, k, a, seconds, &stopped);
			if (stopped)
				break;
			pruned += search_clock() - t1;
			if (!all) /* what win_moves saves */
				nodes[1] += search_lines(&targets_only, pos, plan, k, b);
			search_lines_within(&plain, pos, plan, k, b, seconds, &stopped);
			if (stopped)
				break;
			ck_assert_msg(a->count == b->count && a->n == b->n,
			              "%s, %d plies: %d lines pruned, %d without", id, k, a->count,
			              b->count);
			for (int i = 0; i < a->n; i++)
				ck_assert_msg(!strcmp(a->line[i], b->line[i]),
				              "%s, %d plies: '%s' pruned, '%s' without", id, k,
				              a->line[i], b->line[i]);
			/* the win pictures at every length (the solver's are at
			   length only) */
			search_lines_at(g, pos, plan, k, a, seconds, &stopped, 1);
			if (stopped)
				break;
			assert_same(a, b, id, plan, k, "with the pictures");
		}
		if (all)
			fprintf(stderr, "prune, %s %s: %.2f s with the ops, %.2f s in all%s\n", id,
			        mj_get(rec, "stipulation")->str, pruned, search_clock() - t0,
			        stopped ? " (stopped)" : "");
		if (stopped) {
			fprintf(stderr, "prune, %s: a search took over %g s\n", id, seconds);
			(*stopped_n)++;
		} else {
			(*compared)++;
		}
		mj_free(rec);
	}
	free(a);
	free(b);
	free(text);
	fclose(f);
}

/* S2, S7: the corpus's help records, the same lines with the ops and without */
START_TEST(test_S2_S7_pruning_keeps_every_line_of_the_help_records)
{
	/* with tiny tables the records' mates fall back to the bound alone,
	   the search of stop 36 (h#7 records 12-31 s each): the overflow path
	   is the random sets' and the special positions' to check */
	if (overflow_build())
		return;
	const char *which = getenv("MAAT_PRUNE_RECORDS");
	bool all = which && !strcmp(which, "all");
	const char *secs = getenv("MAAT_PRUNE_RECORD_SECONDS");
	int compared = 0, stopped = 0;
	uint64_t nodes[2] = {0, 0}; /* with both ops; with win_targets alone */
	double limit = secs && atof(secs) > 0 ? atof(secs) : all ? 600 : 20;
	help_records(all, limit, &compared, &stopped, nodes);
	fprintf(stderr, "prune, help records%s: %d compared, %d not (a search too slow)\n",
	        all ? " (all)" : "", compared, stopped);
	ck_assert_int_ge(compared, all ? 100 : 10);
	if (!all) {
		fprintf(stderr,
		        "prune, help records: %llu positions searched, %llu without win_moves\n",
		        (unsigned long long)nodes[0], (unsigned long long)nodes[1]);
		if (!overflow_build())
			ck_assert_uint_lt(nodes[0], nodes[1]);
	}
}
END_TEST

Suite *prune_suite(void)
{
	Suite *s = suite_create("prune");
	TCase *t = tcase_create("same lines");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, test_S2_help_pruning_keeps_every_line);
	tcase_add_test(t, test_S2_help_pruning_keeps_every_line_in_3);
	tcase_add_test(t, test_S7_series_pruning_keeps_every_line);
	tcase_add_test(t, test_S2_S7_pruning_keeps_the_special_mates);
	tcase_add_test(t, test_S2_pictures_keep_the_mates_of_each_parry);
	tcase_add_test(t, test_S7_pictures_find_the_series_helpmate_of_the_pawn);
	tcase_add_test(t, test_pictures_poll_the_limits);
	tcase_add_test(t, test_S2_S7_differential_on_random_positions_of_every_game);
	tcase_add_test(t, test_S2_help_pruning_keeps_every_line_in_played_games);
	tcase_add_test(t, test_S2_S7_pruning_keeps_every_line_of_the_help_records);
	tcase_add_test(t, test_S2_S7_stalemate_bound_keeps_every_line);
	tcase_add_test(t, test_S2_S7_stalemate_bound_keeps_the_published_stalemates);
	tcase_add_test(t, test_S2_S7_stalemate_pictures_keep_every_fate);
	tcase_add_test(t, test_S2_stalemate_pictures_keep_the_kardos_h8);
	tcase_add_test(t, test_S2_S7_stalemate_pictures_with_many_men_of_the_loser);
	tcase_add_test(t, test_S2_S7_mate_or_stalemate_and_double_stalemate_keep_every_line);
	suite_add_tcase(s, t);
	return s;
}
