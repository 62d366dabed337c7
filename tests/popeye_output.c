/*
** popeye_output.c -- Popeye's output cut into its problems' solutions
** (see popeye_output.h).
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "popeye_output.h"

char *popeye_read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[65536];
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (len + n + 1 > cap) {
			cap = (len + n + 1) * 2;
			char *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	if (!buf)
		buf = calloc(1, 1);
	else
		buf[len] = 0;
	return buf;
}

/* DOMEASURE's counters ("  play_move:   1057"): no part of the solution. */
static bool counter_line(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && l[i] == ' ')
		i++;
	size_t w = i;
	while (i < n && ((l[i] >= 'a' && l[i] <= 'z') || l[i] == '_'))
		i++;
	if (i == w || i >= n || l[i] != ':')
		return false;
	i++;
	while (i < n && l[i] == ' ')
		i++;
	size_t d = i;
	while (i < n && l[i] >= '0' && l[i] <= '9')
		i++;
	return i > d && i == n;
}

static bool end_line(const char *l, size_t n)
{
	static const char *const words[] = {"solution finished.", "Loesung beendet.",
	                                    "solution terminee."};
	for (int i = 0; i < 3; i++)
		if (n == strlen(words[i]) && !memcmp(l, words[i], n))
			return true;
	return false;
}

/* "  #2                          3 + 1": the stipulation line, after the
   diagram (or the header when there is none). */
static bool stip_line(const char *l, size_t n)
{
	if (n < 8 || l[0] != ' ' || l[1] != ' ' || l[2] == ' ')
		return false;
	size_t e = n;
	while (e > 0 && l[e - 1] == ' ')
		e--;
	size_t i = e;
	while (i > 0 && l[i - 1] >= '0' && l[i - 1] <= '9')
		i--;
	return i < e && i >= 3 && l[i - 1] == ' ' && l[i - 2] == '+';
}

/*
** The solutions of Popeye's output, one per problem: what follows the
** stipulation line up to "solution finished.", counters left out.
*/
int popeye_split_output(const char *text, char ***out)
{
	int n = 0, cap = 0;
	char **parts = NULL;
	char *cur = NULL;
	size_t curlen = 0;
	bool in_solution = false;
	for (const char *l = text; *l;) {
		const char *e = strchr(l, '\n');
		size_t len = e ? (size_t)(e - l) : strlen(l);
		if (end_line(l, len)) {
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				parts = realloc(parts, (size_t)cap * sizeof *parts);
			}
			parts[n++] = cur ? cur : calloc(1, 1);
			cur = NULL;
			curlen = 0;
			in_solution = false;
		} else if (!in_solution && stip_line(l, len)) {
			in_solution = true;
		} else if (in_solution && !counter_line(l, len)) {
			cur = realloc(cur, curlen + len + 2);
			memcpy(cur + curlen, l, len);
			curlen += len;
			cur[curlen++] = '\n';
			cur[curlen] = 0;
		}
		l = e ? e + 1 : l + len;
	}
	free(cur);
	*out = parts;
	return n;
}
