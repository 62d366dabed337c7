/* cmd_solve.c -- PLACEHOLDER until the command lands. */
#include "cli.h"
int cmd_solve(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("solve: not implemented yet");
	return EXIT_INPUT;
}
