/*
** fuzz_summary.c -- `maat summary` on any bytes, as a file of JSON lines:
** the command itself (cmd_summary), its output read back.
**
** Invariants (issue 23, item 16, and f29dcee: escapes kept, false
** duplicates, lines cut):
**   - the exit status is 0, 1 or 2, and the summary line is printed;
**   - the file given twice is counted once: the same puzzles, every line of
**     the second copy a duplicate or a bad line again (D' = 2D + T, B' = 2B
**     for T puzzles, D duplicates and B bad lines of one copy);
**   - a file of one line is at most one puzzle, or one bad line.
*/
#include <fcntl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz.h"

FUZZ_STRETCHING_MUTATOR

static char dir[64], in[96], out[96];
static int null_fd, saved_err, saved_out;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(dir, sizeof dir, "/tmp/maat-fuzz-summary.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(in, sizeof in, "%s/in.jsonl", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	null_fd = open("/dev/null", O_WRONLY);
	saved_err = dup(2);
	saved_out = dup(1);
	if (null_fd < 0 || saved_err < 0 || saved_out < 0)
		abort();
	return 0;
}

struct counts {
	long puzzles, twice, bad;
	int rc;
};

/* summary PATH... with its output read back */
static struct counts run(int npaths)
{
	char *argv[4] = {"summary", in, in, NULL};
	/* its stdout into a file, its messages (many, not checked) nowhere;
	   libFuzzer's own stderr back after */
	fflush(stdout);
	fflush(stderr);
	int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (o < 0 || dup2(o, 1) < 0 || dup2(null_fd, 2) < 0)
		abort();
	close(o);
	struct counts c = {0, 0, 0, 0};
	c.rc = cmd_summary(npaths + 1, argv);
	fflush(stdout);
	fflush(stderr);
	if (dup2(saved_out, 1) < 0 || dup2(saved_err, 2) < 0)
		abort();
	FILE *f = fopen(out, "r");
	if (!f)
		abort();
	char line[4096] = "";
	if (!fgets(line, sizeof line, f))
		FUZZ_FAIL("summary printed nothing (exit %d)", c.rc);
	fclose(f);
	if (sscanf(line, "%ld puzzle", &c.puzzles) != 1)
		FUZZ_FAIL("summary line: %s", line);
	/* "2 puzzles: 1 sound, 2 given twice, 3 lines not a verdict" */
	char *colon = strchr(line, ':');
	for (char *part = colon ? strtok(colon + 1, ",\n") : NULL; part;
	     part = strtok(NULL, ",\n")) {
		long n;
		char what[32];
		if (sscanf(part, " %ld %31[a-z ]", &n, what) != 2)
			FUZZ_FAIL("summary part '%s'", part);
		if (!strncmp(what, "given twice", 11))
			c.twice = n;
		else if (!strncmp(what, "line", 4))
			c.bad = n;
	}
	if (c.rc < 0 || c.rc > 2)
		FUZZ_FAIL("exit status %d", c.rc);
	return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fopen(in, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	struct counts one = run(1);
	struct counts two = run(2);
	if (two.puzzles != one.puzzles || two.twice != 2 * one.twice + one.puzzles ||
	    two.bad != 2 * one.bad)
		FUZZ_FAIL("once: %ld puzzles, %ld twice, %ld bad; twice: %ld, %ld, %ld",
		          one.puzzles, one.twice, one.bad, two.puzzles, two.twice, two.bad);
	size_t lines = 0;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (lines == 0 && one.puzzles + one.bad > 1)
		FUZZ_FAIL("one line: %ld puzzles, %ld bad lines", one.puzzles, one.bad);
	return 0;
}
