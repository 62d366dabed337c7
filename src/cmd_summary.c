/*
** cmd_summary.c -- maat summary FILE...: the verdict counts of JSON lines
** written by `verify --json` (or `solve --json`), for instance the merged
** output of the shards of a big batch (--shard K/N).  A problem found
** twice (two shards that overlap) or a line that is no verdict is
** reported: a merge that lost or doubled results must not look complete.
** Exit status as verify's.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "judge.h"
#include "textsafe.h"

#define MAX_MESSAGES 20 /* of each kind; the summary line counts them all */

struct summary_args {
	bool quiet;
};

static const struct cli_opt summary_opts[] = {
    {"--quiet", NULL, CLI_FLAG, offsetof(struct summary_args, quiet), 0, 0, NULL,
     "only the summary line (no message per duplicate or bad line)"},
};

const struct cli_spec summary_spec = {"summary",
                                      "FILE... (JSON lines of verify --json; - for standard input)",
                                      "the verdict counts of JSON lines (merged --shard outputs)",
                                      summary_opts, CLI_NOPTS(summary_opts)};

/* ---- the top level of one JSON object, as verify writes it */

struct fields {
	char verdict[32], file[1024], twin[16], index[24];
	bool duplex;
};

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	return s;
}

/* A JSON string at s (after its '"'): its text into buf (escapes kept as
   written, enough to compare); the position after the closing quote, or
   NULL when it does not end. */
static const char *string(const char *s, char *buf, size_t len)
{
	size_t n = 0;
	for (; *s && *s != '"'; s++) {
		if (*s == '\\' && s[1])
			s++;
		if (buf && n + 1 < len)
			buf[n++] = *s;
	}
	if (buf && len)
		buf[n] = 0;
	return *s == '"' ? s + 1 : NULL;
}

/* Skip one JSON value; NULL when it is malformed. */
static const char *value(const char *s, int depth)
{
	s = skip_ws(s);
	if (depth > 64)
		return NULL;
	if (*s == '"')
		return string(s + 1, NULL, 0);
	if (*s == '{' || *s == '[') {
		char close = *s == '{' ? '}' : ']';
		s = skip_ws(s + 1);
		if (*s == close)
			return s + 1;
		for (;;) {
			if (close == '}') {
				if (*s != '"' || !(s = string(s + 1, NULL, 0)))
					return NULL;
				s = skip_ws(s);
				if (*s++ != ':')
					return NULL;
			}
			if (!(s = value(s, depth + 1)))
				return NULL;
			s = skip_ws(s);
			if (*s == close)
				return s + 1;
			if (*s++ != ',')
				return NULL;
			s = skip_ws(s);
		}
	}
	const char *start = s;
	while (*s && !strchr(",}] \t\r\n", *s))
		s++;
	return s > start ? s : NULL;
}

static bool parse_line(const char *s, struct fields *f)
{
	memset(f, 0, sizeof *f);
	s = skip_ws(s);
	if (*s++ != '{')
		return false;
	s = skip_ws(s);
	while (*s == '"') {
		char key[32];
		if (!(s = string(s + 1, key, sizeof key)))
			return false;
		s = skip_ws(s);
		if (*s++ != ':')
			return false;
		s = skip_ws(s);
		const char *v = s;
		if (!(s = value(s, 0)))
			return false;
		if (*v == '"' && !strcmp(key, "verdict"))
			string(v + 1, f->verdict, sizeof f->verdict);
		else if (*v == '"' && !strcmp(key, "file"))
			string(v + 1, f->file, sizeof f->file);
		else if (*v == '"' && !strcmp(key, "twin"))
			string(v + 1, f->twin, sizeof f->twin);
		else if (!strcmp(key, "index"))
			snprintf(f->index, sizeof f->index, "%.*s", (int)(s - v), v);
		else if (!strcmp(key, "duplex"))
			f->duplex = !strncmp(v, "true", 4);
		s = skip_ws(s);
		if (*s == ',')
			s = skip_ws(s + 1);
	}
	return *s == '}' && f->verdict[0];
}

/* ---- the problems seen: a hash set of "file\tindex\ttwin\tduplex" */

struct seen {
	char **slot;
	size_t cap, n;
};

static size_t hash(const char *s)
{
	size_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

/* 1 new, 0 seen before, -1 out of memory */
static int remember(struct seen *t, const char *key)
{
	if (2 * (t->n + 1) > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		char **slot = calloc(cap, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < t->cap; i++)
			if (t->slot[i]) {
				size_t j = hash(t->slot[i]) & (cap - 1);
				while (slot[j])
					j = (j + 1) & (cap - 1);
				slot[j] = t->slot[i];
			}
		free(t->slot);
		t->slot = slot;
		t->cap = cap;
	}
	size_t j = hash(key) & (t->cap - 1);
	for (; t->slot[j]; j = (j + 1) & (t->cap - 1))
		if (!strcmp(t->slot[j], key))
			return 0;
	if (!(t->slot[j] = strdup(key)))
		return -1;
	t->n++;
	return 1;
}

static void forget_all(struct seen *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->slot[i]);
	free(t->slot);
}

int cmd_summary(int argc, char **argv)
{
	struct summary_args a = {.quiet = false};
	char **paths = argv + 1;
	int npaths = 0;
	int pr = cli_parse(&summary_spec, argc, argv, &a, paths, &npaths);
	if (pr)
		return CLI_EXIT(pr);
	if (npaths == 0) {
		cli_usage(stderr, &summary_spec);
		return EXIT_INPUT;
	}
	int count[VERDICT_COUNT] = {0}, total = 0, bad = 0, dup = 0, unreadable = 0;
	struct seen seen = {NULL, 0, 0};
	size_t cap = 1 << 16;
	char *line = malloc(cap);
	bool oom = !line;
	for (int i = 0; i < npaths && !oom; i++) {
		bool in = !strcmp(paths[i], "-");
		FILE *fp = in ? stdin : fopen(paths[i], "r");
		if (!fp) {
			cli_error("%s: %s", paths[i], strerror(errno));
			unreadable++;
			continue;
		}
		long lineno = 0;
		for (;;) {
			/* one line, however long */
			size_t n = 0;
			int c;
			while ((c = getc(fp)) != EOF && c != '\n') {
				if (n + 1 >= cap) {
					char *bigger =
					    cap < ((size_t)1 << 30) ? realloc(line, 2 * cap) : NULL;
					if (!bigger) {
						oom = true;
						break;
					}
					line = bigger;
					cap *= 2;
				}
				line[n++] = (char)c;
			}
			if (oom || (c == EOF && n == 0))
				break;
			line[n] = 0;
			lineno++;
			const char *t = skip_ws(line);
			if (!*t)
				continue;
			struct fields f;
			int v = -1;
			if (parse_line(t, &f))
				for (int k = 0; k < VERDICT_COUNT; k++)
					if (!strcmp(f.verdict, verdict_names[k]))
						v = k;
			if (v < 0) {
				if (!a.quiet && bad < MAX_MESSAGES)
					text_fprintf(
					    stderr,
					    "maat: %s:%ld: not a verdict of maat's JSON output\n",
					    in ? "(standard input)" : paths[i], lineno);
				bad++;
				continue;
			}
			char key[1200];
			snprintf(key, sizeof key, "%s\t%s\t%s\t%d", f.file, f.index, f.twin,
			         f.duplex);
			int r = remember(&seen, key);
			if (r < 0) {
				oom = true;
				break;
			}
			if (r == 0) {
				if (!a.quiet && dup < MAX_MESSAGES)
					text_fprintf(stderr,
					             "maat: %s:%ld: %s#%s%s%s%s given twice\n",
					             in ? "(standard input)" : paths[i], lineno,
					             f.file, f.index, f.twin[0] ? " twin " : "",
					             f.twin, f.twin[0] ? ")" : "");
				dup++;
				continue;
			}
			count[v]++;
			total++;
		}
		if (!in)
			fclose(fp);
	}
	free(line);
	forget_all(&seen);
	if (oom) {
		cli_error("out of memory");
		return EXIT_INPUT;
	}
	printf("%d puzzle%s:", total, total == 1 ? "" : "s");
	const char *sep = " ";
	for (int v = 0; v < VERDICT_COUNT; v++)
		if (count[v]) {
			printf("%s%d %s", sep, count[v],
			       count[v] > 1 ? verdict_plurals[v] : verdict_names[v]);
			sep = ", ";
		}
	if (dup)
		printf("%s%d given twice", sep, dup), sep = ", ";
	if (bad)
		printf("%s%d line%s not a verdict", sep, bad, bad == 1 ? "" : "s"), sep = ", ";
	if (unreadable)
		printf("%s%d unreadable file%s", sep, unreadable, unreadable == 1 ? "" : "s");
	printf("\n");
	if (count[VERDICT_ERROR] || bad || dup || unreadable)
		return EXIT_INPUT;
	for (int v = 0; v < VERDICT_COUNT; v++)
		if (v != VERDICT_SOUND && v != VERDICT_UNSUPPORTED && count[v])
			return EXIT_UNSOUND;
	return EXIT_OK;
}
