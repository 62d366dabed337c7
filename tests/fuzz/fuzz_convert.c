/*
** fuzz_convert.c -- `maat convert` both ways on any puzzle file: every
** puzzle the readers take whole (no error, nothing unsupported, nothing
** left out) and that puzzle_write_refusal() lets through is written as a
** YACPDB entry and, for chess, as Popeye input, and each is read back.
**
** Invariants (issue 23, items 1, 3, 14: convert wrote what its own reader
** refused, or another problem):
**   - what convert writes, maat reads: one puzzle, no error, not
**     unsupported;
**   - the same problem: the game, the position (as the game writes it,
**     side to move, castling and en passant included), the stipulation
**     (kind, target, N, N.5), the twins (their number, and each twin's
**     position and stipulation), the solution text of a YACPDB entry;
**   - writing what was read back gives the same bytes (the writer is a
**     fixed point after one round).
** Every break is a crash like any other (the last known one, issue 23's
** item 14, a title or an origin written as a YACPDB comment that came back
** as a comment, is gone; strict mode found two more, now fixed: a text
** line longer than Popeye reads, and an Author line of control
** characters).  FUZZ_CONVERT_SOFT=1: none is (each kind reported once), to
** fuzz past a new one.
*/
#include <stdarg.h>

#include "fuzz.h"
#include "input/load.h"
#include "output/puzzle_write.h"

FUZZ_STRETCHING_MUTATOR

static bool soft;

static bool env_set(const char *name)
{
	const char *s = getenv(name);
	return s && *s && strcmp(s, "0") != 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	soft = env_set("FUZZ_CONVERT_SOFT");
	return 0;
}

/* soft: each kind of break (each place below) reported once */
static bool seen[512];
static void report(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!soft) {
		fprintf(stderr, "fuzz invariant broken (%s:%d): ", __FILE__, line);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		abort();
	}
	if (line < 512 && !seen[line]) {
		seen[line] = true;
		fprintf(stderr, "round trip (first of its kind, line %d): ", line);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	}
	va_end(ap);
}
/* a broken round trip: reported, then what was allocated is freed */
#define BROKEN(...)                                                                                \
	do {                                                                                       \
		report(__LINE__, __VA_ARGS__);                                                     \
		goto done;                                                                         \
	} while (0)

static char *written(const struct puzzle *p, enum write_format f, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	if (!m)
		abort();
	if (f == WRITE_YACPDB) {
		yacpdb_write(m, p, NULL, 0);
	} else {
		popeye_write(m, p, true);
		popeye_write_end(m);
	}
	if (fclose(m) != 0)
		abort();
	return buf;
}

static bool same_stip(const struct stipulation *a, const struct stipulation *b)
{
	return a->kind == b->kind && a->target == b->target && a->n == b->n && a->half == b->half;
}

static bool same_position(const struct game *g, const void *a, const void *b, const char *what,
                          const char *fmt)
{
	char x[1024], y[1024];
	g->format(a, x, sizeof x);
	g->format(b, y, sizeof y);
	if (strcmp(x, y) == 0)
		return true;
	report(__LINE__, "%s (%s): the position '%s' came back as '%s'", what, fmt, x, y);
	return false;
}

/* a and b alike but for blanks before a newline or at the end */
static bool same_text(const char *a, const char *b)
{
	for (;;) {
		size_t i = 0, j = 0;
		while (a[i] == ' ' || a[i] == '\t')
			i++;
		while (b[j] == ' ' || b[j] == '\t')
			j++;
		bool a_end = !a[i] || a[i] == '\n', b_end = !b[j] || b[j] == '\n';
		if (a_end && b_end) {
			/* blanks then a line's end (or the text's) in both */
			const char *na = a + i, *nb = b + j;
			bool done_a = true, done_b = true;
			for (const char *t = na; *t; t++)
				done_a &= *t == '\n' || *t == ' ' || *t == '\t';
			for (const char *t = nb; *t; t++)
				done_b &= *t == '\n' || *t == ' ' || *t == '\t';
			if (done_a && done_b)
				return true;
			if (!*na || !*nb)
				return false;
			a = na + 1;
			b = nb + 1;
			continue;
		}
		if (*a != *b)
			return false;
		a++;
		b++;
	}
}

/* p written as f and read back: the same problem; then written again:
   the same bytes. */
static bool round_trip(const struct puzzle *p, enum write_format f)
{
	const char *fmt = f == WRITE_YACPDB ? "YACPDB" : "Popeye";
	size_t len = 0;
	char *text = written(p, f, &len);
	struct collection c;
	if (input_load_buffer(f == WRITE_YACPDB ? "r.yaml" : "r.inp", text, len, NULL, &c) != 0)
		abort();
	bool ok = false;
	const struct puzzle *q = c.count == 1 ? &c.items[0] : NULL;
	if (!q) {
		if (!soft)
			fprintf(stderr, "%s\n", text);
		BROKEN("%s: %d puzzles read back from one", fmt, c.count);
	}
	if (q->error || q->unsupported) {
		if (!soft)
			fprintf(stderr, "%s\n", text);
		if (q->error)
			BROKEN("%s: read back as an error: %s", fmt, q->error);
		BROKEN("%s: read back as unsupported: %s", fmt, q->unsupported);
	}
	if (q->game != p->game)
		BROKEN("%s: the game %s came back as %s", fmt, p->game->id, q->game->id);
	if (q->has_position != p->has_position || q->has_stip != p->has_stip)
		BROKEN("%s: position or stipulation lost", fmt);
	if (!same_position(p->game, p->pos, q->pos, "the diagram", fmt))
		goto done;
	if (p->has_stip && !same_stip(&p->stip, &q->stip))
		BROKEN("%s: the stipulation '%s' came back as '%s'", fmt, p->stip.text,
		       q->stip.text);
	if (q->ntwins != p->ntwins)
		BROKEN("%s: %d twins came back as %d", fmt, p->ntwins, q->ntwins);
	for (int i = 0; i < p->ntwins; i++) {
		const struct twin *a = &p->twins[i], *b = &q->twins[i];
		if (a->has_position != b->has_position || (b->error && !a->error))
			BROKEN("%s: twin %s) came back %s", fmt, a->label,
			       b->error ? b->error : "without a position");
		if (a->has_position && !same_position(p->game, a->pos, b->pos, a->label, fmt))
			goto done;
		if (a->has_position && !same_stip(&a->stip, &b->stip))
			BROKEN("%s: twin %s)'s stipulation '%s' came back as '%s'", fmt, a->label,
			       a->stip.text, b->stip.text);
	}
	/* (a block scalar ends in a newline, and a line of blanks comes back
	   empty: the text, not the blanks at the ends of its lines) */
	if (f == WRITE_YACPDB && p->solution && p->solution[0] &&
	    !same_text(p->solution, q->solution ? q->solution : ""))
		BROKEN("%s: the solution changed", fmt);
	/* once more: what the reader made of the writer's bytes writes the
	   same bytes */
	size_t len2 = 0;
	char *again = written(q, f, &len2);
	/* (blanks at a line's end are not kept by Popeye's reader nor YAML's) */
	if (!same_text(text, again)) {
		if (!soft)
			fprintf(stderr, "first:\n%s\nsecond:\n%s\n", text, again);
		free(again);
		BROKEN("%s: writing it again gives other bytes", fmt);
	}
	free(again);
	ok = true;
done:
	collection_free(&c);
	free(text);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct collection c;
	/* no extension: the format is told from the content, as for a pipe */
	if (input_load_buffer("f", (const char *)data, size, NULL, &c) != 0)
		return 0;
	for (int i = 0; i < c.count && i < 4; i++) {
		const struct puzzle *p = &c.items[i];
		if (p->error || p->unsupported || p->incomplete || !p->has_position)
			continue;
		bool twins_ok = true;
		for (int t = 0; t < p->ntwins; t++)
			twins_ok &= !p->twins[t].error && !p->twins[t].unsupported;
		if (!twins_ok)
			continue; /* convert leaves such a puzzle out (item 1) */
		if (!puzzle_write_refusal(p, WRITE_YACPDB))
			round_trip(p, WRITE_YACPDB);
		if (!puzzle_write_refusal(p, WRITE_POPEYE))
			round_trip(p, WRITE_POPEYE);
	}
	collection_free(&c);
	return 0;
}
