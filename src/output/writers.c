/*
** writers.c -- the table of output formats (see writer.h).
*/
#include <stdio.h>
#include <string.h>

#include "output/writer.h"

static const struct writer *const writers[] = {
    &writer_text,
    &writer_jsonl,
    &writer_popeye,
    NULL,
};

/* A square of a canonical move text ("e2e4", "e7e8q"): file, rank. */
static bool canon_square(const char *s, int *file, int *rank, int *used)
{
	if (s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9')
		return false;
	*file = s[0] - 'a';
	*rank = s[1] - '1';
	*used = 2;
	return true;
}

bool writer_en_passant(const struct game *g, const void *pos, move_t m, const char *text,
                       const char *canon)
{
	int ff, fr, tf, tr, u;
	bool pawn_capture =
	    text[0] >= 'a' && text[0] <= 'z' && text[1] >= '1' && text[1] <= '9' && text[2] == 'x';
	if (!g || !pawn_capture || m == MOVE_NONE || !g->is_capture || !g->get_setup ||
	    !canon_square(canon, &ff, &fr, &u) || !canon_square(canon + u, &tf, &tr, &u))
		return false;
	if (!g->is_capture(pos, m))
		return false;
	struct setup s;
	g->get_setup(pos, &s);
	return tf < MAX_FILES && tr < MAX_RANKS && s.grid[tr][tf] == '.';
}

const struct writer *writer_find(const char *name)
{
	for (int i = 0; writers[i]; i++)
		if (strcmp(writers[i]->name, name) == 0)
			return writers[i];
	if (strcmp(name, "json") == 0)
		return &writer_jsonl;
	return NULL;
}

void writer_names(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (int i = 0; writers[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
		                         writers[i]->name);
}
