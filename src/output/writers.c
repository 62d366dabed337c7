/*
** writers.c -- the table of output formats (see writer.h).
*/
#include <stdio.h>
#include <string.h>

#include "base/textsafe.h"
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

void writer_problem_name(FILE *f, const struct puzzle *p, const char *label,
                         const struct judgement *r, bool twin)
{
	const char *tl = twin ? judge_twin_label(p, r) : NULL;
	text_fprintf(f, "%s%s%s%s%s", label, tl ? " twin " : "", tl ? tl : "", tl ? ")" : "",
	             judge_duplex(p, r) ? " duplex" : "");
}

void writer_verdict_head(FILE *f, const struct puzzle *p, const char *label,
                         const struct judgement *r, bool twin)
{
	writer_problem_name(f, p, label, r, twin);
	text_fprintf(f, ": %s", verdict_names[r->verdict]);
	if (r->has_stip)
		text_fprintf(f, "  %s", r->stip.text);
	if (p->title)
		text_fprintf(f, "  \"%s\"", p->title);
}
