/*
** main.c -- the maat program: everything lives in cli.c and the commands.
*/
#include "cli.h"

int main(int argc, char **argv)
{
	return maat_main(argc, argv);
}
