/*
** check_plays.c -- the plays of rules S2, S3, S6-S9 for every game.
**
** The analysis (its table, its fast paths, its goal-aware search) is held
** against plain recursions written here from the words of ../shared/rules.md
** alone, over the game interface: no table, no ordering, no check
** candidates.  They run on positions of random games of every registered
** game, and on a few positions chosen for one rule each.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "judge/judge.h"
#include "judge/verdict.h"
#include "play/play.h"
#include "play/stip.h"
#include "solve/analysis.h"
#include "solve/lines.h"

extern Suite *plays_suite(void);

#define POSBUF(name) _Alignas(16) unsigned char name[MAX_POS_SIZE]
#define UNDOBUF(name) _Alignas(16) unsigned char name[MAX_UNDO_SIZE]
#define MAX_FOUND 4096

/* The sanitizer build runs the same checks on fewer positions: it is some
   times slower, and every position is checked the same way. */
#if defined(__SANITIZE_ADDRESS__)
#define FEWER(n) ((n) / 3 > 1 ? (n) / 3 : 1)
#else
#define FEWER(n) (n)
#endif

/* ---- the rules, plainly ---- */

static enum result status(const struct game *g, void *pos)
{
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	return g->outcome(pos, moves, n);
}

/* Is the side to move where the target leaves it: lost (S0), stalemated
   (Popeye's '='), or stalemated with the side that moved immobile too
   (Popeye's "==")? */
static bool reached(const struct game *g, void *pos, enum stip_target target)
{
	enum result r = status(g, pos);
	if (target == TARGET_WIN)
		return r == RESULT_LOSS;
	if (r != RESULT_DRAW)
		return false;
	if (target == TARGET_STALEMATE)
		return true;
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	g->make_null(pos, undo);
	int n = g->gen_moves(pos, moves);
	g->unmake_null(pos, undo);
	return n == 0;
}

struct found {
	int n;
	char line[MAX_FOUND][160];
};

static void add_line(struct found *f, const char *line)
{
	if (f->n < MAX_FOUND)
		snprintf(f->line[f->n], sizeof f->line[0], "%s", line);
	f->n++;
}

/* text[len..]: the move's canonical text after a space (none first); pos is
   the position before the move */
static void append_move(const struct game *g, void *pos, move_t m, char *text, size_t len)
{
	char c[16];
	g->move_text(pos, m, MOVE_CANONICAL, c, sizeof c);
	snprintf(text + len, 160 - len, "%s%s", len ? " " : "", c);
}

/*
** S2, S7: every line of `left` more plies from pos whose last ply reaches
** the target (a win, S0; a stalemate, "h=2"; both sides stalemated, "h==2"), `plan` as in
** lines.h: 0 help, 1 series, 2 series-help; `i` the ply index, `total` the
** line's plies.
*/
static void naive_lines(const struct game *g, void *pos, int plan, enum stip_target goal, int i,
                        int total, char *text, struct found *out)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	bool last = i == total - 1;
	bool pass = (plan == 1 && i % 2 == 1) || (plan == 2 && i % 2 == 1 && !last);
	if (pass) {
		g->make_null(pos, undo);
		naive_lines(g, pos, plan, goal, i + 1, total, text, out);
		g->unmake_null(pos, undo);
		return;
	}
	int n = g->gen_moves(pos, moves);
	/* S2: no position before the last ply may be over; nor, S0, before
	   the last move where the goal is the move's (a capture, a check:
	   Morok's side whose every move is fatal has lost already) */
	bool move_target =
	    goal == TARGET_CAPTURE || goal == TARGET_CHECK || goal == TARGET_CASTLING;
	if ((plan == 0 || (last && move_target)) && g->outcome(pos, moves, n) != RESULT_ONGOING)
		return;
	size_t len = strlen(text);
	for (int k = 0; k < n; k++) {
		if (!last)
			append_move(g, pos, moves[k], text, len);
		/* the capture and check goals are the move's: a capture, a check;
		   the winning side's earlier moves must reach neither (the line
		   ends there, a shorter solution) */
		bool captures = g->is_capture(pos, moves[k]);
		bool castles = g->is_castling && g->is_castling(pos, moves[k]);
		g->make(pos, moves[k], undo);
		bool checks = g->in_check && g->in_check(pos);
		bool move_goal = goal == TARGET_CAPTURE    ? captures
		                 : goal == TARGET_CHECK    ? checks
		                 : goal == TARGET_CASTLING ? castles
		                                           : false;
		if (last) {
			/* most moves of the last ply end no line: their text is
			   written only for the lines kept (it was 15% of this walk) */
			bool hit = move_target ? move_goal : reached(g, pos, goal);
			g->unmake(pos, moves[k], undo);
			if (hit) {
				append_move(g, pos, moves[k], text, len);
				add_line(out, text);
				text[len] = 0;
			}
			continue;
		}
		if (move_goal && (total - 1 - i) % 2 == 0) {
			/* the winner reached the goal before its last move */
		} else if (plan == 0) {
			naive_lines(g, pos, plan, goal, i + 1, total, text, out);
		} else {
			/* S7: no check of the passive side, no game over before the last */
			bool check = g->in_check && g->in_check(pos);
			bool over = g->is_over && g->is_over(pos);
			if (!check && !over)
				naive_lines(g, pos, plan, goal, i + 1, total, text, out);
		}
		text[len] = 0;
		g->unmake(pos, moves[k], undo);
	}
}

/* Has the side to move a move, and does every move it has win for the
   other side (S0)? */
static bool forced_to_win(const struct game *g, void *pos)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int n = g->gen_moves(pos, moves);
	if (g->outcome(pos, moves, n) != RESULT_ONGOING)
		return false;
	bool forced = true;
	for (int k = 0; k < n && forced; k++) {
		g->make(pos, moves[k], undo);
		forced = status(g, pos) == RESULT_LOSS;
		g->unmake(pos, moves[k], undo);
	}
	return forced;
}

/*
** Help-self and series-self play (Popeye's hs# and ser-s#, maat(1)):
** `total` plies of help play, or of a series (the odd plies passes; no
** move before the last may check or end the game, S7), from pos; then the
** opponent has a move and every move it has wins for it (S0 for the
** solving side); each such reply ends a line.  (hs#0.5: the reply alone.)
** Where the opponent is so forced at a pass of the series, the series ends
** there (Popeye's ser-s#: a shorter line).
*/
static void naive_help_self(const struct game *g, void *pos, int i, int total, bool series,
                            char *text, struct found *out)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	if (series && i % 2 == 1 && i < total) {
		if (forced_to_win(g, pos))
			return;
		g->make_null(pos, undo);
		naive_help_self(g, pos, i + 1, total, series, text, out);
		g->unmake_null(pos, undo);
		return;
	}
	int n = g->gen_moves(pos, moves);
	if (g->outcome(pos, moves, n) != RESULT_ONGOING)
		return;
	size_t len = strlen(text);
	bool forced = true;
	for (int k = 0; k < n && i == total && forced; k++) {
		g->make(pos, moves[k], undo);
		forced = status(g, pos) == RESULT_LOSS;
		g->unmake(pos, moves[k], undo);
	}
	for (int k = 0; k < n && forced; k++) {
		char c[16];
		g->move_text(pos, moves[k], MOVE_CANONICAL, c, sizeof c);
		snprintf(text + len, 160 - len, "%s%s", len ? " " : "", c);
		if (i == total) {
			add_line(out, text);
		} else {
			g->make(pos, moves[k], undo);
			bool check = g->in_check && g->in_check(pos);
			bool over = g->is_over && g->is_over(pos);
			if (!series || i == total - 1 || (!check && !over))
				naive_help_self(g, pos, i + 1, total, series, text, out);
			g->unmake(pos, moves[k], undo);
		}
		text[len] = 0;
	}
}

/* The moves of the side to move that reach the target at once. */
static int winning_moves(const struct game *g, void *pos, enum stip_target target, move_t *out)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int n = g->gen_moves(pos, moves), w = 0;
	if (g->outcome(pos, moves, n) != RESULT_ONGOING)
		return 0;
	for (int k = 0; k < n; k++) {
		bool captures = g->is_capture(pos, moves[k]);
		g->make(pos, moves[k], undo);
		bool won = target == TARGET_CAPTURE ? captures
		           : target == TARGET_CHECK ? g->in_check && g->in_check(pos)
		                                    : reached(g, pos, target);
		g->unmake(pos, moves[k], undo);
		if (won)
			out[w++] = moves[k];
	}
	return w;
}

/*
** Help-reflex and series-reflex play (Popeye's hr# and ser-r#, maat(1)):
** `total` plies of help play, or of a series (the odd plies passes; no
** move before the last may check or end the game, S7), from pos, then the
** opponent wins with one move, each of its winning moves ending a line;
** and S6 all along: a side that can win with its next move must, so where
** the side to move -- the solving side at its moves, the opponent at its
** moves and passes -- can win before the end, no line goes on.
*/
static void naive_help_reflex(const struct game *g, void *pos, int i, int total, bool series,
                              enum stip_target target, char *text, struct found *out)
{
	move_t moves[MAX_MOVES], wins[MAX_MOVES];
	UNDOBUF(undo);
	int nwins = winning_moves(g, pos, target, wins);
	size_t len = strlen(text);
	if (i == total) {
		for (int k = 0; k < nwins; k++) {
			char c[16];
			g->move_text(pos, wins[k], MOVE_CANONICAL, c, sizeof c);
			snprintf(text + len, 160 - len, "%s%s", len ? " " : "", c);
			add_line(out, text);
			text[len] = 0;
		}
		return;
	}
	if (nwins > 0)
		return; /* S6: it must win now */
	if (series && i % 2 == 1) {
		g->make_null(pos, undo);
		naive_help_reflex(g, pos, i + 1, total, series, target, text, out);
		g->unmake_null(pos, undo);
		return;
	}
	int n = g->gen_moves(pos, moves);
	if (g->outcome(pos, moves, n) != RESULT_ONGOING)
		return;
	for (int k = 0; k < n; k++) {
		char c[16];
		g->move_text(pos, moves[k], MOVE_CANONICAL, c, sizeof c);
		snprintf(text + len, 160 - len, "%s%s", len ? " " : "", c);
		g->make(pos, moves[k], undo);
		bool check = g->in_check && g->in_check(pos);
		bool over = g->is_over && g->is_over(pos);
		if (!series || i == total - 1 || (!check && !over))
			naive_help_reflex(g, pos, i + 1, total, series, target, text, out);
		g->unmake(pos, moves[k], undo);
		text[len] = 0;
	}
}

/*
** S1, S3, S6 from the solving side S's point of view: can S, to move, force
** its goal within n of its moves?  goal: 0 direct, 1 self, 2 reflex; the
** target what "win" means (reached()): a win, a stalemate ("=2", "s=2",
** "r=2"), a double stalemate ("==2").
*/
static bool naive_attack(const struct game *g, void *pos, int goal, enum stip_target target, int n);

static bool side_wins_now(const struct game *g, void *pos, enum stip_target target)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int n = g->gen_moves(pos, moves);
	if (g->outcome(pos, moves, n) != RESULT_ONGOING)
		return false;
	for (int k = 0; k < n; k++) {
		g->make(pos, moves[k], undo);
		bool won = reached(g, pos, target);
		g->unmake(pos, moves[k], undo);
		if (won)
			return true;
	}
	return false;
}

/* S has just moved, n of its moves counted; O to move. */
static bool naive_after(const struct game *g, void *pos, int goal, enum stip_target target, int n)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int count = g->gen_moves(pos, moves);
	enum result r = g->outcome(pos, moves, count);
	if (goal == 0) {
		if (r != RESULT_ONGOING)
			return reached(g, pos, target);
		if (n <= 1)
			return false;
	} else {
		if (r != RESULT_ONGOING)
			return false; /* S won, drew or lost by its own move: fails (S3) */
		if (goal == 2 && side_wins_now(g, pos, target))
			return true; /* S6: O must win */
		if (goal == 2 && n <= 1)
			return false;
	}
	for (int k = 0; k < count; k++) {
		g->make(pos, moves[k], undo);
		bool ok = naive_attack(g, pos, goal, target, n - 1);
		g->unmake(pos, moves[k], undo);
		if (!ok)
			return false;
	}
	return true;
}

static bool naive_attack(const struct game *g, void *pos, int goal, enum stip_target target, int n)
{
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int count = g->gen_moves(pos, moves);
	enum result r = g->outcome(pos, moves, count);
	if (goal != 0 && r != RESULT_ONGOING && reached(g, pos, target))
		return true; /* O has won: S's goal */
	if (goal == 0 && r == RESULT_WIN && target == TARGET_WIN)
		return true; /* O lost by its own move (Morok): S has won */
	if (r != RESULT_ONGOING || n == 0)
		return false;
	if (goal == 2 && side_wins_now(g, pos, target))
		return false; /* S6: S would have to win */
	for (int k = 0; k < count; k++) {
		g->make(pos, moves[k], undo);
		bool ok = naive_after(g, pos, goal, target, n);
		g->unmake(pos, moves[k], undo);
		if (ok)
			return true;
	}
	return false;
}

/* ---- maat's answers ---- */

static void analyse(const struct game *g, const void *pos, const char *stip, bool set_play,
                    struct analysis *a)
{
	struct stipulation st;
	char err[256];
	ck_assert_msg(stip_parse(stip, &st, err, sizeof err) == 0, "%s: %s", stip, err);
	struct analysis_opts o = {.tree = true, .set_play = set_play, .hash_mb = 2};
	struct problem pb;
	problem_init(&pb, g, pos, &st, &o, NULL);
	ck_assert_ptr_nonnull(pb.play);
	ck_assert_int_eq(analysis_run(&pb, a), 0);
}

static int cmp_text(const void *x, const void *y)
{
	return strcmp(x, y);
}

/* maat's lines (solutions and short ones) as the naive search writes them */
static void maat_lines(const struct analysis *a, struct found *out)
{
	const struct line_set *sets[2] = {&a->short_sols, &a->solutions};
	out->n = 0;
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < sets[k]->stored; i++) {
			char text[160] = "";
			const struct solution_line *l = &sets[k]->lines[i];
			for (int p = 0; p < l->plies; p++) {
				size_t len = strlen(text);
				snprintf(text + len, sizeof text - len, "%s%s", p ? " " : "",
				         sets[k]->moves[l->first + p].canon);
			}
			add_line(out, text);
		}
}

static void assert_same(struct found *want, struct found *got, int counted, const char *what)
{
	ck_assert_msg(want->n == counted, "%s: %d lines, rules say %d", what, counted, want->n);
	if (want->n > MAX_FOUND || got->n != counted)
		return; /* more than either kept: the counts agree */
	int n = want->n;
	qsort(want->line, (size_t)n, sizeof want->line[0], cmp_text);
	qsort(got->line, (size_t)n, sizeof got->line[0], cmp_text);
	for (int i = 0; i < n; i++)
		ck_assert_msg(!strcmp(want->line[i], got->line[i]), "%s: '%s', rules say '%s'",
		              what, got->line[i], want->line[i]);
}

/* The lines of a stipulation by the rules: every length up to it (S5). */
static void rule_lines(const struct game *g, void *pos, const char *stip, struct found *out)
{
	struct stipulation st;
	char err[256], text[160];
	ck_assert_int_eq(stip_parse(stip, &st, err, sizeof err), 0);
	int plan = st.kind == STIP_HELP ? 0 : st.kind == STIP_SERIES ? 1 : 2;
	out->n = 0;
	bool forced = st.kind == STIP_HELP_SELF || st.kind == STIP_SERIES_SELF;
	bool reflex = st.kind == STIP_HELP_REFLEX || st.kind == STIP_SERIES_REFLEX;
	int from = st.exact ? st.n : st.half ? 0 : 1; /* exact-: N moves, none fewer */
	for (int k = from; k <= st.n && (forced || reflex); k++) {
		text[0] = 0;
		int plies = 2 * k - 1 + st.half;
		if (reflex)
			naive_help_reflex(g, pos, 0, plies, st.kind == STIP_SERIES_REFLEX,
			                  st.target, text, out);
		else
			naive_help_self(g, pos, 0, plies, st.kind == STIP_SERIES_SELF, text, out);
	}
	for (int k = from; k <= st.n && !forced && !reflex; k++) {
		int plies = plan == 0 ? 2 * k + st.half : plan == 1 ? 2 * k - 1 : 2 * k;
		text[0] = 0;
		naive_lines(g, pos, plan, st.target, 0, plies, text, out);
	}
}

/* Random positions of a game: the start, and what random games reach. */
static bool random_position(const struct game *g, uint64_t *seed, int plies, void *pos)
{
	char err[256];
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	ck_assert_int_eq(g->parse(pos, g->start, err, sizeof err), 0);
	for (int i = 0; i < plies; i++) {
		int n = g->gen_moves(pos, moves);
		if (n == 0 || g->outcome(pos, moves, n) != RESULT_ONGOING)
			return false;
		*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
		g->make(pos, moves[(*seed >> 33) % (uint64_t)n], undo);
	}
	return status(g, pos) == RESULT_ONGOING;
}

/* ---- S2, S7 against the rules, every game ---- */

/* The naive walk of four plies and more costs about ten seconds a position
   on a wide game (Tavlei: 72 moves at the start, ten times chess's cost per
   ply), more than all the other rows together: those rows (deep) take one
   position in three there, the first of the random positions with no more
   moves than WIDE_GAME_MOVES (Tavlei's of the four rows: 37 moves after 33
   and 55 plies, 2.4 s each instead of 10; the plays suite's CPU 44.5 s ->
   20.3), and none in the sanitizer build, which runs the same code of the
   solver on the narrower games. */
#define WIDE_GAME_MOVES 40
#if defined(__SANITIZE_ADDRESS__)
#define FEWER_WIDE(n) 0
#else
#define FEWER_WIDE(n) ((n) / 3 > 1 ? (n) / 3 : 1)
#endif

static int move_count(const struct game *g, void *pos)
{
	move_t moves[MAX_MOVES];
	return g->gen_moves(pos, moves);
}

static int start_moves(const struct game *g)
{
	POSBUF(pos);
	char err[256];
	ck_assert_int_eq(g->parse(pos, g->start, err, sizeof err), 0);
	return move_count(g, pos);
}

/* Returns the number of positions that had a line. */
static int lines_against_rules_of(const char *stip, int positions, int min_plies, int max_plies,
                                  bool deep)
{
	int any = 0;
	int all_positions = positions;
	bool stalemate = strchr(stip, '=') != NULL, check = strchr(stip, '+') != NULL;
	bool castling = strstr(stip, "00") != NULL;
	for (int gi = 0; game_all()[gi]; gi++) {
		const struct game *g = game_all()[gi];
		if ((stalemate && !g->has_stalemate) || (check && !g->has_check) ||
		    (castling && !g->is_castling))
			continue; /* the judge refuses the goal there */
		uint64_t seed = 0x5eed0000ULL + (uint64_t)gi;
		int done = 0, with_lines = 0;
		bool wide = deep && start_moves(g) > WIDE_GAME_MOVES;
		positions = wide ? FEWER_WIDE(all_positions) : FEWER(all_positions);
		for (int t = 0; t < positions * (wide ? 64 : 8) && done < positions; t++) {
			POSBUF(pos);
			int plies = min_plies + (int)(seed >> 40) % (max_plies - min_plies + 1);
			if (!random_position(g, &seed, plies, pos) ||
			    (wide && move_count(g, pos) > WIDE_GAME_MOVES))
				continue;
			struct found *want = calloc(1, sizeof *want), *got = calloc(1, sizeof *got);
			rule_lines(g, pos, stip, want);
			struct analysis a;
			analyse(g, pos, stip, false, &a);
			maat_lines(&a, got);
			char what[512];
			char fen[256];
			g->format(pos, fen, sizeof fen);
			snprintf(what, sizeof what, "%s %s %s", g->id, fen, stip);
			assert_same(want, got, a.solutions.count + a.short_sols.count, what);
			with_lines += want->n > 0;
			analysis_free(&a);
			free(want);
			free(got);
			done++;
		}
		ck_assert_int_ge(done, (positions + 1) / 2); /* one of one, too */
		any += with_lines;
	}
	return any;
}

static int lines_against_rules(const char *stip, int positions, int min_plies, int max_plies)
{
	return lines_against_rules_of(stip, positions, min_plies, max_plies, false);
}

/* Rows of four plies and more with every move tried (see FEWER_WIDE). */
static int deep_lines_against_rules(const char *stip, int positions, int min_plies, int max_plies)
{
	return lines_against_rules_of(stip, positions, min_plies, max_plies, true);
}

START_TEST(test_S2_help_lines_as_the_rules_say)
{
	lines_against_rules("h#1", 20, 10, 60);
	lines_against_rules("h#1.5", 12, 10, 60);
	deep_lines_against_rules("h#2", 3, 10, 40);
}
END_TEST

/* Help-self play: help play up to the solving side's last move, after
   which every reply of the opponent wins for it. */
START_TEST(test_help_self_lines_as_the_rules_say)
{
	lines_against_rules("hs#1", 16, 10, 60);
	lines_against_rules("hs#1.5", 8, 10, 60);
	lines_against_rules("hs#2", 3, 10, 40);
}
END_TEST

/* Series-self play: a series up to the solving side's last move, then the
   opponent's forced replies. */
START_TEST(test_series_self_lines_as_the_rules_say)
{
	lines_against_rules("ser-s#1", 16, 10, 60);
	lines_against_rules("ser-s#2", 8, 10, 60);
	lines_against_rules("ser-s#3", 3, 20, 60);
}
END_TEST

/* Help-reflex play (Popeye's hr#; S6's obligation in help play): help play
   up to the solving side's last move, then the opponent's win at once;
   where a side can win with its next move it must. */
START_TEST(test_S6_help_reflex_lines_as_the_rules_say)
{
	lines_against_rules("hr#1", 16, 10, 60);
	lines_against_rules("hr#1.5", 10, 10, 60);
	deep_lines_against_rules("hr#2", 4, 10, 40);
	lines_against_rules("hr=1.5", 6, 10, 60);
	lines_against_rules("hrx1.5", 6, 10, 60);
	deep_lines_against_rules("exact-hr#2", 3, 10, 40);
}
END_TEST

/* Series-reflex play (Popeye's ser-r#; S6 and S7): a series, then the
   opponent's win at once; the opponent must win at each of its passes
   where it can, and the solving side may never be able to. */
START_TEST(test_S6_S7_series_reflex_lines_as_the_rules_say)
{
	lines_against_rules("ser-r#1", 16, 10, 60);
	lines_against_rules("ser-r#2", 8, 10, 60);
	deep_lines_against_rules("ser-r#3", 3, 20, 60);
	lines_against_rules("ser-r+2", 4, 10, 60);
	lines_against_rules("ser-r=2", 4, 10, 60);
}
END_TEST

/* The stalemate goal ("h=N", Popeye's '='; chess, O1): the same walks with
   a stalemate instead of a win at the last ply. */
START_TEST(test_help_stalemate_lines_as_the_rules_say)
{
	lines_against_rules("h=1", 20, 10, 60);
	lines_against_rules("h=1.5", 12, 10, 60);
	lines_against_rules("ser-=2", 12, 10, 60);
	lines_against_rules("ser-h=2", 8, 10, 60);
}
END_TEST

/* Popeye's check and capture goals ("h+2", "hx1.5", "ser-x3"): the last
   move gives check (games with check) or captures, and no earlier move of
   the winning side does (Popeye prints such a line as a shorter one). */
START_TEST(test_check_and_capture_lines_as_the_rules_say)
{
	lines_against_rules("hx1", 20, 10, 60);
	lines_against_rules("h+1", 20, 10, 60);
	lines_against_rules("hx1.5", 5, 10, 60);
	lines_against_rules("h+1.5", 5, 10, 60);
	lines_against_rules("ser-x2", 5, 10, 60);
	lines_against_rules("ser-+2", 5, 10, 60);
	lines_against_rules("ser-hx2", 6, 10, 60);
	lines_against_rules("help-capture in 1", 3, 10, 40);
	lines_against_rules("series-help-check in 2", 3, 10, 60);
}
END_TEST

START_TEST(test_S7_series_lines_as_the_rules_say)
{
	lines_against_rules("ser-#2", 12, 10, 60);
	lines_against_rules("ser-#3", 4, 20, 60);
	lines_against_rules("ser-h#2", 8, 10, 60);
}
END_TEST

/* ---- S1, S3, S6 against the rules, every game ---- */

/* maat's keys of stip (goal, n: as naive_attack takes them) in pos
   against the naive search's; returns their number. */
static int keys_as_the_rules_say(const struct game *g, void *pos, const char *stip, int goal, int n)
{
	struct stipulation st;
	char err[256];
	ck_assert_int_eq(stip_parse(stip, &st, err, sizeof err), 0);
	struct analysis a;
	analyse(g, pos, stip, false, &a);
	move_t moves[MAX_MOVES];
	UNDOBUF(undo);
	int count = g->gen_moves(pos, moves), keys = 0;
	bool must_win = goal == 2 && side_wins_now(g, pos, st.target);
	for (int k = 0; k < count; k++) {
		char c[16];
		g->move_text(pos, moves[k], MOVE_CANONICAL, c, sizeof c);
		g->make(pos, moves[k], undo);
		bool key = !must_win && naive_after(g, pos, goal, st.target, n);
		g->unmake(pos, moves[k], undo);
		bool listed = false;
		for (int i = 0; i < a.nkeys; i++)
			listed |= !strcmp(a.keys[i].note.canon, c);
		char fen[256];
		g->format(pos, fen, sizeof fen);
		ck_assert_msg(key == listed, "%s %s %s: %s is %sa key by the rules", g->id, fen,
		              stip, c, key ? "" : "not ");
		keys += key;
	}
	ck_assert_int_eq(keys, a.nkeys);
	analysis_free(&a);
	return keys;
}

static void keys_against_rules(const char *stip, int goal, int n, int positions)
{
	positions = FEWER(positions);
	for (int gi = 0; game_all()[gi]; gi++) {
		const struct game *g = game_all()[gi];
		uint64_t seed = 0xbadc0ffeULL + (uint64_t)gi * 77;
		int done = 0;
		for (int t = 0; t < positions * 8 && done < positions; t++) {
			POSBUF(pos);
			if (!random_position(g, &seed, 20 + (int)(seed >> 40) % 50, pos))
				continue;
			keys_as_the_rules_say(g, pos, stip, goal, n);
			done++;
		}
		ck_assert_int_ge(done, positions / 2);
	}
}

static uint64_t next_random(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return *seed >> 33;
}

/*
** A sparse position of game g, the first side to move: both royal men,
** the one of side `weak` mostly on an edge, and up to `men` others of the
** piece table, most of them the other side's (pawns off the first and last
** ranks), where stalemates of `weak` are common (random games rarely reach
** one).  False when the game refuses it.
*/
static bool sparse_position(const struct game *g, uint64_t *seed, int men, int weak, void *pos)
{
	struct setup su;
	memset(&su, 0, sizeof su);
	for (int r = 0; r < MAX_RANKS; r++)
		memset(su.grid[r], '.', MAX_FILES);
	snprintf(su.castling, sizeof su.castling, "-");
	snprintf(su.en_passant, sizeof su.en_passant, "-");
	su.fullmove = 1;
	int kinds = 0;
	while (g->pieces[kinds].letter)
		kinds++;
	for (int side = 0; side < 2; side++)
		for (int k = 0; k < kinds; k++) {
			if (g->pieces[k].side != side || g->pieces[k].role != ROLE_ROYAL)
				continue;
			int f = (int)(next_random(seed) % (uint64_t)g->files);
			int r = (int)(next_random(seed) % (uint64_t)g->ranks);
			if (side == weak && next_random(seed) % 4 != 0)
				r = next_random(seed) % 2 ? 0 : g->ranks - 1; /* on an edge */
			if (su.grid[r][f] != '.')
				return false;
			su.grid[r][f] = g->pieces[k].letter;
			break;
		}
	int extra = (int)(next_random(seed) % (uint64_t)(men + 1));
	for (int i = 0; i < extra; i++) {
		const struct piece_kind *pk = &g->pieces[next_random(seed) % (uint64_t)kinds];
		int f = (int)(next_random(seed) % (uint64_t)g->files);
		int r = (int)(next_random(seed) % (uint64_t)g->ranks);
		if (pk->role == ROLE_ROYAL || su.grid[r][f] != '.' ||
		    (pk->role == ROLE_PAWN && (r == 0 || r == g->ranks - 1)) ||
		    (pk->side == weak && next_random(seed) % 4 != 0))
			continue;
		su.grid[r][f] = pk->letter;
	}
	char err[256];
	return g->setup(pos, &su, err, sizeof err) == 0 && status(g, pos) == RESULT_ONGOING;
}

/* The stalemate targets in battle play ("=2", "s=2", "r=2", "==2"), in
   every game that has stalemate (chess, O1), on sparse positions; some of
   them must have keys, or the test has tested nothing. */
static void stalemate_keys_against_rules(const char *stip, int goal, int n, int positions, int men,
                                         int min_with_keys)
{
	positions = FEWER(positions);
	for (int gi = 0; game_all()[gi]; gi++) {
		const struct game *g = game_all()[gi];
		if (!g->has_stalemate)
			continue; /* the judge refuses the goal there */
		uint64_t seed = 0x57a1e0ULL + (uint64_t)gi * 31 + (uint64_t)n;
		int done = 0, with_keys = 0;
		for (int t = 0; t < positions * 20 && done < positions; t++) {
			POSBUF(pos);
			/* the side to be stalemated: the defender (direct play), the
			   solving side (self and reflex) */
			if (!sparse_position(g, &seed, men, goal == 0, pos))
				continue;
			with_keys += keys_as_the_rules_say(g, pos, stip, goal, n) > 0;
			done++;
		}
		ck_assert_int_ge(done, positions / 2);
		ck_assert_msg(with_keys >= (min_with_keys ? FEWER(min_with_keys) : 0),
		              "%s: %d of %d positions with keys", stip, with_keys, done);
	}
}

/* Popeye's stalemate goal in direct, self and reflex play (chess O1; S1,
   S3, S6 with "stalemated" for "lost"). */
START_TEST(test_stalemate_keys_as_the_rules_say)
{
	stalemate_keys_against_rules("=1", 0, 1, 1500, 4, 20);
	stalemate_keys_against_rules("=2", 0, 2, 300, 4, 7);
	stalemate_keys_against_rules("s=1", 1, 1, 500, 6, 0);
	stalemate_keys_against_rules("r=1", 2, 1, 1500, 5, 38);
	stalemate_keys_against_rules("r=2", 2, 2, 300, 4, 4);
	stalemate_keys_against_rules("reflex-stalemate in 2", 2, 2, 100, 4, 0);
}
END_TEST

START_TEST(test_S3_self_keys_as_the_rules_say)
{
	keys_against_rules("s#1", 1, 1, 15);
	keys_against_rules("s#2", 1, 2, 3);
}
END_TEST

START_TEST(test_S6_reflex_keys_as_the_rules_say)
{
	keys_against_rules("r#1", 2, 1, 15);
	keys_against_rules("r#2", 2, 2, 3);
}
END_TEST

START_TEST(test_S1_direct_keys_as_the_rules_say)
{
	keys_against_rules("#2", 0, 2, 5);
}
END_TEST

/* ---- one rule each ---- */

static const struct game *load(const char *game, void *pos, const char *text)
{
	const struct game *g = game_find(game);
	char err[256] = "";
	ck_assert_msg(g->parse(pos, text, err, sizeof err) == 0, "%s: %s", text, err);
	return g;
}

/* Self stalemates are rare in random positions: positions found for them
   (Popeye 4.103 finds the same keys, tests/data/popeye/goals.inp), each
   with a key by the rules and maat's. */
START_TEST(test_self_stalemate_keys_as_the_rules_say)
{
	static const struct {
		const char *fen, *stip;
	} problems[] = {
	    {"2K1Q3/4q3/5k1p/4q3/8/8/3b4/8 w - - 0 1", "s=1"},
	    {"Kb1k4/2rb4/2P5/4R3/4b3/8/8/1r6 w - - 0 1", "s=1"},
	    {"1k4K1/2r5/8/2b5/7r/8/Q7/8 w - - 0 1", "s=1"},
	    {"3k4/K7/8/1q6/8/n4q2/b7/4Q3 w - - 0 1", "s=2"},
	    {"6K1/4q3/7p/2Q1q3/8/8/8/1k6 w - - 0 1", "s=2"},
	    {"8/8/k1q5/p3Q3/6n1/2b4q/8/6K1 w - - 0 1", "s=2"},
	    {"7Q/8/3q4/6r1/8/2p5/8/2k4K w - - 0 1", "s=2"},
	    {NULL, NULL},
	};
	const struct game *g = game_find("chess");
	for (size_t i = 0; problems[i].stip; i++) {
		POSBUF(pos);
		load("chess", pos, problems[i].fen);
		int n = problems[i].stip[strlen(problems[i].stip) - 1] - '0';
		ck_assert_int_ge(keys_as_the_rules_say(g, pos, problems[i].stip, 1, n), 1);
	}
}
END_TEST

/*
** Popeye's double stalemate ("==": the side to move stalemated, and the side
** that moved without a move too), in direct, reflex, help and series play,
** on a position built for it: after 1.c5-c6 neither side can move (Popeye
** 4.103 agrees, tests/data/popeye/goals.inp).  With a white knight on h8
** as well, 1.c5-c6 is a stalemate but no double stalemate.
*/
START_TEST(test_double_stalemate_as_the_rules_say)
{
	static const char *const both = "kb6/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK w - - 0 1";
	static const char *const one = "kb5N/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK w - - 0 1";
	static const char *const black = "kb6/p1p5/Pp6/1PP5/6p1/5pPp/5P1P/6BK b - - 0 1";
	static const char *const earlier = "kb6/p1p5/Pp6/1P6/2P3p1/5pPp/5P1P/6BK w - - 0 1";
	static const struct {
		const char *fen, *stip;
		int goal, n, keys; /* battle play: naive_attack's goal, n; the keys */
	} battle[] = {
	    {both, "==1", 0, 1, 1},
	    {both, "=1", 0, 1, 1},
	    {one, "==1", 0, 1, 0},
	    {one, "=1", 0, 1, 1},
	    {earlier, "==2", 0, 2, 0},
	    {both, "r==1", 2, 1, 0},
	    {both, "double-stalemate in 1", 0, 1, 1},
	};
	const struct game *g = game_find("chess");
	for (size_t i = 0; i < sizeof battle / sizeof battle[0]; i++) {
		POSBUF(pos);
		load("chess", pos, battle[i].fen);
		ck_assert_int_eq(
		    keys_as_the_rules_say(g, pos, battle[i].stip, battle[i].goal, battle[i].n),
		    battle[i].keys);
	}
	static const struct {
		const char *fen, *stip;
		int lines;
	} lines[] = {
	    {both, "h==1.5", 1},    {one, "h==1.5", 0},  {earlier, "ser-==2", 1},
	    {black, "ser-h==1", 0}, {one, "ser-==1", 0}, {one, "ser-=1", 1},
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		POSBUF(pos);
		load("chess", pos, lines[i].fen);
		struct found *want = calloc(1, sizeof *want), *got = calloc(1, sizeof *got);
		rule_lines(g, pos, lines[i].stip, want);
		struct analysis a;
		analyse(g, pos, lines[i].stip, false, &a);
		maat_lines(&a, got);
		assert_same(want, got, a.solutions.count + a.short_sols.count, lines[i].stip);
		ck_assert_int_eq(want->n, lines[i].lines);
		/* the deciding move's sign */
		if (a.solutions.stored > 0) {
			const struct solution_line *l = &a.solutions.lines[0];
			const char *t = a.solutions.moves[l->first + l->plies - 1].text;
			bool dbl = strstr(lines[i].stip, "==") != NULL;
			size_t len = strlen(t);
			ck_assert_msg(len > 2 &&
			                  !strcmp(t + len - (dbl ? 2 : 1), dbl ? "==" : "=") &&
			                  (dbl || t[len - 2] != '='),
			              "%s: %s", lines[i].stip, t);
		}
		analysis_free(&a);
		free(want);
		free(got);
	}
}
END_TEST

/* Popeye's castling goal ("h001.5", "ser-003"): the last move castles, and
   no earlier move of the winning side does (a shorter line); every game
   with castling, on positions of random games early enough to castle. */
START_TEST(test_castling_lines_as_the_rules_say)
{
	/* castling early in a random game is rare: some positions have it */
	int with = lines_against_rules("h001", 30, 6, 14);
	with += lines_against_rules("h001.5", 30, 6, 14);
	with += lines_against_rules("ser-002", 30, 6, 14);
	with += lines_against_rules("ser-h001", 30, 6, 14);
	with += lines_against_rules("series-castling in 3", 3, 4, 12);
	ck_assert_int_gt(with, 0);
}
END_TEST

/* The castling goal on Popeye's TESTS/help_play.inp and series_play.inp,
   as REGRESSIONTESTS/help_play.tst and series_play.tst solve them:
   h001.5 "1...h3-h4 2.Bh6-g7 0-0-0"; ser-003 "1.Sb5-d4 2.Sd4*e2 3.0-0",
   not "1.Ke1*e2 2.Ke2-e1 3.0-0" (the king has moved: no castling). */
START_TEST(test_castling_goal_on_popeyes_problems)
{
	static const struct {
		const char *fen, *stip, *want;
	} problems[] = {
	    {"5k2/8/7b/8/8/7P/8/R3K3 w Q - 0 1", "h001.5", "h3h4 h6g7 e1c1"},
	    {"8/8/b7/1N6/k7/8/4p3/4K2R w K - 0 1", "ser-003", "b5d4 d4e2 e1g1"},
	};
	const struct game *g = game_find("chess");
	for (size_t i = 0; i < sizeof problems / sizeof *problems; i++) {
		POSBUF(pos);
		load("chess", pos, problems[i].fen);
		struct found *got = calloc(1, sizeof *got);
		struct analysis a;
		analyse(g, pos, problems[i].stip, false, &a);
		maat_lines(&a, got);
		ck_assert_int_eq(a.short_sols.count, 0);
		ck_assert_int_eq(got->n, 1);
		ck_assert_str_eq(got->line[0], problems[i].want);
		analysis_free(&a);
		free(got);
	}
}
END_TEST

/*
** Problems of Popeye's own files with the solutions of its reference
** outputs (REGRESSIONTESTS), one table for the plays this project added
** beyond its rules: every line (canonical moves, sorted), no short
** solution, the mark of the last move, and where the line ends with a
** forced reply, the check before it.
*/
START_TEST(test_plays_on_popeyes_problems)
{
	static const struct {
		const char *fen, *stip, *want[4];
		char last_mark;    /* '=' stalemate, '#' mate */
		bool check_before; /* the move before the forced reply checks */
	} problems[] = {
	    /* hpint.inp: Boris Bursac, 3601 Problemkiste 96, 10/1994, h=3:
	       1.b2-b1=R c7-c8=R 2.Rb1-b7 Rc8-h8 3.Rb7-h7 Rh8*h7 = */
	    {"8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1",
	     "h=3",
	     {"b2b1r c7c8r b1b7 c8h8 b7h7 h8h7"},
	     '=',
	     false},
	    /* hpint.inp: Theodor Steudel, 3457 Problemkiste 93, 6/1994, ser-h=5:
	       1.Kg1*f1 2.Rg2-g1 3.g3-g2 4.Bh2-f4 5.Bf4-d2 Kd1*d2 = */
	    {"8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1",
	     "ser-h=5",
	     {"g1f1 g2g1 g3g2 h2f4 f4d2 d1d2"},
	     '=',
	     false},
	    /* helpself.inp: Horst Baecker, 3071 PK 83, 10/1992, hs#3, four
	       solutions each ending with Black's forced mate */
	    {"8/P1bP4/1pP1pp2/p3pP2/4K3/5P2/1PpkPPp1/R4B2 w - - 0 1",
	     "hs#3",
	     {"a7a8n c2c1r a8b6 c1c2 b6c4 c2c4", "a7a8q g2f1b a8a6 f1e2 a6d3 e2d3",
	      "a7a8r g2g1q a8a5 g1g8 a5d5 e6d5", "d7d8b g2g1n d8f6 g1f3 f6g5 f3g5"},
	     '#',
	     true},
	    /* stip.inp: Gyorgy Bakcsi, 5103 feenschach 83, 1987, ser-s#4 */
	    {"8/P7/1P2p3/2N5/q7/4Pk2/2B4P/6K1 w - - 0 1",
	     "ser-s#4",
	     {"a7a8n a8c7 c7d5 c2d1 a4d1", "a7a8r a8e8 e8e6 c2d1 a4d1", "b6b7 b7b8b b8f4 c2d1 a4d1",
	      "b6b7 b7b8q b8e5 c2d1 a4d1"},
	     '#',
	     true},
	    /* castling.inp: Ct. of Whitefield, 1933 PK 52, 10/1987, ser-s#6,
	       castling on the way */
	    {"8/8/8/7r/6kn/8/5PP1/4KBNR w K - 0 1",
	     "ser-s#6",
	     {"f2f4 g1f3 f1e2 e1g1 g1h2 f3d4 h4f3"},
	     '#',
	     true},
	};
	for (size_t i = 0; i < sizeof problems / sizeof problems[0]; i++) {
		POSBUF(pos);
		const struct game *g = load("chess", pos, problems[i].fen);
		struct analysis a;
		analyse(g, pos, problems[i].stip, false, &a);
		ck_assert_int_eq(a.short_sols.count, 0);
		struct found *got = calloc(1, sizeof *got);
		maat_lines(&a, got);
		qsort(got->line, (size_t)got->n, sizeof got->line[0], cmp_text);
		int want = 0;
		while (want < 4 && problems[i].want[want])
			want++;
		ck_assert_msg(got->n == want, "%s: %d lines, Popeye %d", problems[i].stip, got->n,
		              want);
		for (int k = 0; k < want; k++)
			ck_assert_str_eq(got->line[k], problems[i].want[k]);
		const struct solution_line *l = &a.solutions.lines[0];
		const struct move_note *m = &a.solutions.moves[l->first];
		const char *last = m[l->plies - 1].text;
		ck_assert_msg(last[strlen(last) - 1] == problems[i].last_mark, "%s: %s",
		              problems[i].stip, last);
		if (problems[i].check_before)
			ck_assert_msg(strchr(m[l->plies - 2].text, '+'), "%s: %s", problems[i].stip,
			              m[l->plies - 2].text);
		free(got);
		analysis_free(&a);
	}
}
END_TEST

/* S6: a solving side that can win at once must, so nothing is a key
   (Popeye's TESTS/battle_play.inp: "r#2, but White must deliver mate
   immediately"). */
START_TEST(test_S6_reflex_solver_must_win_at_once)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1");
	struct analysis a;
	analyse(g, pos, "r#2", false, &a);
	ck_assert_int_eq(a.nkeys, 0);
	ck_assert_int_eq(a.ntries, 0);
	analysis_free(&a);
}
END_TEST

/* S7: a series move may not give check before the last one: the rook
   cannot check on its way to the mate. */
START_TEST(test_S7_no_check_before_the_last_move)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
	struct analysis a;
	analyse(g, pos, "ser-#2", false, &a);
	/* 1.Ra8# is a short solution; no line of two starts with a check */
	ck_assert_int_eq(a.short_sols.count, 1);
	ck_assert_str_eq(a.short_sols.moves[0].canon, "a1a8");
	ck_assert_int_gt(a.solutions.count, 0);
	for (int i = 0; i < a.solutions.stored; i++) {
		const struct move_note *m = &a.solutions.moves[a.solutions.lines[i].first];
		ck_assert_msg(!strchr(m[0].text, '+'), "%s gives check", m[0].text);
		ck_assert_str_ne(m[0].canon, "a1h1");
	}
	analysis_free(&a);
}
END_TEST

/* S7: in a series the passive side's having no move is not tested: the
   black king stalemated in mid-series does not end it. */
START_TEST(test_S7_passive_side_stalemate_is_not_tested)
{
	POSBUF(pos);
	/* 1.Kb6 stalemates Black (Ka8, Pa7 blocked... no: a lone king on a8
	   with White Kb6 and Qc7 is stalemate), 2.Qb7# ends the series. */
	const struct game *g = load("chess", pos, "k7/8/1K6/8/8/8/2Q5/8 w - - 0 1");
	struct analysis a;
	analyse(g, pos, "ser-#2", false, &a);
	bool found = false;
	for (int i = 0; i < a.solutions.stored; i++) {
		const struct move_note *m = &a.solutions.moves[a.solutions.lines[i].first];
		found |= !strcmp(m[0].canon, "c2c7") && !strcmp(m[1].canon, "c7b7");
	}
	ck_assert_msg(found, "1.Qc7 (stalemate) 2.Qb7# is a series line");
	analysis_free(&a);
}
END_TEST

/* S7 with T7: a pass is no move, so the king next to three attackers is
   not captured after the attackers pass. */
START_TEST(test_S7_T7_no_capture_test_after_a_pass)
{
	POSBUF(pos);
	struct found want = {0};
	char text[160] = "";
	const struct game *g = game_find("tavlei");
	for (int gi = 0; gi < 1; gi++) {
		uint64_t seed = 99;
		int checked = 0;
		for (int t = 0; t < 200 && checked < 10; t++) {
			if (!random_position(g, &seed, 20 + t % 40, pos) ||
			    g->side_to_move(pos) != 1)
				continue;
			want.n = 0;
			text[0] = 0;
			naive_lines(g, pos, 1, TARGET_WIN, 0, 3, text, &want);
			struct analysis a;
			analyse(g, pos, "series-win in 2", false, &a);
			ck_assert_int_eq(a.solutions.count, want.n);
			analysis_free(&a);
			checked++;
		}
		ck_assert_int_gt(checked, 3);
	}
}
END_TEST

/* S8: set play of direct play: Popeye's TESTS/battle_play.inp "#2 with
   setplay", whose reference output is 1...Kb8-a8 2.Rc6-c8# (and 1...c4
   has no set answer, so it is not shown). */
START_TEST(test_S8_set_play_direct)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, "1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1");
	struct analysis a;
	analyse(g, pos, "#2", true, &a);
	ck_assert_int_ge(a.set_node, 0);
	int d = a.nodes[a.set_node].child;
	ck_assert_int_ge(d, 0);
	ck_assert_str_eq(a.nodes[d].note.canon, "b8a8");
	ck_assert_int_eq(a.nodes[d].sibling, -1);
	int c = a.nodes[d].child;
	ck_assert_int_ge(c, 0);
	ck_assert_str_eq(a.nodes[c].note.canon, "c6c8");
	ck_assert_int_eq(a.nkeys, 1);
	ck_assert_str_eq(a.keys[0].note.canon, "c6c5");
	analysis_free(&a);
	/* S8: not defined for Morok */
	g = load("morok", pos, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
	analyse(g, pos, "win in 2", true, &a);
	ck_assert_int_eq(a.set_node, -1);
	analysis_free(&a);
}
END_TEST

/* S8: set play of help play: after a pass, the play one half-move shorter
   (Popeye's BEISPIEL/castling.inp 20, Kardos 1961). */
START_TEST(test_S8_set_play_help)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1");
	struct analysis a;
	analyse(g, pos, "h#2", true, &a);
	ck_assert(a.has_set_play);
	ck_assert_int_eq(a.set_lines.count, 1);
	const struct move_note *m = a.set_lines.moves;
	ck_assert_str_eq(m[0].canon, "g4e2");
	ck_assert_str_eq(m[1].canon, "e8c8");
	ck_assert_str_eq(m[2].canon, "e2a6");
	ck_assert_int_eq(a.solutions.count, 1);
	analysis_free(&a);
}
END_TEST

/* S8 beyond the rules, Popeye's SetPlay of series-help play: after the
   series side's pass, the winning side's goal move at once.  BEISPIEL/
   hpint.inp, Steudel ser-h=5 with "option zug intell satz": Popeye prints
   "1...Kd1-e2 =" (REGRESSIONTESTS/hpint.out).  Without the option, none;
   a plain series has none (whose pass would it be?). */
START_TEST(test_S8_set_play_series_help)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, "8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1");
	struct analysis a;
	analyse(g, pos, "ser-h=5", true, &a);
	ck_assert(a.has_set_play);
	ck_assert_int_eq(a.set_lines.count, 1);
	ck_assert_int_eq(a.set_lines.lines[0].plies, 1);
	ck_assert_str_eq(a.set_lines.moves[a.set_lines.lines[0].first].canon, "d1e2");
	ck_assert_int_eq(a.solutions.count, 1);
	struct strbuf text = STRBUF_INIT;
	lines_format(&a.set_lines, 0, play_of(STIP_SERIES_HELP)->set->plan, true, &text);
	ck_assert_str_eq(strbuf_str(&text), "1...Kd1-e2=");
	strbuf_free(&text);
	analysis_free(&a);
	analyse(g, pos, "ser-h=5", false, &a);
	ck_assert(!a.has_set_play);
	analysis_free(&a);
	/* ser-h#2: worked out, and empty (after Black's pass White has no
	   mate at once) */
	analyse(g, pos, "ser-h#2", true, &a);
	ck_assert(a.has_set_play);
	ck_assert_int_eq(a.set_lines.count, 0);
	analysis_free(&a);
	analyse(g, pos, "ser-=2", true, &a);
	ck_assert(!a.has_set_play);
	analysis_free(&a);
	ck_assert_ptr_null(play_of(STIP_SERIES)->set);
}
END_TEST

/* Every question about a play is its row's: who moves first, in N and
   N.5 moves, what its set play is, whether Popeye's spelling fixes the
   winning side, whether WhiteToPlay applies.  The answers as the rules
   (S1-S3, S6-S8) and Popeye give them, one stipulation a row. */
START_TEST(test_S2_S7_S8_the_row_answers)
{
	static const struct {
		const char *stip;
		bool solver_starts, dots_first, fixes_side, white_to_play;
		const char *set; /* set play's stipulation, NULL: none */
		const char *spelled;
	} rows[] = {
	    {"#2", true, false, false, false, NULL, "#2"},
	    {"win in 2", true, false, false, false, NULL, "win in 2"},
	    {"s#3", true, false, true, false, NULL, "s#3"},
	    {"r=2", true, false, true, false, NULL, "r=2"},
	    {"h#2", false, false, true, true, "h#1.5", "h#2"},
	    {"h#2.5", true, true, true, false, "h#2", "h#2.5"},
	    {"h#1", false, false, true, true, "h#0.5", "h#1"},
	    {"h#0.5", true, true, true, false, NULL, "h#0.5"}, /* "not applicable" */
	    {"help-win in 2", false, false, false, true, "help-win in 1.5", "help-win in 2"},
	    {"ser-#3", true, false, true, false, NULL, "ser-#3"},
	    {"ser-h=5", false, false, true, false, "h=0.5", "ser-h=5"},
	    {"ser-h#1", false, false, true, false, "h#0.5", "ser-h#1"},
	    {"hs#2", true, false, true, false, "hs#1.5", "hs#2"},
	    {"hs#2.5", false, true, true, false, "hs#2", "hs#2.5"},
	    {"hs#1", true, false, true, false, NULL, "hs#1"}, /* "not applicable" */
	    {"ser-s#3", true, false, true, false, "hs#0.5", "ser-s#3"},
	    {"series-self-win in 3", true, false, false, false, "help-self-win in 0.5",
	     "series-self-win in 3"},
	    {"hr#2", true, false, true, false, "hr#1.5", "hr#2"},
	    {"hr=2.5", false, true, true, false, "hr=2", "hr=2.5"},
	    {"hr#1", true, false, true, false, NULL, "hr#1"}, /* "not applicable" */
	    {"ser-r#3", true, false, true, false, "hr#0.5", "ser-r#3"},
	    {"exact-hr#3", true, false, true, false, "exact-hr#2.5", "exact-hr#3"},
	    {"series-reflex-check in 2", true, false, false, false, "help-reflex-check in 0.5",
	     "series-reflex-check in 2"},
	    {"exact-help-win in 2", false, false, false, true, "exact-help-win in 1.5",
	     "exact-help-win in 2"},
	    {"help-double-stalemate in 2", false, false, false, true,
	     "help-double-stalemate in 1.5", "help-double-stalemate in 2"},
	    {"h+2", false, false, true, true, "h+1.5", "h+2"},
	    {"ser-x3", true, false, true, false, NULL, "ser-x3"},
	};
	char err[256], text[64];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct stipulation st, set;
		ck_assert_msg(stip_parse(rows[i].stip, &st, err, sizeof err) == 0, "%s: %s",
		              rows[i].stip, err);
		ck_assert_msg(stip_solver_starts(&st) == rows[i].solver_starts, "%s", rows[i].stip);
		ck_assert_int_eq(stip_usual_first(&st), rows[i].solver_starts ? 0 : 1);
		ck_assert_msg(stip_dots_first(&st) == rows[i].dots_first, "%s", rows[i].stip);
		ck_assert_msg(stip_fixes_side(&st) == rows[i].fixes_side, "%s", rows[i].stip);
		stip_spell(&st, text, sizeof text);
		ck_assert_str_eq(text, rows[i].spelled);
		bool has_set = stip_set_play(&st, &set);
		ck_assert_msg(has_set == (rows[i].set != NULL), "%s", rows[i].stip);
		if (has_set) {
			stip_spell(&set, text, sizeof text);
			ck_assert_str_eq(text, rows[i].set);
			ck_assert_ptr_eq(stip_play(&set), stip_play(&st)->set);
		}
		struct stipulation w = st;
		ck_assert_msg(stip_white_to_play(&w) == rows[i].white_to_play, "%s", rows[i].stip);
		if (rows[i].white_to_play) {
			ck_assert(stip_solver_starts(&w));
			ck_assert_str_eq(w.text, rows[i].set);
		} else {
			ck_assert_mem_eq(&w, &st, sizeof w);
		}
	}
	/* the table: a row for every kind, at its kind, and only those */
	int n = 0;
	for (const struct play *const *p = play_all(); *p; p++, n++)
		ck_assert_ptr_eq(play_of((*p)->kind), *p);
	ck_assert_int_eq(n, STIP_KINDS);
	ck_assert_ptr_null(play_of(STIP_KINDS));
	ck_assert_ptr_null(play_of((enum stip_kind) - 1));
}
END_TEST

/* S9: intended-solutions as YACPDB writes it. */
START_TEST(test_S9_intended_shape)
{
	struct stipulation h2, h25;
	char err[256];
	int want[ANALYSIS_MAX_PLIES], first;
	struct strbuf eb = STRBUF_INIT;
	stip_parse("h#2", &h2, err, sizeof err);
	stip_parse("h#2.5", &h25, err, sizeof err);
	ck_assert_int_eq(intended_shape(NULL, &h2, 4, want, &first, &eb), 1);
	ck_assert_int_eq(first, 0);
	ck_assert_int_eq(intended_shape("2", &h2, 4, want, &first, &eb), 2);
	ck_assert(want[0] == 2 && want[1] == 1 && want[3] == 1);
	ck_assert_int_eq(intended_shape("2", &h25, 5, want, &first, &eb), 2);
	ck_assert(first == 1 && want[0] == 1 && want[1] == 2);
	ck_assert_int_eq(intended_shape("2.2.1.1", &h2, 4, want, &first, &eb), 4);
	ck_assert(want[0] == 2 && want[1] == 2 && want[2] == 1);
	ck_assert_int_eq(intended_shape("4.1...", &h2, 4, want, &first, &eb), 4);
	ck_assert(want[0] == 4 && want[1] == 1 && want[2] == -1 && want[3] == -1);
	ck_assert_int_eq(intended_shape("two", &h2, 4, want, &first, &eb), -1);
	ck_assert_int_eq(intended_shape("0", &h2, 4, want, &first, &eb), -1);
	ck_assert_msg(strstr(strbuf_str(&eb), "intended-solutions '0' is not a count"), "%s",
	              strbuf_str(&eb));
	strbuf_free(&eb);
}
END_TEST

static enum verdict verdict_of(const char *fen, const char *stip, const char *intended,
                               const char *solution)
{
	static struct puzzle p;
	memset(&p, 0, sizeof p);
	p.file = "t";
	p.index = 1;
	p.game = load("chess", p.pos, fen);
	p.has_position = true;
	p.has_stip = true;
	char err[128];
	ck_assert_int_eq(stip_parse(stip, &p.stip, err, sizeof err), 0);
	p.intended = (char *)intended;
	p.solution = (char *)solution;
	struct judge_opts o = {.an = {.hash_mb = 4}};
	struct judgement r;
	judge_puzzle(&p, &o, NULL, &r);
	enum verdict v = r.verdict;
	judgement_free(&r);
	return v;
}

/* S9: exactly the intended number of solutions, no short one. */
START_TEST(test_S9_help_verdicts)
{
	/* one solution (Popeye's corpus py-hs-o-0002) */
	const char *one = "8/8/Kp3p2/p1B1pP2/1r1NPpq1/1rk2p2/1p1p4/1B6 b - - 0 1";
	ck_assert_int_eq(verdict_of(one, "h#2", NULL, NULL), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of(one, "h#2", NULL, "1.Rb4-c4 Bc5-b4+ 2.a5xb4 Sd4-b5#"),
	                 VERDICT_SOUND);
	/* Popeye's own output reads too */
	ck_assert_int_eq(verdict_of(one, "h#2", NULL, "  1.Rb4-c4 Bc5-b4 +   2.a5*b4 Sd4-b5 #"),
	                 VERDICT_SOUND);
	/* a line that is no solution */
	ck_assert_int_eq(verdict_of(one, "h#2", NULL, "1.Rb4-c4 Bc5-b4+ 2.a5xb4 Sd4-e6"),
	                 VERDICT_CLAIM_MISMATCH);
	/* the file intends two: there is one */
	ck_assert_int_eq(verdict_of(one, "h#2", "2", NULL), VERDICT_CLAIM_MISMATCH);
	ck_assert_int_eq(verdict_of(one, "h#1", NULL, NULL), VERDICT_NO_SOLUTION);
	/* a short solution: ser-#3 with a 2-move line (Popeye's corpus py-hs-o-0312) */
	const char *ser = "8/6pp/6pk/8/7K/8/6P1/8 w - - 0 1";
	ck_assert_int_eq(verdict_of(ser, "ser-#3", NULL, NULL), VERDICT_SHORT);
	ck_assert_int_eq(verdict_of(ser, "ser-#2", NULL, "1.g2-g4 2.g4-g5#"), VERDICT_SOUND);
	/* h#N.5: two solutions that part at White's first move are two
	   solutions, not a cook ("cooked: 2 solutions, 2 intended" before);
	   Popeye's corpus py-hs-s-0087: 1...Kg5-f6 / 1...Kg5-f5, then the same */
	const char *h25 = "2k5/8/b2p4/6K1/8/8/8/6R1 w - - 0 1";
	ck_assert_int_eq(verdict_of(h25, "h#2.5", "2", NULL), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of(h25, "h#2.5", NULL, NULL), VERDICT_COOKED);
	ck_assert_int_eq(verdict_of(h25, "h#2.5", "3", NULL), VERDICT_CLAIM_MISMATCH);
}
END_TEST

/* M10 with S3: in Morok, the solving side capturing its own king is not
   the opponent winning by a move (S3 choice): such a line fails. */
START_TEST(test_S3_morok_own_king_capture_fails)
{
	POSBUF(pos);
	/* White's only piece next to its king: whatever the rules force, a
	   self-win never comes from White taking its own king */
	const struct game *g = load("morok", pos, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
	struct analysis a;
	analyse(g, pos, "self-win in 1", false, &a);
	for (int i = 0; i < a.nkeys; i++)
		ck_assert_str_ne(a.keys[i].note.canon, "e1d1");
	analysis_free(&a);
	/* by the rules, key for key */
	keys_against_rules("self-win in 1", 1, 1, 1);
}
END_TEST

Suite *plays_suite(void)
{
	Suite *s = suite_create("plays");
	TCase *t = tcase_create("against the rules");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, test_S2_help_lines_as_the_rules_say);
	tcase_add_test(t, test_S7_series_lines_as_the_rules_say);
	tcase_add_test(t, test_help_stalemate_lines_as_the_rules_say);
	tcase_add_test(t, test_help_self_lines_as_the_rules_say);
	tcase_add_test(t, test_series_self_lines_as_the_rules_say);
	tcase_add_test(t, test_S6_help_reflex_lines_as_the_rules_say);
	tcase_add_test(t, test_S6_S7_series_reflex_lines_as_the_rules_say);
	tcase_add_test(t, test_S1_direct_keys_as_the_rules_say);
	tcase_add_test(t, test_S3_self_keys_as_the_rules_say);
	tcase_add_test(t, test_S6_reflex_keys_as_the_rules_say);
	suite_add_tcase(s, t);
	TCase *g = tcase_create("goals against the rules");
	tcase_set_timeout(g, 300);
	tcase_add_test(g, test_stalemate_keys_as_the_rules_say);
	tcase_add_test(g, test_self_stalemate_keys_as_the_rules_say);
	tcase_add_test(g, test_double_stalemate_as_the_rules_say);
	tcase_add_test(g, test_check_and_capture_lines_as_the_rules_say);
	tcase_add_test(g, test_castling_lines_as_the_rules_say);
	suite_add_tcase(s, g);
	TCase *r = tcase_create("one rule each");
	tcase_set_timeout(r, 60);
	tcase_add_test(r, test_S6_reflex_solver_must_win_at_once);
	tcase_add_test(r, test_S7_no_check_before_the_last_move);
	tcase_add_test(r, test_plays_on_popeyes_problems);
	tcase_add_test(r, test_castling_goal_on_popeyes_problems);
	tcase_add_test(r, test_S7_passive_side_stalemate_is_not_tested);
	tcase_add_test(r, test_S7_T7_no_capture_test_after_a_pass);
	tcase_add_test(r, test_S8_set_play_direct);
	tcase_add_test(r, test_S8_set_play_help);
	tcase_add_test(r, test_S8_set_play_series_help);
	tcase_add_test(r, test_S2_S7_S8_the_row_answers);
	tcase_add_test(r, test_S9_intended_shape);
	tcase_add_test(r, test_S9_help_verdicts);
	tcase_add_test(r, test_S3_morok_own_king_capture_fails);
	suite_add_tcase(s, r);
	return s;
}
