/*
** writers.c -- the table of output formats (see writer.h).
*/
#include <string.h>

#include "writer.h"

static const struct writer *const writers[] = {
    &writer_text,
    &writer_jsonl,
    NULL,
};

const struct writer *writer_find(const char *name)
{
	for (int i = 0; writers[i]; i++)
		if (strcmp(writers[i]->name, name) == 0)
			return writers[i];
	if (strcmp(name, "json") == 0)
		return &writer_jsonl;
	return NULL;
}
