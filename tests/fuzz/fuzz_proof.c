/*
** fuzz_proof.c -- `maat check-proof` (proof_check) on any bytes.
**
** Invariants (issue 23, items 15 and 17, and the rule that every accepted
** proof is true):
**   - the report holds together: valid means no error and not malformed,
**     a game, a root, a winner, reached <= lines, a depth; malformed means
**     an error;
**   - a proof that holds is true: the solver, which shares no code with the
**     checker but the game, finds the winner's win within the proof's
**     longest line from its root, with the proof's rule options (when the
**     line is short enough to search in a fuzzer's time: at most 4 moves,
**     a second of search).
*/
#include "fuzz.h"
#include "play/play.h"
#include "prove/proof_check.h"
#include "solve/search.h"

FUZZ_STRETCHING_MUTATOR

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

/* The root with the proof's rules; false when it does not read (then the
   checker could not have accepted it). */
static bool root_position(const struct proof_report *r, const struct game *g, void *pos)
{
	char err[256];
	if (g->parse(pos, r->root, err, sizeof err) != 0)
		return false;
	for (int i = 0; i < r->nrules; i++) {
		char name[128];
		const char *eq = strchr(r->rules[i], '=');
		if (!eq || !g->set_rule)
			return false;
		snprintf(name, sizeof name, "%.*s", (int)(eq - r->rules[i]), r->rules[i]);
		if (g->set_rule(pos, name, eq + 1, err, sizeof err) != 0)
			return false;
	}
	return true;
}

static void confirm(const struct proof_report *r)
{
	const struct game *g = game_find(r->game_id);
	if (!g)
		FUZZ_FAIL("valid proof of an unknown game '%s'", r->game_id);
	int winner = !strcmp(r->winner, g->side_word[0])   ? 0
	             : !strcmp(r->winner, g->side_word[1]) ? 1
	                                                   : -1;
	if (winner < 0)
		FUZZ_FAIL("valid proof: winner '%s' is no side of %s", r->winner, g->id);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	if (!root_position(r, g, pos))
		FUZZ_FAIL("valid proof: its root '%s' does not read", r->root);
	if (r->depth > 4)
		return; /* too long to search here */
	/* a root the game has already given to the winner (T8: the king on
	   an edge, the defenders to move) is a proof of no move, which the
	   search, asked for a win within 0 moves, does not call a win */
	move_t moves[MAX_MOVES];
	int nmoves = g->gen_moves(pos, moves);
	enum result over = g->outcome(pos, moves, nmoves);
	int mover = g->side_to_move(pos);
	if ((over == RESULT_WIN && mover == winner) || (over == RESULT_LOSS && mover != winner))
		return;
	struct search *s = search_new(g, pos, NULL, 1);
	if (!s)
		abort();
	search_set_goal(s, GOAL_DIRECT);
	s->limits.deadline = search_clock() + 1.0;
	if (setjmp(s->abort)) {
		search_free(s);
		return; /* out of time: no answer, no claim */
	}
	/* the winner to move: it wins within depth moves; the loser to move:
	   as if the winner had just moved, every reply leads to such a win
	   (or the root is won already) */
	bool wins = g->side_to_move(pos) == winner ? search_attack(s, r->depth)
	                                           : search_after(s, r->depth + 1);
	search_free(s);
	if (!wins)
		FUZZ_FAIL(
		    "check-proof accepts a proof that %s wins %s from '%s' within %d, but the "
		    "solver finds no such win",
		    r->winner, g->id, r->root, r->depth);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proof_report r;
	proof_check((const char *)data, size, "f.proof", devnull, &r);
	if (r.valid) {
		if (r.errors || r.malformed || !r.game_id || !r.winner[0] || !r.root[0] ||
		    r.reached > r.lines || r.depth < 0)
			FUZZ_FAIL(
			    "valid, yet errors %zu malformed %d lines %zu reached %zu depth %d",
			    r.errors, r.malformed, r.lines, r.reached, r.depth);
		fuzz_field("root", r.root, sizeof r.root);
		confirm(&r);
	} else if (r.errors == 0) {
		FUZZ_FAIL("not valid, yet no error");
	}
	return 0;
}
