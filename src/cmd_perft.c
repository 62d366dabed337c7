/*
** cmd_perft.c -- maat perft: leaf counts of the legal move tree.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "perft.h"

struct divide_row {
	char move[16];
	uint64_t count;
};

static int by_move(const void *a, const void *b)
{
	return strcmp(((const struct divide_row *)a)->move, ((const struct divide_row *)b)->move);
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cmd_perft(int argc, char **argv)
{
	const char *game_id = NULL, *position = NULL;
	char *rules[MAX_RULES];
	int nrules = 0;
	bool divide = false, json = false, stats = false;
	long depth = -1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--game") && i + 1 < argc)
			game_id = argv[++i];
		else if (!strcmp(a, "--position") && i + 1 < argc)
			position = argv[++i];
		else if (!strcmp(a, "--rule") && i + 1 < argc) {
			if (nrules == MAX_RULES) {
				cli_error("too many --rule options");
				return EXIT_INPUT;
			}
			rules[nrules++] = argv[++i];
		} else if (!strcmp(a, "--divide"))
			divide = true;
		else if (!strcmp(a, "--json"))
			json = true;
		else if (!strcmp(a, "--stats"))
			stats = true;
		else if (a[0] != '-' && depth < 0) {
			if (!cli_parse_int(a, 0, 30, &depth)) {
				cli_error("perft: depth must be a number from 0 to 30, got '%s'", a);
				return EXIT_INPUT;
			}
		} else {
			cli_error("perft: unexpected argument '%s'", a);
			return EXIT_INPUT;
		}
	}
	if (!game_id || depth < 0) {
		cli_error("usage: maat perft --game G [--position STR] DEPTH [--divide] [--json]");
		return EXIT_INPUT;
	}
	const struct game *g = cli_find_game(game_id);
	if (!g)
		return EXIT_INPUT;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	if (cli_load_position(g, pos, position, rules, nrules) < 0)
		return EXIT_INPUT;

	char fen[512];
	g->format(pos, fen, sizeof fen);
	double t0 = now_seconds();
	uint64_t total = 0;
	struct divide_row *rows = NULL;
	int nrows = 0;
	if (divide && depth > 0) {
		move_t moves[MAX_MOVES];
		_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];
		nrows = g->gen_moves(pos, moves);
		rows = calloc((size_t)nrows + 1, sizeof *rows);
		if (!rows) {
			cli_error("out of memory");
			return EXIT_INPUT;
		}
		for (int i = 0; i < nrows; i++) {
			g->move_text(pos, moves[i], MOVE_CANONICAL, rows[i].move,
				     sizeof rows[i].move);
			g->make(pos, moves[i], undo);
			rows[i].count = perft(g, pos, (int)depth - 1);
			g->unmake(pos, moves[i], undo);
			total += rows[i].count;
		}
		qsort(rows, (size_t)nrows, sizeof *rows, by_move);
	} else {
		total = perft(g, pos, (int)depth);
	}
	double secs = now_seconds() - t0;

	if (json) {
		printf("{\"game\":\"%s\",\"position\":\"%s\",\"depth\":%ld,\"nodes\":%" PRIu64,
		       g->id, fen, depth, total);
		if (divide) {
			printf(",\"divide\":{");
			for (int i = 0; i < nrows; i++)
				printf("%s\"%s\":%" PRIu64, i ? "," : "", rows[i].move,
				       rows[i].count);
			printf("}");
		}
		printf("}\n");
	} else {
		for (int i = 0; i < nrows; i++)
			printf("%s %" PRIu64 "\n", rows[i].move, rows[i].count);
		if (divide)
			printf("\n");
		printf("%" PRIu64 "\n", total);
	}
	if (stats)
		fprintf(stderr, "perft %s depth %ld: %" PRIu64 " nodes in %.3f s, %.1f M nodes/s\n",
			g->id, depth, total, secs, secs > 0 ? (double)total / secs / 1e6 : 0.0);
	free(rows);
	return EXIT_OK;
}
