/*
** fuzz_claim.c -- the claimed-solution reader (claim_compare) against the
** analysis of a few small problems: any text gives 0 (agrees) or 1 with
** one line saying why, and the position is left as it was.
**
** Input: one byte choosing the problem, then the solution text.
*/
#include "solve/analysis.h"
#include "claim/claim.h"
#include "fuzz.h"

static const struct {
	const char *game, *pos;
	int n;
} problems[] = {
	{ "chess", "bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1", 2 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 2 },
	{ "chess", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", 1 },
	{ "morok", "5k2/4q3/8/4p3/8/8/3P4/4K3 w - - 0 1", 2 },
	{ "upuaut", "k4/5/5/1B3/5/K4 w", 2 },
	{ "tavlei", "/9/2t6/9/9/3TK4/9/9/9/9/ d", 2 },
	{ "tavlei", "/9/9/7K1/3t5/3T5/1tT1Tt3/9/9/3t5/ a", 2 },
};
#define NPROB (sizeof problems / sizeof problems[0])

/* The fuzzer's process lives across inputs: the problems are analysed
   once, and share one small table. */
static struct {
	const struct game *g;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct analysis a;
} set[NPROB];
static struct tt table;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[256];
	struct analysis_opts o = { .max_refs = 2, .tree = true, .hash_mb = 1 };
	if (tt_init(&table, 1) != 0)
		abort();
	for (size_t i = 0; i < NPROB; i++) {
		set[i].g = game_find(problems[i].game);
		if (!set[i].g || set[i].g->parse(set[i].pos, problems[i].pos, err, sizeof err) != 0)
			FUZZ_FAIL("problem %zu does not load: %s", i, err);
		if (analysis_run(set[i].g, set[i].pos, problems[i].n, &o, &table, &set[i].a) != 0)
			abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned k = data[0] % NPROB;
	const struct game *g = set[k].g;
	char *text = fuzz_cstring(data + 1, size - 1);
	char why[768], before[1024], after[1024];

	g->format(set[k].pos, before, sizeof before);
	memset(why, 'x', sizeof why);
	int r = claim_compare(g, set[k].pos, problems[k].n, text, &set[k].a, &table, why,
			      sizeof why);
	g->format(set[k].pos, after, sizeof after);
	if (strcmp(before, after) != 0)
		FUZZ_FAIL("claim_compare changed the position");
	if (r == 1)
		fuzz_one_line("claim_compare", why, sizeof why);
	else if (r != 0)
		FUZZ_FAIL("claim_compare returned %d", r);
	free(text);
	return 0;
}
