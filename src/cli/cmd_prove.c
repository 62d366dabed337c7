/*
** cmd_prove.c -- maat prove: the game-theoretic value of a position, with a
** proof; maat check-proof: check such a proof (prove/proof_check.h).
*/
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/interrupt.h"
#include "base/json.h"
#include "base/sighold.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "prove/dfpn.h" /* pn_clock */
#include "prove/pn_table.h"
#include "prove/proof_check.h"
#include "prove/prove.h"
#include "solve/tt.h" /* tt_fit: the memory all tables of a run may take */

#define DEFAULT_MB_TEXT_(n) #n
#define DEFAULT_MB_TEXT(n) DEFAULT_MB_TEXT_(n) /* the macro's value as a string */
#define PROOF_MAX_BYTES ((size_t)4 << 30)      /* check-proof reads at most 4 GB */

struct prove_args {
	const char *game, *position, *proof;
	struct cli_list rules;
	size_t hash_mb;
	double max_seconds;
	int jobs;
	bool shortest, json, verbose, no_time;
};

#define CLI_ARGS struct prove_args
static const struct cli_opt prove_opts[] = {
    CLI_TEXT_ROW("--game", NULL, game, "G", "the game (maat games)"),
    CLI_TEXT_ROW("--position", NULL, position, "STR", "the position (default: the game's start)"),
    CLI_LIST_ROW("--rule", rules, "NAME=VALUE", "a rule option of the game"),
    CLI_NUM_ROW(CLI_SIZE, "--hash", NULL, hash_mb, 1, PN_TABLE_MAX_MB, "MB",
                "table memory in megabytes (default " DEFAULT_MB_TEXT(PN_TABLE_DEFAULT_MB) ")"),
    CLI_NUM_ROW(CLI_SECONDS, "--max-time", NULL, max_seconds, 0, 1000000, "S",
                "stop after S seconds: the value is unknown (0: no limit)"),
    CLI_INT_ROW("-j", "--jobs", jobs, 0, PN_MAX_JOBS, "N",
                "threads for the search, over one table (0: all cores; default 1)"),
    CLI_TEXT_ROW("--proof", NULL, proof, "FILE", "write the proof (the winner's strategy) to FILE"),
    CLI_FLAG_ROW("--shortest", shortest, "also prove the least number of the winner's moves"),
    CLI_FLAG_ROW("--json", json, "one JSON object"),
    CLI_FLAG_ROW("--verbose", verbose, "tell each search and re-walk on standard error"),
    CLI_FLAG_ROW("--no-time", no_time, "print 0 for times (deterministic output)"),
};
#undef CLI_ARGS

const struct cli_spec prove_spec = {
    "prove", "--game G", "the value of a position (win, loss, draw), proved, with a proof file",
    prove_opts, CLI_NOPTS(prove_opts)};

struct check_args {
	bool json;
};

#define CLI_ARGS struct check_args
static const struct cli_opt check_opts[] = {
    CLI_FLAG_ROW("--json", json, "one JSON object"),
};
#undef CLI_ARGS

const struct cli_spec check_proof_spec = {"check-proof", "FILE",
                                          "check a proof file written by maat prove (or anyone)",
                                          check_opts, CLI_NOPTS(check_opts)};

static void print_text(const struct game *g, const char *fen, const struct prove_args *a,
                       const struct prove_result *r)
{
	bool times = !a->no_time;
	int us = -1;
	for (int s = 0; s < 2; s++)
		if ((r->value == PROVE_WIN && s == r->winner) ||
		    (r->value == PROVE_LOSS && s != r->winner))
			us = s;
	printf("%s  %s\n", g->id, fen);
	if (r->value == PROVE_WIN)
		printf("value: win (%s to move wins)\n", g->side_word[us]);
	else if (r->value == PROVE_LOSS)
		printf("value: loss (%s to move; %s wins)\n", g->side_word[us],
		       g->side_word[r->winner]);
	else if (r->value == PROVE_DRAW)
		printf("value: draw (neither side can force a win)\n");
	else
		printf("value: unknown (%s)\n", r->note[0] ? r->note : "no answer");
	if (a->shortest && r->winner >= 0) {
		if (r->shortest >= 0)
			printf("shortest: %s wins in %d move%s (a win within %d proved, none "
			       "within %d: depth-bounded df-pn, down from the value's win, both "
			       "re-walked exactly)\n",
			       g->side_word[r->winner], r->shortest, r->shortest == 1 ? "" : "s",
			       r->shortest, r->shortest - 1);
		else
			printf("shortest: at most %d moves (%s)\n", r->shortest_bound, r->note);
	}
	if (r->proof)
		printf("proof: %zu positions, longest line %d move%s, re-walked in %.2f s, checked "
		       "in %.2f s%s%s\n",
		       r->proof_positions, r->depth, r->depth == 1 ? "" : "s",
		       times ? r->walk_seconds : 0.0, times ? r->check_seconds : 0.0,
		       a->proof ? "; written to " : "", a->proof ? a->proof : "");
	else if (r->value == PROVE_DRAW)
		printf("refutations: %zu positions re-walked (a draw has no winner's strategy: "
		       "no proof file)\n",
		       r->refuted_positions);
	if (r->value == PROVE_UNKNOWN)
		printf("root: pn %" PRIu32 " dn %" PRIu32 ", deepest line %d plies\n", r->root_pn,
		       r->root_dn, r->max_ply);
	printf("search: %" PRIu64 " positions, %.2f s, table %zu MB\n", r->nodes,
	       times ? r->seconds : 0.0, r->table_mb);
}

static void print_json(const struct game *g, const char *fen, const struct prove_args *a,
                       const struct prove_result *r)
{
	bool times = !a->no_time;
	printf("{\"game\":");
	json_string(stdout, g->id);
	printf(",\"position\":");
	json_string(stdout, fen);
	printf(",\"value\":\"%s\"", prove_value_names[r->value]);
	if (r->winner >= 0) {
		printf(",\"winner\":");
		json_string(stdout, g->side_word[r->winner]);
	}
	if (a->shortest && r->shortest >= 0)
		printf(",\"shortest\":%d", r->shortest);
	else if (a->shortest && r->winner >= 0 && r->shortest_bound > 0)
		/* stopped while shortening: the least length proved so far, as
		   the text's "shortest: at most N moves" */
		printf(",\"shortest_at_most\":%d", r->shortest_bound);
	printf(",\"nodes\":%" PRIu64 ",\"seconds\":%.3f", r->nodes, times ? r->seconds : 0.0);
	printf(",\"proof_positions\":%zu", r->proof_positions);
	if (r->proof)
		printf(",\"proof_depth\":%d,\"walk_seconds\":%.3f,\"check_seconds\":%.3f", r->depth,
		       times ? r->walk_seconds : 0.0, times ? r->check_seconds : 0.0);
	printf(",\"table_mb\":%zu", r->table_mb);
	if (r->note[0]) {
		printf(",\"note\":");
		json_string(stdout, r->note);
	}
	printf("}\n");
}

/* The proof file, whole or not at all; Ctrl-C meanwhile waits for it. */
static int write_proof(const char *path, const char *text, size_t len)
{
	char tmp[4200];
	struct sig_hold held;
	sig_hold(&held);
	FILE *f = atomic_open(path, tmp, sizeof tmp);
	int rc = -1;
	if (f) {
		fwrite(text, 1, len, f);
		rc = atomic_close(f, tmp, path);
	}
	if (rc != 0)
		cli_error("prove: cannot write %s: %s", path, strerror(errno));
	sig_release(&held); /* an interrupted process ends here */
	return rc;
}

int cmd_prove(int argc, char **argv)
{
	struct prove_args a;
	memset(&a, 0, sizeof a);
	a.hash_mb = PN_TABLE_DEFAULT_MB;
	a.jobs = 1;
	char **rest = argv + 1;
	int nrest = 0;
	int pr = cli_parse(&prove_spec, argc, argv, &a, rest, &nrest);
	if (pr)
		return CLI_EXIT(pr);
	if (nrest > 0) {
		cli_error("prove: unexpected argument '%s'", rest[0]);
		return EXIT_INPUT;
	}
	if (!a.game) {
		cli_usage(stderr, &prove_spec);
		return EXIT_INPUT;
	}
	const struct game *g = cli_find_game(a.game);
	if (!g)
		return EXIT_INPUT;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	if (cli_load_position(g, pos, a.position, (char **)a.rules.v, a.rules.n) < 0)
		return EXIT_INPUT;
	/* the table within the budget the solver's tables keep (half the
	   memory): --hash 20000 on 24 GB was taken, and its pages touched */
	char why[512];
	if (tt_fit(1, true, a.hash_mb, why, sizeof why) == 0) {
		cli_error("prove: %s", why);
		return EXIT_INPUT;
	}
	/* --proof FILE can be written, before hours of search (it was found
	   out after them) */
	if (a.proof) {
		char tmp[4200];
		FILE *f = atomic_open(a.proof, tmp, sizeof tmp);
		if (!f) {
			cli_error("prove: cannot write %s: %s", a.proof, strerror(errno));
			return EXIT_INPUT;
		}
		atomic_abandon(f, tmp);
	}
	struct prove_opts o = {0};
	o.hash_mb = a.hash_mb;
	o.shortest = a.shortest;
	o.jobs = a.jobs;
	if (a.jobs == 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		o.jobs = cores > 0 ? (int)cores : 1;
	}
	o.max_seconds = a.max_seconds;
	o.rules = (char *const *)a.rules.v;
	o.nrules = a.rules.n;
	o.log = a.verbose ? stderr : NULL;
	/* Ctrl-C stops the search: what is known is reported, status 130 */
	struct interrupt_catch ic;
	interrupt_clear();
	interrupt_catch(&ic, false, true);
	o.stop = interrupt_flag();
	struct prove_result r;
	int ran = prove_run(g, pos, &o, &r);
	interrupt_release(&ic);
	if (ran < 0) {
		cli_table_error(o.hash_mb);
		return EXIT_INPUT;
	}
	int rc = interrupt_signal()         ? EXIT_INTERRUPTED
	         : r.value == PROVE_UNKNOWN ? EXIT_UNSOUND
	                                    : EXIT_OK;
	if (a.proof && r.proof) {
		if (write_proof(a.proof, r.proof, r.proof_len) < 0) {
			rc = EXIT_INPUT;
			a.proof = NULL; /* no "written to" below */
		}
	} else if (a.proof && interrupt_signal()) {
		fprintf(stderr,
		        "maat: prove: interrupted: no proof written (the file is as it was)\n");
	} else if (a.proof && r.value != PROVE_UNKNOWN) {
		fprintf(stderr, "maat: prove: %s has no winner's strategy: no proof written\n",
		        r.value == PROVE_DRAW ? "a draw" : "a finished game");
	}
	char fen[512];
	g->format(pos, fen, sizeof fen);
	if (a.json)
		print_json(g, fen, &a, &r);
	else
		print_text(g, fen, &a, &r);
	if (interrupt_signal()) /* as solve says it */
		fprintf(stderr, "maat: interrupted\n");
	prove_result_free(&r);
	return rc;
}

/* Checking a proof takes about this many times its size in memory (the
   lines, the map of positions, the graph of replies: 5.5 MB of upuaut
   lines took 26 MB; the issue measured 9 times on maat's own proofs). */
#define PROOF_MEMORY_FACTOR 10

/* The whole file (at most max bytes), NUL-terminated; NULL after saying
   why.  A regular file only: its size says what checking it will take,
   and it is read at that size (/dev/zero was read to 4 GB, and a 4 GB file
   took 36 GB to check, with no budget). */
static char *read_file(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		cli_error("check-proof: cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		cli_error("check-proof: %s is not a regular file (a proof is read whole, and its "
		          "size must be known)",
		          path);
		fclose(f);
		return NULL;
	}
	size_t size = (size_t)st.st_size, memory = tt_memory_mb();
	size_t budget = memory ? (memory / 2) << 20 : max; /* as the tables: half the memory */
	if (size > max || size > budget / PROOF_MEMORY_FACTOR) {
		if (size > max)
			cli_error("check-proof: %s: larger than 4 GB", path);
		else
			cli_error(
			    "check-proof: %s: %zu MB; checking it takes about %d times that, more "
			    "than half of the %zu MB of memory",
			    path, size >> 20, PROOF_MEMORY_FACTOR, memory);
		fclose(f);
		return NULL;
	}
	char *buf = malloc(size + 1);
	if (!buf) {
		cli_error("check-proof: %s: out of memory", path);
		fclose(f);
		return NULL;
	}
	size_t n = fread(buf, 1, size, f);
	if (n < size && ferror(f)) {
		cli_error("check-proof: cannot read %s: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = 0; /* a file cut meanwhile is read as it is now */
	*len = n;
	return buf;
}

int cmd_check_proof(int argc, char **argv)
{
	struct check_args a;
	memset(&a, 0, sizeof a);
	char **rest = argv + 1;
	int nrest = 0;
	int pr = cli_parse(&check_proof_spec, argc, argv, &a, rest, &nrest);
	if (pr)
		return CLI_EXIT(pr);
	if (nrest != 1) {
		if (nrest > 1)
			cli_error("check-proof: one FILE at a time");
		else
			cli_usage(stderr, &check_proof_spec);
		return EXIT_INPUT;
	}
	const char *path = rest[0];
	size_t len = 0;
	/* Ctrl-C while the file is read or checked stops the check: no
	   verdict, said so (maat died by the signal with nothing said); a
	   second one ends maat */
	struct interrupt_catch ic;
	interrupt_clear();
	interrupt_catch(&ic, false, true);
	char *text = read_file(path, PROOF_MAX_BYTES, &len);
	if (!text) {
		interrupt_release(&ic);
		return EXIT_INPUT;
	}
	double t0 = pn_clock();
	struct proof_report r;
	proof_check_until(text, len, path, stderr, interrupt_flag(), &r);
	double secs = pn_clock() - t0;
	free(text);
	interrupt_release(&ic);
	if (interrupt_signal()) {
		cli_error("check-proof: interrupted: %s not checked (no verdict; nothing written)",
		          path);
		return EXIT_INTERRUPTED;
	}
	if (a.json) {
		printf("{\"file\":");
		json_string(stdout, path);
		printf(",\"valid\":%s", r.valid ? "true" : "false");
		if (r.valid) {
			printf(",\"game\":\"%s\",\"root\":", r.game_id);
			json_string(stdout, r.root);
			printf(",\"winner\":");
			json_string(stdout, r.winner);
			printf(",\"rules\":[");
			for (int i = 0; i < r.nrules; i++) {
				if (i)
					putchar(',');
				json_string(stdout, r.rules[i]);
			}
			printf("],\"positions\":%zu,\"reached\":%zu,\"depth\":%d", r.lines,
			       r.reached, r.depth);
		}
		printf(",\"errors\":%zu,\"seconds\":%.3f}\n", r.errors, secs);
	} else if (r.valid) {
		/* the game with its rule options: a proof of Tavlei with
		   corners-hostile=yes is no proof of plain Tavlei */
		char *rules = text_aprintf("%s", "");
		for (int i = 0; rules && i < r.nrules; i++) {
			char *more = text_aprintf("%s, %s", rules, r.rules[i]);
			free(rules);
			rules = more;
		}
		text_printf(
		    "%s: the proof holds: %s wins from %s (%s%s); %zu positions, %zu reached, "
		    "longest line %d move%s; checked in %.2f s\n",
		    path, r.winner, r.root, r.game_id, rules ? rules : "", r.lines, r.reached,
		    r.depth, r.depth == 1 ? "" : "s", secs);
		free(rules);
	} else {
		text_printf("%s: not a proof (%zu error%s)\n", path, r.errors,
		            r.errors == 1 ? "" : "s");
	}
	return r.valid ? EXIT_OK : r.malformed ? EXIT_INPUT : EXIT_UNSOUND;
}
