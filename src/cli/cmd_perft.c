/*
** cmd_perft.c -- maat perft: leaf counts of the legal move tree.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "games/perft.h"

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

struct perft_args {
	const char *game, *position;
	struct cli_list rules;
	bool divide, json, stats;
};

#define CLI_ARGS struct perft_args
static const struct cli_opt perft_opts[] = {
    CLI_TEXT_ROW("--game", NULL, game, "G", "the game (maat games)"),
    CLI_TEXT_ROW("--position", NULL, position, "STR", "the position (default: the game's start)"),
    CLI_LIST_ROW("--rule", rules, "NAME=VALUE", "a rule option of the game"),
    CLI_FLAG_ROW("--divide", divide, "the count below each first move too"),
    CLI_FLAG_ROW("--json", json, "one JSON object"),
    CLI_FLAG_ROW("--stats", stats, "time and speed on standard error"),
};
#undef CLI_ARGS

const struct cli_spec perft_spec = {
    "perft", "--game G DEPTH", "count the leaves of the legal move tree (move generator proof)",
    perft_opts, CLI_NOPTS(perft_opts)};

int cmd_perft(int argc, char **argv)
{
	struct perft_args a;
	memset(&a, 0, sizeof a);
	char **rest = argv + 1;
	int nrest = 0;
	long depth = -1;
	int pr = cli_parse(&perft_spec, argc, argv, &a, rest, &nrest);
	if (pr)
		return CLI_EXIT(pr);
	if (nrest > 1) {
		cli_error("perft: one DEPTH, got '%s' and '%s'", rest[0], rest[1]);
		return EXIT_INPUT;
	}
	if (nrest == 1 && !cli_parse_int(rest[0], 0, 30, &depth)) {
		cli_error("perft: DEPTH takes a number from 0 to 30, got '%s'", rest[0]);
		return EXIT_INPUT;
	}
	if (!a.game || depth < 0) {
		cli_usage(stderr, &perft_spec);
		return EXIT_INPUT;
	}
	const char *game_id = a.game, *position = a.position;
	bool divide = a.divide, json = a.json, stats = a.stats;
	const struct game *g = cli_find_game(game_id);
	if (!g)
		return EXIT_INPUT;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	if (cli_load_position(g, pos, position, (char **)a.rules.v, a.rules.n) < 0)
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
