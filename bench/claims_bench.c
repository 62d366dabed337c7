/*
** claims_bench.c -- Popeye's own output read back as the claimed solution:
** every problem of a Popeye input file is judged with the solution text
** Popeye printed for it (its reference output, made with -regression) as
** the file's claim.  Popeye's answer is the truth there, so every claim
** mismatch among orthodox problems is a false alarm of maat's claim
** reader (or a disagreement of the solvers, which tests/corpus checks).
**
**   build/claims_bench [--max-time S] [--show] INP OUT [INP OUT...]
**   build/claims_bench [--max-time S] [--show] --popeye-data DIR
**
** OUT is Popeye's output for INP; --popeye-data takes every pair Popeye's
** test data holds (EXAMPLES/NAME.inp with REGRESSIONTESTS/NAME.ref,
** BEISPIEL with .out, TESTS with .tst).  Prints one line per file (problems,
** verdicts, claim mismatches), every mismatch with its reason, and the
** total.  Exit status 1 when a claim mismatch was found.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "judge/judge.h"
#include "popeye_output.h"
#include "solve/tt.h"

struct totals {
	int files, problems, checked, mismatches, warned, misaligned;
	int verdicts[VERDICT_COUNT];
};

static void check_pair(const char *inp, const char *ref, const struct judge_opts *jo, bool show,
                       struct tt *tt, struct totals *t)
{
	char *out = popeye_read_file(ref);
	if (!out) {
		fprintf(stderr, "claims_bench: cannot read %s\n", ref);
		return;
	}
	char **parts;
	int nparts = popeye_split_output(out, &parts);
	free(out);
	struct collection c = {0};
	if (input_load_file(inp, NULL, &c) < 0) {
		fprintf(stderr, "claims_bench: out of memory\n");
		exit(2);
	}
	t->files++;
	int problems = 0, checked = 0, bad = 0;
	int verdicts[VERDICT_COUNT] = {0};
	if (nparts != c.count) {
		printf("%s: %d problems, %d solutions in %s: not compared\n", inp, c.count, nparts,
		       ref);
		t->misaligned++;
	} else {
		for (int i = 0; i < c.count; i++) {
			struct puzzle *p = &c.items[i];
			free(p->solution);
			p->solution = parts[i];
			parts[i] = NULL;
			for (int k = 0; k < puzzle_problem_count(p); k++) {
				struct judgement r;
				judge_problem(p, puzzle_problem_twin(p, k), jo, tt, &r);
				problems++;
				verdicts[r.verdict]++;
				bool claim_checked = r.verdict == VERDICT_SOUND ||
				                     r.verdict == VERDICT_CLAIM_MISMATCH;
				checked += claim_checked && r.pb.claim && *r.pb.claim;
				if (r.verdict == VERDICT_CLAIM_MISMATCH) {
					bad++;
					printf("  MISMATCH %s:%d%s%s: %s\n", p->file, p->line,
					       r.twin >= 0 ? " twin " : "",
					       r.twin >= 0 ? p->twins[r.twin].label : "", r.reason);
				}
				if (show && claim_checked)
					printf("  %s %s:%d: %s\n", verdict_names[r.verdict],
					       p->file, p->line, r.reason);
				judgement_free(&r);
			}
		}
	}
	for (int i = 0; i < nparts; i++)
		free(parts[i]);
	free(parts);
	collection_free(&c);
	printf("%s: %d problems, %d claims checked, %d claim mismatches (", inp, problems, checked,
	       bad);
	const char *sep = "";
	for (int v = 0; v < VERDICT_COUNT; v++)
		if (verdicts[v]) {
			printf("%s%d %s", sep, verdicts[v], verdict_names[v]);
			sep = ", ";
			t->verdicts[v] += verdicts[v];
		}
	printf(")\n");
	t->problems += problems;
	t->checked += checked;
	t->mismatches += bad;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Every DIR/SUB/NAME.inp with DIR/REGRESSIONTESTS/NAME.EXT. */
static void popeye_data(const char *dir, const char *sub, const char *ext,
                        const struct judge_opts *jo, bool show, struct tt *tt, struct totals *t)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, sub);
	DIR *d = opendir(path);
	if (!d) {
		fprintf(stderr, "claims_bench: cannot open %s\n", path);
		return;
	}
	char **names = NULL;
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		size_t l = strlen(e->d_name);
		if (l > 4 && !strcmp(e->d_name + l - 4, ".inp")) {
			names = realloc(names, (size_t)(n + 1) * sizeof *names);
			names[n++] = strdup(e->d_name);
		}
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, by_name);
	for (int i = 0; i < n; i++) {
		char inp[4096], ref[4096];
		snprintf(inp, sizeof inp, "%s/%s/%s", dir, sub, names[i]);
		snprintf(ref, sizeof ref, "%s/REGRESSIONTESTS/%.*s.%s", dir,
		         (int)strlen(names[i]) - 4, names[i], ext);
		FILE *f = fopen(ref, "r");
		if (f) {
			fclose(f);
			check_pair(inp, ref, jo, show, tt, t);
		}
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	struct judge_opts jo = {.an = {.max_refs = 0, .max_seconds = 10, .hash_mb = 64}};
	bool show = false;
	const char *data = NULL;
	char **pairs = calloc((size_t)argc, sizeof *pairs);
	int npairs = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--max-time") && i + 1 < argc)
			jo.an.max_seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--show"))
			show = true;
		else if (!strcmp(argv[i], "--popeye-data") && i + 1 < argc)
			data = argv[++i];
		else
			pairs[npairs++] = argv[i];
	}
	if ((npairs == 0 && !data) || npairs % 2) {
		fprintf(stderr, "usage: claims_bench [--max-time S] [--show] INP OUT [INP OUT...]\n"
		                "       claims_bench [--max-time S] [--show] --popeye-data DIR\n");
		return 2;
	}
	struct tt tt;
	if (tt_init(&tt, jo.an.hash_mb) < 0)
		return 2;
	struct totals t = {0};
	for (int i = 0; i < npairs; i += 2)
		check_pair(pairs[i], pairs[i + 1], &jo, show, &tt, &t);
	if (data) {
		popeye_data(data, "EXAMPLES", "ref", &jo, show, &tt, &t);
		popeye_data(data, "BEISPIEL", "out", &jo, show, &tt, &t);
		popeye_data(data, "TESTS", "tst", &jo, show, &tt, &t);
	}
	printf("all: %d files (%d not compared), %d problems, %d claims checked, %d claim "
	       "mismatches (",
	       t.files, t.misaligned, t.problems, t.checked, t.mismatches);
	const char *sep = "";
	for (int v = 0; v < VERDICT_COUNT; v++)
		if (t.verdicts[v]) {
			printf("%s%d %s", sep, t.verdicts[v], verdict_names[v]);
			sep = ", ";
		}
	printf(")\n");
	tt_free(&tt);
	free(pairs);
	return t.mismatches ? 1 : 0;
}
