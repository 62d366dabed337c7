/*
** fuzz_yaml.c -- the puzzle loader (puzzle_load_buffer) on any bytes,
** then what the verifier does with what it accepted: every message is
** one line naming the file, every position (twins' too) keeps the
** invariants of fuzz.h, and a short problem (N <= 2) and its first twins go
** through the judge, --explain and both reports.
*/
#include "fuzz.h"
#include "input/load.h"
#include "judge/judge.h"
#include "model/puzzle.h"
#include "output/writer.h"
#include "solve/tt.h"

FUZZ_STRETCHING_MUTATOR

static struct tt *table;
static FILE *devnull;

/* The fuzzer's process lives across inputs: one small table and one sink
   for the whole run, as a batch worker keeps its own. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	static struct tt t;
	if (tt_init(&t, 1) != 0)
		abort();
	table = &t;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

static void check_message(const char *what, const char *msg)
{
	if (!msg)
		return;
	if (strncmp(msg, "f.yaml:", 7) != 0)
		FUZZ_FAIL("%s does not start with the file name: %s", what, msg);
	fuzz_one_line(what, msg, strlen(msg) + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct collection c;
	if (puzzle_load_buffer("f.yaml", (const char *)data, size, &c) != 0)
		return 0; /* out of memory */
	for (int i = 0; i < c.count; i++) {
		const struct puzzle *p = &c.items[i];
		if (p->index != i + 1 || p->line < 1 || !p->game)
			FUZZ_FAIL("puzzle %d: index %d line %d", i, p->index, p->line);
		check_message("error", p->error);
		for (int w = 0; w < p->nwarnings; w++)
			check_message("warning", p->warnings[w]);
		if (p->unsupported)
			fuzz_one_line("unsupported", p->unsupported, strlen(p->unsupported) + 1);
		if (p->has_stip && (p->stip.n < (p->stip.half ? 0 : 1) || p->stip.n > STIP_MAX_N))
			FUZZ_FAIL("puzzle %d: N = %d", i, p->stip.n);
		fuzz_field("stipulation", p->stip.text, sizeof p->stip.text);
		for (int t = 0; t < p->ntwins; t++) {
			fuzz_twin_label(p->twins[t].label, strlen(p->twins[t].label) + 1);
			fuzz_field("twin stipulation", p->twins[t].stip.text,
			           sizeof p->twins[t].stip.text);
		}
		char count[32];
		puzzle_piece_count(p, count, sizeof count);
		if (!p->has_position)
			continue;
		_Alignas(16) unsigned char pos[MAX_POS_SIZE];
		memcpy(pos, p->pos, sizeof pos);
		fuzz_check_position(p->game, pos);

		/* twins: each built one is a position like any other */
		for (int t = 0; t < p->ntwins; t++) {
			check_message("twin error", p->twins[t].error);
			if (p->twins[t].unsupported)
				fuzz_one_line("twin unsupported", p->twins[t].unsupported,
				              strlen(p->twins[t].unsupported) + 1);
			if (p->twins[t].has_position) {
				memcpy(pos, p->twins[t].pos, sizeof pos);
				fuzz_check_position(p->game, pos);
			}
		}

		if (p->error || !p->has_stip || p->stip.n > 2)
			continue;
		struct judge_opts o;
		memset(&o, 0, sizeof o);
		o.an.max_refs = 1;
		o.an.tree = true;
		o.an.max_seconds = 0.2;
		o.an.hash_mb = 1;
		o.explain = true;
		/* the diagram and at most a few twins (each is a search) */
		int problems = puzzle_problem_count(p);
		for (int k = 0; k < problems && k < 4; k++) {
			int twin = puzzle_problem_twin(p, k);
			if (twin >= 0 && p->twins[twin].stip.n > 2)
				continue;
			struct judgement r;
			judge_problem(p, twin, &o, table, &r);
			if (r.verdict < 0 || r.verdict >= VERDICT_COUNT)
				FUZZ_FAIL("verdict %d", (int)r.verdict);
			fuzz_one_line("reason", r.verdict == VERDICT_SOUND ? "-" : r.reason,
			              strlen(r.reason) + 2);
			char label[64];
			judge_label(p, c.count, label, sizeof label);
			/* every writer, as verify --solution prints it */
			struct writer_opts wo = {.solution = true};
			writer_text.problem(devnull, p, label, &r, &wo);
			writer_jsonl.problem(devnull, p, label, &r, &wo);
			writer_popeye.problem(devnull, p, label, &r, &wo);
			judgement_free(&r);
		}
	}
	collection_free(&c);
	return 0;
}
