/*
** fuzz_claim.c -- the claimed-solution reader (claim_check_why, claim_check_lines
** and the tokenizer under them) against the analysis of a few small
** problems of every game and both families of plays: any text gives
** CLAIM_OK or CLAIM_DIFFERS with one line saying why, a warning line
** (claim_notes) that is one line too, and the position left as it was.
**
** Input: one byte choosing the problem, then the solution text.
*/
#include "claim/claim.h"
#include "fuzz.h"
#include "play/play.h"
#include "solve/analysis.h"

static const struct {
	const char *game, *pos, *stip;
} problems[] = {
    {"chess", "bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1", "#2"},
    {"chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "#2"},
    {"chess", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "#1"},
    {"chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "#2"},
    {"chess", "1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1", "#2"},
    {"chess", "8/8/8/8/1p6/k7/p1Q5/K7 w - - 0 1", "s#2"},
    {"chess", "B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R b K - 0 1", "h#2"},
    {"chess", "8/8/8/8/8/8/6k1/4K2R w K - 0 1", "ser-#2"},
    {"morok", "5k2/4q3/8/4p3/8/8/3P4/4K3 w - - 0 1", "win in 2"},
    {"upuaut", "k4/5/5/1B3/5/K4 w", "win in 2"},
    {"tavlei", "/9/2t6/9/9/3TK4/9/9/9/9/ d", "win in 2"},
    {"tavlei", "/9/9/7K1/3t5/3T5/1tT1Tt3/9/9/3t5/ a", "win in 2"},
};
#define NPROB (sizeof problems / sizeof problems[0])

/* The fuzzer's process lives across inputs: the problems are analysed
   once, and share one small table. */
static struct {
	const struct game *g;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	struct problem pb;
	struct analysis a;
} set[NPROB];
static struct tt table;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[256];
	struct analysis_opts o = {.max_refs = 2, .tree = true, .set_play = true, .hash_mb = 1};
	if (tt_init(&table, 1) != 0)
		abort();
	for (size_t i = 0; i < NPROB; i++) {
		struct stipulation st;
		set[i].g = game_find(problems[i].game);
		if (!set[i].g || set[i].g->parse(set[i].pos, problems[i].pos, err, sizeof err) != 0)
			FUZZ_FAIL("problem %zu does not load: %s", i, err);
		if (stip_parse(problems[i].stip, &st, err, sizeof err) != 0)
			FUZZ_FAIL("problem %zu: %s", i, err);
		problem_init(&set[i].pb, set[i].g, set[i].pos, &st, &o, &table);
		if (!set[i].pb.play || analysis_run(&set[i].pb, &set[i].a) != 0)
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
	char before[1024], after[1024]; /* position strings: bounded */
	struct strbuf why = STRBUF_INIT, notes = STRBUF_INIT;
	struct problem pb = set[k].pb;
	pb.claim = text;
	/* a Duplex pair reads the other part's lines too */
	pb.duplex = data[0] & 0x80;

	g->format(set[k].pos, before, sizeof before);
	struct claim_diff d;
	int r = claim_check_why(&pb, &set[k].a, &why, &d);
	g->format(set[k].pos, after, sizeof after);
	if (strcmp(before, after) != 0)
		FUZZ_FAIL("the claim check changed the position");
	if (r == CLAIM_DIFFERS)
		fuzz_one_line("claim check", strbuf_str(&why), why.len + 1);
	else if (r != CLAIM_OK)
		FUZZ_FAIL("the claim check returned %d", r);
	if (d.plies < 0 || d.plies > CLAIM_MAX_LINE || d.nclaimed < 0 ||
	    d.nclaimed > CLAIM_MAX_KEYS)
		FUZZ_FAIL("claim_diff out of range: %d plies, %d keys", d.plies, d.nclaimed);
	claim_notes(text, &notes);
	if (notes.len)
		fuzz_one_line("claim notes", strbuf_str(&notes), notes.len + 1);
	claim_diff_free(&d);
	strbuf_free(&why);
	strbuf_free(&notes);
	free(text);
	return 0;
}
