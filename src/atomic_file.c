/*
** atomic_file.c -- write to a temporary file, rename it into place.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"

FILE *atomic_open(const char *path, char *tmp, size_t len)
{
	snprintf(tmp, len, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
	}
	return f;
}

int atomic_close(FILE *f, const char *tmp, const char *path)
{
	bool bad = ferror(f) != 0;
	if (fflush(f) != 0)
		bad = true;
	if (fclose(f) != 0 || bad) {
		unlink(tmp);
		return -1;
	}
	/* mkstemp makes the file 0600; a puzzle file is an ordinary file */
	mode_t mask = umask(0);
	umask(mask);
	chmod(tmp, 0666 & ~mask);
	if (rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void atomic_abandon(FILE *f, const char *tmp)
{
	fclose(f);
	unlink(tmp);
}
