/*
** check_solver.c -- the proof search and the analysis built on it, for
** every game (rules S0-S5, M10, T12, U10), and the rule that the answer
** never depends on the transposition table's size.
*/
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "judge/judge.h"
#include "judge/verdict.h"
#include "model/puzzle.h"
#include "solve/analysis.h"
#include "play/stip.h"
#include "solve/search.h"

#define POSBUF(name) _Alignas(16) unsigned char name[MAX_POS_SIZE]

static const struct game *load(const char *game, void *pos, const char *text)
{
	const struct game *g = game_find(game);
	char err[256] = "";
	ck_assert_ptr_nonnull(g);
	ck_assert_msg(g->parse(pos, text, err, sizeof err) == 0, "%s: %s", text, err);
	return g;
}

/* Analyse and return the keys as "move:n move:n" (sorted as the analysis sorts). */
static void keys_of(const char *game, const char *position, int n, int refs, char *out, size_t len,
                    struct analysis *a)
{
	POSBUF(pos);
	const struct game *g = load(game, pos, position);
	struct analysis_opts o = {.max_refs = refs, .tree = true, .hash_mb = 4};
	struct stipulation st = {.kind = STIP_DIRECT, .n = n};
	struct problem pb;
	problem_init(&pb, g, pos, &st, &o, NULL);
	ck_assert_int_eq(analysis_run(&pb, a), 0);
	out[0] = 0;
	for (int k = 0; k < a->nkeys; k++) {
		size_t l = strlen(out);
		snprintf(out + l, len - l, "%s%s:%d", k ? " " : "", a->keys[k].note.canon,
		         a->keys[k].moves);
	}
}

static void assert_keys(const char *game, const char *position, int n, const char *want)
{
	char got[512];
	struct analysis a;
	keys_of(game, position, n, 0, got, sizeof got, &a);
	ck_assert_msg(!strcmp(got, want), "%s %s win in %d: keys '%s', expected '%s'", game,
	              position, n, got, want);
	analysis_free(&a);
}

/* S0: a won position is one where the side to move has lost. */
START_TEST(test_S0_won_positions_of_every_game)
{
	POSBUF(pos);
	move_t moves[MAX_MOVES];
	/* chess: mated (back-rank mate) */
	const struct game *g = load("chess", pos, "6k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 1");
	g = load("chess", pos, "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
	int n = g->gen_moves(pos, moves);
	ck_assert_int_eq(g->outcome(pos, moves, n), RESULT_LOSS);
	/* chess: stalemate is not a win (O1) */
	g = load("chess", pos, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
	n = g->gen_moves(pos, moves);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(g->outcome(pos, moves, n), RESULT_DRAW);
	/* upuaut: no legal move loses, in check or not (U7) */
	g = load("upuaut", pos, "5/5/5/5/5/K1k2 b");
	n = g->gen_moves(pos, moves);
	ck_assert_int_eq(g->outcome(pos, moves, n), n == 0 ? RESULT_LOSS : RESULT_ONGOING);
	/* morok: every legal reply captures the own king (M6, M10) */
	g = load("morok", pos, "7k/6b1/8/8/8/2K5/8/8 b - - 0 1");
	n = g->gen_moves(pos, moves);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(g->outcome(pos, moves, n), RESULT_LOSS);
	/* tavlei: the king on the edge, attackers to move (T8) */
	g = load("tavlei", pos, "/9/9/9/9/4K4/9/9/9/3t1t3/ d");
	ck_assert_int_eq(g->outcome(pos, moves, g->gen_moves(pos, moves)), RESULT_ONGOING);
}
END_TEST

/* S1 and the games' "win in N" (U10, M10, T12): direct wins found with their length. */
START_TEST(test_S1_direct_wins_in_every_game)
{
	/* chess: Popeye's #2 (corpus py-ortho-001) */
	assert_keys("chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", 2, "a7f2:2");
	/* morok: the seed's examples (M9, M10: White wins in 1 on Black's forced reply) */
	assert_keys("morok", "7k/6b1/8/8/1K6/8/8/8 w - - 0 1", 1, "b4c3:1");
	assert_keys("morok", "5k2/4q3/8/4p3/8/8/3P4/4K3 w - - 0 1", 2, "d2d4:2");
	/* upuaut: independent solvers (notes on Fairy-Stockfish) agree on these */
	assert_keys("upuaut", "b2b1/2kb1/5/1B1b1/1BBK1/4B w", 2, "b2a3:2");
	assert_keys("upuaut", "b2bb/1bk2/5/5/B1B2/B1K1B w", 3, "a2a3:3");
	/* tavlei: the defenders' king runs to the edge (T8, T12), at most 3 squares (T4) */
	assert_keys("tavlei", "/9/t8/9/4K4/9/9/9/9/9/ d", 1, "e4e1:1");
	/* tavlei: attackers without a legal move lose (T8): any king move wins */
	assert_keys("tavlei", "/9/9/9/9/4K4/9/9/9/9/ d", 1,
	            "e5b5:1 e5c5:1 e5d5:1 e5e2:1 e5e3:1 e5e4:1 e5e6:1 e5e7:1 e5e8:1 e5f5:1 e5g5:1 "
	            "e5h5:1");
}
END_TEST

static enum verdict verdict_of(const char *game, const char *position, int n, const char *claim)
{
	struct puzzle p;
	memset(&p, 0, sizeof p);
	p.file = "t";
	p.index = 1;
	p.game = load(game, p.pos, position);
	p.has_position = true;
	p.has_stip = true;
	p.stip.kind = STIP_DIRECT;
	p.stip.n = n;
	snprintf(p.stip.text, sizeof p.stip.text, "win in %d", n);
	p.solution = (char *)claim;
	struct judge_opts o = {.an = {.max_refs = 1, .hash_mb = 4}};
	struct judgement r;
	judge_puzzle(&p, &o, NULL, &r);
	enum verdict v = r.verdict;
	judgement_free(&r);
	return v;
}

/* S4: sound means one key, no shorter win, and the claim agrees. */
START_TEST(test_S4_verdicts)
{
	const char *q = "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1";
	ck_assert_int_eq(verdict_of("chess", q, 2, NULL), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Qa7-f2! threat: 2.0-0#"), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Qf2!"), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Qf2! Kb1 2.O-O#"), VERDICT_SOUND);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Qb6!"), VERDICT_CLAIM_MISMATCH);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Qf2! Kb1 2.Qb2#"), VERDICT_CLAIM_MISMATCH);
	ck_assert_int_eq(verdict_of("chess", q, 2, "1.Rh2? but 1...Kd1!"), VERDICT_CLAIM_MISMATCH);
	ck_assert_int_eq(verdict_of("chess", q, 1, NULL), VERDICT_NO_SOLUTION);
	/* two keys: cooked; mate in 1 stipulated as #2: short */
	ck_assert_int_eq(verdict_of("tavlei", "/9/9/9/3K5/9/9/9/8t/9/ d", 1, NULL), VERDICT_COOKED);
	ck_assert_int_eq(verdict_of("tavlei", "/9/t8/9/4K4/9/9/9/9/9/ d", 1, "1.e4-e1!"),
	                 VERDICT_SOUND);
	ck_assert_int_eq(verdict_of("morok", "7k/6b1/8/8/1K6/8/8/8 w - - 0 1", 2, NULL),
	                 VERDICT_SHORT);
}
END_TEST

/* A search stopped by its limit (--max-time, Ctrl-C) after it found a
   cook or a short solution has its answer all the same: the problem is
   unsound whatever the rest would show (S4: one key, no shorter win; S5
   for help play).  The analysis is run whole, then marked stopped, as a
   limit leaves what was found before it. */
static void stopped_verdict(const char *stip, const char *fen, enum verdict want, const char *words)
{
	POSBUF(pos);
	const struct game *g = load("chess", pos, fen);
	struct stipulation st;
	char err[128];
	ck_assert_int_eq(stip_parse(stip, &st, err, sizeof err), 0);
	struct analysis_opts o = {.hash_mb = 4, .max_seconds = 60};
	struct problem pb;
	problem_init(&pb, g, pos, &st, &o, NULL);
	struct analysis a;
	ck_assert_int_eq(analysis_run(&pb, &a), 0);
	ck_assert(!a.timeout);
	a.timeout = true;
	struct verdict_info v = {0};
	verdict_judge(&pb, &a, &v);
	ck_assert_msg(v.verdict == want && strstr(v.reason.s ? v.reason.s : "", words),
	              "%s %s: verdict %d, reason '%s'", stip, fen, v.verdict,
	              v.reason.s ? v.reason.s : "");
	strbuf_free(&v.reason);
	analysis_free(&a);
}

START_TEST(test_S4_S5_found_before_the_limit)
{
	/* #3 with a mate in 1 (Re1-e8#): short */
	const char *back_rank = "7k/6pp/8/8/8/8/8/4R1K1 w - - 0 1";
	stopped_verdict(
	    "#3", back_rank, VERDICT_SHORT,
	    "1.Re1-e8#! wins in 1, fewer than 3 (the search stopped there: --max-time reached)");
	/* #1 with two mates: cooked */
	stopped_verdict("#1", "7k/6pp/8/8/8/8/8/R3R1K1 w - - 0 1", VERDICT_COOKED,
	                "(the search stopped there");
	/* h#2 with an h#1 (the first h#2 of Popeye's REGRESSIONS/4_47_to_4_49.inp): short */
	stopped_verdict("h#2", "n5Q1/8/8/8/6N1/K7/8/k7 b - - 0 1", VERDICT_SHORT,
	                "short solutions: 1.Sa8-b6 Qg8-a2#");
	/* a sound #1 stopped: nothing is known of the rest, timeout */
	stopped_verdict("#1", back_rank, VERDICT_TIMEOUT, "no answer within 60 s");
}
END_TEST

/* S5: tries with their refutation, threats, duals. */
START_TEST(test_S5_tries_threats_duals)
{
	char got[256];
	struct analysis a;
	/* Popeye's tries for this problem (corpus py-ortho-001, Option Try, Defence 1) */
	keys_of("chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", 2, 1, got, sizeof got, &a);
	ck_assert_int_eq(a.ntries, 7);
	int found = 0;
	for (int i = 0; i < a.ntries; i++)
		if (!strcmp(a.tries[i].note.canon, "h1h2")) {
			ck_assert_str_eq(a.tries[i].refs[0].canon, "c1b1");
			found = 1;
		}
	ck_assert(found);
	/* the threat after the key is 2.0-0# */
	int key = a.key_nodes[0];
	ck_assert_int_ge(key, 0);
	int threats = 0;
	for (int c = a.nodes[key].child; c >= 0; c = a.nodes[c].sibling)
		if (a.nodes[c].threat) {
			ck_assert_str_eq(a.nodes[c].note.canon, "e1g1");
			threats++;
		}
	ck_assert_int_eq(threats, 1);
	analysis_free(&a);
	/* The king three steps from two edges: two keys (a cook), each wins in 1 */
	keys_of("tavlei", "/9/9/9/3K5/9/9/9/8t/9/ d", 1, 0, got, sizeof got, &a);
	ck_assert_str_eq(got, "d4a4:1 d4d1:1");
	analysis_free(&a);
}
END_TEST

/* The table remembers only proven facts: any size gives the same answer. */
/* Every move the analysis keeps carries what the writers print of it
   (struct move_note): maat's text with " ep." and the marks, where they
   begin, the capture and en passant facts, the print order. */
START_TEST(test_S5_moves_noted_for_the_writers)
{
	char got[256];
	struct analysis a;
	/* Loyd, New York State Chess Association 1894: 1.gxf6 e.p.+! */
	keys_of("chess", "1b3NrR/P1pp2pK/1p2p1RQ/5pP1/1P3pk1/1P6/2PPP2P/N7 w - f6 0 1", 4, 0, got,
	        sizeof got, &a);
	ck_assert_str_eq(got, "g5f6:4");
	const struct move_note *k = &a.keys[0].note;
	ck_assert_str_eq(k->text, "g5xf6 ep.+");
	ck_assert_int_eq(k->bare, 5);
	ck_assert_str_eq(k->text + k->mark, "+");
	ck_assert_uint_eq(k->facts, MOVE_FACT_CAPTURE | MOVE_FACT_EN_PASSANT);
	ck_assert_uint_ne(k->order, 0);
	ck_assert_str_eq(a.nodes[a.key_nodes[0]].note.text, k->text);
	analysis_free(&a);
	/* Loyd, Baltimore Herald 1880: the tries' refutations with their
	   marks (1.Kh1-g1? Rb2xc2+!), the key's defences with theirs */
	keys_of("chess", "8/8/8/8/1BB5/NN6/krQ5/7K w - - 0 1", 2, 1, got, sizeof got, &a);
	ck_assert_str_eq(got, "c2h7:2");
	int checked = 0;
	for (int i = 0; i < a.ntries; i++)
		for (int r = 0; r < a.tries[i].nrefs; r++) {
			const struct move_note *n = &a.tries[i].refs[r];
			ck_assert_uint_eq(n->facts & MOVE_FACT_CAPTURE,
			                  strchr(n->text, 'x') != NULL);
			checked += !strcmp(n->text, "Rb2xc2+");
		}
	ck_assert_int_gt(checked, 0);
	int shown = 0;
	for (int c = a.nodes[a.key_nodes[0]].child; c >= 0; c = a.nodes[c].sibling)
		shown += !strcmp(a.nodes[c].note.text, "Rb2-b1+") ||
		         !strcmp(a.nodes[c].note.text, "Rb2-h2+");
	ck_assert_int_eq(shown, 2);
	analysis_free(&a);
}
END_TEST

/* The note of the move `canon` in position `text` of game `id`. */
static struct move_note note_of(const char *id, const char *text, const char *canon)
{
	const struct game *g = game_find(id);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	struct move_note n;
	ck_assert_int_eq(g->parse(pos, text, err, sizeof err), 0);
	move_t moves[MAX_MOVES], m = MOVE_NONE;
	int count = g->gen_moves(pos, moves);
	for (int i = 0; i < count; i++) {
		char t[32];
		g->move_text(pos, moves[i], MOVE_CANONICAL, t, sizeof t);
		if (!strcmp(t, canon))
			m = moves[i];
	}
	ck_assert_msg(m != MOVE_NONE, "%s is no legal move of %s", canon, text);
	move_note_init(&n, g, pos, m);
	return n;
}

/* Each note carries the parts the magazine writer's short algebraic is
   written from (issue 21: writers replay nothing): the man's Popeye code,
   the squares, the promotion, and what tells the move from a legal move of
   another man of its kind to the same square ("Sbd2"), found among the
   legal moves where the move is kept. */
START_TEST(test_S4_notes_carry_short_algebraic_parts)
{
	/* two knights to d2: the file tells them apart */
	struct move_note n = note_of("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2");
	ck_assert(n.san);
	ck_assert_int_eq(n.man, 'S');
	ck_assert(!n.royal);
	ck_assert_int_eq(n.from_file, 1);
	ck_assert_int_eq(n.from_rank, 0);
	ck_assert_int_eq(n.to_file, 3);
	ck_assert_int_eq(n.to_rank, 1);
	ck_assert_uint_eq(n.tell, MOVE_TELL_FILE);
	/* the same with the knight on f1 pinned: no legal move of it to d2,
	   nothing to tell (FIDE, Appendix C: among the legal moves) */
	n = note_of("chess", "4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1d2");
	ck_assert_uint_eq(n.tell, 0);
	/* two rooks on the a-file to a3: the rank */
	n = note_of("chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3");
	ck_assert_int_eq(n.man, 'R');
	ck_assert_uint_eq(n.tell, MOVE_TELL_RANK);
	/* three queens to c3, one on a1's file and one on its rank: the square */
	n = note_of("chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1c3");
	ck_assert_uint_eq(n.tell, MOVE_TELL_FILE | MOVE_TELL_RANK);
	/* a pawn: no letter, its square for "exd6"; a promotion's man */
	n = note_of("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
	ck_assert(n.san);
	ck_assert_int_eq(n.man, 0);
	ck_assert_int_eq(n.from_file, 4);
	ck_assert_uint_eq(n.facts, MOVE_FACT_CAPTURE | MOVE_FACT_EN_PASSANT);
	n = note_of("chess", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n");
	ck_assert_int_eq(n.promo, 'S');
	/* the king: royal; castling has no short algebraic parts ("0-0") */
	n = note_of("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1f2");
	ck_assert(n.san && n.royal);
	ck_assert_int_eq(n.man, 'K');
	n = note_of("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
	ck_assert(!n.san);
	/* Upuaut's priests by their Popeye code (the one on b1 goes to b2
	   too, the king is no priest); Tavlei's men have none */
	n = note_of("upuaut", "bbkbb/5/5/5/5/BBKBB w", "a1b2");
	ck_assert_int_eq(n.man, 'B');
	ck_assert_uint_eq(n.tell, MOVE_TELL_FILE);
	n = note_of("tavlei", "/9/9/9/3K5/9/9/9/8t/9/ d", "d4a4");
	ck_assert(!n.san);
}
END_TEST

START_TEST(test_S4_answer_independent_of_table_size)
{
	static const struct {
		const char *game, *pos;
		int n;
	} cases[] = {
	    {"chess", "5Q2/8/2P1pP2/4k3/4P3/8/4N3/R3K2R w KQ - 0 1", 3},
	    {"chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", 2},
	    {"upuaut", "b2bb/1bk2/5/5/B1B2/B1K1B w", 3},
	    {"morok", "8/5k2/8/1n6/8/5K2/7B/8 w - - 0 1", 2},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		POSBUF(pos);
		const struct game *g = load(cases[i].game, pos, cases[i].pos);
		struct analysis small, big;
		struct analysis_opts o1 = {.max_refs = 2, .tree = true, .hash_mb = 1};
		struct analysis_opts o2 = {.max_refs = 2, .tree = true, .hash_mb = 32};
		struct stipulation st = {.kind = STIP_DIRECT, .n = cases[i].n};
		struct problem p1, p2;
		problem_init(&p1, g, pos, &st, &o1, NULL);
		problem_init(&p2, g, pos, &st, &o2, NULL);
		ck_assert_int_eq(analysis_run(&p1, &small), 0);
		ck_assert_int_eq(analysis_run(&p2, &big), 0);
		ck_assert_int_eq(small.nkeys, big.nkeys);
		for (int k = 0; k < small.nkeys; k++) {
			ck_assert_str_eq(small.keys[k].note.canon, big.keys[k].note.canon);
			ck_assert_int_eq(small.keys[k].moves, big.keys[k].moves);
		}
		ck_assert_int_eq(small.ntries, big.ntries);
		ck_assert_int_eq(small.nnodes, big.nnodes);
		for (int k = 0; k < small.nnodes; k++)
			ck_assert_str_eq(small.nodes[k].note.text, big.nodes[k].note.text);
		analysis_free(&small);
		analysis_free(&big);
	}
}
END_TEST

Suite *solver_suite(void);
Suite *solver_suite(void)
{
	Suite *s = suite_create("solver");
	TCase *tc = tcase_create("search");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_S0_won_positions_of_every_game);
	tcase_add_test(tc, test_S1_direct_wins_in_every_game);
	tcase_add_test(tc, test_S4_verdicts);
	tcase_add_test(tc, test_S4_S5_found_before_the_limit);
	tcase_add_test(tc, test_S5_tries_threats_duals);
	tcase_add_test(tc, test_S5_moves_noted_for_the_writers);
	tcase_add_test(tc, test_S4_notes_carry_short_algebraic_parts);
	tcase_add_test(tc, test_S4_answer_independent_of_table_size);
	suite_add_tcase(s, tc);
	return s;
}
