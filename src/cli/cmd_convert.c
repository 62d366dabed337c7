/*
** cmd_convert.c -- maat convert FILE... -o OUT.yaml|OUT.inp: puzzles from
** any format maat reads (YAML, Popeye input, EPD, FEN) into a YACPDB
** collection or a Popeye input file, so a collection moves between the two.
** A puzzle that cannot be written (an error; fairy pieces or conditions
** maat does not hold) is named on standard error and left out; the output
** is written whole or not at all.  Exit 0 when every puzzle was converted,
** 2 otherwise.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "judge/batch.h"
#include "output/puzzle_write.h"
#include "output/solution_text.h"

struct convert_args {
	const char *out, *to, *stip;
	bool solve;
	struct judge_opts o;
	int jobs;
};

#define CLI_ARGS struct convert_args
static const struct cli_opt convert_opts[] = {
    CLI_TEXT_ROW("-o", "--output", out, "OUT",
                 "the file to write (- for standard output); its extension gives the format"),
    CLI_TEXT_ROW("--to", NULL, to, "yaml|inp",
                 "the format: YACPDB YAML or Popeye input (default: from OUT's extension)"),
    CLI_TEXT_ROW("--stip", NULL, stip, "STIP",
                 "the stipulation of FEN lines and EPD records without dm"),
    CLI_FLAG_ROW("--solve", solve, "give puzzles without a solution maat's (YACPDB requires one)"),
    CLI_SOLVER_OPTS,
};
#undef CLI_ARGS
const struct cli_spec convert_spec = {"convert", "FILE... -o OUT.yaml|OUT.inp",
                                      "write puzzles as a YACPDB collection or as Popeye input",
                                      convert_opts, CLI_NOPTS(convert_opts)};

static int format_of(const char *name, enum write_format *f)
{
	const char *dot = strrchr(name, '.');
	const char *ext = dot ? dot + 1 : name;
	if (!strcmp(ext, "yaml") || !strcmp(ext, "yml"))
		*f = WRITE_YACPDB;
	else if (!strcmp(ext, "inp"))
		*f = WRITE_POPEYE;
	else
		return -1;
	return 0;
}

/* --solve: the solutions found, collected per puzzle as the batch reports
   its problems in input order. */
struct solving {
	struct batch *b;
	enum write_format fmt;
	char ***text; /* by file (b->nfiles of them), by puzzle */
	int f, i;     /* the puzzle reported last: reports come in input order */
	bool oom;     /* a solution found could not be kept */
};

static bool needs_solution(const struct puzzle *p, void *ctx)
{
	const struct solving *sv = ctx;
	return (!p->solution || !p->solution[0]) && !puzzle_write_refusal(p, sv->fmt);
}

/* One problem's solution: "b) Move a1 a2" before a twin's, as Popeye
   labels them (puzzle_twin_solution reads them back). */
static void solved(void *ctx, const struct puzzle *p, int collection_size, struct judgement *r)
{
	struct solving *sv = ctx;
	(void)collection_size;
	if (!r->analysed || r->an.timeout || r->an.nkeys == 0)
		return;
	bool twins = p->ntwins && p->twins_ready;
	if (twins && r->twin >= 0 && p->twins[r->twin].duplex)
		return; /* the duplex part has no label of its own */
	/* the puzzle's file and place: at or after the last one reported
	   (found by equality: the files' arrays are apart) */
	const struct batch *b = sv->b;
	for (;;) {
		if (sv->f == b->nfiles)
			return; /* not one of the batch's: cannot be */
		const struct collection *c = &b->files[sv->f];
		if (sv->i < c->count && &c->items[sv->i] == p)
			break;
		if (sv->i < c->count)
			sv->i++;
		if (sv->i >= c->count) {
			sv->f++;
			sv->i = 0;
		}
	}
	char **slot = &sv->text[sv->f][sv->i];
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m) {
		sv->oom = true;
		return;
	}
	if (*slot)
		fprintf(m, "%s", *slot);
	if (twins)
		fprintf(m, "%s) %s\n", r->twin >= 0 ? p->twins[r->twin].label : "a",
		        r->twin >= 0 ? p->twins[r->twin].text : "");
	text_solution(m, &r->an);
	if (fclose(m) == 0) {
		free(*slot);
		*slot = buf;
	} else {
		free(buf);
		sv->oom = true;
	}
}

/* Solve the puzzles without a solution; their texts into sv.text. */
static int solve_missing(struct batch *b, const struct convert_args *a, struct solving *sv)
{
	if (!(sv->text = calloc((size_t)b->nfiles + 1, sizeof *sv->text))) {
		snprintf(b->why, sizeof b->why, "out of memory");
		return -1;
	}
	for (int f = 0; f < b->nfiles; f++)
		if (!(sv->text[f] = calloc((size_t)b->files[f].count + 1, sizeof(char *)))) {
			snprintf(b->why, sizeof b->why, "out of memory");
			return -1;
		}
	batch_select(b, needs_solution, sv);
	struct judge_opts o = a->o;
	o.an.tree = true;
	int rc = batch_run(b, &o, a->jobs, PROGRESS_NONE, solved, sv);
	if (rc == 0 && sv->oom) {
		snprintf(b->why, sizeof b->why, "out of memory");
		return -1;
	}
	return rc;
}

static void free_solutions(struct solving *sv)
{
	for (int f = 0; sv->text && f < sv->b->nfiles; f++) {
		for (int i = 0; sv->text[f] && i < sv->b->files[f].count; i++)
			free(sv->text[f][i]);
		free(sv->text[f]);
	}
	free(sv->text);
	sv->text = NULL;
}

int cmd_convert(int argc, char **argv)
{
	struct convert_args a;
	memset(&a, 0, sizeof a);
	cli_default_solver_options(&a.o);
	a.o.an.max_seconds = CLI_MAX_TIME; /* as verify's batches */
	char **paths = argv + 1;
	int npaths = 0;
	int pr = cli_parse(&convert_spec, argc, argv, &a, paths, &npaths);
	if (pr)
		return CLI_EXIT(pr);
	if (npaths == 0 || !a.out) {
		cli_usage(stderr, &convert_spec);
		return EXIT_INPUT;
	}
	enum write_format fmt;
	if (format_of(a.to ? a.to : a.out, &fmt) < 0) {
		cli_error(a.to ? "convert: --to takes yaml or inp, got '%s'"
		               : "convert: '%s' ends in neither .yaml nor .inp (or give --to)",
		          a.to ? a.to : a.out);
		return EXIT_INPUT;
	}
	if (!cli_check_stip("convert", a.stip))
		return EXIT_INPUT;
	struct batch b;
	struct load_opts lo = {.stip = a.stip};
	if (batch_load(&b, paths, npaths, &lo) < 0) {
		batch_free(&b);
		cli_error("out of memory");
		return EXIT_INPUT;
	}
	if (batch_interrupted(&b)) { /* Ctrl-C while reading: nothing written, said */
		cli_error("convert: interrupted while reading the files: nothing written%s",
		          strcmp(a.out, "-") ? " (the file is as it was)" : "");
		batch_free(&b);
		return EXIT_INTERRUPTED;
	}
	if (cli_output_is_input("convert", &b, a.out)) {
		batch_free(&b);
		return EXIT_INPUT;
	}
	if (batch_unread(&b)) {
		/* a chunk is what is in memory at once (batch.h): one file is
		   written from all of it, so the rest cannot follow */
		cli_error("convert: the puzzles of these files take more than %zu MB once read (a "
		          "quarter of the memory): convert them in smaller batches",
		          batch_load_budget() >> 20);
		batch_free(&b);
		return EXIT_INPUT;
	}
	int total = 0, skipped = 0;
	for (int f = 0; f < b.nfiles; f++)
		for (int i = 0; i < b.files[f].count; i++) {
			const struct puzzle *p = &b.files[f].items[i];
			const char *why = puzzle_write_refusal(p, fmt);
			total++;
			if (why) {
				char *label = cli_label(p, b.files[f].count);
				/* an error says where; an incomplete puzzle's first reason
				   may be another than what it lacks; an unsupported one
				   without a position says what maat does not read */
				const char *more = p->error ? p->error
				                   : !p->has_position && p->unsupported
				                       ? p->unsupported
				                       : NULL;
				text_fprintf(stderr, "%s: not converted: %s%s%s\n",
				             label ? label : p->file, why, more ? ": " : "",
				             more ? more : "");
				free(label);
				skipped++;
			}
		}
	int rc = skipped || b.load_errors ? EXIT_INPUT : EXIT_OK;
	if (total == skipped) {
		cli_error("convert: nothing to write%s",
		          a.out && strcmp(a.out, "-") ? " (no file made)" : "");
		batch_free(&b);
		return EXIT_INPUT;
	}
	struct solving sv = {.b = &b, .fmt = fmt};
	if (a.solve && solve_missing(&b, &a, &sv) < 0) {
		/* the solutions asked for are not all there: a file without
		   them is not the one asked for, and must not replace the old */
		cli_error("convert: --solve: %s: nothing written%s", b.why,
		          strcmp(a.out, "-") ? " (the file is as it was)" : "");
		free_solutions(&sv);
		batch_free(&b);
		return EXIT_INPUT;
	}
	if (batch_interrupted(&b)) {
		/* Ctrl-C while solving: the puzzles not reached have no solution,
		   and a file without them must not replace the old one */
		cli_error("convert: interrupted: nothing written%s",
		          strcmp(a.out, "-") ? " (the file is as it was)" : "");
		free_solutions(&sv);
		batch_free(&b);
		return EXIT_INTERRUPTED;
	}
	bool to_stdout = !strcmp(a.out, "-");
	char tmp[4200];
	FILE *out = to_stdout ? stdout : atomic_open(a.out, tmp, sizeof tmp);
	if (!out) {
		cli_error("convert: cannot write '%s': %s", a.out, strerror(errno));
		free_solutions(&sv);
		batch_free(&b);
		return EXIT_INPUT;
	}
	bool first = true;
	int unsolved = 0;
	for (int f = 0; f < b.nfiles; f++)
		for (int i = 0; i < b.files[f].count; i++) {
			struct puzzle *p = &b.files[f].items[i];
			if (puzzle_write_refusal(p, fmt))
				continue;
			if (sv.text && sv.text[f] && sv.text[f][i] &&
			    (!p->solution || !p->solution[0])) {
				free(p->solution);
				p->solution = sv.text[f][i];
				sv.text[f][i] = NULL;
			}
			if (fmt == WRITE_YACPDB) {
				yacpdb_write(out, p, NULL, 0);
				unsolved += !p->solution || !p->solution[0];
			} else {
				popeye_write(out, p, first);
			}
			first = false;
		}
	free_solutions(&sv);
	if (unsolved)
		fprintf(stderr,
		        "maat: convert: %d puzzle%s written without a solution: YACPDB requires "
		        "one%s\n",
		        unsolved, unsolved == 1 ? "" : "s",
		        a.solve ? " (maat found none: unsupported, no solution or out of time)"
		                : " (--solve gives them maat's)");
	if (fmt == WRITE_POPEYE)
		popeye_write_end(out);
	if (!to_stdout && atomic_close(out, tmp, a.out) < 0) {
		cli_error("convert: writing '%s' failed (the file is as it was)", a.out);
		rc = EXIT_INPUT;
	} else if (!to_stdout) {
		text_fprintf(stderr, "%s: %d puzzle%s written%s\n", a.out, total - skipped,
		             total - skipped == 1 ? "" : "s", skipped ? "" : "");
	}
	batch_free(&b);
	return rc;
}
