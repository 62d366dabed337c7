/*
** writers.c -- the table of output formats (see writer.h).
*/
#include <stdio.h>
#include <string.h>

#include "output/writer.h"

static const struct writer *const writers[] = {
    &writer_text, &writer_jsonl, &writer_popeye, &writer_magazine, NULL,
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

void writer_names(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (int i = 0; writers[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
		                         writers[i]->name);
}
