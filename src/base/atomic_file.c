/*
** atomic_file.c -- write to a temporary file, rename it into place.
*/
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/textsafe.h"

#ifndef NAME_MAX
#define NAME_MAX 255 /* bytes of a file name, in most file systems */
#endif

FILE *atomic_open(const char *path, char *tmp, size_t len)
{
	/* beside path, its base name cut (between characters) so that the
	   temporary name fits where path's own does: a name of 246 to 255
	   bytes plus ".tmpXXXXXX" was more than a directory takes */
	static const char suffix[] = ".tmpXXXXXX";
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	const char *base = path + dir;
	/* a name longer than the directory takes fails here, before the work
	   (compose's search, a booklet), not at the rename after it: the
	   temporary name, cut, would have fitted */
	size_t name_max = NAME_MAX;
	int w = snprintf(tmp, len, "%.*s", dir ? (int)dir : 1, dir ? path : ".");
	if (w > 0 && (size_t)w < len) {
		long m = pathconf(tmp, _PC_NAME_MAX);
		if (m > (long)(sizeof suffix))
			name_max = (size_t)m;
	}
	if (strlen(base) > name_max) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	size_t keep = text_fit(base, strlen(base), name_max - (sizeof suffix - 1));
	w = snprintf(tmp, len, "%.*s%.*s%s", (int)dir, path, (int)keep, base, suffix);
	if (w < 0 || (size_t)w >= len) {
		errno = ENAMETOOLONG;
		return NULL;
	}
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
