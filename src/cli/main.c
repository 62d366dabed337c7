/*
** main.c -- the maat program: everything lives in cli.c and the commands.
*/
#include <stdio.h>

#include "cli/cli.h"
#include "games/game.h"

int main(int argc, char **argv)
{
	/* A registry row that breaks game.h's conventions is a bug of maat,
	   found here before any command trusts the row. */
	char err[256];
	if (games_check_registry(err, sizeof err) != 0) {
		fprintf(stderr, "maat: internal error: %s\n", err);
		return 70;
	}
	return maat_main(argc, argv);
}
