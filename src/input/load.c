/*
** load.c -- one entry for every puzzle file: read it (a file, a pipe or
** standard input), tell its format from the content, hand it to its
** reader.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "input/epd.h"
#include "input/popeye.h"
#include "input/text.h"

enum puzzle_format input_format(const char *data, size_t len)
{
	bool epd;
	if (popeye_sniff(data, len))
		return FORMAT_POPEYE;
	if (epd_sniff(data, len, &epd))
		return epd ? FORMAT_EPD : FORMAT_FEN;
	return FORMAT_YAML;
}

const char *input_format_name(enum puzzle_format f)
{
	static const char *const names[] = {"YAML", "Popeye input", "EPD", "FEN"};
	return f >= FORMAT_YAML && f <= FORMAT_FEN ? names[f] : "?";
}

int input_load_buffer(const char *name, const char *data, size_t len, const struct load_opts *o,
                      struct collection *out)
{
	out->items = NULL;
	out->count = 0;
	if (len > INPUT_MAX_FILE_BYTES)
		return input_file_error(name, out, "file is larger than 16 MiB");
	switch (input_format(data, len)) {
	case FORMAT_POPEYE:
		return popeye_load_buffer(name, data, len, out);
	case FORMAT_EPD:
	case FORMAT_FEN:
		return epd_load_buffer(name, data, len, o ? o->stip : NULL, out);
	default:
		return puzzle_load_buffer(name, data, len, out);
	}
}

int input_load_file(const char *path, const struct load_opts *o, struct collection *out)
{
	char msg[256];
	bool in = strcmp(path, "-") == 0;
	const char *name = in ? "(standard input)" : path;
	out->items = NULL;
	out->count = 0;
	FILE *fp = in ? stdin : fopen(path, "rb");
	if (!fp) {
		snprintf(msg, sizeof msg, "cannot open: %s", strerror(errno));
		return input_file_error(name, out, msg);
	}
	/* read at most one byte past the limit: enough to know it is too big */
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (len == cap) {
			if (cap > INPUT_MAX_FILE_BYTES)
				break;
			size_t ncap =
			    cap * 2 > INPUT_MAX_FILE_BYTES + 1 ? INPUT_MAX_FILE_BYTES + 1 : cap * 2;
			char *nb = realloc(buf, ncap);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap = ncap;
		}
		size_t n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (n == 0)
			break;
	}
	int rderr = ferror(fp) ? errno : 0;
	if (!in)
		fclose(fp);
	if (!buf)
		return -1;
	int r;
	if (rderr) {
		snprintf(msg, sizeof msg, "cannot read: %s", strerror(rderr));
		r = input_file_error(name, out, msg);
	} else {
		r = input_load_buffer(name, buf, len, o, out);
		/* a file named on the command line or found in a directory is
		   meant to hold puzzles: an empty one is most likely a mistake */
		if (r == 0 && out->count == 0)
			r = input_file_error(name, out,
			                     len == 0 ? "the file is empty"
			                              : "no puzzles in the file (only comments "
			                                "or empty documents)");
	}
	free(buf);
	return r;
}
