/*
** atomic_file.h -- write a file whole or not at all: into path.tmpXXXXXX
** beside it (the name cut to fit when path's is near the longest a
** directory takes), renamed over path only when everything was written, so a
** reader (or a full disk, or Ctrl-C) never leaves half a file, and an
** existing file is never replaced by nothing.
*/
#ifndef MAAT_ATOMIC_FILE_H
#define MAAT_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Open the temporary file (its name into tmp); NULL when it cannot be. */
FILE *atomic_open(const char *path, char *tmp, size_t len);
/* Close it and rename it to path; 0, or -1 (the temporary file removed). */
int atomic_close(FILE *f, const char *tmp, const char *path);
/* Give up: close and remove the temporary file, path untouched. */
void atomic_abandon(FILE *f, const char *tmp);

#endif
