/* cmd_verify.c -- PLACEHOLDER until the command lands. */
#include "cli.h"
int cmd_verify(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("verify: not implemented yet");
	return EXIT_INPUT;
}
