/* cmd_render.c -- PLACEHOLDER until the command lands. */
#include "cli.h"
int cmd_render(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("render: not implemented yet");
	return EXIT_INPUT;
}
