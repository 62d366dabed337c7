/*
** cmd_summary.c -- maat summary FILE...: the verdict counts of JSON lines
** written by `verify --json` (or `solve --json`), for instance the merged
** output of the shards of a big batch (--shard K/N).  A problem found
** twice (two shards that overlap) or a line that is no verdict is
** reported: a merge that lost or doubled results must not look complete.
** Exit status as verify's.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/textsafe.h"
#include "cli/cli.h"
#include "judge/judge.h"

#define MAX_MESSAGES 20 /* of each kind; the summary line counts them all */
/* The longest line read (maat(1)): far beyond one problem's verdict, whose
   solution tree verify writes in 1.3 MB for the 7,360 lines of
   tests/data/popeye/serh-hash.inp; a longer line is no verdict, and memory
   stays bounded however the input goes on. */
#define MAX_LINE_BYTES ((size_t)64 << 20)

struct summary_args {
	bool quiet;
};

#define CLI_ARGS struct summary_args
static const struct cli_opt summary_opts[] = {
    CLI_FLAG_ROW("--quiet", quiet, "only the summary line (no message per duplicate or bad line)"),
};
#undef CLI_ARGS

const struct cli_spec summary_spec = {"summary",
                                      "FILE... (JSON lines of verify --json; - for standard input)",
                                      "the verdict counts of JSON lines (merged --shard outputs)",
                                      summary_opts, CLI_NOPTS(summary_opts)};

/* ---- the top level of one JSON object, as verify writes it */

/* What is read of one line: the fields that name a problem, decoded
   (malloc'd, NULL when absent), and where reading stopped when it failed. */
struct fields {
	char *verdict, *file, *twin, *index;
	bool duplex;
	size_t verdict_at, object_at; /* byte offsets in the line */
};

struct reader {
	const char *line, *end; /* the line, not NUL-terminated: NUL is a byte of it */
	size_t err_at;
	char err[160];
	bool oom;
};

static bool fail(struct reader *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(struct reader *r, const char *at, const char *fmt, ...)
{
	if (r->err[0])
		return false; /* the first error is the one said */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err, sizeof r->err, fmt, ap);
	va_end(ap);
	r->err_at = (size_t)(at - r->line);
	return false;
}

static const char *skip_ws(const struct reader *r, const char *s)
{
	while (s < r->end && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
		s++;
	return s;
}

static int hex4(const char *s, const char *end)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		if (s + i >= end)
			return -1;
		char c = s[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			return -1;
		v = 16 * v + d;
	}
	return v;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | cp >> 18);
	o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/*
** A JSON string at s (its '"'), decoded into *out (malloc'd; NULL out: only
** checked) as RFC 8259 says: the escapes \" \\ \/ \b \f \n \r \t and \uXXXX,
** a character outside the BMP as its surrogate pair.  The position after
** the closing quote; NULL after fail() (a lone surrogate, \u0000, a control
** character or a byte that is not UTF-8: maat writes none of them).
*/
static const char *string(struct reader *r, const char *s, char **out)
{
	const char *open = s++;
	/* decoded, a string is no longer than written */
	char *o = out ? malloc((size_t)(r->end - s) + 1) : NULL;
	size_t n = 0;
	if (out && !o) {
		r->oom = true;
		return fail(r, open, "out of memory"), NULL;
	}
	while (s < r->end && *s != '"') {
		unsigned char c = (unsigned char)*s;
		if (c == '\\') {
			char e = s + 1 < r->end ? s[1] : 0;
			const char *esc = "\"\\/bfnrt", *is = "\"\\/\b\f\n\r\t";
			const char *k = e ? strchr(esc, e) : NULL;
			if (k) {
				if (o)
					o[n++] = is[k - esc];
				s += 2;
				continue;
			}
			if (e != 'u') {
				fail(r, s, "'\\%c' is no JSON escape", e ? e : ' ');
				goto bad;
			}
			int cp = hex4(s + 2, r->end);
			if (cp < 0) {
				fail(r, s, "\\u needs four hexadecimal digits");
				goto bad;
			}
			const char *at = s;
			s += 6;
			if (cp >= 0xDC00 && cp <= 0xDFFF) {
				fail(r, at, "\\u%04x is the second half of a surrogate pair, alone",
				     cp);
				goto bad;
			}
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				int lo = s + 1 < r->end && s[0] == '\\' && s[1] == 'u'
				             ? hex4(s + 2, r->end)
				             : -1;
				if (lo < 0xDC00 || lo > 0xDFFF) {
					fail(r, at,
					     "\\u%04x is the first half of a surrogate pair, "
					     "without "
					     "the second",
					     cp);
					goto bad;
				}
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				s += 6;
			}
			if (cp == 0) {
				fail(r, at, "\\u0000 (a NUL) in a string");
				goto bad;
			}
			if (o)
				n += put_utf8(o + n, (unsigned)cp);
			continue;
		}
		if (c < 0x20) {
			fail(r, s,
			     "a control character (0x%02x) in a string: JSON writes it escaped", c);
			goto bad;
		}
		size_t len = c < 0x80 ? 1 : text_char(s, (size_t)(r->end - s));
		if (len == 0) {
			fail(r, s, "a byte that is not UTF-8 (0x%02x) in a string", c);
			goto bad;
		}
		if (o)
			memcpy(o + n, s, len);
		n += o ? len : 0;
		s += len;
	}
	if (s == r->end) {
		fail(r, open, "a string without its closing quote");
		goto bad;
	}
	if (o) {
		o[n] = 0;
		*out = o;
	}
	return s + 1;
bad:
	free(o);
	return NULL;
}

static bool word_at(const struct reader *r, const char *s, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(r->end - s) >= n && !memcmp(s, w, n);
}

/* A JSON number (RFC 8259's grammar) at s: the position after it, or NULL. */
static const char *number(const struct reader *r, const char *s)
{
	const char *e = r->end;
	if (s < e && *s == '-')
		s++;
	if (s < e && *s == '0')
		s++;
	else if (s < e && *s >= '1' && *s <= '9')
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	else
		return NULL;
	if (s < e && *s == '.') {
		const char *d = ++s;
		while (s < e && *s >= '0' && *s <= '9')
			s++;
		if (s == d)
			return NULL;
	}
	if (s < e && (*s == 'e' || *s == 'E')) {
		s++;
		if (s < e && (*s == '+' || *s == '-'))
			s++;
		const char *d = s;
		while (s < e && *s >= '0' && *s <= '9')
			s++;
		if (s == d)
			return NULL;
	}
	return s;
}

/* One JSON value at s (blanks before it skipped); NULL after fail(). */
static const char *value(struct reader *r, const char *s, int depth)
{
	s = skip_ws(r, s);
	if (depth > 64)
		return fail(r, s, "nested deeper than 64"), NULL;
	if (s == r->end)
		return fail(r, s, "a value expected, the line ends"), NULL;
	if (*s == '"')
		return string(r, s, NULL);
	if (*s == '{' || *s == '[') {
		char close = *s == '{' ? '}' : ']';
		s = skip_ws(r, s + 1);
		if (s < r->end && *s == close)
			return s + 1;
		for (;;) {
			if (close == '}') {
				if (s == r->end || *s != '"')
					return fail(r, s, "a key (a string) expected"), NULL;
				if (!(s = string(r, s, NULL)))
					return NULL;
				s = skip_ws(r, s);
				if (s == r->end || *s != ':')
					return fail(r, s, "':' expected after the key"), NULL;
				s++;
			}
			if (!(s = value(r, s, depth + 1)))
				return NULL;
			s = skip_ws(r, s);
			if (s < r->end && *s == close)
				return s + 1;
			if (s == r->end || *s != ',')
				return fail(r, s, "',' or '%c' expected", close), NULL;
			s = skip_ws(r, s + 1);
		}
	}
	static const char *const words[] = {"true", "false", "null"};
	for (int i = 0; i < 3; i++)
		if (word_at(r, s, words[i]))
			return s + strlen(words[i]);
	const char *e = number(r, s);
	if (!e)
		return fail(r, s, "a value expected"), NULL;
	return e;
}

static void fields_free(struct fields *f)
{
	free(f->verdict);
	free(f->file);
	free(f->twin);
	free(f->index);
	memset(f, 0, sizeof *f);
}

/* The line as one JSON object and its fields; false after fail(). */
static bool parse_line(struct reader *r, struct fields *f)
{
	memset(f, 0, sizeof *f);
	const char *s = skip_ws(r, r->line);
	f->object_at = (size_t)(s - r->line);
	if (s == r->end || *s != '{')
		return fail(r, s, "a JSON object ('{') expected");
	s = skip_ws(r, s + 1);
	bool seen_duplex = false;
	if (s < r->end && *s == '}')
		s++;
	else
		for (;;) {
			char *key = NULL;
			const char *key_at = s;
			if (s == r->end || *s != '"')
				return fail(r, s, "a key (a string) expected");
			if (!(s = string(r, s, &key)))
				return false;
			s = skip_ws(r, s);
			if (s == r->end || *s != ':') {
				free(key);
				return fail(r, s, "':' expected after the key");
			}
			s = skip_ws(r, s + 1);
			const char *v = s;
			char **to = !strcmp(key, "verdict") ? &f->verdict
			            : !strcmp(key, "file")  ? &f->file
			            : !strcmp(key, "twin")  ? &f->twin
			            : !strcmp(key, "index") ? &f->index
			                                    : NULL;
			bool duplex = !strcmp(key, "duplex");
			if ((to && *to) || (duplex && seen_duplex)) {
				/* which one counts is no JSON rule: neither */
				fail(r, key_at, "\"%s\" given twice in the object", key);
				free(key);
				return false;
			}
			free(key);
			if (!(s = value(r, s, 0)))
				return false;
			if (to == &f->index) {
				/* the number's value, not its spelling: 1, 1.0 and 1e0
				   are one puzzle (they were three); verify counts from 1 */
				if (number(r, v) != s)
					return fail(r, v, "\"index\" is a number");
				char *digits = malloc((size_t)(s - v) + 1);
				if (!digits) {
					r->oom = true;
					return fail(r, v, "out of memory");
				}
				memcpy(digits, v, (size_t)(s - v)); /* whole: "1e000...01" is 10 */
				digits[s - v] = 0;
				double x = strtod(digits, NULL);
				free(digits);
				if (!(x >= 1 && x <= 9007199254740992.0 &&
				      x == (double)(long long)x))
					return fail(
					    r, v,
					    "\"index\" is a whole number from 1 (verify counts "
					    "puzzles from 1)");
				if (!(f->index = malloc(24))) {
					r->oom = true;
					return fail(r, v, "out of memory");
				}
				snprintf(f->index, 24, "%lld", (long long)x);
			} else if (to) {
				if (*v != '"')
					return fail(r, v, "a string expected");
				string(r, v, to);
				if (to == &f->verdict)
					f->verdict_at = (size_t)(v - r->line);
			} else if (duplex) {
				if (!word_at(r, v, "true") && !word_at(r, v, "false"))
					return fail(r, v, "\"duplex\" is true or false");
				f->duplex = *v == 't';
				seen_duplex = true;
			}
			s = skip_ws(r, s);
			if (s < r->end && *s == '}') {
				s++;
				break;
			}
			if (s == r->end || *s != ',')
				return fail(r, s, "',' or '}' expected");
			s = skip_ws(r, s + 1);
		}
	s = skip_ws(r, s);
	if (s != r->end)
		return fail(r, s, "text after the object");
	if (!f->verdict)
		return fail(r, r->line + f->object_at, "no \"verdict\" in the object");
	return !r->err[0];
}

/* The column of byte `at` of the line: characters, from 1. */
static long column(const char *line, size_t at)
{
	long col = 1;
	for (size_t i = 0; i < at; i++)
		col += ((unsigned char)line[i] & 0xC0) != 0x80;
	return col;
}

/* ---- the problems seen: a hash set of (file, index, twin, duplex) */

struct problem_seen {
	char *key;
	int path;  /* where first seen: the path's place on the command line */
	long line; /* and its line */
};

struct seen {
	struct problem_seen *slot;
	size_t cap, n;
};

static size_t hash(const char *s)
{
	size_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

/* 1 new, 0 seen before (*first where), -1 out of memory */
static int remember(struct seen *t, const char *key, int path, long line,
                    const struct problem_seen **first)
{
	if (2 * (t->n + 1) > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		struct problem_seen *slot = calloc(cap, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < t->cap; i++)
			if (t->slot[i].key) {
				size_t j = hash(t->slot[i].key) & (cap - 1);
				while (slot[j].key)
					j = (j + 1) & (cap - 1);
				slot[j] = t->slot[i];
			}
		free(t->slot);
		t->slot = slot;
		t->cap = cap;
	}
	size_t j = hash(key) & (t->cap - 1);
	for (; t->slot[j].key; j = (j + 1) & (t->cap - 1))
		if (!strcmp(t->slot[j].key, key)) {
			*first = &t->slot[j];
			return 0;
		}
	if (!(t->slot[j].key = strdup(key)))
		return -1;
	t->slot[j].path = path;
	t->slot[j].line = line;
	t->n++;
	return 1;
}

static void forget_all(struct seen *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->slot[i].key);
	free(t->slot);
}

/* The problem's key: each part with its length, so that no file name
   (a tab in it, decoded) runs into the index after it. */
static char *problem_key(const struct fields *f)
{
	const char *file = f->file ? f->file : "", *index = f->index ? f->index : "",
	           *twin = f->twin ? f->twin : "";
	size_t len = strlen(file) + strlen(index) + strlen(twin) + 3 * 24 + 4;
	char *k = malloc(len);
	if (k)
		snprintf(k, len, "%zu:%s%zu:%s%zu:%s%d", strlen(file), file, strlen(index), index,
		         strlen(twin), twin, f->duplex);
	return k;
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
		const char *name = in ? "(standard input)" : paths[i];
		FILE *fp = in ? stdin : fopen(paths[i], "r");
		if (!fp) {
			cli_error("%s: %s", paths[i], strerror(errno));
			unreadable++;
			continue;
		}
		/* JSON lines come in a file or a FIFO; a device named on the
		   command line (/dev/zero was read for ever, a GiB at a time) or
		   a directory is none.  Standard input is what the shell plumbs */
		struct stat st;
		if (!in && fstat(fileno(fp), &st) == 0 && !S_ISREG(st.st_mode) &&
		    !S_ISFIFO(st.st_mode)) {
			cli_error("%s: not a file of JSON lines (%s)", name,
			          S_ISDIR(st.st_mode)   ? "a directory"
			          : S_ISCHR(st.st_mode) ? "a character device"
			          : S_ISBLK(st.st_mode) ? "a block device"
			                                : "not a regular file or a pipe");
			unreadable++;
			if (!in)
				fclose(fp);
			continue;
		}
		long lineno = 0;
		for (;;) {
			/* one line up to MAX_LINE_BYTES: a longer one is no verdict,
			   counted as such, and what follows it is read on; a NUL byte
			   is no JSON text, and the rest of the input is not read
			   (`summary - < /dev/zero` read for ever, skipping to a
			   newline that never came) */
			size_t n = 0;
			int c;
			bool too_long = false, nul = false;
			while ((c = getc(fp)) != EOF && c != '\n') {
				if (c == 0) {
					nul = true;
					break;
				}
				if (n + 1 >= cap) {
					if (cap >= MAX_LINE_BYTES) {
						too_long = true;
						break;
					}
					char *bigger = realloc(line, 2 * cap);
					if (!bigger) {
						oom = true;
						break;
					}
					line = bigger;
					cap *= 2;
				}
				line[n++] = (char)c;
			}
			if (oom || (c == EOF && n == 0 && !too_long && !nul))
				break;
			line[n] = 0;
			lineno++;
			long col = too_long || nul ? column(line, n) : 0;
			if (too_long) {
				if (!a.quiet && bad < MAX_MESSAGES)
					text_fprintf(
					    stderr,
					    "%s:%ld:%ld: not a verdict of maat's JSON output: a "
					    "line of %zu MiB or more\n",
					    name, lineno, col, MAX_LINE_BYTES >> 20);
				bad++;
				/* the rest of the line (from c, the byte past the limit)
				   passed over, the lines after it read on; a NUL byte
				   among it ends the input as below */
				col += (c & 0xC0) != 0x80;
				while ((c = getc(fp)) != EOF && c != '\n' && c != 0)
					col += (c & 0xC0) != 0x80;
				if (c != 0)
					continue;
				nul = true;
			}
			if (nul) {
				text_fprintf(
				    stderr,
				    "%s:%ld:%ld: a NUL byte: not JSON lines (the rest is not "
				    "read)\n",
				    name, lineno, col);
				unreadable++;
				break;
			}
			struct reader r = {.line = line, .end = line + n};
			if (skip_ws(&r, line) == r.end)
				continue; /* a blank line */
			struct fields f;
			int v = -1;
			if (parse_line(&r, &f)) {
				for (int k = 0; k < VERDICT_COUNT; k++)
					if (!strcmp(f.verdict, verdict_names[k]))
						v = k;
				if (v < 0)
					fail(&r, line + f.verdict_at, "unknown verdict '%s'",
					     f.verdict);
			}
			if (r.oom) {
				fields_free(&f);
				oom = true;
				break;
			}
			if (v < 0) {
				if (!a.quiet && bad < MAX_MESSAGES)
					text_fprintf(
					    stderr,
					    "%s:%ld:%ld: not a verdict of maat's JSON output: %s\n",
					    name, lineno, column(line, r.err_at), r.err);
				bad++;
				fields_free(&f);
				continue;
			}
			char *key = problem_key(&f);
			const struct problem_seen *first = NULL;
			int rr = key ? remember(&seen, key, i, lineno, &first) : -1;
			free(key);
			if (rr < 0) {
				fields_free(&f);
				oom = true;
				break;
			}
			if (rr == 0) {
				if (!a.quiet && dup < MAX_MESSAGES) {
					const char *fn = !strcmp(paths[first->path], "-")
					                     ? "(standard input)"
					                     : paths[first->path];
					text_fprintf(stderr,
					             "%s:%ld:%ld: %s#%s%s%s%s%s given twice (first "
					             "at %s:%ld)\n",
					             name, lineno, column(line, f.object_at),
					             f.file ? f.file : "", f.index ? f.index : "",
					             f.twin && f.twin[0] ? " twin " : "",
					             f.twin ? f.twin : "",
					             f.twin && f.twin[0] ? ")" : "",
					             f.duplex ? " duplex" : "", fn, first->line);
				}
				dup++;
				fields_free(&f);
				continue;
			}
			fields_free(&f);
			count[v]++;
			total++;
		}
		if (!oom && ferror(fp)) {
			/* a directory, a disk error: what was not read is not counted as nothing */
			text_fprintf(stderr, "maat: %s: %s (read up to line %ld)\n", name,
			             strerror(errno), lineno);
			unreadable++;
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
	if (!a.quiet && (bad > MAX_MESSAGES || dup > MAX_MESSAGES))
		fprintf(stderr,
		        "maat: summary: the first %d of each kind shown, all counted below\n",
		        MAX_MESSAGES);
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
